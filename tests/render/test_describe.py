"""Alt text: `render.describe` says the state in one paragraph a screen reader can read, and
never names a card the view it was given does not show (no hidden card reaches the words)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import render
from engine.registry import GAMES
from render import alt_text
from render.alt_text import MAX_CHARS
from render.gallery import NAMES, Sample

RANKS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "10": "T"}
SUITS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
CARD_WORDS = re.compile(r"\b(ace|king|queen|jack|10|[2-9]) of (spades|hearts|diamonds|clubs)\b")
DIE_WORDS = re.compile(r"\bdie ([1-6])\b")
NOTATION = re.compile(r"^(?:[A2-9TJQK][SHDC]|P[1-6])$")


def cards_named(words: str) -> set[str]:
    named = {RANKS.get(rank, rank) + SUITS[suit] for rank, suit in CARD_WORDS.findall(words)}
    return named | {f"P{face}" for face in DIE_WORDS.findall(words)}


def cards_shown(view: Any) -> set[str]:
    """Every card notation anywhere in a view."""
    if isinstance(view, dict):
        return set().union(*(cards_shown(v) for v in view.values())) if view else set()
    if isinstance(view, list):
        return set().union(*(cards_shown(v) for v in view)) if view else set()
    return {view} if isinstance(view, str) and NOTATION.match(view) else set()


def test_every_gallery_state_is_described_within_discords_limit(samples: list[Sample]) -> None:
    for sample in samples:
        words = render.describe(sample.game, sample.view)
        assert 40 <= len(words) <= MAX_CHARS, sample.filename
        assert "\n" not in words
        assert GAMES[sample.game].title.lower() in words.lower(), sample.filename
        assert "{s" not in words, sample.filename  # every seat placeholder filled in
        players = len(sample.view["names"])
        for name in NAMES[:players]:
            assert name[:30] in words, (sample.filename, name)
        assert cards_named(words) <= cards_shown(sample.view), sample.filename


def test_hand_descriptions_start_with_the_players_own_hand(samples: list[Sample]) -> None:
    for sample in samples:
        if sample.kind != "hand" or not sample.view.get("hand"):
            continue
        words = render.describe(sample.game, sample.view)
        assert words.startswith(f"{NAMES[sample.view['seat']]}"), sample.filename
        assert set(sample.view["hand"]) <= cards_named(words.split(". ")[0]), sample.filename


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_hidden_card_is_ever_described(name: str) -> None:
    """Whole games with random legal moves: at every step the channel's description names only
    cards the channel sees, and a seat's names only cards that seat sees."""
    spec = GAMES[name]
    for players in sorted({spec.allowed_player_counts()[0], spec.allowed_player_counts()[-1]}):
        game = spec.new(players, {}, 11)
        rng = random.Random(players)
        hidden_seen = False
        for _ in range(400):
            channel = {**game.view(None), "names": NAMES[:players]}
            words = render.describe(name, channel)
            assert len(words) <= MAX_CHARS
            assert cards_named(words) <= cards_shown(channel), words
            for seat in range(players):
                own = {**game.view(seat), "names": NAMES[:players]}
                private = set(own.get("hand", [])) - cards_shown(channel)
                hidden_seen |= bool(private)
                assert cards_named(render.describe(name, own)) <= cards_shown(own)
            if game.outcome is not None:
                break
            waiting = game.waiting_for() or game.to_act()
            seat = waiting[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        assert hidden_seen  # the check had hidden cards to keep out


def test_long_and_hostile_names_keep_the_description_within_the_limit() -> None:
    game = GAMES["pip-pip"].new(8, {}, 3)
    view = {**game.view(None), "names": ["\u202e" + "Z" * 500 + "\x00"] * 8}
    words = render.describe("pip-pip", view)
    assert len(words) <= MAX_CHARS
    assert "\x00" not in words and "Z" * 41 not in words


def test_a_name_in_a_fancy_font_is_said_in_plain_letters_as_the_picture_draws_it() -> None:
    view = {"scores": [3, 5], "names": ["𝓐𝓷𝓷", "Ｂｏｂ　🦊"], "waiting_for": [1]}
    words = render.describe("new-game", view)
    assert "Ann: 3" in words and "Bob 🦊: 5" in words and "Bob 🦊 to play" in words


def test_a_game_without_its_own_words_still_gets_a_description() -> None:
    view = {"scores": [3, 5], "names": ["Ann", "Bob"], "waiting_for": [1]}
    words = render.describe("new-game", view)
    assert "Ann: 3" in words and "Bob: 5" in words and "Bob to play" in words
    assert render.score_line("new-game", view) == "Scores: Ann: 3 · Bob: 5"


def _cribbage_of_four(names: list[str]) -> dict[str, Any]:
    return {**GAMES["cribbage"].new(4, {}, 3).view(None), "names": names}


def test_a_score_never_runs_into_a_name_that_ends_in_a_number() -> None:
    view = _cribbage_of_four(["Alice", "Bob", "Computer 1", "Computer 2"])
    view["scores"] = [0, 12]
    expected = "Alice & Computer 1: 0 · Bob & Computer 2: 12"
    assert render.score_line("cribbage", view) == f"Scores: {expected}"
    # The alt text writes each side's score the same way as the table message's line.
    assert "Alice & Computer 1: 0, Bob & Computer 2: 12." in render.describe("cribbage", view)


def test_the_seats_to_act_are_listed_as_a_sentence_says_them() -> None:
    view = _cribbage_of_four(["Ann", "فاطمة", "Gus", "Hiro"])
    view["ai"] = [False, False, True, False]
    assert view["phase"] == "discard" and len(view["waiting_for"]) == 4
    assert "Ann, فاطمة, Gus (AI) and Hiro to discard." in render.describe("cribbage", view)
    view["waiting_for"] = [1, 3]
    assert "فاطمة and Hiro to discard." in render.describe("cribbage", view)
    view["waiting_for"] = [3]
    assert " Hiro to discard." in render.describe("cribbage", view)


def test_a_hand_says_playable_now_only_when_its_cards_are_played() -> None:
    game = GAMES["cribbage"].new(2, {}, 3)
    hand_view = {**game.view(0), "names": ["Ann", "Bob"]}
    hand_view["playable"] = list(hand_view["hand"])  # every card may go to the crib
    words = render.describe("cribbage", hand_view)
    assert words.startswith(f"Ann's hand: {alt_text.cards(hand_view['hand'])}. ")
    assert "Playable" not in words and "Ann and Bob to discard." in words
    for seat in (0, 1):
        game.apply(seat, game.legal_actions(seat)[0])
    seat = game.to_act()[0]
    hand_view = {**game.view(seat), "names": ["Ann", "Bob"], "playable": ["5S"]}
    assert game.view(seat)["phase"] == "play"
    assert "Playable now: 5 of spades." in render.describe("cribbage", hand_view)
    # A trick game's view has no phase: every turn plays a card.
    trick = {"hand": ["KH", "9C"], "playable": ["KH"], "seat": 0, "names": ["Ann", "Bob"]}
    assert "Playable now: king of hearts." in render.describe("new-game", trick)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_score_line_names_every_side_once(name: str) -> None:
    spec = GAMES[name]
    players = spec.allowed_player_counts()[-1]
    view = {**spec.new(players, {}, 5).view(None), "names": NAMES[:players]}
    line = render.score_line(name, view)
    assert line.startswith("Scores: ") and "\n" not in line
    for seat_name in NAMES[:players]:
        assert line.count(seat_name) == 1, (name, seat_name)
