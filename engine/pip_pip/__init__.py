"""Pip Pip: a trick-taking party game for 3-8 players with two decks (docs/RULES.md,
Pip Pip). `SPEC` makes it GAMES["pip-pip"]. Its rules are written once, in the integer core
(sim.py); game.py narrates it for the table.

Actions (cards by notation: two decks hold two of every card, so "KH" means either):
    {"type": "play", "card": "KH"}                     play a card on your turn
    {"type": "call", "suit": "H"}                      Pip Pip: a king and queen of hearts
    {"type": "call", "suit": "H", "double": True}      both kings and both queens: 100 points

A call is open to any seat at any moment of a round, on or off turn, so `to_act()` lists the
seat to play and every seat that can call; `waiting_for()` lists only the seat to play.
`decision_key(seat)` is the trick whose trump a call made now would choose (PP-11), so a call
pressed before another seat's lead is refused after it rather than made for a later trick.

Rulings made here are docs/RULES.md PP-10..PP-13 and PP-15: when a call moves trump, which copy
of a card is played, that points count at once, and that a call counts for the stretch of play
it was made in.

View keys (view(seat); view(None) is the channel's view and has no "hand"):
    game, seat, players, waiting_for, outcome            as in the contract
    to_act               the seat to play, plus the viewing seat if it may call: to_act()
                         itself would reveal which other seats hold a callable pair
    round, rounds        this round (1-based) and the number of rounds in the game
    dealer               seat that dealt this round
    cut_card             the dealer's cut that chose this round's first trump ("QD")
    trump                suit in force for the current trick (or the next one to be led)
    next_trump           suit a call made during this trick will make trump next, or None
    trick_number         1-based number of the current trick in this round
    leader, turn         seat that led / leads this trick; seat to play (None when over)
    led_suit             suit of the card led to this trick, or None
    trick                [{"seat": s, "card": "KH"}, ...] cards played to this trick, in order
    last_trick           None, or {"cards": [...as trick], "winner", "points", "trump",
                         "trick_number"} for the last completed trick
    declared             per seat, its face-up cards (used in a call, still in hand)
    calls                this round's calls: [{"seat", "suit", "double", "trick_number"}]
    played               cards of this round's completed tricks, in play order
    pile_count           cards left in the draw pile
    drawing_stopped      True once drawing has stopped for the round
    set_aside_count      cards set aside when drawing stopped
    hand_sizes           per seat, cards in hand
    round_points         per seat, points captured in tricks this round
    scores               per seat, total score (captured cards and calls, all rounds)
    hand                 (own seat only) the seat's cards, sorted by suit and rank

Events carry "text" with seats as "{s0}".."{s7}"; dealt hands ("hand") and drawn cards
("draw") are private events with "to". `game.start_events` holds the events of the cut for
the first deal and the first deal itself (made when the game is built).
"""

from __future__ import annotations

from engine.pip_pip import rollout
from engine.pip_pip.achievements import ACHIEVEMENTS, MOMENTS
from engine.pip_pip.ai import choose_action
from engine.pip_pip.analysis import analyse
from engine.pip_pip.game import PipPipGame
from engine.pip_pip.sim import PipPipSimulation
from engine.pip_pip.text import RULES, action_label, choice_lines, status_lines
from engine.spec import LEVELS, GameSpec, Option, ReviewTerms

SPEC = GameSpec(
    name="pip-pip",
    title="Pip Pip",
    min_players=3,
    max_players=8,
    factory=PipPipGame,
    options=(
        Option("rounds", "all", ("all", 1, 2, 3, 4, 5, 6, 7, 8),
               'Rounds (deals) to play: "all" is one per player; at most the player count.'),
    ),
    ai=choose_action,
    levels=LEVELS,
    rollout=rollout,
    analyse=analyse,
    review_terms=ReviewTerms(
        about=("Figures are estimates in points: the trick a card may take, a point it hands "
               "to another player counting half, less what the card could take if kept. A "
               "Pip Pip call is worth its points."), exact=False),
    action_label=action_label,
    choice_lines=choice_lines,
    status_lines=status_lines,
    rules=RULES,
    order=50,
    simulation=PipPipSimulation,
    achievements=ACHIEVEMENTS,
    moments=MOMENTS,
)

__all__ = ["SPEC", "PipPipGame"]
