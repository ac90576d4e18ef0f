"""Goofspiel (the Game of Pure Strategy) for two or three: the rules, views and events.

Each player holds one whole suit (spades, hearts, clubs in seat order); the diamonds are the
prizes, shuffled face down. Each round the top prize is turned up and every player bids one
card from their hand at once, unseen; the bids are shown together and the highest takes the
prize (ace 1 up to king 13, bids and prizes alike). A tie for highest takes nothing: the
prize is thrown out, or, with the option `ties` "carry", stays in the pot for the next round.
After 13 rounds the most prize points win.
"""

from __future__ import annotations

from typing import Any

from engine.cards import Card, card_strs, parse_card, shuffled, standard_deck
from engine.contract import Action, Event, Game, View
from engine.seat_words import spoken_list

SUITS = "SHC"
PRIZE_SUIT = "D"


def suit_cards(suit: str) -> list[Card]:
    return [c for c in standard_deck() if c.suit == suit]


def symbols(cards: list[Card]) -> str:
    return " ".join(c.symbol for c in cards)


class GoofspielGame(Game):
    name = "goofspiel"

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(players, options, seed)
        self.carry = options["ties"] == "carry"
        self.hands = [suit_cards(SUITS[s]) for s in range(players)]
        self.prizes = shuffled(suit_cards(PRIZE_SUIT), self.rng)
        #: The prizes at stake this round: the one turned up, and any a tie carried over.
        self.pot: list[Card] = []
        self.bids: list[Card | None] = [None] * players
        self.won: list[list[Card]] = [[] for _ in range(players)]
        #: Prizes a tie threw out.
        self.thrown: list[Card] = []
        self.scores = [0] * players
        self.round = 0
        self.last_round: dict[str, Any] | None = None
        self.start_events = self._deal() + self._turn_up()

    # ---- the contract ------------------------------------------------------------------

    def _to_act(self) -> list[int]:
        if self.outcome is not None:
            return []
        return [s for s in range(self.players) if self.bids[s] is None]

    def _legal_actions(self, seat: int) -> list[Action]:
        if seat not in self._acting_now():
            return []
        return [{"type": "bid", "card": text} for text in card_strs(self.hands[seat])]

    def normalize(self, seat: int, action: Action) -> Action:
        card = action.get("card")
        if action.get("type") == "bid" and isinstance(card, str):
            try:
                return {"type": "bid", "card": str(parse_card(card))}
            except ValueError:
                pass
        return action

    def explain_illegal(self, seat: int, action: Action) -> str:
        return f"You do not hold {action.get('card')}: bid one of your {symbols(self.hands[seat])}."

    def _apply(self, seat: int, action: Action) -> list[Event]:
        card = parse_card(action["card"])
        self.hands[seat].remove(card)
        self.bids[seat] = card
        events: list[Event] = [
            {"type": "bid", "seat": seat, "text": f"{{s{seat}:bids}} face down."},
            {"type": "bid", "to": seat, "retells": True, "card": str(card),
             "text": f"You bid {card.symbol} for {symbols(self.pot)}."}]
        if any(bid is None for bid in self.bids):
            return events
        return events + self._reveal()

    def view(self, seat: int | None) -> View:
        acting = self._to_act()
        view: View = {
            "game": self.name, "seat": seat, "players": self.players, "outcome": self.outcome,
            "to_act": acting, "waiting_for": acting, "round": self.round,
            "ties": self.options["ties"],
            "pot": card_strs(self.pot), "prizes_left": len(self.prizes),
            "bid": [bid is not None for bid in self.bids],
            "shown": [card_strs(c for c in suit_cards(SUITS[s])
                                if c not in self.hands[s] and c != self.bids[s])
                      for s in range(self.players)],
            "won": [card_strs(w) for w in self.won], "thrown": card_strs(self.thrown),
            "scores": list(self.scores),
            "last_round": self.last_round,
        }
        if seat is not None:
            view["hand"] = card_strs(self.hands[seat])
            own = self.bids[seat]
            view["my_bid"] = None if own is None else str(own)
        return view

    # ---- search ------------------------------------------------------------------------

    def _hidden_pools(self, seat: int) -> list[list[Card]]:
        """The face-down prizes, and each other seat's face-down bid with its hand: a bid is
        one of the cards its seat has not shown, never a diamond."""
        pools = [list(self.prizes)]
        for other, bid in enumerate(self.bids):
            if other != seat and bid is not None:
                pools.append(self.hands[other] + [bid])
        return pools

    def _tidy_after_redeal(self) -> None:
        for hand in self.hands:
            hand.sort()

    # ---- the flow of the game ----------------------------------------------------------

    def _deal(self) -> list[Event]:
        taken = ", ".join(f"{{s{s}}} the {name}" for s, name in
                          enumerate(("spades", "hearts", "clubs")[:self.players]))
        events: list[Event] = [{"type": "deal", "text": (
            f"Each player takes a suit: {taken}. The diamonds are the prizes, shuffled face "
            "down.")}]
        for seat in range(self.players):
            events.append({"type": "hand", "to": seat, "cards": card_strs(self.hands[seat]),
                           "text": f"Your hand: {symbols(self.hands[seat])}."})
        return events

    def _turn_up(self) -> list[Event]:
        self.round += 1
        prize = self.prizes.pop()
        self.pot.append(prize)
        carried = f" (with {symbols(self.pot[:-1])} carried over)" if len(self.pot) > 1 else ""
        return [{"type": "prize", "card": str(prize), "round": self.round,
                 "text": f"Round {self.round}: {prize.symbol} is up for bids{carried}."}]

    def _reveal(self) -> list[Event]:
        bids = [bid for bid in self.bids if bid is not None]
        top = max(bid.rank for bid in bids)
        highest = [s for s, bid in enumerate(bids) if bid.rank == top]
        shown = spoken_list([f"{{s{s}}} bid {bid.symbol}" for s, bid in enumerate(bids)])
        worth = sum(c.rank for c in self.pot)
        self.last_round = {"round": self.round, "pot": card_strs(self.pot),
                           "bids": card_strs(bids),
                           "winner": highest[0] if len(highest) == 1 else None}
        if len(highest) == 1:
            winner = highest[0]
            self.won[winner] += self.pot
            self.scores[winner] += worth
            said = f"{{s{winner}:takes}} {symbols(self.pot)} for {worth}."
            self.pot = []
        elif self.carry and self.prizes:
            said = f"A tie: {symbols(self.pot)} stays for the next round."
        else:
            said = f"A tie: nobody takes {symbols(self.pot)}."
            self.thrown += self.pot
            self.pot = []
        self.bids = [None] * self.players
        events: list[Event] = [{"type": "reveal", "bids": card_strs(bids),
                                "winner": self.last_round["winner"], "points": worth,
                                "text": f"{shown}. {said}"}]
        if self.prizes:
            return events + self._turn_up()
        self.outcome = self._final_outcome()
        events.append({"type": "game_end", "outcome": self.outcome,
                       "text": self.outcome["detail"]})
        return events

    def _final_outcome(self) -> dict[str, Any]:
        best = max(self.scores)
        winners = [s for s in range(self.players) if self.scores[s] == best]
        ranks = [sum(other > score for other in self.scores) for score in self.scores]
        if len(winners) == 1:
            detail = f"{{s{winners[0]}:wins}} Goofspiel with {best} points."
        else:
            detail = f"{len(winners)} players share the win with {best} points each."
        return {"winners": winners, "ranks": ranks, "scores": list(self.scores),
                "shared": len(winners) > 1, "win_points": 1, "detail": detail}
