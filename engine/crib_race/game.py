"""CribRaceGame: Cribbage for 2-8 players on a race track, built on CribbageGame.

Everything Cribbage does (the cut for first deal, the play, the go, the show, muggins, winning
at once) comes from engine/cribbage; this class fills its hooks:

    _make_sides    the seating's sides (engine/crib_race/seating.py): partners share one peg
    _deal_plan     the seating's deal (6 players: the dealing team's discards under the deck;
                   8 players: the 5-and-4 deal)
    _peg           points move the side's peg hole by hole on the board (track.py); the hole
                   where the move ends sets off its zone; a box queues the peg
    _score         a boxed side scores nothing (a "boxed_points" event says what it missed)
    _has_won       the peg reached the finish
    _after_show    penalty boxes release one peg each, first in first out, when every other
                   side not in that box is past it

Every scoring move is one call of `_score` (a card's points together, the go or last card
apart, each hand, the crib, his heels, muggins points), so pegs move in the order points are
scored: a hand count that lands in a time trap sends the peg down the blue path, and the
crib count then continues along it.

Sides' "scores" (the Cribbage view key) are track positions (track.position): the hole number
on the track, the entry of a green path, the rejoin hole of a blue loop, the box's hole.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cards import Card
from engine.contract import Event, View
from engine.crib_race.board import (
    ADVANCE,
    BOARDS,
    BOX,
    DEFAULT_BOARD,
    MAIN,
    SLIDE,
    TRAP,
    Board,
    Zone,
)
from engine.crib_race.seating import race_plan, race_sides, seating_words
from engine.crib_race.track import Move, Peg, is_past, move, position
from engine.cribbage.deal import DealPlan
from engine.cribbage.legacy_game import CribbageGame, seat_does, seat_name
from engine.cribbage.outcome import cribbage_outcome
from engine.cribbage.scoring import Breakdown
from engine.cribbage.sides import Sides
from engine.seat_words import second_person


class CribRaceGame(CribbageGame):
    name = "crib-race"

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        self.board: Board = BOARDS[options.get("board", DEFAULT_BOARD)]
        self.teams = bool(options.get("teams", True))
        self._race_sides = race_sides(players, self.teams)
        self.pegs: list[Peg] = [Peg() for _ in range(self._race_sides.count)]
        #: Sides in each penalty box, first in first.
        self.box_queues: dict[str, list[int]] = {box.name: [] for box in
                                                 self.board.zones_of(BOX)}
        self.zone_events: list[Event] = []
        self.last_zone_events: list[Event] = []
        super().__init__(players, options, seed)
        self.target = self.board.finish

    # ===== hooks ===============================================================================
    def _make_sides(self) -> Sides:
        return self._race_sides

    def _deal_plan(self) -> DealPlan:
        return race_plan(self.players, self.dealer, self.sides)

    def _start_deal(self, deck: Sequence[Card] | None = None) -> list[Event]:
        self.last_zone_events, self.zone_events = self.zone_events, []
        return super()._start_deal(deck)

    def _score(self, seat: int, scored: Breakdown | int, reason: str) -> list[Event]:
        points = scored.total if isinstance(scored, Breakdown) else scored
        side = self.sides.side_of[seat]
        if self.outcome is None and points > 0 and self.pegs[side].is_boxed(self.board):
            return [{"type": "boxed_points", "seat": seat, "side": side, "points": points,
                     "reason": reason,
                     "text": f"{seat_does(seat, 'would')} peg {points} from the penalty box: "
                     "nothing scored."}]
        events = super()._score(seat, scored, reason)
        for event in events:
            if event["type"] == "score":
                # Cribbage's line ends "Score N."; on the track the hole says more.
                hole = self.pegs[side].hole(self.board)
                event["hole"] = hole
                event["path"] = self.pegs[side].path
                event["text"] = (event["text"].rsplit(" Score ", 1)[0]
                                 + f" Peg {self._where(side)}.")
        return events

    def _where(self, side: int) -> str:
        """Where a peg is, in words: "at 47", "on the blue path"..."""
        peg = self.pegs[side]
        if peg.path == MAIN:
            return f"at {peg.index}"
        kind = self.board.by_name[peg.path].kind
        return {ADVANCE: "on the green shortcut", TRAP: "on the blue path",
                BOX: "in the penalty box"}[kind]

    def _peg(self, side: int, points: int) -> list[Event]:
        peg = self.pegs[side]
        result = move(self.board, peg, points)
        self.pegs[side] = result.after
        events = self._zone_event(side, result) if result.zone else []
        self.back_pegs[side] = self.scores[side]
        self.scores[side] = position(self.board, self.pegs[side])
        return events

    def _has_won(self, side: int) -> bool:
        return self.pegs[side].finished(self.board)

    def _finish(self, side: int) -> None:
        self.outcome = cribbage_outcome(self.sides, self.scores, side, self.board.finish)

    def _after_show(self) -> list[Event]:
        events: list[Event] = []
        for box in self.board.zones_of(BOX):
            queue = self.box_queues[box.name]
            if not queue:
                continue
            outside = [s for s in range(self.sides.count) if s not in queue]
            if all(is_past(self.board, self.pegs[s], box) for s in outside):
                events.append(self._release(box))
        return events

    # ===== zones ===============================================================================
    def _zone_event(self, side: int, result: Move) -> list[Event]:
        zone = result.zone
        assert zone is not None
        if zone.kind == BOX:
            queue = self.box_queues[zone.name]
            queue.append(side)
            self.pegs[side] = Peg(zone.name, len(queue) - 1)
        landed = result.landed.hole(self.board)
        to = self.pegs[side].hole(self.board)
        who = self._side_does(side, "landed")
        texts = {
            SLIDE: f"{who} on the red slide at {landed} and slid to {to}.",
            ADVANCE: f"{who} on the green advance at {landed} and took the shortcut.",
            TRAP: f"{who} in the blue time trap at {landed} and must follow the blue "
                  "path back.",
            BOX: f"{who} on the penalty box at {landed}: boxed, scoring nothing until "
                 "every other peg is past.",
        }
        event: Event = {"type": "zone", "kind": zone.kind, "zone": zone.name, "side": side,
                        "seats": self.sides.seats_of(side), "landed": landed, "hole": to,
                        "text": texts[zone.kind]}
        self.zone_events.append(event)
        return [event]

    def _release(self, box: Zone) -> Event:
        queue = self.box_queues[box.name]
        side = queue.pop(0)
        hole = box.triggers[0]
        self.pegs[side] = Peg(MAIN, hole)
        self.scores[side] = hole
        for cell, waiting in enumerate(queue):  # the others move up one cell
            self.pegs[waiting] = Peg(box.name, cell)
        event: Event = {"type": "zone", "kind": "release", "zone": box.name, "side": side,
                        "seats": self.sides.seats_of(side), "landed": box.target,
                        "hole": str(hole),
                        "text": f"{self._side_does(side, 'leaves')} the penalty box at {hole}."}
        self.zone_events.append(event)
        return event

    def _side_does(self, side: int, verb: str) -> str:
        """A side doing something: "{s0:leaves}" alone, "{s0} & {s2} leave" as a team."""
        seats = self.sides.seats_of(side)
        if len(seats) == 1:
            return seat_does(seats[0], verb)
        return " & ".join(seat_name(s) for s in seats) + " " + second_person(verb)

    # ===== views ===============================================================================
    def view(self, seat: int | None) -> View:
        view = super().view(seat)
        view.update({
            "board": self.board.drawable(),
            "teams": self.sides.count < self.players,
            "seating": seating_words(self.players, self.teams),
            "finish": self.board.finish,
            "pegs": [{"side": side, "seats": self.sides.seats_of(side),
                      **peg.to_json(self.board)} for side, peg in enumerate(self.pegs)],
            "penalty_boxes": {name: list(queue) for name, queue in self.box_queues.items()},
            "zone_events": list(self.zone_events),
            "last_zone_events": list(self.last_zone_events),
        })
        return view
