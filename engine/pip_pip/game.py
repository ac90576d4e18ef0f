"""The Pip Pip game: deals, tricks with drawing, Pip Pip calls that move trump, and scoring.

See the package docstring (engine/pip_pip/__init__.py) for the actions and view keys, and
docs/RULES.md, Pip Pip (PP-1..PP-14), for the rules and rulings this follows.
"""

from __future__ import annotations

import random
from typing import Any

from engine.cards import SUITS, Card, card_strs, parse_card, shuffled
from engine.contract import Action, Event, Game, View
from engine.errors import IllegalAction
from engine.pip_pip.ranking import (
    HAND_SIZE,
    KING,
    QUEEN,
    pack,
    parse_suit,
    points,
    strength,
    suit_name,
    winning_index,
)

GAME_NAME = "pip-pip"
_KINGS = {suit: Card(KING, suit) for suit in SUITS}
_QUEENS = {suit: Card(QUEEN, suit) for suit in SUITS}


def rounds_for(players: int, option: Any) -> int:
    """The number of rounds to play: "all" is one deal per player; a number above the player
    count is refused here because Option choices cannot depend on the player count."""
    if option == "all":
        return players
    if isinstance(option, bool) or not isinstance(option, int) or option < 1:
        raise IllegalAction(f"rounds must be \"all\" or a number of rounds, not {option!r}.")
    if option > players:
        raise IllegalAction(
            f"With {players} players Pip Pip plays at most {players} rounds "
            f"(one deal each), not {option}."
        )
    return option


def _hand_order(card: Card) -> tuple[int, int]:
    return SUITS.index(card.suit or "S"), strength(card)


class PipPipGame(Game):
    name = GAME_NAME

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(players, options, seed)
        # Each seat's possible calls, or None where they must be worked out again: they change
        # only with that seat's hand or face-up cards, or with trump.
        self._calls: list[list[Action] | None] = [None] * players
        self._calls_trump: str | None = None
        self.rounds_total = rounds_for(players, options.get("rounds", "all"))
        self.round = 0
        self.scores = [0] * players
        self.round_points = [0] * players
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        # Face-up cards: the part of each hand already used in a call (a sub-multiset of it).
        self.declared: list[list[Card]] = [[] for _ in range(players)]
        self.pile: list[Card] = []  # the top of the pile is the end of the list
        self.set_aside: list[Card] = []
        self.played: list[Card] = []  # completed tricks this round, in play order
        self.trick: list[tuple[int, Card]] = []
        self.calls: list[dict[str, Any]] = []
        self.last_trick: dict[str, Any] | None = None
        self.cut_card: Card | None = None
        self.trump = "S"
        # A call made after a trick's lead sets trump for the next trick; the first one counts.
        self.next_trump: str | None = None
        # True once a call has decided the trump of the current (or about to be led) trick, so
        # that a later call in the same window scores but does not move trump again.
        self.trump_set_by_call = False
        self.drawing = True
        self.trick_number = 1
        self.leader = 0
        self.turn = 0
        self.dealer = 0
        self.start_events: list[Event] = self._cut_for_deal()
        self.start_events += self._start_round()

    # ---- the contract -------------------------------------------------------------------

    def _to_act(self) -> list[int]:
        if self.outcome is not None:
            return []
        seats = {self.turn}
        seats.update(s for s, calls in enumerate(self._calls_by_seat()) if calls)
        return sorted(seats)

    def waiting_for(self) -> list[int]:
        return [] if self.outcome is not None else [self.turn]

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.outcome is not None:
            return []
        actions: list[Action] = []
        if seat == self.turn:
            seen: set[str] = set()
            for card in self._playable(seat):
                text = str(card)
                if text not in seen:
                    seen.add(text)
                    actions.append({"type": "play", "card": text})
        return actions + self._calls_by_seat()[seat]

    def state_changed(self) -> None:
        super().state_changed()
        self._calls = [None] * self.players

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
            return _call(suit, double)
        raise IllegalAction(f"Pip Pip has no move {kind!r}: play a card or call Pip Pip.")

    def explain_illegal(self, seat: int, action: Action) -> str:
        if action["type"] == "play":
            card = parse_card(action["card"])
            if seat != self.turn:
                return "It is not your turn to play a card."
            if card not in self.hands[seat]:
                return f"You do not hold {card}."
            led = suit_name(self._led_suit() or "S")
            return f"You must follow suit: play one of your {led}."
        suit = action["suit"]
        name = suit_name(suit)
        if suit == self.trump:
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
        if action["type"] == "call":
            return self._make_call(seat, action["suit"], bool(action.get("double")))
        return self._play(seat, parse_card(action["card"]))

    def view(self, seat: int | None) -> View:
        view: View = {
            "game": GAME_NAME,
            "seat": seat,
            "players": self.players,
            "to_act": self._to_act_seen_by(seat),
            "waiting_for": self.waiting_for(),
            "outcome": self.outcome,
            "round": self.round,
            "rounds": self.rounds_total,
            "dealer": self.dealer,
            "cut_card": str(self.cut_card) if self.cut_card else None,
            "trump": self.trump,
            "next_trump": self.next_trump,
            "trick_number": self.trick_number,
            "leader": self.leader,
            "turn": self.turn if self.outcome is None else None,
            "led_suit": self._led_suit(),
            "trick": [{"seat": s, "card": str(c)} for s, c in self.trick],
            "last_trick": self.last_trick,
            "declared": [card_strs(sorted(d, key=_hand_order)) for d in self.declared],
            "calls": [dict(call) for call in self.calls],
            "played": card_strs(self.played),
            "pile_count": len(self.pile),
            "drawing_stopped": not self.drawing,
            "set_aside_count": len(self.set_aside),
            "hand_sizes": [len(h) for h in self.hands],
            "round_points": list(self.round_points),
            "scores": list(self.scores),
        }
        if seat is not None:
            view["hand"] = card_strs(sorted(self.hands[seat], key=_hand_order))
        return view

    # ---- what is allowed ----------------------------------------------------------------

    def _to_act_seen_by(self, seat: int | None) -> list[int]:
        """to_act() as `seat` may know it: the seat to play, plus itself if it can call.
        Listing every seat able to call would tell the table who holds a king-queen pair."""
        if self.outcome is not None:
            return []
        seats = {self.turn}
        if seat is not None and self._calls_by_seat()[seat]:
            seats.add(seat)
        return sorted(seats)

    def _led_suit(self) -> str | None:
        return self.trick[0][1].suit if self.trick else None

    def _playable(self, seat: int) -> list[Card]:
        hand = self.hands[seat]
        led = self._led_suit()
        following = [c for c in hand if c.suit == led]
        return following or list(hand)

    def determinize(self, seat: int, rng: random.Random) -> PipPipGame:
        """See Game.determinize. Two packs hold every card twice, so the hidden cards are dealt
        again by place: the others' hands but their face-up (declared) cards, the stock and
        the cards set aside."""
        game = self.clone()
        assert isinstance(game, PipPipGame)
        hidden_hands = [_without(hand, declared) if other != seat else []
                        for other, (hand, declared) in enumerate(zip(game.hands, game.declared,
                                                                     strict=True))]
        pool = [card for hand in hidden_hands for card in hand] + game.pile + game.set_aside
        pool.sort(key=_hand_order)  # so that the deal depends only on what the seat has seen
        rng.shuffle(pool)
        for other, hidden in enumerate(hidden_hands):
            if other != seat:
                game.hands[other] = list(game.declared[other]) + pool[:len(hidden)]
                del pool[:len(hidden)]
        game.pile, game.set_aside = pool[:len(game.pile)], pool[len(game.pile):]
        game.rng = random.Random(rng.getrandbits(64))
        game.state_changed()
        return game

    def _calls_by_seat(self) -> list[list[Action]]:
        """Every seat's possible calls. to_act() needs them all after every move, so each seat's
        are worked out again only when its hand, its face-up cards or trump changed."""
        if self._calls_trump != self.trump:
            self._calls = [None] * self.players
            self._calls_trump = self.trump
        calls = self._calls
        for seat, known in enumerate(calls):
            if known is None:
                calls[seat] = self._call_actions(seat)
        return calls  # type: ignore[return-value]  # every entry filled just above

    def _call_actions(self, seat: int) -> list[Action]:
        free: dict[Card, int] = {}
        for card in self.hands[seat]:
            if card.rank in (KING, QUEEN):
                free[card] = free.get(card, 0) + 1
        if not free:
            return []
        for card in self.declared[seat]:
            free[card] -= 1
        actions: list[Action] = []
        for suit in SUITS:
            if suit == self.trump:
                continue
            pairs = min(free.get(_KINGS[suit], 0), free.get(_QUEENS[suit], 0))
            if pairs >= 1:
                actions.append(_call(suit, False))
            if pairs >= 2:
                actions.append(_call(suit, True))
        return actions

    # ---- the flow of a round ------------------------------------------------------------

    def _cut_for_deal(self) -> list[Event]:
        """Everyone cuts; the lowest card (3 low, 2 high) deals; tied lowest seats cut again."""
        events: list[Event] = []
        cutting = list(range(self.players))
        while True:
            deck = shuffled(pack(), self.rng)
            cuts = {seat: deck[index] for index, seat in enumerate(cutting)}
            shown = ", ".join(f"{{s{seat}}} {card}" for seat, card in cuts.items())
            events.append({"type": "cut", "cuts": {str(s): str(c) for s, c in cuts.items()},
                           "text": f"Cut for the deal: {shown}."})
            low = min(strength(c) for c in cuts.values())
            cutting = [seat for seat, card in cuts.items() if strength(card) == low]
            if len(cutting) == 1:
                # The seat before the first dealer "dealt" round 0, so passing left lands here.
                self.dealer = (cutting[0] - 1) % self.players
                return events
            events[-1]["text"] += " Tie for lowest: those players cut again."

    def _start_round(self) -> list[Event]:
        n = self.players
        self.round += 1
        self.dealer = (self.dealer + 1) % n
        deck = shuffled(pack(), self.rng)
        self.cut_card = deck[self.rng.randrange(len(deck))]
        self.trump = self.cut_card.suit or "S"
        deck = shuffled(deck, self.rng)  # the cut card goes back and the pack is shuffled
        self.hands = [[] for _ in range(n)]
        for _ in range(HAND_SIZE):
            for offset in range(1, n + 1):
                self.hands[(self.dealer + offset) % n].append(deck.pop())
        self.pile = deck
        self.declared = [[] for _ in range(n)]
        self._calls = [None] * n
        self.set_aside, self.played, self.trick, self.calls = [], [], [], []
        self.round_points = [0] * n
        self.next_trump, self.trump_set_by_call = None, False
        self.drawing, self.trick_number, self.last_trick = True, 1, None
        self.leader = self.turn = (self.dealer + 1) % n
        events: list[Event] = [{
            "type": "deal", "round": self.round, "dealer": self.dealer,
            "cut_card": str(self.cut_card), "trump": self.trump,
            "text": (
                f"Round {self.round} of {self.rounds_total}: {{s{self.dealer}:deals}}; the cut "
                f"card {self.cut_card} makes {suit_name(self.trump)} trump. "
                f"{{s{self.leader}:leads}}."
            ),
        }]
        events += [
            {"type": "hand", "to": seat, "cards": card_strs(sorted(hand, key=_hand_order)),
             "text": f"Your hand: {' '.join(card_strs(sorted(hand, key=_hand_order)))}."}
            for seat, hand in enumerate(self.hands)
        ]
        return events + self._start_trick()

    def _start_trick(self) -> list[Event]:
        if not self.drawing or len(self.pile) >= self.players:
            return []
        self.drawing = False
        self.set_aside, self.pile = self.pile, []
        return [{
            "type": "drawing_stops", "set_aside": len(self.set_aside),
            "text": (
                f"The draw pile is down to {len(self.set_aside)} "
                f"card{'s' if len(self.set_aside) != 1 else ''}: drawing stops, "
                "and everyone plays out their last seven cards."
            ),
        }]

    def _play(self, seat: int, card: Card) -> list[Event]:
        # Of a face-up and a hidden copy of one card the face-up copy goes first, which keeps
        # the hidden copy free for a later call.
        if card in self.declared[seat]:
            self.declared[seat].remove(card)
        self.hands[seat].remove(card)
        self._calls[seat] = None
        self.trick.append((seat, card))
        events: list[Event] = [{"type": "play", "seat": seat, "card": str(card),
                                "text": f"{{s{seat}:plays}} {card}."}]
        if self.drawing:
            drawn = self.pile.pop()
            self.hands[seat].append(drawn)
            events.append({"type": "draw", "to": seat, "card": str(drawn),
                           "text": f"You draw {drawn}."})
        if len(self.trick) < self.players:
            self.turn = (seat + 1) % self.players
            return events
        return events + self._finish_trick()

    def _finish_trick(self) -> list[Event]:
        cards = [card for _, card in self.trick]
        winner = self.trick[winning_index(cards, self.trump)][0]
        gained = sum(points(c) for c in cards)
        self.round_points[winner] += gained
        self.scores[winner] += gained
        self.last_trick = {
            "cards": [{"seat": s, "card": str(c)} for s, c in self.trick],
            "winner": winner, "points": gained, "trump": self.trump,
            "trick_number": self.trick_number,
        }
        self.played.extend(cards)
        self.trick = []
        self.trick_number += 1
        events: list[Event] = [{"type": "trick", "winner": winner, "points": gained,
                                "text": f"{{s{winner}:wins}} the trick (+{gained})."}]
        if self.next_trump is not None:
            self.trump, self.next_trump, self.trump_set_by_call = self.next_trump, None, True
        else:
            self.trump_set_by_call = False
        if not any(self.hands):
            return events + self._end_round()
        self.leader = self.turn = winner
        return events + self._start_trick()

    def _end_round(self) -> list[Event]:
        tally = ", ".join(f"{{s{s}}} {p}" for s, p in enumerate(self.round_points))
        totals = ", ".join(f"{{s{s}}} {p}" for s, p in enumerate(self.scores))
        events: list[Event] = [{
            "type": "round_end", "round": self.round, "round_points": list(self.round_points),
            "scores": list(self.scores),
            "text": f"Round {self.round} is over. Cards taken: {tally}. Totals: {totals}.",
        }]
        if self.round < self.rounds_total:
            return events + self._start_round()
        self.outcome = self._final_outcome()
        events.append({"type": "game_end", "outcome": self.outcome,
                       "text": self.outcome["detail"]})
        return events

    def _final_outcome(self) -> dict[str, Any]:
        best = max(self.scores)
        winners = [s for s, score in enumerate(self.scores) if score == best]
        ranks = [sum(other > score for other in self.scores) for score in self.scores]
        if len(winners) == 1:
            detail = f"{{s{winners[0]}:wins}} Pip Pip with {best} points."
        else:
            names = " and ".join(f"{{s{s}}}" for s in winners)
            detail = f"{names} share the win with {best} points each."
        return {"winners": winners, "ranks": ranks, "scores": list(self.scores),
                "shared": len(winners) > 1, "win_points": 1, "detail": detail}

    # ---- Pip Pip calls ------------------------------------------------------------------

    def _make_call(self, seat: int, suit: str, double: bool) -> list[Event]:
        pairs = 2 if double else 1
        self.declared[seat] += [Card(KING, suit), Card(QUEEN, suit)] * pairs
        self._calls[seat] = None
        gained = 50 * pairs
        self.scores[seat] += gained
        name = suit_name(suit)
        if not self.trick and not self.trump_set_by_call:
            # Before a lead the call is in time for the trick about to be led.
            self.trump, self.trump_set_by_call = suit, True
            effect = f"{name} are trump from this trick"
        elif self.trick and self.next_trump is None:
            self.next_trump = suit
            effect = f"{name} are trump from the next trick"
        else:
            effect = "an earlier call already chose the next trump"
        self.calls.append({"seat": seat, "suit": suit, "double": double,
                           "trick_number": self.trick_number})
        title = "Double Pip Pip" if double else "Pip Pip"
        return [{"type": "call", "seat": seat, "suit": suit, "double": double,
                 "points": gained,
                 "text": f"{{s{seat}:calls}} {title} in {name} (+{gained}): {effect}."}]


def _without(cards: list[Card], taken: list[Card]) -> list[Card]:
    """`cards` less one copy of each card in `taken` (a sub-multiset of it)."""
    rest = list(cards)
    for card in taken:
        rest.remove(card)
    return rest


def _call(suit: str, double: bool) -> Action:
    """A call as legal_actions spells it: "double" appears only when true."""
    action: Action = {"type": "call", "suit": suit}
    if double:
        action["double"] = True
    return action
