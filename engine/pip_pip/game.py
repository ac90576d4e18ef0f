"""The Pip Pip contract game: a rules core (sim.py) with the table's words around it.

The core plays every rule (docs/RULES.md, PP-1..PP-14; the package docstring lists the actions
and view keys); this class turns its journal into events and its state into views, and tells
which trick's trump a call would choose (decision_key, PP-15). Besides the
core it keeps only what a view shows of the round so far: the cut card, the cards of its
completed tricks, the last trick, the calls and the points each seat took in tricks.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

from engine.cards import SUIT_NAMES, SUITS, parse_card
from engine.contract import Action, CoreGame, Event, View
from engine.errors import IllegalAction
from engine.pip_pip.sim import (
    CALL,
    CALLED,
    CUT,
    DEALT,
    DOUBLE,
    DREW,
    ROUND_END,
    STOPPED,
    TEXT,
    TRUMP_KEPT,
    TRUMP_NEXT,
    TRUMP_NOW,
    WON,
    Entry,
    PipPipSimulation,
    encode,
)
from engine.pip_pip.text import LOW_CUT_DEALS, parse_suit, trick_worth
from engine.seat_words import spoken_list
from engine.sim import journaled

#: What a call did to trump, in the call event's words.
_EFFECTS = {TRUMP_NOW: "{} are trump from this trick",
            TRUMP_NEXT: "{} are trump from the next trick",
            TRUMP_KEPT: "an earlier call already chose the next trump"}


class PipPipGame(CoreGame):
    name = "pip-pip"
    core: PipPipSimulation
    # A call still scores after the lead its decision key moves on at, for a later trick: a
    # computer's lead takes nothing away, so computers do not wait for a member's call.
    options_outlast_moments = True

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(players, options, seed)
        journal: list[Entry] = []
        self.core = PipPipSimulation.dealt(players, options, self._dealing_rng(), journal)
        self.cut_card = 0
        self.played: list[int] = []  # the cards of this round's completed tricks, in play order
        self.last_trick: dict[str, Any] | None = None
        self.calls: list[dict[str, Any]] = []  # this round's calls, as the view shows them
        self.round_points = [0] * players
        self.start_events: list[Event] = self._narrate(journal)
        cuts = [event for event in self.start_events if event["type"] == "cut"]
        # The first line a newcomer reads that turns on the ranks (PP-2): 2 is no low card.
        cuts[0]["text"] = cuts[0]["text"].replace(":", f" ({LOW_CUT_DEALS}):", 1)
        for event in cuts[:-1]:  # the tied lowest cut again
            event["text"] += " Tie for lowest: those players cut again."

    # ---- the contract -------------------------------------------------------------------

    def waiting_for(self) -> list[int]:
        return [] if self.outcome is not None else [self.core.turn]

    def decision_key(self, seat: int) -> object:
        # A call chooses the trump of one trick (PP-11): the next one while a trick is played,
        # the one about to be led between tricks. A seat's call buttons read the same from its
        # own play to its next turn, across another seat's lead; the trick they choose tells
        # a call pressed before that lead from one pressed after it (PP-15).
        if self.outcome is not None:
            return None
        return self.core.round, self._trick_number() + bool(self.core.trick)

    def normalize(self, seat: int, action: Action) -> Action:
        kind = action["type"]
        if kind == "play":
            if set(action) != {"type", "card"}:
                raise IllegalAction('A play names one card, like {"type": "play", "card": "KH"}.')
            card = parse_card(action["card"])
            if card.is_die:
                raise IllegalAction("Pip Pip is played with cards only, not PIP dice.")
            return {"type": "play", "card": str(card)}
        if kind == "call":
            if not set(action) <= {"type", "suit", "double"} or "suit" not in action:
                raise IllegalAction('A call names a suit, like {"type": "call", "suit": "H"}.')
            suit = parse_suit(action["suit"])
            if suit is None:
                raise IllegalAction(f"{action['suit']!r} is not a suit; use S, H, D or C.")
            double = action.get("double", False)
            if not isinstance(double, bool):
                raise IllegalAction("double must be true or false.")
            return self.core.action(seat, (DOUBLE if double else CALL) + SUITS.index(suit))
        raise IllegalAction(f"Pip Pip has no move {kind!r}: play a card or call Pip Pip.")

    def explain_illegal(self, seat: int, action: Action) -> str:
        core = self.core
        if action["type"] == "play":
            card = parse_card(action["card"])
            if seat != core.turn:
                return "It is not your turn to play a card."
            if encode(card) not in core.hands[seat]:
                return f"You do not hold {card}."
            led = SUIT_NAMES[SUITS[core.trick[0] >> 4] if core.trick else "S"]
            return f"You must follow suit: play one of your {led}."
        suit = action["suit"]
        name = SUIT_NAMES[suit]
        if suit == SUITS[core.trump]:
            return f"{name.capitalize()} are already trump: a Pip Pip must be in another suit."
        if action.get("double"):
            return (
                f"A double Pip Pip needs both kings and both queens of {name}, "
                "none of them used in an earlier call."
            )
        return f"Pip Pip needs a king and a queen of {name} not yet used in a call."

    def apply(self, seat: int, action: Action, *, logged: bool = False) -> list[Event]:
        # A seat that cannot call is not in to_act(); tell it why its call fails rather than
        # "not your turn", since calls do not wait for turns.
        calling = isinstance(action, dict) and action.get("type") == "call"
        if (calling and self.outcome is None and isinstance(seat, int)
                and 0 <= seat < self.players and seat not in self.to_act()):
            raise IllegalAction(self.explain_illegal(seat, self.normalize(seat, dict(action))))
        return super().apply(seat, action, logged=logged)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        core = self.core
        code = core.code(seat, action)
        events: list[Event] = []
        if action["type"] == "play":
            events.append({"type": "play", "seat": seat, "card": TEXT[code],
                           "text": f"{{s{seat}:plays}} {TEXT[code]}."})
        journal: list[Entry] = journaled(core, lambda: core.play(seat, code))
        return events + self._narrate(journal)

    # ---- the events ---------------------------------------------------------------------

    def _narrate(self, journal: list[Entry]) -> list[Event]:
        """The events of what the core did (its journal of one step), keeping the history
        the views show up to date."""
        events: list[Event] = []
        for entry in journal:
            kind = entry[0]
            if kind == DREW:
                drawn = TEXT[entry[2]]
                events.append({"type": "draw", "to": entry[1], "card": drawn,
                               "text": f"You draw {drawn}."})
            elif kind == WON:
                events.append(self._trick_won(*entry[1:]))
            elif kind == CALLED:
                events.append(self._called(*entry[1:]))
            elif kind == STOPPED:
                count = entry[1]
                left = f"has only {count} card{'s' if count != 1 else ''}" if count else "is empty"
                events.append({
                    "type": "drawing_stops", "set_aside": count,
                    "text": (f"The draw pile {left}: drawing stops, and everyone plays out"
                             " their last seven cards."),
                })
            elif kind == DEALT:
                events += self._dealt(entry[1])
            elif kind == ROUND_END:
                events.append(self._round_end(entry[1]))
            else:
                assert kind == CUT
                cuts = entry[1]
                shown = ", ".join(f"{{s{seat}}} {TEXT[card]}" for seat, card in cuts)
                events.append({"type": "cut", "cuts": {str(s): TEXT[c] for s, c in cuts},
                               "text": f"Cut for the deal: {shown}."})
        if self.core.won is not None and self.outcome is None:
            self.outcome = final_outcome(self.core.totals)
            events.append({"type": "game_end", "outcome": self.outcome,
                           "text": self.outcome["detail"]})
        return events

    def _dealt(self, cut: int) -> list[Event]:
        core = self.core
        self.cut_card = cut
        self.played, self.calls, self.last_trick = [], [], None
        self.round_points = [0] * self.players
        trump = SUITS[core.trump]
        events: list[Event] = [{
            "type": "deal", "round": core.round, "dealer": core.dealer,
            "cut_card": TEXT[cut], "trump": trump,
            "text": (
                f"Round {core.round} of {core.rounds_total}: {{s{core.dealer}:deals}}; the cut "
                f"card {TEXT[cut]} makes {SUIT_NAMES[trump]} trump. {{s{core.leader}:leads}}."
            ),
        }]
        for seat, hand in enumerate(core.hands):
            cards = [TEXT[card] for card in sorted(hand)]
            events.append({"type": "hand", "to": seat, "cards": cards,
                           "text": f"You are dealt {' '.join(cards)}."})
        return events

    def _trick_won(self, winner: int, gained: int, trick: list[int], leader: int,
                   trump: int) -> Event:
        self.round_points[winner] += gained
        self.last_trick = {
            "cards": _seated(trick, leader, self.players),
            "winner": winner, "points": gained, "trump": SUITS[trump],
            "trick_number": self._trick_number(),
        }
        self.played += trick
        return {"type": "trick", "winner": winner, "points": gained,
                "text": f"{{s{winner}:wins}} the trick {trick_worth(gained)}."}

    def _called(self, seat: int, code: int, gained: int, effect: int) -> Event:
        suit, double = SUITS[code & 3], code >= DOUBLE
        name = SUIT_NAMES[suit]
        self.calls.append({"seat": seat, "suit": suit, "double": double,
                           "trick_number": self._trick_number()})
        title = "Double Pip Pip" if double else "Pip Pip"
        what = _EFFECTS[effect].format(name)
        return {"type": "call", "seat": seat, "suit": suit, "double": double, "points": gained,
                "text": f"{{s{seat}:calls}} {title} in {name} for {gained} points: {what}."}

    def _round_end(self, number: int) -> Event:
        scores = self.core.totals
        tally = ", ".join(f"{{s{s}}} {p}" for s, p in enumerate(self.round_points))
        totals = ", ".join(f"{{s{s}}} {p}" for s, p in enumerate(scores))
        return {"type": "round_end", "round": number, "round_points": list(self.round_points),
                "scores": list(scores),
                "text": f"Round {number} is over. Card points: {tally}. Totals: {totals}."}

    def _trick_number(self) -> int:
        return len(self.played) // self.players + 1

    # ---- for search ---------------------------------------------------------------------

    def clone(self) -> PipPipGame:
        twin = copy.copy(self)  # options, start events, the last trick are never changed
        twin.core = self.core.clone()
        twin.played, twin.calls = self.played[:], self.calls[:]
        twin.round_points = self.round_points[:]
        twin.state_changed()
        return twin

    def determinize(self, seat: int, rng: random.Random) -> PipPipGame:
        """See Game.determinize. Two packs hold every card twice, so the hidden cards are dealt
        again by place: the others' hands but their face-up cards (which stay first in their
        hands, in the order the calls laid them down), the pile and the cards set aside."""
        game = self.clone()
        core = game.core
        pool = core.pile + core.set_aside
        for other, hand in enumerate(core.hands):
            if other != seat:
                pool += (Counter(hand) - Counter(core.face_up[other])).elements()
        pool.sort()  # so that the deal depends only on what the seat has seen
        rng.shuffle(pool)
        for other, shown in enumerate(core.face_up):
            if other != seat:
                size = len(core.hands[other]) - len(shown)
                core.hands[other] = shown + pool[:size]
                del pool[:size]
        core.pile, core.set_aside = pool[:len(core.pile)], pool[len(core.pile):]
        core.recount()
        core.rng, core.rng_owned = random.Random(rng.getrandbits(64)), True
        game.state_changed()
        return game

    # ---- views --------------------------------------------------------------------------

    def view(self, seat: int | None) -> View:
        core = self.core
        players = self.players
        over = self.outcome is not None
        trick = core.trick
        view: View = {
            "game": self.name,
            "seat": seat,
            "players": players,
            "to_act": self._to_act_seen_by(seat),
            "waiting_for": self.waiting_for(),
            "outcome": self.outcome,
            "round": core.round,
            "rounds": core.rounds_total,
            "dealer": core.dealer,
            "cut_card": TEXT[self.cut_card],
            "trump": SUITS[core.trump],
            "next_trump": None if core.next_trump < 0 else SUITS[core.next_trump],
            "trick_number": self._trick_number(),
            "leader": core.leader,
            "turn": None if over else core.turn,
            "led_suit": SUITS[trick[0] >> 4] if trick else None,
            "trick": _seated(trick, core.leader, players),
            "last_trick": self.last_trick,
            "declared": [[TEXT[card] for card in sorted(shown)] for shown in core.face_up],
            "calls": [dict(call) for call in self.calls],
            "played": [TEXT[card] for card in self.played],
            "pile_count": len(core.pile),
            "drawing_stopped": not core.drawing,
            "set_aside_count": len(core.set_aside),
            "hand_sizes": [len(hand) for hand in core.hands],
            "round_points": list(self.round_points),
            "scores": list(core.totals),
        }
        if seat is not None:
            view["hand"] = [TEXT[card] for card in sorted(core.hands[seat])]
        return view

    def _to_act_seen_by(self, seat: int | None) -> list[int]:
        """to_act() as `seat` may know it: the seat to play, plus itself if it can call (none
        can once the game is over). Listing every seat able to call would tell the table who
        holds a king-queen pair."""
        core = self.core
        if seat is not None and seat != core.turn and core.mask >> seat & 1:
            return sorted((core.turn, seat))
        return self.waiting_for()


def _seated(trick: list[int], leader: int, players: int) -> list[dict[str, Any]]:
    """A trick as the view shows it: [{"seat", "card"}, ...], the led card first."""
    return [{"seat": (leader + i) % players, "card": TEXT[card]} for i, card in enumerate(trick)]


def final_outcome(scores: list[int]) -> dict[str, Any]:
    """The outcome for these final scores: the highest wins, a tie shares the win."""
    best = max(scores)
    winners = [s for s, score in enumerate(scores) if score == best]
    ranks = [sum(other > score for other in scores) for score in scores]
    if len(winners) == 1:
        detail = f"{{s{winners[0]}:wins}} Pip Pip with {best} points."
    else:
        names = spoken_list([f"{{s{s}}}" for s in winners])
        detail = f"{names} share the win with {best} points each."
    return {"winners": winners, "ranks": ranks, "scores": list(scores),
            "shared": len(winners) > 1, "win_points": 1, "detail": detail}
