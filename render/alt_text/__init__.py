"""Words for the pictures: alt text, and the one-line score summary for the table message.

    describe(game_name, view) -> str     one paragraph, at most 1,024 characters (Discord's
                                         limit for an attachment's description)
    score_line(game_name, view) -> str   each side's score in one line; with progress=True
                                         after the deal or round the table picture shows

A game's own words are the `describe`, `describe_hand` and `scores` of its render
registration (render/registry.py); the helpers below are for them. A game without them still
gets a plain description from the contract's keys. The channel's view is the table picture;
a seat's view (it has the seat's "hand") is the hand picture, which shows that seat's cards
and what it is to do, not the table (it has a picture of its own), so its words are short:
the cards first, playable ones said, then the hand picture's own lines
(`hand_picture_words`, from the same `render.kit.hand.HandPicture` the picture is drawn
from). Descriptions read only what the view shows, so no hidden card can reach the words.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Any

from engine.seat_words import fill_seats, spoken_list
from render.kit import seats
from render.kit.hand import CardWriting, HandPicture
from render.kit.safe import integer, listed
from render.registry import GameRenderer, renderer_if_any

View = dict[str, Any]
MAX_CHARS = 1024
#: A hand's words stay well under this however long its names (a normal hand: under 300).
MAX_HAND_CHARS = 400
NAME_CHARS = 40  # a name is cut in the words as on the pictures

RANK_WORDS = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def describe(game_name: str, view: View) -> str:
    """The picture drawn from `view` in words: the table's, or for a seat's view its hand
    picture's, which starts with that seat's cards."""
    renderer = renderer_if_any(game_name)
    seat = view.get("seat")
    if isinstance(seat, int) and isinstance(view.get("hand"), list):
        return clip(_hand(renderer, view, seat))
    body = renderer.describe(view) if renderer and renderer.describe \
        else _plain(game_name, view)
    return clip(body)


def _hand(renderer: GameRenderer | None, view: View, seat: int) -> str:
    if renderer and renderer.describe_hand:
        return renderer.describe_hand(view)
    return " ".join(p for p in (hand_words(view, seat), outcome_words(view) or turn_words(view))
                    if p)


def score_line(game_name: str, view: View, *, progress: bool = False) -> str:
    """Each side's score; with `progress`, after where the game stands (the deal, the round),
    for a table sent without its picture, whose title bar says that."""
    renderer = renderer_if_any(game_name)
    pairs = renderer.scores(view) if renderer and renderer.scores else _plain_scores(view)
    line = "Scores: " + side_scores(pairs, " · ") if pairs else ""
    stands = renderer.progress(view) if progress and renderer and renderer.progress else ""
    if not stands:
        return line
    return f"{stands[:1].upper()}{stands[1:]}." + (f" {line}" if line else "")


def clip(words: str, limit: int = MAX_CHARS) -> str:
    words = re.sub(r"\s+", " ", words).strip()
    return words if len(words) <= limit else words[: limit - 1].rstrip() + "…"


# ---- helpers the games' words share ---------------------------------------------------------


def name(view: View, seat: object) -> str:
    """A seat's name made safe for plain text: no controls, not too long."""
    if not isinstance(seat, int):
        return "nobody"
    return plain_name(seats.label(view, seat))


def plain_name(label: object) -> str:
    """A name made safe for plain text: no controls, whitespace collapsed, not too long, and
    letters in a "fancy font" (𝓐𝓷𝓷, Ｍａｘ) plain, as the pictures draw them and as a screen
    reader can say them."""
    label = plain_text(label)
    return label if len(label) <= NAME_CHARS else label[: NAME_CHARS - 1] + "…"


def plain_text(words: object) -> str:
    """Text with names in it made safe as `plain_name` makes a name, but kept whole."""
    words = "".join(" " if ch.isspace() else ch
                    for ch in unicodedata.normalize("NFKC", str(words))
                    if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cs", "Co"))
    return " ".join(words.split())


def names(view: View, seat_list: Sequence[object]) -> str:
    """One side's seats as its name: "Ann & Cy"."""
    return " & ".join(name(view, s) for s in seat_list if isinstance(s, int)) or "nobody"


def side_scores(pairs: Sequence[tuple[str, object]], separator: str) -> str:
    """ "Ann & Computer 1: 0 · Bob: 12": the colon keeps a score off a name ending in a number."""
    return separator.join(f"{who}: {points}" for who, points in pairs)


def card(notation: object) -> str:
    """"5H" -> "5 of hearts", "KS" -> "king of spades", "P4" -> "die 4"."""
    token = str(notation).strip().upper()
    if len(token) == 2 and token[0] == "P" and token[1] in "123456":
        return f"die {token[1]}"
    if len(token) == 2 and token[1] in SUIT_WORDS:
        return f"{RANK_WORDS.get(token[0], token[0])} of {SUIT_WORDS[token[1]]}"
    return "an unknown card"


def cards(notations: Sequence[object]) -> str:
    return ", ".join(card(c) for c in notations) or "none"


def cards_by_suit(notations: Sequence[object]) -> str:
    """The shorter way to say many cards: "clubs 2, 8, ace; hearts queen; die 4", the suits
    (and dice, and cards it cannot read) in the order they first appear."""
    groups: dict[str, list[str]] = {}
    for notation in notations:
        words = card(notation)
        rank, _, suit = words.partition(" of ")
        if suit:
            groups.setdefault(suit, []).append(rank)
        else:
            groups.setdefault(words, [])
    return "; ".join(f"{suit} {', '.join(ranks)}" if ranks else suit
                     for suit, ranks in groups.items()) or "none"


def fill(line: object, view: View) -> str:
    """An engine's text with seat names put in ("{s0:plays}" -> "Ann plays")."""
    return fill_seats(str(line), [name(view, seat) for seat in range(10)])


def turn_words(view: View, verb: str = "to play") -> str:
    waiting = seats.to_act(view) if "waiting_for" not in view else \
        [s for s in listed(view.get("waiting_for")) if isinstance(s, int)]
    if not waiting:
        return ""
    return f"{spoken_list([name(view, seat) for seat in waiting])} {verb}."


def outcome_words(view: View) -> str:
    outcome = view.get("outcome")
    if not isinstance(outcome, dict):
        return ""
    detail = fill(outcome.get("detail", ""), view)
    return f"Game over. {detail}".strip()


def hand_words(view: View, seat: int, table: View | None = None, *,
               by_suit: bool = False) -> str:
    """ "Ann's hand: 6 of hearts, 9 of clubs. Playable now: 6 of hearts." The seat is named
    as `table` names it when given (the table view a revealed hand's row is named from),
    else as the hand's own view does; `by_suit` says the cards the shorter way
    (`cards_by_suit`)."""
    hand = [c for c in listed(view.get("hand")) if isinstance(c, str)]
    say = cards_by_suit if by_suit else cards
    words = f"{name(view if table is None else table, seat)}'s hand: {say(hand)}."
    playable = [c for c in listed(view.get("playable")) if isinstance(c, str)]
    # The highlight marks the cards the seat's moves name: played ones only in a phase of
    # play (a view without phases plays every turn); a discard may take any card, unsaid.
    if playable and view.get("phase", "play") == "play":
        words += f" Playable now: {say(playable)}."
    return words


#: How a hand picture's lines write a card in its alt text.
SPOKEN = CardWriting(card, ", ")


def hand_picture_words(picture: HandPicture) -> str:
    """A hand picture in words, from the facts it is drawn from: the cards first, the
    outlined ones said as such ("playable now"), then the status and each line under it.
    "Ann's Cribbage hand, playable now: 7 of spades; not playable now: 9 of clubs. Your
    turn: play a card. Count 25; starter 4 of spades." """
    owner = f"{plain_name(picture.player)}'s" if picture.player is not None else "Your"
    head = f"{owner} {picture.game} hand"
    held = [item.notation for item in picture.items]
    marked = [item.notation for item in picture.items if item.playable] if picture.marked \
        else []
    others = [notation for notation in held if notation not in marked]
    if not held:
        parts = [f"{head}: no cards."]
    elif not marked:
        parts = [f"{head}: {cards(held)}."]
    elif not others:
        parts = [f"{head}, all {picture.marked}: {cards(held)}."]
    else:
        parts = [f"{head}, {picture.marked}: {cards(marked)}; not {picture.marked}: "
                 f"{cards(others)}."]
    parts += [_sentence(line) for line in (picture.status, *picture.lines) if line.strip()]
    return " ".join(parts)


def _sentence(line: str) -> str:
    """A line of a picture as a sentence: its " · " separators said as semicolons."""
    words = plain_text(line.replace(" · ", "; ")).rstrip(" ,;:")
    return words if words.endswith((".", "!", "?", "…")) else words + "."


def _plain_scores(view: View) -> list[tuple[str, object]]:
    scores = listed(view.get("scores"))
    return [(name(view, seat), integer(score)) for seat, score in enumerate(scores)]


def _plain(game_name: str, view: View) -> str:
    pairs = _plain_scores(view)
    parts = [f"A game of {game_name}."]
    if pairs:
        parts.append("Scores: " + side_scores(pairs, ", ") + ".")
    parts += [outcome_words(view) or turn_words(view)]
    return " ".join(p for p in parts if p)


def ordinal(number: int) -> str:
    """1 -> "1st", 12 -> "12th", 23 -> "23rd"."""
    endings = {1: "st", 2: "nd", 3: "rd"}
    ending = "th" if 10 <= number % 100 <= 20 else endings.get(number % 10, "th")
    return f"{number}{ending}"
