"""Black Lady (Hearts with the queen of spades) for three or four: the rules, views, events.

Every card is dealt (with three players the 2♦ is left out). Before each deal's play every
seat passes three cards at once, to the left, then the right, then across (four players), and
every third or fourth deal nobody passes. Whoever holds the 2♣ leads it; a seat follows suit
if it can, and the highest card of the suit led wins (aces high). No heart nor the Q♠ may be
played to the first trick unless the hand holds nothing else, and hearts may not be led until
one has been played, unless the leader holds nothing but hearts. Each heart taken costs one
point and the Q♠ thirteen; a seat that takes all 26 points shoots the moon: everyone else
takes 26 instead. When a deal ends with anyone on `points` or more, the lowest total wins.
"""

from __future__ import annotations

import random
from typing import Any

from engine.cards import SUIT_NAMES, Card, card_strs, parse_card, shuffled, standard_deck
from engine.contract import Action, Event, Game, View

PASSED = 3
QUEEN = Card(12, "S")
TWO_OF_CLUBS = Card(2, "C")
MOON = 26
#: Seats onward a deal's passes go, deal after deal (0: nobody passes).
PASS_CYCLE = {3: (1, 2, 0), 4: (1, 3, 2, 0)}


def strength(card: Card) -> int:
    """Aces high."""
    return 14 if card.rank == 1 else card.rank


def hand_order(card: Card) -> tuple[int, int]:
    return "CDSH".index(card.suit or "C"), strength(card)


def penalty(card: Card) -> int:
    return 13 if card == QUEEN else 1 if card.suit == "H" else 0


def pass_words(offset: int, players: int) -> str:
    if offset == 0:
        return "nobody passes"
    return {1: "to the left", players - 1: "to the right"}.get(offset, "across")


class BlackLadyGame(Game):
    name = "black-lady"

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(players, options, seed)
        self.points = int(options["points"])
        self.deal_number = 0
        self.scores = [0] * players
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        #: Cards each seat has chosen to pass this deal, out of its hand until the exchange.
        self.chosen: list[list[Card]] = [[] for _ in range(players)]
        #: What each seat passed this deal: the one who passed them knows where they went.
        self.passed: list[list[Card]] = [[] for _ in range(players)]
        self.offset = 0
        self.leader = 0
        self.trick: list[tuple[int, Card]] = []
        self.last_trick: dict[str, Any] | None = None
        self.played: list[Card] = []
        self.taken = [0] * players
        self.tricks = [0] * players
        self.broken = False
        #: Whether seats are still choosing the cards they pass this deal.
        self.passing = False
        self.start_events = self._deal()

    # ---- the contract ------------------------------------------------------------------

    def _turn(self) -> int:
        return (self.leader + len(self.trick)) % self.players

    def _to_act(self) -> list[int]:
        if self.outcome is not None:
            return []
        if self.passing:
            return [s for s in range(self.players) if len(self.chosen[s]) < PASSED]
        return [self._turn()]

    def _legal_actions(self, seat: int) -> list[Action]:
        if seat not in self._acting_now():
            return []
        if self.passing:
            return [{"type": "pass", "card": text} for text in card_strs(self.hands[seat])]
        return [{"type": "play", "card": text} for text in card_strs(self._playable(seat))]

    def _playable(self, seat: int) -> list[Card]:
        hand = self.hands[seat]
        first = not self.played
        if not self.trick:
            if first:
                return [TWO_OF_CLUBS]
            safe = [c for c in hand if c.suit != "H"]
            return hand if self.broken or not safe else safe
        following = [c for c in hand if c.suit == self.trick[0][1].suit]
        if following:
            return following
        if first:
            return [c for c in hand if not penalty(c)] or hand
        return hand

    def normalize(self, seat: int, action: Action) -> Action:
        card = action.get("card")
        if action.get("type") in ("play", "pass") and isinstance(card, str):
            try:
                return {"type": action["type"], "card": str(parse_card(card))}
            except ValueError:
                pass
        return action

    def explain_illegal(self, seat: int, action: Action) -> str:
        card = action.get("card")
        if not isinstance(card, str) or card not in card_strs(self.hands[seat]):
            return f"You do not hold {card}."
        if self.passing:
            return "Choose the cards to pass first."
        if action.get("type") == "pass":
            return "The passing is over: play a card."
        if not self.played and not self.trick:
            return "The 2♣ leads the first trick."
        if not self.trick:
            return "Hearts are not broken yet: lead another suit."
        led = self.trick[0][1].suit or "C"
        if any(c.suit == led for c in self.hands[seat]):
            return f"You must follow suit: play one of your {SUIT_NAMES[led]}."
        return "No points on the first trick while you hold another card."

    def _apply(self, seat: int, action: Action) -> list[Event]:
        card = parse_card(action["card"])
        self.hands[seat].remove(card)
        if action["type"] == "pass":
            self.chosen[seat].append(card)
            to = (seat + self.offset) % self.players
            count = len(self.chosen[seat])
            events: list[Event] = [{"type": "choose", "to": seat, "card": str(card),
                                    "text": f"You will pass {card.symbol} to {{s{to}}} "
                                            f"({count} of {PASSED})."}]
            if any(len(c) < PASSED for c in self.chosen):
                return events
            return events + self._exchange()
        self.trick.append((seat, card))
        self.broken = self.broken or card.suit == "H"
        events = [{"type": "play", "seat": seat, "card": str(card),
                   "text": f"{{s{seat}:plays}} {card.symbol}."}]
        if len(self.trick) == self.players:
            events += self._finish_trick()
        return events

    def view(self, seat: int | None) -> View:
        acting = self._to_act()
        view: View = {
            "game": self.name, "seat": seat, "players": self.players, "outcome": self.outcome,
            "to_act": acting, "waiting_for": acting, "deal": self.deal_number,
            "points": self.points, "pass_offset": self.offset,
            "passing": self.passing, "chosen_count": [len(c) for c in self.chosen],
            "leader": self.leader,
            "turn": None if self.outcome is not None or self.passing else self._turn(),
            "trick": [{"seat": s, "card": str(c)} for s, c in self.trick],
            "last_trick": self.last_trick, "played": card_strs(self.played),
            "broken": self.broken, "taken": list(self.taken), "tricks": list(self.tricks),
            "hand_sizes": [len(h) for h in self.hands], "scores": list(self.scores),
        }
        if seat is not None:
            view["hand"] = card_strs(self.hands[seat])
            view["chosen"] = card_strs(self.chosen[seat])
            # The cards it passed that their new holder has not played: it knows where they are.
            to = (seat + self.offset) % self.players
            view["known"] = {"seat": to, "cards": card_strs(
                c for c in self.passed[seat] if c in self.hands[to])}
            giver = (seat - self.offset) % self.players
            view["received"] = {"seat": giver, "cards": card_strs(self.passed[giver])} \
                if self.offset else {"seat": giver, "cards": []}
        return view

    # ---- search ------------------------------------------------------------------------

    def _hidden_cards(self, seat: int) -> list[Card]:
        to = (seat + self.offset) % self.players
        hidden: list[Card] = []
        for other in range(self.players):
            if other != seat:
                hidden += [c for c in self.hands[other]
                           if not (other == to and c in self.passed[seat])]
                hidden += self.chosen[other]
        return hidden

    def determinize(self, seat: int, rng: random.Random) -> BlackLadyGame:
        game = super().determinize(seat, rng)
        assert isinstance(game, BlackLadyGame)
        # What another seat passed to a third is hidden from `seat`, and so is which of those
        # cards their holder has played: the copy says they were the first cards (in hand
        # order) of the holder's hand dealt again, so it shows nothing of the real ones.
        for other in range(self.players):
            to = (other + self.offset) % self.players
            if seat not in (other, to) and game.passed[other]:
                game.passed[other] = game.hands[to][:PASSED]
        return game

    def _possible_after_redeal(self) -> bool:
        """The seat to lead the deal's first trick holds the 2♣."""
        return self.passing or bool(self.played or self.trick) \
            or TWO_OF_CLUBS in self.hands[self.leader]

    def _tidy_after_redeal(self) -> None:
        for hand in self.hands:
            hand.sort(key=hand_order)

    # ---- the flow of a deal ------------------------------------------------------------

    def _deal(self) -> list[Event]:
        self.deal_number += 1
        cycle = PASS_CYCLE[self.players]
        self.offset = cycle[(self.deal_number - 1) % len(cycle)]
        deck = [c for c in standard_deck() if not (self.players == 3 and c == Card(2, "D"))]
        deck = shuffled(deck, self.rng)
        size = len(deck) // self.players
        self.hands = [sorted(deck[s * size:(s + 1) * size], key=hand_order)
                      for s in range(self.players)]
        self.chosen = [[] for _ in range(self.players)]
        self.passed = [[] for _ in range(self.players)]
        self.passing = self.offset != 0
        self.trick, self.played, self.broken = [], [], False
        self.taken, self.tricks = [0] * self.players, [0] * self.players
        events: list[Event] = [{
            "type": "deal", "pass_offset": self.offset,
            "text": (f"Deal {self.deal_number}: {size} cards each; "
                     + (f"everyone passes three cards {pass_words(self.offset, self.players)}."
                        if self.offset else "nobody passes.")),
        }]
        for seat in range(self.players):
            events.append({"type": "hand", "to": seat, "cards": card_strs(self.hands[seat]),
                           "text": "Your hand: " + " ".join(
                               c.symbol for c in self.hands[seat]) + "."})
        if not self.offset:
            events += self._first_lead()
        return events

    def _exchange(self) -> list[Event]:
        events: list[Event] = [{"type": "exchange", "text": (
            f"Everyone passes three cards {pass_words(self.offset, self.players)}.")}]
        for seat in range(self.players):
            to = (seat + self.offset) % self.players
            self.passed[seat] = sorted(self.chosen[seat], key=hand_order)
            self.hands[to] = sorted(self.hands[to] + self.chosen[seat], key=hand_order)
            events.append({"type": "received", "to": to, "from": seat,
                           "cards": card_strs(self.passed[seat]),
                           "text": f"{{s{seat}}} passed you " + " ".join(
                               c.symbol for c in self.passed[seat]) + "."})
        self.chosen = [[] for _ in range(self.players)]
        self.passing = False
        return events + self._first_lead()

    def _first_lead(self) -> list[Event]:
        self.leader = next(s for s in range(self.players) if TWO_OF_CLUBS in self.hands[s])
        return [{"type": "lead", "seat": self.leader,
                 "text": f"{{s{self.leader}}} holds the 2♣ and leads."}]

    def _finish_trick(self) -> list[Event]:
        led = self.trick[0][1].suit
        winner, best = self.trick[0]
        for seat, card in self.trick[1:]:
            if card.suit == led and strength(card) > strength(best):
                winner, best = seat, card
        cost = sum(penalty(c) for _, c in self.trick)
        self.last_trick = {"cards": [{"seat": s, "card": str(c)} for s, c in self.trick],
                           "winner": winner, "points": cost}
        self.played += [c for _, c in self.trick]
        self.trick = []
        self.leader = winner
        self.taken[winner] += cost
        self.tricks[winner] += 1
        words = f" and {cost} {'point' if cost == 1 else 'points'}" if cost else ""
        events: list[Event] = [{"type": "trick", "winner": winner, "points": cost,
                                "text": f"{{s{winner}:takes}} the trick{words}."}]
        if not self.hands[winner]:
            events += self._end_deal()
        return events

    def _end_deal(self) -> list[Event]:
        moon = next((s for s in range(self.players) if self.taken[s] == MOON), None)
        costs = [0 if s == moon else MOON for s in range(self.players)] if moon is not None \
            else list(self.taken)
        for seat in range(self.players):
            self.scores[seat] += costs[seat]
        totals = ", ".join(f"{{s{s}}} {self.scores[s]}" for s in range(self.players))
        said = f"{{s{moon}:shoots}} the moon: everyone else takes 26. " if moon is not None \
            else ""
        events: list[Event] = [{"type": "deal_end", "costs": costs, "moon": moon,
                                "scores": list(self.scores),
                                "text": f"Deal {self.deal_number} is over. {said}"
                                        f"Totals: {totals}."}]
        if max(self.scores) < self.points:
            return events + self._deal()
        self.outcome = self._final_outcome()
        events.append({"type": "game_end", "outcome": self.outcome,
                       "text": self.outcome["detail"]})
        return events

    def _final_outcome(self) -> dict[str, Any]:
        best = min(self.scores)
        winners = [s for s in range(self.players) if self.scores[s] == best]
        ranks = [sum(other < score for other in self.scores) for score in self.scores]
        if len(winners) == 1:
            detail = f"{{s{winners[0]}:wins}} Black Lady with the fewest points, {best}."
        else:
            detail = f"{len(winners)} players share the win with {best} points each."
        return {"winners": winners, "ranks": ranks, "scores": list(self.scores),
                "shared": len(winners) > 1, "win_points": 1, "detail": detail}
