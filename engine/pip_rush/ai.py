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
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.cards import Card, parse_card, standard_deck
from engine.contract import Action, View
from engine.pip_rush.board import (
    SUIT_ACTIONS,
    Racer,
    apply_pip_action,
    move,
    move_destinations,
    swap_with_teammate,
    team_has_won,
    team_racers,
)
from engine.pip_rush.track import FINISH, Track
from engine.pip_rush.trick import resolution_order, trick_winner

DECK = standard_deck(range(1, 7))
#: Card-play samples per level (easy also plays at random half the time).
SAMPLES = {"easy": 3, "normal": 5, "hard": 10}
WIN_VALUE = 10_000.0
LEAD_WEIGHT = 10.0
TRAIL_WEIGHT = 7.0
FUEL_WEIGHT = 3.0
PIP_WEIGHT = 0.3
STUCK_PENALTY = 2.0
MOBILITY_WEIGHT = 0.5

Played = list[tuple[int, Card]]


@dataclass(frozen=True)
class Table:
    """One decision's fixed facts (the track, our team) and its scratch cache."""

    track: Track
    team: int
    #: Evaluations of positions already seen during this decision.
    scores: dict[tuple, float] = field(default_factory=dict)


def choose_action(
    view: View, legal: list[Action], rng: random.Random, level: str = "hard"
) -> Action:
    if len(legal) == 1:
        return legal[0]
    table = Table(track_of(view), view["team"])
    racers = racers_of(view)
    if legal[0]["type"] == "play":
        if level == "easy" and rng.random() < 0.5:
            return rng.choice(legal)
        return _choose_card(view, legal, racers, table, rng, SAMPLES.get(level, SAMPLES["hard"]))
    return _choose_resolution(view, legal, racers, table, lookahead=level != "easy")


# ----- reading the view -----


def track_of(view: View) -> Track:
    data = view["track"]
    obstacles = frozenset((space, lane) for space, lane in data["obstacles"])
    return Track(data["name"], data["title"], data["description"], data["lanes"], obstacles)


def racers_of(view: View) -> list[Racer]:
    return [
        Racer(r["team"], r["index"], r["space"], r["lane"], r["pips"], r["affected"])
        for r in view["racers"]
    ]


def _copy(racers: Sequence[Racer]) -> list[Racer]:
    copies = []
    for r in racers:
        twin = object.__new__(Racer)  # skips the dataclass __init__: this runs very often
        twin.__dict__.update(r.__dict__)
        copies.append(twin)
    return copies


def _unseen_cards(view: View) -> list[Card]:
    """Cards this seat has not seen this cycle (as far as its view shows)."""
    seen = {parse_card(c) for c in view["hand"]}
    seen |= {parse_card(c["card"]) for c in view["trick"]}
    last = view["last_trick"]
    if last is not None and view["trick_number"] > 1:  # same cycle: those cards are gone
        seen |= {parse_card(c["card"]) for c in last["cards"]}
    return [card for card in DECK if card not in seen]


# ----- evaluation -----


def evaluate(racers: list[Racer], table: Table) -> float:
    """How good the position is for table.team (positive) against the other team."""
    key = tuple((r.space, r.lane, r.pips) for r in racers)
    score = table.scores.get(key)
    if score is None:
        taken = {(r.space, r.lane) for r in racers}
        mine = _team_value(racers, table.team, taken, table.track)
        score = mine - _team_value(racers, 1 - table.team, taken, table.track)
        table.scores[key] = score
    return score


def _team_value(racers: list[Racer], team: int, taken: set, track: Track) -> float:
    if team_has_won(racers, team):
        return WIN_VALUE
    mine = team_racers(racers, team)
    lead, trail = sorted((r.space for r in mine), reverse=True)
    value = LEAD_WEIGHT * lead + TRAIL_WEIGHT * trail
    for racer in mine:
        value += FUEL_WEIGHT * max(0, min(racer.pips - 1, FINISH - racer.space))
        value += PIP_WEIGHT * racer.pips
        if racer.pips >= 2 and 0 < racer.space < FINISH:
            # Fewer ways forward means a racer is being hemmed in; none at all, blocked.
            ways = _ways_forward(racer, taken, track)
            value += MOBILITY_WEIGHT * min(ways, 2) - (STUCK_PENALTY if ways == 0 else 0.0)
    return value


def _ways_forward(racer: Racer, taken: set, track: Track) -> int:
    ahead = racer.space + 1
    lane = racer.lane or 0
    return sum(
        1 for to in (lane - 1, lane, lane + 1)
        if track.is_open(ahead, to) and (ahead, to) not in taken
    )


# ----- resolving a trick in imagination -----


def _options(racers: list[Racer], trick: Played, index: int, winner: int, table: Table) -> list:
    seat = trick[index][0]
    available = [r for r in team_racers(racers, seat % 2) if not r.affected]
    if index == winner:
        track = table.track
        return [(r.index, lane) for r in available for lane in move_destinations(r, racers, track)]
    if len(available) == 2 and _twins(*available):
        return [(available[0].index, None)]
    return [(r.index, None) for r in available]


def _twins(a: Racer, b: Racer) -> bool:
    """Same cell (only possible at Start) and same pips: either choice gives the same position
    with the names exchanged, so the lookahead needs only one branch."""
    return a.cell == b.cell and a.pips == b.pips


def _carry_out(racers: list[Racer], trick: Played, index: int, winner: int, option: tuple) -> None:
    seat, card = trick[index]
    mine = team_racers(racers, seat % 2)
    racer_index, lane = option
    if index == winner:
        move(mine[racer_index], lane)
        return
    action = SUIT_ACTIONS[card.suit or "S"]
    if action == "swap":
        swap_with_teammate(mine[racer_index], mine[1 - racer_index])
    else:
        apply_pip_action(mine[racer_index], action)


def _resolve_value(
    racers: list[Racer], trick: Played, winner: int, order: list[int], step: int, table: Table
) -> float:
    """Value after resolving order[step:], both teams choosing as well as they can.
    `racers` is a scratch copy: it is changed."""
    while step < len(order):
        index = order[step]
        options = _options(racers, trick, index, winner, table)
        if len(options) > 1:
            values = []
            for option in options:
                branch = _copy(racers)
                _carry_out(branch, trick, index, winner, option)
                values.append(_resolve_value(branch, trick, winner, order, step + 1, table))
            mine = trick[index][0] % 2 == table.team
            return max(values) if mine else min(values)
        if options:
            _carry_out(racers, trick, index, winner, options[0])
        step += 1
    return evaluate(racers, table)


def _choose_resolution(
    view: View, legal: list[Action], racers: list[Racer], table: Table, lookahead: bool
) -> Action:
    values = resolution_values(view, legal, racers, table, lookahead)
    return max(zip(legal, values, strict=True), key=lambda pair: pair[1])[0]


def resolution_values(
    view: View, legal: list[Action], racers: list[Racer], table: Table, lookahead: bool
) -> list[float]:
    """The evaluation after each choice (with `lookahead`: after the rest of the trick,
    both teams choosing as well as they can)."""
    res = view["resolution"]
    trick: Played = [(c["seat"], parse_card(c["card"])) for c in view["trick"]]
    winner, order, step = res["winner"], res["order"], res["step"]
    index = order[step]
    values = []
    for action in legal:
        branch = _copy(racers)
        _carry_out(branch, trick, index, winner, (action["racer"], action.get("lane")))
        if lookahead:
            values.append(_resolve_value(branch, trick, winner, order, step + 1, table))
        else:
            values.append(evaluate(branch, table))
    return values


# ----- playing a card -----


def _choose_card(
    view: View,
    legal: list[Action],
    racers: list[Racer],
    table: Table,
    rng: random.Random,
    samples: int,
) -> Action:
    values = card_values(view, legal, racers, table, rng, samples)
    return max(zip(legal, values, strict=True), key=lambda pair: pair[1])[0]


def card_values(
    view: View,
    legal: list[Action],
    racers: list[Racer],
    table: Table,
    rng: random.Random,
    samples: int,
) -> list[float]:
    """Each card's evaluation once the trick resolves, summed over `samples` deals of the
    unseen cards into the trick's empty places (the same deals for every card)."""
    trick: Played = [(c["seat"], parse_card(c["card"])) for c in view["trick"]]
    order: list[int] = view["play_order"]
    seat = view["seat"]
    hand = [parse_card(c) for c in view["hand"]]
    unseen = _unseen_cards(view)
    deals = [rng.sample(unseen, len(unseen)) for _ in range(samples)]
    memo: dict[tuple, float] = {}
    values = []
    for action in legal:
        card = parse_card(action["card"])
        rest = [c for c in hand if c != card]
        start = [*trick, (seat, card)]
        values.append(sum(
            _trick_value(racers, start, order, seat, rest, deal, table, memo) for deal in deals
        ))
    return values


def _trick_value(
    racers: list[Racer],
    played: Played,
    order: list[int],
    seat: int,
    hand: list[Card],
    deal: list[Card],
    table: Table,
    memo: dict[tuple, float],
) -> float:
    """Fill the trick's empty places (others from `deal`, ours from `hand`) and resolve it.

    A resolution depends only on which card wins and on the suits of the others, so results
    are shared through `memo` across samples and candidate cards."""
    if len(played) == len(order):
        winner = trick_winner([c for _, c in played])
        key = (winner, tuple(c.suit for _, c in played))
        if key not in memo:
            steps = resolution_order(winner)
            memo[key] = _resolve_value(_copy(racers), played, winner, steps, 0, table)
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


