"""German Whist for two: the rules, views and events.

Each seat is dealt 13 cards; the other 26 form a stock whose top card lies face up, and the
first card turned up names trumps for the deal. The dealer's opponent leads the first trick;
the winner of a trick leads the next. A seat must follow the suit led if it can; the highest
trump wins a trick, else the highest card of the suit led (aces high). While the stock lasts,
the trick's winner takes the face-up card, the loser the next card (unseen by the winner),
and the next card is turned up. The 13 tricks after the stock is gone count: each seat scores
one point for each of them it wins. The game is `deals` deals, the deal passing in turn;
the higher total wins.
"""

from __future__ import annotations

from typing import Any

from engine.cards import SUIT_NAMES, Card, card_strs, parse_card, shuffled, standard_deck
from engine.contract import Action, Event, Game, View

HAND = 13


def strength(card: Card) -> int:
    """Aces high."""
    return 14 if card.rank == 1 else card.rank


def hand_order(card: Card) -> tuple[str, int]:
    return (card.suit or "", strength(card))


def beats(card: Card, best: Card, led: str, trump: str) -> bool:
    if card.suit == best.suit:
        return strength(card) > strength(best)
    return card.suit == trump


class GermanWhistGame(Game):
    name = "german-whist"

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(players, options, seed)
        self.deals = int(options["deals"])
        self.deal_number = 0
        self.dealer = self.rng.randrange(2)
        self.scores = [0, 0]
        self.hands: list[list[Card]] = [[], []]
        self.stock: list[Card] = []
        #: The cards each seat took face up and still holds: the other seat saw them taken.
        self.known: list[list[Card]] = [[], []]
        self.trump = "S"
        self.leader = 0
        self.trick: list[tuple[int, Card]] = []
        self.last_trick: dict[str, Any] | None = None
        self.tricks = [0, 0]  # this deal's tricks that count (after the stock is gone)
        self.played: list[Card] = []  # the cards of this deal's finished tricks
        self.start_events = self._deal()

    # ---- the contract ------------------------------------------------------------------

    def _turn(self) -> int:
        return (self.leader + len(self.trick)) % 2

    def _to_act(self) -> list[int]:
        return [] if self.outcome is not None else [self._turn()]

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.outcome is not None or seat != self._turn():
            return []
        hand = self.hands[seat]
        if self.trick:
            led = self.trick[0][1].suit
            following = [c for c in hand if c.suit == led]
            hand = following or hand
        return [{"type": "play", "card": text} for text in card_strs(hand)]

    def normalize(self, seat: int, action: Action) -> Action:
        card = action.get("card")
        if action.get("type") == "play" and isinstance(card, str):
            try:
                return {"type": "play", "card": str(parse_card(card))}
            except ValueError:
                pass
        return action

    def explain_illegal(self, seat: int, action: Action) -> str:
        card = action.get("card")
        if not isinstance(card, str) or card not in card_strs(self.hands[seat]):
            return f"You do not hold {card}."
        led = self.trick[0][1].suit if self.trick else None
        return f"You must follow suit: play one of your {SUIT_NAMES.get(led or '', 'cards')}."

    def _apply(self, seat: int, action: Action) -> list[Event]:
        card = parse_card(action["card"])
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)
        self.trick.append((seat, card))
        events: list[Event] = [{"type": "play", "seat": seat, "card": str(card),
                                "text": f"{{s{seat}:plays}} {card.symbol}."}]
        if len(self.trick) == 2:
            events += self._finish_trick()
        return events

    def view(self, seat: int | None) -> View:
        top = self.stock[0] if self.stock else None
        view: View = {
            "game": self.name, "seat": seat, "players": 2, "outcome": self.outcome,
            "to_act": self._to_act(), "waiting_for": self._to_act(),
            "deal": self.deal_number, "deals": self.deals, "dealer": self.dealer,
            "trump": self.trump, "stock_top": str(top) if top else None,
            "stock_count": len(self.stock), "leader": self.leader,
            "turn": None if self.outcome is not None else self._turn(),
            "trick": [{"seat": s, "card": str(c)} for s, c in self.trick],
            "last_trick": self.last_trick, "tricks": list(self.tricks),
            "played": card_strs(self.played),
            "hand_sizes": [len(h) for h in self.hands],
            "known": [card_strs(sorted(k, key=hand_order)) for k in self.known],
            "scores": list(self.scores),
        }
        if seat is not None:
            view["hand"] = card_strs(self.hands[seat])
        return view

    # ---- search ------------------------------------------------------------------------

    def _hidden_cards(self, seat: int) -> list[Card]:
        other = 1 - seat
        unseen = [c for c in self.hands[other] if c not in self.known[other]]
        return unseen + self.stock[1:]

    def _tidy_after_redeal(self) -> None:
        for hand in self.hands:
            hand.sort(key=hand_order)

    # ---- the flow of a deal ------------------------------------------------------------

    def _deal(self) -> list[Event]:
        self.deal_number += 1
        self.dealer = 1 - self.dealer
        deck = shuffled(standard_deck(), self.rng)
        self.hands = [sorted(deck[:HAND], key=hand_order),
                      sorted(deck[HAND:2 * HAND], key=hand_order)]
        self.stock = deck[2 * HAND:]
        self.known = [[], []]
        self.trump = self.stock[0].suit or "S"
        self.leader = 1 - self.dealer
        # The last trick stays in view into the next deal: the events named its cards.
        self.trick, self.tricks, self.played = [], [0, 0], []
        top = self.stock[0]
        events: list[Event] = [{
            "type": "deal", "dealer": self.dealer, "trump": self.trump, "up": str(top),
            "text": (f"Deal {self.deal_number} of {self.deals}: {{s{self.dealer}:deals}} 13 "
                     f"cards each. Turned up: {top.symbol}, so {SUIT_NAMES[self.trump]} are "
                     f"trumps. {{s{self.leader}:leads}}."),
        }]
        for seat in (0, 1):
            events.append({"type": "hand", "to": seat, "cards": card_strs(self.hands[seat]),
                           "text": "Your hand: " + " ".join(
                               c.symbol for c in self.hands[seat]) + "."})
        return events

    def _finish_trick(self) -> list[Event]:
        led = self.trick[0][1].suit or ""
        winner, best = self.trick[0]
        for seat, card in self.trick[1:]:
            if beats(card, best, led, self.trump):
                winner, best = seat, card
        loser = 1 - winner
        self.last_trick = {"cards": [{"seat": s, "card": str(c)} for s, c in self.trick],
                           "winner": winner}
        self.played += [c for _, c in self.trick]
        self.trick = []
        self.leader = winner
        if not self.stock:
            self.tricks[winner] += 1
            events: list[Event] = [{"type": "trick", "winner": winner,
                                    "text": f"{{s{winner}:wins}} the trick "
                                            f"({self.tricks[winner]} of 13 that count)."}]
            if not self.hands[winner]:
                events += self._end_deal()
            return events
        taken, drawn = self.stock[0], self.stock[1]
        self.stock = self.stock[2:]
        self.hands[winner].append(taken)
        self.hands[winner].sort(key=hand_order)
        self.known[winner].append(taken)
        self.hands[loser].append(drawn)
        self.hands[loser].sort(key=hand_order)
        text = (f"{{s{winner}:wins}} the trick, and with it {taken.symbol}; "
                f"{{s{loser}:takes}} the next card")
        text += f". Turned up: {self.stock[0].symbol}." if self.stock else \
            ". The stock is gone: the next 13 tricks count."
        return [{"type": "trick", "winner": winner, "took": str(taken), "text": text},
                {"type": "draw", "to": loser, "card": str(drawn),
                 "text": f"You take {drawn.symbol} from the stock."}]

    def _end_deal(self) -> list[Event]:
        for seat in (0, 1):
            self.scores[seat] += self.tricks[seat]
        a, b = self.tricks
        events: list[Event] = [{
            "type": "deal_end", "tricks": list(self.tricks), "scores": list(self.scores),
            "text": (f"Deal {self.deal_number} is over: {{s0}} {a} tricks, {{s1}} {b}. "
                     f"Totals: {{s0}} {self.scores[0]}, {{s1}} {self.scores[1]}."),
        }]
        if self.deal_number < self.deals:
            return events + self._deal()
        self.outcome = self._final_outcome()
        events.append({"type": "game_end", "outcome": self.outcome,
                       "text": self.outcome["detail"]})
        return events

    def _final_outcome(self) -> dict[str, Any]:
        best = max(self.scores)
        winners = [s for s in (0, 1) if self.scores[s] == best]
        ranks = [sum(other > score for other in self.scores) for score in self.scores]
        if len(winners) == 1:
            loser = 1 - winners[0]
            detail = (f"{{s{winners[0]}:wins}} German Whist, {best} tricks to "
                      f"{self.scores[loser]}.")
        else:
            detail = f"Both players share the win with {best} tricks each."
        return {"winners": winners, "ranks": ranks, "scores": list(self.scores),
                "shared": len(winners) > 1, "win_points": 1, "detail": detail}
