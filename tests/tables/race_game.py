"""Dash: a small real game for testing tables/ without the real games.

Two to four players race their side's total to a target by playing number cards (1-5) from
a hidden hand of three; the seeded rng deals and redraws. Whoever is not on turn may "cheer"
once between their own turns: an optional off-turn action, so to_act() and waiting_for()
differ. With four players and teams on, seats 0+2 play 1+3.
"""

from __future__ import annotations

import random
from typing import Any

from engine.contract import Action, Event, Game, View
from engine.errors import IllegalAction
from engine.registry import AI_LEVELS, GameSpec, Option

HAND = 3


class Dash(Game):
    name = "dash"

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(players, options, seed)
        self.target: int = options["target"]
        self.sides = dash_sides(players, options)
        self.hands = [sorted(self._draw() for _ in range(HAND)) for _ in range(players)]
        self.totals = dict.fromkeys(self.sides, 0)
        self.turn = 0
        self.cheered: set[int] = set()

    def _draw(self) -> int:
        return self.rng.randint(1, 5)

    def _to_act(self) -> list[int]:
        if self.outcome is not None:
            return []
        others = [s for s in range(self.players) if s != self.turn and s not in self.cheered]
        return sorted([self.turn, *others])

    def waiting_for(self) -> list[int]:
        return [] if self.outcome is not None else [self.turn]

    def _legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if seat == self.turn:
            return [{"type": "play", "card": card} for card in sorted(set(self.hands[seat]))]
        return [{"type": "cheer"}]

    def normalize(self, seat: int, action: Action) -> Action:
        if action["type"] == "play":
            try:
                action["card"] = int(action["card"])
            except (KeyError, TypeError, ValueError):
                raise IllegalAction("Play a card from 1 to 5.") from None
        return action

    def explain_illegal(self, seat: int, action: Action) -> str:
        if action["type"] == "play" and seat != self.turn:
            return "It is not your turn to play."
        if action["type"] == "play":
            return "You do not hold that card."
        return "You cannot do that now."

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if action["type"] == "cheer":
            self.cheered.add(seat)
            return [{"type": "cheer", "seat": seat, "text": f"{{s{seat}:cheers}}!"}]
        card = action["card"]
        self.hands[seat].remove(card)
        side = self.sides[seat]
        self.totals[side] += card
        drawn = self._draw()
        self.hands[seat] = sorted([*self.hands[seat], drawn])
        events: list[Event] = [
            {"type": "play", "seat": seat, "card": card,
             "text": f"{{s{seat}:plays}} {card} (side total {self.totals[side]})."},
            {"type": "draw", "seat": seat, "to": seat, "card": drawn,
             "text": f"{{s{seat}:draws}} {drawn}."},
        ]
        self.cheered.discard(seat)
        if self.totals[side] >= self.target:
            self._finish(side)
            events.append({"type": "win", "text": f"{{s{seat}'s}} side reaches {self.target}!"})
        else:
            self.turn = (self.turn + 1) % self.players
        return events

    def _finish(self, winning_side: int) -> None:
        others = {side: t for side, t in self.totals.items() if side != winning_side}
        skunk = all(t < self.target // 2 for t in others.values())
        def side_rank(side: int) -> int:
            if side == winning_side:
                return 0
            return 1 + sum(1 for t in others.values() if t > self.totals[side])
        self.outcome = {
            "winners": [s for s in range(self.players) if self.sides[s] == winning_side],
            "ranks": [side_rank(self.sides[s]) for s in range(self.players)],
            "scores": [self.totals[self.sides[s]] for s in range(self.players)],
            "shared": False,
            "win_points": 2 if skunk else 1,
            "detail": "skunk" if skunk else "",
        }

    def view(self, seat: int | None) -> View:
        view: View = {
            "game": self.name, "seat": seat, "to_act": self.to_act(), "outcome": self.outcome,
            "players": self.players, "turn": self.turn, "target": self.target,
            "scores": [self.totals[self.sides[s]] for s in range(self.players)],
            "hand_sizes": [len(h) for h in self.hands],
        }
        if seat is not None:
            view["hand"] = list(self.hands[seat])
        return view


def dash_sides(players: int, options: dict[str, Any]) -> list[int]:
    if players == 4 and options.get("teams"):
        return [0, 1, 0, 1]
    return list(range(players))


def dash_ai(
    view: View, legal: list[Action], rng: random.Random, level: str = "hard"
) -> Action:
    """Hard plays its biggest card, easy its smallest, normal a random one; never cheers."""
    plays = [a for a in legal if a["type"] == "play"] or legal
    if level == "hard":
        return max(plays, key=lambda a: a.get("card", 0))
    if level == "easy":
        return min(plays, key=lambda a: a.get("card", 0))
    return rng.choice(plays)


DASH = GameSpec(
    name="dash",
    title="Dash",
    min_players=2,
    max_players=4,
    factory=Dash,
    options=(
        Option("target", 15, (15, 30, 60), "Total to reach"),
        Option("teams", False, (False, True), "Partners with four players"),
    ),
    ai=dash_ai,
    levels=AI_LEVELS,
    sides=dash_sides,
)

#: The same game without a computer player (the spec's default: no ai, no levels).
DASH_NO_AI = GameSpec(
    name="dash-solo", title="Dash (people only)", min_players=2, max_players=4,
    factory=Dash, options=DASH.options, sides=dash_sides,
)

TEST_GAMES = {DASH.name: DASH, DASH_NO_AI.name: DASH_NO_AI}
