"""PIP Rush on the simulation (engine/pip_rush/sim.py) for the expert's search: how far a
rollout goes, what a position is worth, and a fast rollout player.

`lead` is the hard level's evaluation (engine/pip_rush/ai.evaluate, in lead-racer spaces),
read straight from the simulation's cells and pips. `policy` plays with the hard level's ideas
but without its sampling: inside a determinized deal every hand is known, so a card is judged
by whether it can still be beaten this trick (the highest card wins, ties to the later one),
what the Movement is worth to either team, and what its suit does to our racers if it loses.
Resolution choices play the rest of the trick out greedily for each choice, by the core's rule
of resolution (sim.resolve).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.pip_rush.ai import LEAD_WEIGHT, balance
from engine.pip_rush.sim import (
    BOTH_RACERS,
    CARDS,
    MOVEMENT,
    PipRushSim,
    Way,
    chosen,
    movements,
    resolve,
    take_action,
)
from engine.search.rollout import first_to_act

#: Tricks a rollout plays before the position is judged.
STEPS = 2
#: A won race on lead's scale (lead-racer spaces).
WIN_VALUE = 15.0
mover = first_to_act


def progress(sim: PipRushSim) -> int:
    """1000 * cycle + trick number, as the view counts them (cycle, trick_number)."""
    return 1000 * sim.cycle() + sim.trick_number()


def lead(sim: PipRushSim, seat: int) -> float:
    """The hard level's evaluation of the position for the seat's team, in lead-racer spaces."""
    return balance(sim.cells, sim.pips, sim.dest, seat & 1) / LEAD_WEIGHT


# ----- the rollout player -----
#
# It judges positions by the same evaluation in integers (tenths of a lead-racer space: every
# weight is a multiple of a tenth), which it compares and caches by the thousand.

#: _worth for team 0 by track (its destinations' id) and position: rollouts meet the same
#: positions again and again. Cleared when it grows past _CACHE_SIZE.
_CACHE: dict[int, dict[tuple[int, ...], int]] = {}
_CACHE_SIZE = 50_000  # some 10 MB per track in each process


def _worth(cells: list[int], pips: list[int], dest: tuple, team: int) -> int:
    """The team's value (tenths of lead's scale) minus the other team's."""
    known = _CACHE.get(id(dest))
    if known is None:
        known = _CACHE[id(dest)] = {}
    key = (*cells, *pips)
    value = known.get(key)
    if value is None:
        if len(known) >= _CACHE_SIZE:
            known.clear()
        value = known[key] = round(10 * balance(cells, pips, dest, 0))
    return -value if team else value


def _best_way(cells: list[int], pips: list[int], dest: tuple, team: int, action: int,
              ways: Sequence[Way]) -> tuple[int, Way | None]:
    """The team's best of `ways` for a card's `action`: the gain in _worth for the team, and
    that way (the first of equals; None when there are no ways, gaining 0)."""
    base = _worth(cells, pips, dest, team)
    best, choice = 0, None
    for racer, cell in ways:
        before = cells[racer], cells[racer ^ 1], pips[racer]
        take_action(cells, pips, racer, action, cell)
        gain = _worth(cells, pips, dest, team) - base
        cells[racer], cells[racer ^ 1], pips[racer] = before
        if choice is None or gain > best:
            best, choice = gain, (racer, cell)
    return best, choice


def policy(sim: PipRushSim, seat: int, rng: random.Random) -> int:
    """A good, fast move for `seat` (the seat to act)."""
    legal = sim.legal(seat)
    if len(legal) == 1:
        return legal[0]
    if legal[0] < CARDS:
        return _card(sim, seat, legal)
    return _resolution(sim, seat, legal)


def _card(sim: PipRushSim, seat: int, hand: tuple[int, ...]) -> int:
    team = seat & 1
    cells, pips, dest = sim.cells, sim.pips, sim.dest
    trick, order, hands = sim.trick, sim.order, sim.hands
    best_rank, best_team = -1, -1
    for index, card in enumerate(trick):
        if card % 6 >= best_rank:
            best_rank, best_team = card % 6, order[index] & 1
    # The highest card each side may still play after this one (ties go to the later card).
    later = order[len(trick) + 1:]
    theirs = partner = -1
    for other in later:
        if other & 1 != team:
            theirs = max(theirs, _top(hands[other]))
        elif other != seat:
            partner = max(partner, _top(hands[other]))
    again = seat in later  # two players: we play once more in this trick
    movement = 10 * sum(
        _best_way(cells, pips, dest, side, MOVEMENT, movements(cells, pips, dest, side * 2, 3))[0]
        for side in (team, 1 - team))
    gains = [0] * 4
    for action in {card // 6 for card in hand}:
        gains[action] = 10 * _best_way(cells, pips, dest, team, action, BOTH_RACERS[team])[0]
    best_card, best_value = hand[0], None
    for card in hand:
        rank = card % 6
        ours = max(partner, _top([other for other in hand if other != card])) if again \
            else partner
        if rank >= best_rank and rank > theirs:
            value = movement - rank  # a sure winner: win as cheaply as we can
        elif ours > theirs and ours >= best_rank:
            value = movement + gains[card // 6] - rank  # we win it later
        elif best_team == team and best_rank > theirs and rank < best_rank:
            value = movement + gains[card // 6] - rank  # already ours
        else:
            value = gains[card // 6] - rank  # it loses: its suit is what it does
        if best_value is None or value > best_value:
            best_card, best_value = card, value
    return best_card


def _top(cards: list[int]) -> int:
    """The highest trick rank among cards (-1 for none)."""
    return max((card % 6 for card in cards), default=-1)


def _resolution(sim: PipRushSim, seat: int, legal: tuple[int, ...]) -> int:
    """The choice whose trick, played out greedily by both teams, ends best for us."""
    return max(legal, key=lambda code: _worth(*_finish_greedily(sim, chosen(seat, code)),
                                              sim.dest, seat & 1))


def _finish_greedily(sim: PipRushSim, way: Way) -> tuple[list[int], list[int]]:
    """The racers' cells and pips once the trick is resolved by the core's rule (sim.resolve)
    from the card waiting, which takes `way`, each team then choosing its best next step."""
    cells, pips, dest, trick, seats, winner = (sim.cells[:], sim.pips[:], sim.dest, sim.trick,
                                               sim.order, sim.winner)
    step, affected = sim.step, sim.affected
    choice: Way | None = way
    while True:
        step, affected, ways = resolve(cells, pips, affected, dest, trick, seats, winner, step,
                                       choice)
        if not ways:
            return cells, pips
        index = sim.resolving[step]
        _, choice = _best_way(cells, pips, dest, seats[index] & 1, sim.action_of(index), ways)
