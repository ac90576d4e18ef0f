"""The PIP Rush contract game: a rules core (sim.py) with the table's words around it.

The core plays every rule; this class turns its codes into dict actions, its journal into
events and its state into views. Besides the core it keeps only what a view shows of the past:
the results of the trick being resolved, and the last trick.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from engine.cards import SUIT_NAMES, SUITS, parse_card
from engine.contract import Action, CoreGame, Event, View
from engine.errors import IllegalAction
from engine.pip_rush.sim import (
    ACTION_NAMES,
    DEAL_KEY,
    DREW,
    LOST,
    MOVE,
    MOVEMENT,
    RACE_WON,
    RACER_LABELS,
    RESOLUTION,
    TEXT_OF,
    TRICKS_PER_CYCLE,
    WON,
    Entry,
    PipRushSim,
)
from engine.pip_rush.text import pip_count
from engine.pip_rush.track import FINISH, START, TRACKS
from engine.seat_words import spoken_list
from engine.sim import journaled


def team_of(seat: int) -> int:
    """Seats 0 and 2 race for team 0, seats 1 and 3 for team 1 (in two-player games the seat
    is the team)."""
    return seat % 2


def cell_words(cell: int) -> str:
    space = cell >> 2
    return "Start" if space == START else f"space {space}, lane {cell & 3}"


def suit_words(code: int) -> str:
    """ "Hearts", as the events name a card's suit."""
    return SUIT_NAMES[SUITS[code // 6]].title()


class PipRushGame(CoreGame):
    name = "pip-rush"
    core: PipRushSim

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(players, options, seed)
        self.track = TRACKS[options.get("track", next(iter(TRACKS)))]
        self.overtime = bool(options.get("overtime", False))
        rules = {"track": self.track.name, "overtime": self.overtime}
        self.core = PipRushSim.dealt(players, rules, self._dealing_rng())
        #: What each card of the trick being resolved did (by its index in the trick).
        self.results: dict[int, dict[str, Any]] = {}
        self.last_trick: dict[str, Any] | None = None
        self.start_events: list[Event] = self._cycle_events()

    # ----- the contract -----

    def normalize(self, seat: int, action: Action) -> Action:
        kind = action["type"]
        fields = {
            "play": ("card",),
            "choose_racer": ("racer",),
            "move": ("racer", "space", "lane"),
        }.get(kind)
        if fields is None:
            raise IllegalAction(
                f"{kind!r} is not a PIP Rush move: play a card, choose a racer or move."
            )
        extra = sorted(set(action) - {"type", *fields})
        if extra:
            raise IllegalAction(f"A {kind} move has no {', '.join(extra)}.")
        if kind == "move" and "space" not in action and "racer" in action:
            # The space is implied (one ahead of the racer); accept a move that leaves it out.
            racer = team_of(seat) * 2 + _racer_index(action["racer"])
            action["space"] = (self.core.cells[racer] >> 2) + 1
        missing = [name for name in fields if name not in action]
        if missing:
            raise IllegalAction(f"A {kind} move needs {', '.join(missing)}.")
        if kind == "play":
            return {"type": "play", "card": str(parse_card(action["card"]))}
        normal: Action = {"type": kind, "racer": _racer_index(action["racer"])}
        if kind == "move":
            for name in ("space", "lane"):
                if type(action[name]) is not int:
                    raise IllegalAction(f"{action[name]!r} is not a {name} number.")
                normal[name] = action[name]
        return normal

    def explain_illegal(self, seat: int, action: Action) -> str:
        choices = self.core.choices
        if choices is not None and choices[0] < MOVE:
            return "Choose which racer takes this action first."
        if choices is not None:
            if action["type"] == "move":
                return "That racer cannot move there: it is blocked, sideways or out of reach."
            return "Choose which racer moves and where first."
        if action["type"] == "play":
            return f"You do not hold {action['card']}."
        return "Play a card first."

    def _apply(self, seat: int, action: Action) -> list[Event]:
        core = self.core
        code = core.code(seat, action)
        order, trick, tricks_played = core.order, core.trick[:], core.tricks_played
        events: list[Event] = []
        if action["type"] == "play":
            trick.append(code)
            events.append({"type": "play", "seat": seat, "card": TEXT_OF[code],
                           "text": f"{{s{seat}:plays}} {TEXT_OF[code]}."})
        journal: list[Entry] = journaled(core, lambda: core.play(seat, code))
        for entry in journal:
            if entry[0] == WON:
                winner, card = order[entry[1]], TEXT_OF[trick[entry[1]]]
                events.append({"type": "trick_won", "seat": winner, "card": card,
                               "team": team_of(winner),
                               "text": f"{{s{winner}:wins}} the trick with {card}: +1 Movement."})
            elif entry[0] == DREW:
                _, drawer, codes = entry
                cards = [TEXT_OF[card] for card in codes]
                events.append({"type": "draw", "to": drawer, "seat": drawer, "cards": cards,
                               "text": f"{{s{drawer}:draws}} {' '.join(cards)}."})
            elif entry[0] != RACE_WON:
                events.append(self._resolved(order, trick, entry))
        if core.tricks_played == tricks_played:
            return events
        self._finish_trick(order, trick)
        if core.outcome is not None:
            return events + self._end((RACE_WON,) in journal)
        if core.tricks_played % TRICKS_PER_CYCLE == 0:
            return events + self._cycle_events()
        if any(entry[0] == DREW for entry in journal):
            events.append({"type": "drawn", "pile": len(core.pile),
                           "text": f"Hands refilled; {len(core.pile)} cards left to draw."})
        return events

    # ----- the events -----

    def _resolved(self, order: tuple[int, ...], trick: list[int], entry: Entry) -> Event:
        """The event of one card's action, from its journal entry (sim.RESOLVED or LOST)."""
        index = entry[1]
        seat, code = order[index], trick[index]
        card, suit = TEXT_OF[code], suit_words(code)
        action = ACTION_NAMES[MOVEMENT if index == self.core.winner else code // 6]
        result: dict[str, Any] = {"action": action, "racer": None, "lost": True}
        if entry[0] == LOST:
            kind = "action_lost"
            result["text"] = (f"Movement lost: no racer of {{s{seat}'s}} team can move."
                              if action == "movement"
                              else f"{suit} ({card}): action lost: no racer available.")
        else:
            _, _, racer, before, after, cell, mate_cell = entry
            label, kind = RACER_LABELS[racer & 1], "suit_action"
            owner = f"{suit}: {{s{seat}'s}} racer {label}"
            result.update(racer=racer & 1, lost=False)
            if action == "movement":
                kind = "move"
                result.update(space=cell >> 2, lane=cell & 3, before=before, after=after,
                              text=f"{{s{seat}'s}} racer {label} moves to {cell_words(cell)} "
                                   f"(pips {before}→{after}).")
            elif action == "swap":
                mate = RACER_LABELS[1 - (racer & 1)]
                places = ("both at Start" if cell == mate_cell == START else
                          f"{label} now at {cell_words(cell)}, {mate} at {cell_words(mate_cell)}")
                result["text"] = f"{owner} swaps places with racer {mate} ({places})."
            else:
                verb = {"gain": "gains a pip", "decay": "loses a pip",
                        "flip": "flips its die"}[action]
                text = (f"{owner} {verb} ({before}→{after})." if before != after
                        else f"{owner} stays at {pip_count(after)} (no change possible).")
                result.update(before=before, after=after, text=text)
        self.results[index] = result
        return {"type": kind, "seat": seat, "card": card, "team": team_of(seat), **result}

    def _resolving(self) -> dict[str, Any]:
        """The card of the trick whose action waits for a choice."""
        core = self.core
        index = core.resolving[core.step]
        return {"index": index, "seat": core.order[index], "card": TEXT_OF[core.trick[index]],
                "action": ACTION_NAMES[core.action_of(index)]}

    def _finish_trick(self, order: tuple[int, ...], trick: list[int]) -> None:
        winner = self.core.winner
        self.last_trick = {
            "number": self.core.tricks_played,
            "winner": winner,
            "winner_seat": order[winner],
            "order": list(RESOLUTION[winner]),
            "cards": [
                {"seat": order[i], "card": TEXT_OF[code], "won": i == winner,
                 "result": self.results[i]}
                for i, code in enumerate(trick)
            ],
        }
        self.results = {}

    def _cycle_events(self) -> list[Event]:
        core = self.core
        cycle = core.cycle()
        events: list[Event] = [{
            "type": "cycle",
            "cycle": cycle,
            "leader": core.leader,
            "text": f"Cycle {cycle}: all cards shuffled and dealt; {{s{core.leader}:leads}}.",
        }]
        for seat, hand in enumerate(core.hands):
            cards = [TEXT_OF[card] for card in hand]
            events.append({"type": "deal", "to": seat, "seat": seat, "cards": cards,
                           "text": f"{{s{seat}:is}} dealt {' '.join(cards)}."})
        return events

    def _end(self, race_won: bool) -> list[Event]:
        core = self.core
        assert core.outcome is not None
        winners = list(core.outcome)
        shared = len(winners) == self.players
        if race_won:
            reason = "a racer at the Finish, the other in the Last Mile"
        else:
            cycles = core.tricks_played // TRICKS_PER_CYCLE
            reason = f"after {cycles} cycles the teams are level on every count"
            criteria = ("lead racer on space {} against space {}",
                        "lead racers level, trailing racer on space {} against space {}",
                        "racers level, combined pips {} against {}")
            for words, mine, theirs in zip(criteria, *core.standing(), strict=True):
                if mine != theirs:
                    words = words.format(max(mine, theirs), min(mine, theirs))
                    reason = f"after {cycles} cycles, " + words.replace(
                        f"on space {FINISH}", "at the Finish")
                    break
        if shared:
            detail = f"Shared victory: {reason}."
        elif len(winners) == 1:
            detail = f"{{s{winners[0]}:wins}} the race: {reason}."
        else:
            names = spoken_list([f"{{s{s}}}" for s in winners])
            detail = f"{names} win the race: {reason}."
        self.outcome = {
            "winners": winners,
            "ranks": [0 if s in winners else 1 for s in range(self.players)],
            "scores": core.scores(),
            "shared": shared,
            "win_points": 1,
            "detail": detail,
        }
        return [{"type": "game_over", "winners": winners, "shared": shared, "text": detail}]

    # ----- for search -----

    def clone(self) -> PipRushGame:
        twin = copy.copy(self)  # options, start events and the last trick are never changed
        twin.core = self.core.clone()
        twin.results = dict(self.results)
        twin.state_changed()
        return twin

    def determinize(self, seat: int, rng: random.Random) -> PipRushGame:
        """Game.determinize's deal on the core: the hidden cards laid out by rank and suit,
        shuffled, then dealt to the places that held them (the other hands in seat order, then
        the pile), each hand sorted again."""
        game = self.clone()
        core = game.core
        others = [hand for other, hand in enumerate(core.hands) if other != seat]
        hidden = [card for hand in others for card in hand] + core.pile
        dealt_again = sorted(hidden, key=DEAL_KEY.__getitem__)
        rng.shuffle(dealt_again)
        for hand in others:
            hand[:] = sorted(dealt_again[: len(hand)])
            del dealt_again[: len(hand)]
        core.pile[:] = dealt_again
        core.rng, core.rng_owned = random.Random(rng.getrandbits(64)), True
        return game

    # ----- views -----

    def view(self, seat: int | None) -> View:
        core = self.core
        order, trick = core.order, core.trick
        resolution = None
        if core.choices is not None:
            resolution = {
                "winner": core.winner,
                "order": list(core.resolving),
                "step": core.step,
                "resolving": self._resolving(),
                "pending": {"seat": core.seat,
                            "choice": "move" if core.choices[0] >= MOVE else "racer"},
                "results": [{"index": i, **self.results[i]}
                            for i in core.resolving[: core.step]],
            }
        racers = [{"team": i >> 1, "index": i & 1, "label": RACER_LABELS[i & 1],
                   "space": cell >> 2, "lane": cell & 3 or None, "pips": core.pips[i],
                   "affected": bool(core.affected >> i & 1)} for i, cell in enumerate(core.cells)]
        players = self.players
        view: View = {
            "game": self.name,
            "seat": seat,
            "to_act": self.to_act(),
            "outcome": copy.deepcopy(self.outcome),
            "players": players,
            "options": {"overtime": self.overtime, "track": self.track.name},
            "track": self.track.view(),
            "racers": racers,
            "sides": [team_of(s) for s in range(players)],
            "teams": [[s for s in range(players) if team_of(s) == t] for t in (0, 1)],
            "team": None if seat is None else team_of(seat),
            "phase": "over" if self.outcome else ("resolve" if resolution else "play"),
            "trick": [{"seat": order[i], "card": TEXT_OF[card]} for i, card in enumerate(trick)],
            "play_order": list(order),
            "resolution": resolution,
            "last_trick": copy.deepcopy(self.last_trick),
            "cycle": core.cycle(),
            "trick_number": core.trick_number(),
            "tricks_played": core.tricks_played,
            "max_tricks": core.max_tricks,
            "cycles": core.max_tricks // TRICKS_PER_CYCLE,
            "leader": core.leader,
            "hand_sizes": [len(hand) for hand in core.hands],
            "draw_pile": len(core.pile),
        }
        if seat is not None:
            view["hand"] = [TEXT_OF[card] for card in core.hands[seat]]
        return view


def _racer_index(value: Any) -> int:
    """Racers are 0/1, or "A"/"B" as written on buttons."""
    if isinstance(value, str) and value.strip().upper() in RACER_LABELS:
        return RACER_LABELS.index(value.strip().upper())
    if type(value) is int and 0 <= value < len(RACER_LABELS):
        return value
    raise IllegalAction(f"{value!r} is not a racer; choose racer A or B.")
