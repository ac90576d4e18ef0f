"""Words for players: button labels for actions and the rules in a few short sections."""

from __future__ import annotations

from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS, card_symbol
from engine.contract import Action, View
from engine.pip_pip.sim import CALL_POINTS


def parse_suit(value: object) -> str | None:
    """"H", "h" or "hearts" -> "H"; None for anything else."""
    if not isinstance(value, str):
        return None
    text = value.strip().lower()
    for suit in SUITS:
        if text in (suit.lower(), SUIT_NAMES[suit]):
            return suit
    return None


def action_label(action: Action) -> str:
    """"Play K♥", "Pip Pip! (hearts, +50)", "Double Pip Pip! (hearts, +100)": a call says
    what it scores, as the button is all a newcomer may read before pressing it."""
    if action.get("type") == "play":
        return f"Play {card_symbol(str(action.get('card')))}"
    if action.get("type") == "call":
        suit = parse_suit(action.get("suit"))
        name = SUIT_NAMES[suit] if suit else str(action.get("suit"))
        double = bool(action.get("double"))
        points = CALL_POINTS * (2 if double else 1)
        return f"{'Double Pip Pip!' if double else 'Pip Pip!'} ({name}, +{points})"
    return str(action.get("type", "?")).replace("_", " ")


#: Said on the first cut (the first line that turns on the ranks), and above a seat's cards
#: while it plays the first round: nothing else tells a newcomer that a 2 beats an ace.
LOW_CUT_DEALS = "the lowest card deals; 3 is the lowest, 2 the highest"
RANKS_LINE = ("Cards rank low to high: 3 4 5 6 7 8 9 10 J Q K A 2. The cards you win score "
              "points: 2 = 11, ace = 10, king = 5, queen = 4, jack = 3.")


def trick_worth(points: int) -> str:
    """What a trick taken held, said as points: "and 21 points", "(no points in it)"."""
    return f"and {points} point{'' if points == 1 else 's'}" if points else "(no points in it)"


def choice_lines(view: View) -> list[str]:
    """The ranks and the card points, to a seat about to play a card in the first round."""
    if view.get("round") == 1 and view.get("turn") is not None and view.get("turn") == view.get(
            "seat"):
        return [RANKS_LINE]
    return []


def _suit(suit: str) -> str:
    """ "H" -> "♥ hearts"."""
    return f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}"


def status_lines(view: View) -> list[str]:
    """The round, trick, draw pile and trump; the trick on the table and whose turn; the
    scores; cards shown face up by calls. The last trick is not repeated: its cards and who
    took it were told as they were played."""
    scores = "Scores: " + " · ".join(f"{{s{seat}}} {score}"
                                     for seat, score in enumerate(view["scores"]))
    if view.get("outcome") is not None:
        return [scores]
    trump = f"trump {_suit(view['trump'])}"
    if view.get("next_trump"):
        trump += f" (from the next trick: {_suit(view['next_trump'])})"
    pile = ("drawing has stopped" if view.get("drawing_stopped")
            else f"draw pile {view['pile_count']}")
    trick = ", ".join(f"{{s{c['seat']}}} {card_symbol(c['card'])}" for c in view["trick"])
    line = f"Trick: {trick}" if trick else "Trick: nothing played yet"
    if view.get("led_suit"):
        line += f" · led {_suit(view['led_suit'])}"
    if view.get("turn") is not None:
        line += f" · turn: {{s{view['turn']}}}"
    lines = [f"Round {view['round']} of {view['rounds']} · dealer: {{s{view['dealer']}}}"
             f" · trick {view['trick_number']} · {pile} · {trump}", line, scores]
    shown = [f"{{s{seat}}} {' '.join(card_symbol(c) for c in cards)}"
             for seat, cards in enumerate(view.get("declared") or []) if cards]
    if shown:
        lines.append("Face up from calls: " + " · ".join(shown))
    return lines


RULES: tuple[tuple[str, str], ...] = (
    ("Goal",
     "Win tricks holding 2s, aces and face cards, and call Pip Pip. Highest total after the "
     "last round wins; a tie shares the win."),
    ("Cards and deal",
     "Two decks, 104 cards. Ranks from low to high: 3 4 5 6 7 8 9 10 J Q K A 2. The lowest "
     "cut deals first; each round the dealer cuts a card whose suit is trump, then deals 7 "
     "cards each. The deal passes left; one round per player unless the table chose fewer."),
    ("Tricks",
     "The player left of the dealer leads the first trick, then each trick's winner leads. "
     "Follow the led suit if you can; otherwise play anything. The highest trump wins, else "
     "the highest card of the led suit; of two identical cards the later one wins. After you "
     "play, you draw a card. When the draw pile has fewer cards than players at the start of "
     "a trick, drawing stops and everyone plays out their last seven cards."),
    ("Pip Pip!",
     "Hold a king and queen of a suit that is not trump? Call Pip Pip at any time, even when "
     "it is not your turn, for 50 points. The pair is shown face up and stays in your hand. "
     "Its suit becomes trump from the next trick (a call before a trick is led counts for that "
     "trick); if several calls fall in one trick, the first one sets trump. Both kings and "
     "both queens of a suit at once: Double Pip Pip, 100 points. Each card counts in one "
     "call only. With two decks you may hold two of the same card; if one of them is "
     "face up from a call, playing that card plays the face-up one, and the hidden one can "
     "still be used in a later call."),
    ("Scoring",
     "Captured cards: 2 = 11, ace = 10, king = 5, queen = 4, jack = 3. Calls score at once."),
)
