"""The PIP Rush game: tricks, their resolution with players' choices, drawing, cycles, the end.

A trick is played card by card. Once the fourth card is down it resolves from the card after
the winner round to the winner. A resolution step stops only when its player has a real
choice (two racers to pick from, or several racers/cells to move to); the game then waits for
that seat's "choose_racer" or "move" action and carries on from there.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from engine.cards import Card, parse_card, shuffled, standard_deck
from engine.contract import Action, Event, Game, View
from engine.errors import IllegalAction
from engine.pip_rush.board import (
    RACER_LABELS,
    SUIT_ACTIONS,
    SUIT_WORDS,
    Racer,
    apply_pip_action,
    move,
    move_destinations,
    new_racers,
    race_standing,
    swap_with_teammate,
    team_has_won,
    team_racers,
)
from engine.pip_rush.track import START, TRACKS, Track
from engine.pip_rush.trick import (
    CARDS_PER_TRICK,
    HAND_SIZE,
    TRICKS_PER_CYCLE,
    play_order,
    resolution_order,
    strength,
    trick_winner,
)

DECK_RANKS = range(1, 7)
STANDARD_CYCLES = 5
SUIT_ORDER = "SHDC"


def team_of(seat: int) -> int:
    """Seats 0 and 2 race for team 0, seats 1 and 3 for team 1 (in two-player games the seat
    is the team)."""
    return seat % 2


def cell_words(space: int, lane: int | None) -> str:
    return "Start" if space == START else f"space {space}, lane {lane}"


@dataclass
class Resolution:
    """A completed trick being resolved: `step` indexes into `order` (card indices)."""

    winner: int
    order: list[int]
    step: int = 0
    results: dict[int, dict[str, Any]] = field(default_factory=dict)


@dataclass
class Pending:
    """A choice the game waits for: `seat` must send one of `options`."""

    seat: int
    kind: str  # "racer" or "move"
    options: list[Action]


class PipRushGame(Game):
    name = "pip-rush"

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(players, options, seed)
        self.track: Track = TRACKS[options.get("track", next(iter(TRACKS)))]
        self.overtime = bool(options.get("overtime", False))
        self.max_tricks = TRICKS_PER_CYCLE * (STANDARD_CYCLES + (1 if self.overtime else 0))
        self.racers: list[Racer] = new_racers()
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.pile: list[Card] = []
        self.played: list[Card] = []  # cards out of hands and pile this cycle
        self.trick: list[tuple[int, Card]] = []
        self.tricks_played = 0
        self.cycle = 0
        self.resolution: Resolution | None = None
        self.pending: Pending | None = None
        self.last_trick: dict[str, Any] | None = None
        self.leader = self.rng.randrange(players)
        self.order = play_order(self.leader, players)
        self.start_events: list[Event] = self._start_cycle()  # the first deal

    # ----- the contract -----

    def _to_act(self) -> list[int]:
        if self.outcome is not None:
            return []
        if self.pending is not None:
            return [self.pending.seat]
        return [self.order[len(self.trick)]]

    def _legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.pending is not None:
            return [dict(option) for option in self.pending.options]
        return [{"type": "play", "card": str(card)} for card in self.hands[seat]]

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
            racer = team_racers(self.racers, team_of(seat))[_racer_index(action["racer"])]
            action["space"] = racer.space + 1
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
            normal["space"] = action["space"]
            normal["lane"] = action["lane"]
        return normal

    def explain_illegal(self, seat: int, action: Action) -> str:
        if self.pending is not None:
            if self.pending.kind == "racer":
                return "Choose which racer takes this action first."
            if action["type"] == "move":
                return "That racer cannot move there: it is blocked, sideways or out of reach."
            return "Choose which racer moves and where first."
        if action["type"] == "play":
            return f"You do not hold {action['card']}."
        return "Play a card first."

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if action["type"] == "play":
            return self._play(seat, parse_card(action["card"]))
        assert self.pending is not None and self.resolution is not None
        self.pending = None
        index = self.resolution.order[self.resolution.step]
        if action["type"] == "choose_racer":
            events = self._suit_action(index, action["racer"])
        else:
            events = self._movement(index, action["racer"], action["lane"])
        self.resolution.step += 1
        return events + self._resolve()

    # ----- playing cards -----

    def _play(self, seat: int, card: Card) -> list[Event]:
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        events: list[Event] = [
            {"type": "play", "seat": seat, "card": str(card), "text": f"{{s{seat}:plays}} {card}."}
        ]
        if len(self.trick) < CARDS_PER_TRICK:
            return events
        winner = trick_winner([c for _, c in self.trick])
        win_seat, win_card = self.trick[winner]
        self.resolution = Resolution(winner, resolution_order(winner))
        events.append({
            "type": "trick_won",
            "seat": win_seat,
            "card": str(win_card),
            "team": team_of(win_seat),
            "text": f"{{s{win_seat}:wins}} the trick with {win_card}: +1 Movement.",
        })
        return events + self._resolve()

    # ----- resolving a trick -----

    def _resolve(self) -> list[Event]:
        """Resolve cards in order until one needs a player's choice or the trick is done."""
        assert self.resolution is not None
        events: list[Event] = []
        res = self.resolution
        while res.step < len(res.order):
            index = res.order[res.step]
            seat, card = self.trick[index]
            team = team_of(seat)
            available = [r for r in team_racers(self.racers, team) if not r.affected]
            options: list[Action]
            if index == res.winner:
                options = [
                    {"type": "move", "racer": r.index, "space": r.space + 1, "lane": lane}
                    for r in available
                    for lane in move_destinations(r, self.racers, self.track)
                ]
                kind = "move"
            else:
                options = [{"type": "choose_racer", "racer": r.index} for r in available]
                kind = "racer"
            if len(options) > 1:
                self.pending = Pending(seat, kind, options)
                events.append(self._choice_event(seat, card, kind))
                return events
            if not options:
                events.append(self._lost(index))
            elif kind == "move":
                events.extend(self._movement(index, options[0]["racer"], options[0]["lane"]))
            else:
                events.extend(self._suit_action(index, options[0]["racer"]))
            res.step += 1
        return events + self._finish_trick()

    def _choice_event(self, seat: int, card: Card, kind: str) -> Event:
        if kind == "move":
            what = "which racer moves and where"
        else:
            what = f"which racer takes {SUIT_WORDS[card.suit or 'S']} ({card})"
        return {
            "type": "choice",
            "seat": seat,
            "card": str(card),
            "choice": kind,
            "text": f"{{s{seat}:chooses}} {what}.",
        }

    def _record(self, index: int, result: dict[str, Any]) -> Event:
        assert self.resolution is not None
        seat, card = self.trick[index]
        self.resolution.results[index] = result
        return {"seat": seat, "card": str(card), "team": team_of(seat), **result}

    def _lost(self, index: int) -> Event:
        seat, card = self.trick[index]
        assert self.resolution is not None
        if index == self.resolution.winner:
            result = {"action": "movement", "racer": None, "lost": True,
                      "text": f"Movement lost: no racer of {{s{seat}'s}} team can move."}
        else:
            suit = card.suit or "S"
            result = {"action": SUIT_ACTIONS[suit], "racer": None, "lost": True,
                      "text": f"{SUIT_WORDS[suit]} ({card}): action lost: no racer available."}
        return {"type": "action_lost", **self._record(index, result)}

    def _suit_action(self, index: int, racer_index: int) -> list[Event]:
        seat, card = self.trick[index]
        assert card.suit is not None
        team = team_of(seat)
        racer = team_racers(self.racers, team)[racer_index]
        action = SUIT_ACTIONS[card.suit]
        owner = f"{SUIT_WORDS[card.suit]}: {{s{seat}'s}} racer {racer.label}"
        if action == "swap":
            mate = team_racers(self.racers, team)[1 - racer_index]
            swap_with_teammate(racer, mate)
            text = (
                f"{owner} swaps places with racer {mate.label} ({racer.label} now at "
                f"{cell_words(*racer.cell)}, {mate.label} at {cell_words(*mate.cell)})."
            )
            result = {"action": action, "racer": racer_index, "lost": False, "text": text}
        else:
            before, after = apply_pip_action(racer, action)
            if before == after:
                text = f"{owner} stays at {after} pips (no change possible)."
            else:
                verb = {"gain": "gains a pip", "decay": "loses a pip", "flip": "flips its die"}
                text = f"{owner} {verb[action]} ({before}→{after})."
            result = {"action": action, "racer": racer_index, "lost": False,
                      "before": before, "after": after, "text": text}
        return [{"type": "suit_action", **self._record(index, result)}]

    def _movement(self, index: int, racer_index: int, lane: int) -> list[Event]:
        seat, _ = self.trick[index]
        racer = team_racers(self.racers, team_of(seat))[racer_index]
        before, after = move(racer, lane)
        text = (
            f"{{s{seat}'s}} racer {racer.label} moves to {cell_words(racer.space, lane)} "
            f"(pips {before}→{after})."
        )
        result = {"action": "movement", "racer": racer_index, "lost": False, "space": racer.space,
                  "lane": lane, "before": before, "after": after, "text": text}
        return [{"type": "move", **self._record(index, result)}]

    # ----- after a trick -----

    def _finish_trick(self) -> list[Event]:
        assert self.resolution is not None
        res = self.resolution
        win_seat = self.trick[res.winner][0]
        self.last_trick = {
            "number": self.tricks_played + 1,
            "winner": res.winner,
            "winner_seat": win_seat,
            "order": list(res.order),
            "cards": [
                {"seat": seat, "card": str(card), "won": i == res.winner, "result": res.results[i]}
                for i, (seat, card) in enumerate(self.trick)
            ],
        }
        self.played.extend(card for _, card in self.trick)
        self.trick = []
        self.resolution = None
        for racer in self.racers:
            racer.affected = False
        self.tricks_played += 1
        self.leader = win_seat
        self.order = play_order(win_seat, self.players)

        winning_team = team_of(win_seat)
        if team_has_won(self.racers, winning_team):
            # Only the trick winner's team can have newly met the condition (see team_has_won).
            return self._end([winning_team], "a racer at the Finish, the other in the Last Mile")
        if self.tricks_played >= self.max_tricks:
            return self._tiebreak()
        if self.tricks_played % TRICKS_PER_CYCLE == 0:
            return self._start_cycle()
        return self._draw(win_seat)

    def _draw(self, first: int) -> list[Event]:
        events: list[Event] = []
        for seat in play_order(first, self.players)[: self.players]:
            count = min(HAND_SIZE - len(self.hands[seat]), len(self.pile))
            drawn = [self.pile.pop() for _ in range(count)]
            if drawn:
                self.hands[seat].extend(drawn)
                self._sort_hand(seat)
                events.append({"type": "draw", "to": seat, "seat": seat,
                               "cards": [str(c) for c in drawn],
                               "text": f"{{s{seat}:draws}} {' '.join(str(c) for c in drawn)}."})
        if events:
            events.append({"type": "drawn", "pile": len(self.pile),
                           "text": f"Hands refilled; {len(self.pile)} cards left to draw."})
        return events

    def _start_cycle(self) -> list[Event]:
        """Shuffle all 24 cards and deal four to each player, the leader first."""
        self.cycle += 1
        self.played = []
        self.pile = shuffled(standard_deck(DECK_RANKS), self.rng)
        for seat in play_order(self.leader, self.players)[: self.players]:
            self.hands[seat] = [self.pile.pop() for _ in range(HAND_SIZE)]
            self._sort_hand(seat)
        events: list[Event] = [{
            "type": "cycle",
            "cycle": self.cycle,
            "leader": self.leader,
            "text": f"Cycle {self.cycle}: all cards shuffled and dealt; {{s{self.leader}:leads}}.",
        }]
        events.extend(
            {"type": "deal", "to": seat, "seat": seat, "cards": [str(c) for c in self.hands[seat]],
             "text": f"{{s{seat}:is}} dealt {' '.join(str(c) for c in self.hands[seat])}."}
            for seat in range(self.players)
        )
        return events

    def _hidden_cards(self, seat: int) -> list[Card]:
        others = [card for other, hand in enumerate(self.hands) if other != seat for card in hand]
        return [*others, *self.pile]

    def _tidy_after_redeal(self) -> None:
        for seat in range(self.players):
            self._sort_hand(seat)

    def _sort_hand(self, seat: int) -> None:
        self.hands[seat].sort(key=lambda c: (SUIT_ORDER.index(c.suit or "S"), strength(c)))

    def _tiebreak(self) -> list[Event]:
        cycles = self.tricks_played // TRICKS_PER_CYCLE
        standing = [race_standing(self.racers, team) for team in (0, 1)]
        criteria = ("lead racer", "trailing racer", "combined pips")
        for position, name in enumerate(criteria):
            mine, theirs = standing[0][position], standing[1][position]
            if mine != theirs:
                winner = 0 if mine > theirs else 1
                best, worst = max(mine, theirs), min(mine, theirs)
                return self._end([winner], f"after {cycles} cycles, {name} {best} against {worst}")
        return self._end([0, 1], f"after {cycles} cycles the teams are level on every count")

    def _end(self, teams: list[int], reason: str) -> list[Event]:
        winners = sorted(s for s in range(self.players) if team_of(s) in teams)
        progress = [sum(r.space for r in team_racers(self.racers, t)) for t in (0, 1)]
        if len(teams) == 2:
            detail = f"Shared victory: {reason}."
        elif len(winners) == 1:
            detail = f"{{s{winners[0]}:wins}} the race: {reason}."
        else:
            names = " and ".join(f"{{s{s}}}" for s in winners)
            detail = f"{names} win the race: {reason}."
        self.outcome = {
            "winners": winners,
            "ranks": [0 if s in winners else 1 for s in range(self.players)],
            "scores": [progress[team_of(s)] for s in range(self.players)],
            "shared": len(teams) == 2,
            "win_points": 1,
            "detail": detail,
        }
        return [{"type": "game_over", "winners": winners, "shared": len(teams) == 2,
                 "text": detail}]

    # ----- views -----

    def view(self, seat: int | None) -> View:
        res = self.resolution
        resolution = None
        if res is not None:
            index = res.order[res.step] if res.step < len(res.order) else None
            current = None
            if index is not None:
                cur_seat, cur_card = self.trick[index]
                action = "movement" if index == res.winner else SUIT_ACTIONS[cur_card.suit or "S"]
                current = {
                    "index": index, "seat": cur_seat, "card": str(cur_card), "action": action
                }
            resolution = {
                "winner": res.winner,
                "order": list(res.order),
                "step": res.step,
                "resolving": current,
                "pending": None if self.pending is None
                else {"seat": self.pending.seat, "choice": self.pending.kind},
                "results": [{"index": i, **res.results[i]} for i in res.order[: res.step]],
            }
        view: View = {
            "game": self.name,
            "seat": seat,
            "to_act": self.to_act(),
            "outcome": _copy(self.outcome),
            "players": self.players,
            "options": {"overtime": self.overtime, "track": self.track.name},
            "track": self.track.view(),
            "racers": [racer.view() for racer in self.racers],
            "sides": [team_of(s) for s in range(self.players)],
            "teams": [[s for s in range(self.players) if team_of(s) == t] for t in (0, 1)],
            "team": None if seat is None else team_of(seat),
            "phase": "over" if self.outcome else ("resolve" if self.pending else "play"),
            "trick": [{"seat": s, "card": str(c)} for s, c in self.trick],
            "play_order": list(self.order),
            "resolution": resolution,
            "last_trick": _copy(self.last_trick),
            "cycle": self.cycle,
            "trick_number": min(self.tricks_played, self.max_tricks - 1) % TRICKS_PER_CYCLE + 1,
            "tricks_played": self.tricks_played,
            "max_tricks": self.max_tricks,
            "cycles": self.max_tricks // TRICKS_PER_CYCLE,
            "leader": self.leader,
            "hand_sizes": [len(hand) for hand in self.hands],
            "draw_pile": len(self.pile),
        }
        if seat is not None:
            view["hand"] = [str(c) for c in self.hands[seat]]
        return view


def _copy(value: Any) -> Any:
    return copy.deepcopy(value)


def _racer_index(value: Any) -> int:
    """Racers are 0/1, or "A"/"B" as written on buttons."""
    if isinstance(value, str) and value.strip().upper() in RACER_LABELS:
        return RACER_LABELS.index(value.strip().upper())
    if type(value) is int and 0 <= value < len(RACER_LABELS):
        return value
    raise IllegalAction(f"{value!r} is not a racer; choose racer A or B.")

