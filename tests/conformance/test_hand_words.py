"""A hand picture's alt text says what that picture shows, for every registered game along a
whole game: every card face the picture draws, as often as it draws it, and no card the
picture does not show (in a face or in its lines), within a bound fit for a screen reader.
The table has its own picture and words; a hand's words do not repeat it."""

from __future__ import annotations

import re
from collections import Counter

import pytest

import render
from render.alt_text import MAX_HAND_CHARS
from render.kit import text
from render.registry import renderer_for
from tables.pictures import playable_cards
from tests.conformance.games import TABLES, Seating, params, random_game
from tests.conformance.test_pictures import dressed
from tests.render.test_describe import CARD_WORDS, DIE_WORDS, RANKS, SUITS

#: The hands are drawn and said after every few moves, and at the end.
EVERY = 5
#: A card as a hand picture writes it in its lines and under each card ("5♥", "10♠", "PIP 4").
SYMBOL = re.compile(r"(?<![\w])(10|[A2-9JQK])([♠♥♦♣])|\bPIP ([1-6])\b")
SUIT_OF = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def said(words: str) -> Counter[str]:
    """Each card the words name, as often as they name it."""
    found = Counter(RANKS.get(rank, rank) + SUITS[suit] for rank, suit in
                    CARD_WORDS.findall(words))
    return found + Counter(f"P{face}" for face in DIE_WORDS.findall(words))


def pictured(game: str, view: dict) -> tuple[Counter[str], set[str]]:
    """(each card face the hand picture draws, as often as drawn; every card it shows, in a
    face or written in its text)."""
    with text.recording() as drawn:
        renderer_for(game).hand(view, False)
    faces = Counter(d.text for d in drawn if d.kind == "index")
    written = set()
    for piece in drawn:
        if piece.kind != "text":
            continue
        for rank, suit, face in SYMBOL.findall(piece.text):
            written.add(f"P{face}" if face else ("T" if rank == "10" else rank) + SUIT_OF[suit])
    return faces, set(faces) | written


@pytest.mark.parametrize("seating", params(TABLES))
def test_a_hands_words_say_the_cards_its_picture_shows_and_no_other(seating: Seating) -> None:
    checked = 0
    for game, moves in random_game(seating, seed=12):
        if moves % EVERY and game.outcome is None:
            continue
        table = render.describe(seating.game, dressed(game.view(None), game, moves))
        for seat in range(game.players):
            view = {**dressed(game.view(seat), game, moves),
                    "playable": playable_cards(game.legal_actions(seat))}
            words = render.describe(seating.game, view)
            faces, shown = pictured(seating.game, view)
            where = (seat, moves, words)
            assert len(words) <= MAX_HAND_CHARS and table not in words, where
            assert not faces - said(words), where  # every card drawn, as often as drawn
            assert set(said(words)) <= shown, where  # nothing the picture does not show
            checked += bool(faces)
    assert checked, "the hands had cards to say"
