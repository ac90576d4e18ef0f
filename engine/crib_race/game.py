"""CribRaceGame: CribbageGame (engine/cribbage/game.py) over Crib Race's rules core (sim.py),
with the track's words and view keys (engine/crib_race/__init__.py lists them). A score's event
says where the peg is now; a zone event follows the score whose move ended on a zone, and the
"scores" are track positions (track.position).
"""

from __future__ import annotations

from typing import Any

from engine.contract import Event, View
from engine.crib_race.board import ADVANCE, BOX, MAIN, SLIDE, TRAP, Board
from engine.crib_race.seating import seating_words
from engine.crib_race.sim import BOXED, MOVED, RELEASED, CribRaceSim
from engine.crib_race.track import Peg, move
from engine.cribbage.breakdown import Breakdown
from engine.cribbage.game import CribbageGame
from engine.cribbage.pieces import Entry
from engine.cribbage.words import seat_does, seat_name, told_with
from engine.seat_words import second_person


class CribRaceGame(CribbageGame):
    name = "crib-race"
    title = "Crib Race"
    core_class = CribRaceSim
    core: CribRaceSim

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        self.zone_events: list[Event] = []
        self.last_zone_events: list[Event] = []
        #: Where the move being narrated left the peg, and its zone event if it landed on one
        #: (the score's event comes first).
        self._landing: tuple[Peg, Event | None] | None = None
        super().__init__(players, options, seed)

    # ----- the core's state, as the table and the tests read it ---------------------------------
    @property
    def board(self) -> Board:
        return self.core.track.board

    @property
    def pegs(self) -> list[Peg]:
        """Each side's peg (copies: the core keeps them as nodes)."""
        core, track = self.core, self.core.track
        return [track.peg_of(node, core.boxes[node - track.first_box].index(side)
                             if node >= track.first_box else 0)
                for side, node in enumerate(core.pegs)]

    @property
    def box_queues(self) -> dict[str, list[int]]:
        """The sides in each penalty box, first in first."""
        core = self.core
        return {name: list(queue) for name, queue in zip(core.track.box_names, core.boxes,
                                                         strict=True)}

    def place(self, side: int, peg: Peg) -> None:
        """Put a side's peg somewhere (tests and puzzles; a boxed peg joins its box's queue)."""
        core = self.core
        for queue in core.boxes:
            if side in queue:
                queue.remove(side)
        node = core.track.node_of(peg)
        core.pegs[side] = node
        core.side_scores[side] = core.track.position[node]
        if node >= core.track.first_box:
            core.boxes[node - core.track.first_box].insert(peg.index, side)
        self.state_changed()

    # ----- the words ---------------------------------------------------------------------------
    def _deal_events(self) -> list[Event]:
        self.last_zone_events, self.zone_events = self.zone_events, []
        return super()._deal_events()

    def _own_entry(self, entry: Entry) -> list[Event]:
        what = entry[0]
        if what == MOVED:
            self._landing = self._landed(*entry[1:])
            return []
        if what == BOXED:
            _, seat, points, reason = entry
            event: Event = {"type": "boxed_points", "seat": seat, "side": self.sides.side_of[seat],
                     "points": points, "reason": reason,
                     "text": f"{seat_does(seat, 'would')} peg {points} from the penalty box: "
                             "nothing scored."}
            if self._maker is not None:  # said with the play or count, as a score is
                breakdown = self._breakdown(reason) if reason == "play" else None
                told_with(self._maker, event, breakdown.words() if breakdown else "",
                          "Boxed: nothing scored.")
            return [event]
        if what == RELEASED:
            _, side, hole = entry
            box = self.board.trigger_at[hole]
            event = {"type": "zone", "kind": "release", "zone": box.name, "side": side,
                            "seats": self.sides.seats_of(side), "landed": box.target,
                            "hole": str(hole),
                            "text": f"{self._side_does(side, 'leaves')} the penalty box at "
                                    f"{hole}."}
            self.zone_events.append(event)
            return [event]
        return super()._own_entry(entry)

    def _score_event(self, seat: int, points: int, reason: str, before: int, after: int,
                     breakdown: Breakdown | None) -> list[Event]:
        assert self._landing is not None
        events = super()._score_event(seat, points, reason, before, after, breakdown)
        event = events[0]
        (peg, landing), self._landing = self._landing, None
        event["hole"] = peg.hole(self.board)
        event["path"] = peg.path
        if landing is not None:
            self.zone_events.append(landing)
            events.append(landing)
        return events

    def _place(self, after: int) -> str:
        """Cribbage's "Score N.": on the track the hole says more. A peg that lands on a zone
        is said to land there first, so the zone's line that follows ("slid to 86") reads in
        the order it happened."""
        assert self._landing is not None
        peg, landing = self._landing
        where = self._where(peg) if landing is None else f"lands at {landing['landed']}"
        return f"Peg {where}."

    def _landed(self, side: int, start: int, points: int, node: int,
                cell: int) -> tuple[Peg, Event | None]:
        """Where a move took a side's peg, and a zone event if it landed on a zone."""
        board, track = self.board, self.core.track
        peg = track.peg_of(node, cell)
        made = move(board, track.peg_of(start), points)
        zone = made.zone
        if zone is None:
            return peg, None
        landed = made.landed.hole(board)
        to = peg.hole(board)
        who = self._side_does(side, "landed")
        texts = {
            SLIDE: f"{who} on the red slide at {landed} and slid to {to}.",
            ADVANCE: f"{who} on the green advance at {landed} and took the shortcut.",
            TRAP: f"{who} in the blue time trap at {landed} and must follow the blue "
                  "path back.",
            BOX: f"{who} on the penalty box at {landed}: boxed, scoring nothing until "
                 "every other peg is past.",
        }
        return peg, {"type": "zone", "kind": zone.kind, "zone": zone.name, "side": side,
                     "seats": self.sides.seats_of(side), "landed": landed, "hole": to,
                     "text": texts[zone.kind]}

    def _where(self, peg: Peg) -> str:
        """Where a peg is, in words: "at 47", "on the blue path"..."""
        if peg.path == MAIN:
            return f"at {peg.index}"
        kind = self.board.by_name[peg.path].kind
        return {ADVANCE: "on the green shortcut", TRAP: "on the blue path",
                BOX: "in the penalty box"}[kind]

    def _side_does(self, side: int, verb: str) -> str:
        """A side doing something: "{s0:leaves}" alone, "{s0} & {s2} leave" as a team."""
        seats = self.sides.seats_of(side)
        if len(seats) == 1:
            return seat_does(seats[0], verb)
        return " & ".join(seat_name(s) for s in seats) + " " + second_person(verb)

    # ----- views -----------------------------------------------------------------------------
    def view(self, seat: int | None) -> View:
        view = super().view(seat)
        board = self.board
        view.update({
            "board": board.drawable(),
            "teams": self.sides.count < self.players,
            "seating": seating_words(self.players, self.core.teams),
            "finish": board.finish,
            "pegs": [{"side": side, "seats": self.sides.seats_of(side),
                      **peg.to_json(board)} for side, peg in enumerate(self.pegs)],
            "penalty_boxes": self.box_queues,
            "zone_events": list(self.zone_events),
            "last_zone_events": list(self.last_zone_events),
        })
        return view

    def clone(self) -> CribRaceGame:
        twin = super().clone()
        assert isinstance(twin, CribRaceGame)
        twin.zone_events = list(self.zone_events)
        return twin
