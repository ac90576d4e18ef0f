"""Computer players for PIP Rush: choose_action(view, legal, rng, level) -> one of legal.

Decisions come from the seat's own view only (its hand, the visible trick, the racers), so
the same view and rng seed always give the same choice, whatever the hidden cards are.

- Resolution choices (which racer takes an action, where to move) look ahead through the
  rest of the trick, whose cards are all face up: our choices maximise the evaluation, the
  other team's minimise it.
- Card play samples the unseen cards into the trick's empty places many times (the same
  samples for every candidate card) and scores each candidate by the average evaluation
  after the trick resolves. This weighs winning the Movement against losing with a useful
  suit without hand-written rules.

The evaluation rewards position in tiebreak order (lead racer, then trailing racer), usable
fuel (pips beyond the one a racer cannot spend, up to the spaces left) and racers with ways
forward (so hemming in a rival scores too), and is the difference between the two teams.

One property of the rules shapes the play: the Movement always resolves last and each team
has one other card in the trick, so the winners' own losing card picks which racer is left
available to move. The lookahead finds this by itself.

Levels: easy plays a random card half the time and chooses without lookahead; normal uses
few samples; hard uses more.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.contract import Action, View
from engine.pip_rush.sim import (
    CODE_OF_TEXT,
    DECK,
    DESTINATIONS,
    MOVEMENT,
    RESOLUTION,
    Way,
    has_won,
    resolve,
    take_action,
    trick_winner,
)
from engine.pip_rush.track import FINISH

#: Card-play samples per level (easy also plays at random half the time).
SAMPLES = {"easy": 3, "normal": 5, "hard": 10}
WIN_VALUE = 10_000.0
LEAD_WEIGHT = 10.0
TRAIL_WEIGHT = 7.0
FUEL_WEIGHT = 3.0
PIP_WEIGHT = 0.3
STUCK_PENALTY = 2.0
MOBILITY_WEIGHT = 0.5

#: A trick's cards as (seat, card code), in play order.
Played = list[tuple[int, int]]


@dataclass(slots=True)
class Racers:
    """The four racers in the core's encoding (sim.py): each one's cell and pips, and a bit per
    racer affected in the trick being resolved."""

    cells: list[int]
    pips: list[int]
    affected: int = 0

    def copy(self) -> Racers:
        return Racers(self.cells[:], self.pips[:], self.affected)


@dataclass
class Table:
    """One decision's fixed facts (the track's destinations from each cell, our team) and its
    scratch cache."""

    dest: tuple[tuple[int, ...], ...]
    team: int
    #: Evaluations of positions already seen during this decision.
    scores: dict[tuple[int, ...], float] = field(default_factory=dict)


def choose_action(
    view: View, legal: list[Action], rng: random.Random, level: str = "hard"
) -> Action:
    if len(legal) == 1:
        return legal[0]
    if legal[0]["type"] == "play" and level == "easy" and rng.random() < 0.5:
        return rng.choice(legal)
    values = action_values(view, legal, rng, SAMPLES.get(level, SAMPLES["hard"]),
                           lookahead=level != "easy")
    return max(zip(legal, values, strict=True), key=lambda pair: pair[1])[0]


def action_values(view: View, legal: list[Action], rng: random.Random, samples: int,
                  lookahead: bool = True) -> list[float]:
    """Each action's evaluation: a card's summed over `samples` deals of the unseen cards, a
    resolution choice's after the rest of the trick (with `lookahead`) or at once."""
    table = Table(DESTINATIONS[view["track"]["name"]], view["team"])
    racers = racers_of(view)
    if legal[0]["type"] == "play":
        return _card_values(view, legal, racers, table, rng, samples)
    return _resolution_values(view, legal, racers, table, lookahead)


# ----- reading the view -----


def racers_of(view: View) -> Racers:
    racers = view["racers"]
    return Racers([r["space"] * 4 + (r["lane"] or 0) for r in racers],
                  [r["pips"] for r in racers],
                  sum(1 << i for i, r in enumerate(racers) if r["affected"]))


def _unseen_cards(view: View) -> list[int]:
    """Cards this seat has not seen this cycle (as far as its view shows), in the deck's order."""
    seen = {CODE_OF_TEXT[c] for c in view["hand"]}
    seen |= {CODE_OF_TEXT[c["card"]] for c in view["trick"]}
    last = view["last_trick"]
    if last is not None and view["trick_number"] > 1:  # same cycle: those cards are gone
        seen |= {CODE_OF_TEXT[c["card"]] for c in last["cards"]}
    return [card for card in DECK if card not in seen]


# ----- evaluation -----


def evaluate(racers: Racers, table: Table) -> float:
    """How good the position is for table.team (positive) against the other team."""
    cells, pips = racers.cells, racers.pips
    key = (*cells, *pips)
    score = table.scores.get(key)
    if score is None:
        score = table.scores[key] = balance(cells, pips, table.dest, table.team)
    return score


def balance(cells: list[int], pips: list[int], dest: tuple[tuple[int, ...], ...],
            team: int) -> float:
    """The team's value less the other team's."""
    return team_value(cells, pips, dest, team) - team_value(cells, pips, dest, 1 - team)


def team_value(cells: list[int], pips: list[int], dest: tuple[tuple[int, ...], ...],
               team: int) -> float:
    first = team * 2
    if has_won(cells, first):
        return WIN_VALUE
    one, other = cells[first] >> 2, cells[first + 1] >> 2
    value = LEAD_WEIGHT * max(one, other) + TRAIL_WEIGHT * min(one, other)
    for racer in (first, first + 1):
        cell, fuel = cells[racer], pips[racer]
        space = cell >> 2
        value += FUEL_WEIGHT * max(0, min(fuel - 1, FINISH - space))
        value += PIP_WEIGHT * fuel
        if fuel >= 2 and 0 < space < FINISH:
            # Fewer ways forward means a racer is being hemmed in; none at all, blocked.
            ways = sum(ahead not in cells for ahead in dest[cell])
            value += MOBILITY_WEIGHT * min(ways, 2) - (STUCK_PENALTY if ways == 0 else 0.0)
    return value


# ----- resolving a trick in imagination -----


def _resolve_value(racers: Racers, trick: list[int], seats: list[int], winner: int, step: int,
                   table: Table, way: Way | None = None) -> float:
    """Value once the trick resolves from `step` (that card taking `way`, if given) by the
    core's rule (sim.resolve), both teams choosing as well as they can. `racers` is a scratch
    copy: it is changed."""
    step, racers.affected, ways = resolve(racers.cells, racers.pips, racers.affected, table.dest,
                                          trick, seats, winner, step, way)
    if not ways:
        return evaluate(racers, table)
    index = RESOLUTION[winner][step]
    team = seats[index] & 1
    first = team * 2
    if index != winner and racers.cells[first] == racers.cells[first + 1] \
            and racers.pips[first] == racers.pips[first + 1]:
        # Twins (same cell, only possible at Start, and same pips): either choice gives the
        # same position with the names exchanged, so the lookahead needs only one branch.
        ways = ways[:1]
    values = [_resolve_value(racers.copy(), trick, seats, winner, step, table, choice)
              for choice in ways]
    return max(values) if team == table.team else min(values)


def _resolution_values(view: View, legal: list[Action], racers: Racers, table: Table,
                       lookahead: bool) -> list[float]:
    """The evaluation after each choice (with `lookahead`: after the rest of the trick,
    both teams choosing as well as they can)."""
    res = view["resolution"]
    trick = [CODE_OF_TEXT[c["card"]] for c in view["trick"]]
    seats = [c["seat"] for c in view["trick"]]
    winner, step = res["winner"], res["step"]
    index = RESOLUTION[winner][step]
    action = MOVEMENT if index == winner else trick[index] // 6
    first = (seats[index] & 1) * 2
    values = []
    for choice in legal:
        branch = racers.copy()
        racer = first + choice["racer"]
        cell = choice["space"] * 4 + choice["lane"] if choice["type"] == "move" else 0
        if lookahead:
            values.append(
                _resolve_value(branch, trick, seats, winner, step, table, (racer, cell)))
        else:  # the rest of the trick left out: each choice is judged at once
            take_action(branch.cells, branch.pips, racer, action, cell)
            values.append(evaluate(branch, table))
    return values


# ----- playing a card -----


def _card_values(view: View, legal: list[Action], racers: Racers, table: Table,
                 rng: random.Random, samples: int) -> list[float]:
    """Each card's evaluation once the trick resolves, summed over `samples` deals of the
    unseen cards into the trick's empty places (the same deals for every card)."""
    trick: Played = [(c["seat"], CODE_OF_TEXT[c["card"]]) for c in view["trick"]]
    order: list[int] = view["play_order"]
    seat = view["seat"]
    hand = [CODE_OF_TEXT[c] for c in view["hand"]]
    unseen = _unseen_cards(view)
    deals = [rng.sample(unseen, len(unseen)) for _ in range(samples)]
    memo: dict[tuple[int, ...], float] = {}
    values = []
    for action in legal:
        card = CODE_OF_TEXT[action["card"]]
        rest = [c for c in hand if c != card]
        start = [*trick, (seat, card)]
        values.append(sum(
            _trick_value(racers, start, order, seat, rest, deal, table, memo) for deal in deals
        ))
    return values


def _trick_value(racers: Racers, played: Played, order: list[int], seat: int, hand: list[int],
                 deal: list[int], table: Table, memo: dict[tuple[int, ...], float]) -> float:
    """Fill the trick's empty places (others from `deal`, ours from `hand`) and resolve it.

    A resolution depends only on which card wins and on the suits of the others, so results
    are shared through `memo` across samples and candidate cards."""
    if len(played) == len(order):
        cards = [card for _, card in played]
        winner = trick_winner(cards)
        key = (winner, *(card // 6 for card in cards))
        if key not in memo:
            memo[key] = _resolve_value(racers.copy(), cards, [seat for seat, _ in played],
                                       winner, 0, table)
        return memo[key]
    next_seat = order[len(played)]
    if next_seat == seat:  # two-player game: our own second card, chosen at our best
        return max(
            _trick_value(racers, [*played, (seat, c)], order, seat,
                         [h for h in hand if h != c], deal, table, memo)
            for c in hand
        )
    filled = [*played, (next_seat, deal[0])]
    return _trick_value(racers, filled, order, seat, hand, deal[1:], table, memo)
