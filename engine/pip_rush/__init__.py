"""PIP Rush: a trick-taking dice race for 2 players (one team each) or 4 (partners opposite).

Rules: docs/RULES.md, PIP Rush (PR-1..PR-17). Every rule is played by the core (sim.py, on
integers, SPEC.simulation; it also names the racers and bounds their dice); game.py builds
the contract's actions, events and views on it; track.py reads and checks the track files.

Actions (all JSON):
    {"type": "play", "card": "5H"}                       play a card into the trick
    {"type": "choose_racer", "racer": 0}                 0 = racer A, 1 = racer B ("A"/"B" accepted)
    {"type": "move", "racer": 1, "space": 4, "lane": 2}  the Movement ("space" may be left out)
A choice is only asked for when there are at least two options; otherwise the game makes it.

Events: {"type", "text", ...} with seats as "{s0}".."{s3}": play, trick_won, suit_action,
move, action_lost, drawn, cycle, game_over; private ("to"): draw, deal. A choice waiting is
told by no event: the chooser's view asks it (text.choice_lines), everyone reads its result.
`game.start_events` holds the events of the first deal.

Lanes are numbered 1-3; a racer at Start has space 0 and lane None. The 4 racers are listed
team-major: racers[team * 2 + index].

View keys (view(seat); view(None) has the same keys except "hand"):
    game, seat, to_act, outcome, players   the contract's keys
    options        {"overtime": bool, "track": name}
    track          {"name", "title", "description", "lanes", "start": 0, "finish": 10,
                    "last_mile": 7, "obstacles": [[space, lane], ...]}
    racers         [{"team", "index", "label": "A"/"B", "space", "lane", "pips",
                     "affected": affected during the trick being resolved}] x 4
    sides          team of each seat ([0, 1] or [0, 1, 0, 1]); teams: [[seats of team 0], [..1]]
    team           the viewing seat's team (None for the channel)
    phase          "play" (cards being played), "resolve" (waiting for a choice) or "over"
    trick          [{"seat", "card"}] the current trick, in play order
    play_order     the seats in the order they play this trick (2 players: L, O, L, O)
    resolution     None, or while a trick waits for a choice: {"winner": index in trick,
                    "order": card indices in resolution order, "step": position in order,
                    "resolving": {"index", "seat", "card", "action"} (action: gain, decay,
                    flip, swap or movement), "pending": {"seat", "choice": "racer"/"move"},
                    "results": what the cards before it resolved to}
    last_trick     None, or {"number", "winner", "winner_seat", "order", "cards": [{"seat",
                    "card", "won", "result": {"action", "racer", "lost", "text", ...}}]}
    cycle, trick_number   1-based cycle and trick within it; tricks_played, max_tricks, cycles
    leader         seat leading the current trick
    hand_sizes     cards in each hand; draw_pile: cards left to draw (never their order)
    hand           the seat's own cards (only in a seat's view)

Outcome scores: each seat's team's combined racer spaces (progress along the track).
"""

from __future__ import annotations

from typing import Any

from engine.pip_rush import rollout
from engine.pip_rush.achievements import ACHIEVEMENTS, MOMENTS
from engine.pip_rush.ai import choose_action
from engine.pip_rush.analysis import TERMS, analyse
from engine.pip_rush.game import PipRushGame, team_of
from engine.pip_rush.sim import PipRushSim
from engine.pip_rush.text import (
    RULES,
    action_label,
    choice_label,
    choice_lines,
    status_lines,
)
from engine.pip_rush.track import DEFAULT_TRACK, TRACKS
from engine.spec import LEVELS, GameSpec, Option


def _sides(players: int, options: dict[str, Any]) -> list[int]:
    return [team_of(seat) for seat in range(players)]


SPEC = GameSpec(
    name="pip-rush",
    title="PIP Rush",
    min_players=2,
    max_players=4,
    player_counts=(2, 4),
    factory=PipRushGame,
    options=(
        Option("overtime", False, (False, True), "Play one extra cycle before the tiebreak."),
        Option(
            "track",
            DEFAULT_TRACK,
            tuple(TRACKS),
            "Where to race: " + ", ".join(f"{name} ({t.title})" for name, t in TRACKS.items())
            + ".",
        ),
    ),
    ai=choose_action,
    levels=LEVELS,
    rollout=rollout,
    analyse=analyse,
    review_terms=TERMS,
    sides=_sides,
    action_label=action_label,
    choice_label=choice_label,
    choice_lines=choice_lines,
    status_lines=status_lines,
    rules=RULES,
    order=40,
    simulation=PipRushSim,
    achievements=ACHIEVEMENTS,
    moments=MOMENTS,
)

__all__ = ["SPEC", "PipRushGame"]
