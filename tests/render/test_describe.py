"""Alt text: `render.describe` says the state in one paragraph a screen reader can read, and
never names a card the view it was given does not show (no hidden card reaches the words)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import render
from engine.cards import card_symbol
from engine.registry import GAMES
from render import alt_text
from render.alt_text import MAX_CHARS
from render.cribbage import play
from render.gallery import NAMES, Sample
from render.kit import layout, text
from render.kit.hand import HandPicture
from render.registry import module_name, renderer_for

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
        assert cards_named(words) <= cards_shown(sample.view), sample.filename
        if sample.kind == "table":  # a hand names its player, and others only as it shows them
            players = len(sample.view["names"])
            for name in NAMES[:players]:
                assert name[:30] in words, (sample.filename, name)


def test_a_hands_words_are_short_and_say_its_picture_not_the_table(samples: list[Sample]
                                                                    ) -> None:
    hands = [s for s in samples if s.kind == "hand"]
    for sample in hands:
        words = render.describe(sample.game, sample.view)
        table = render.describe(sample.game, {**sample.view, "seat": None, "hand": None})
        assert len(words) < 300, (sample.filename, words)  # a normal hand (names up to 35)
        assert words.startswith(NAMES[sample.view["seat"]]), words
        assert f"'s {GAMES[sample.game].title} hand" in words.split(". ")[0], words
        assert "Scores" not in words and table not in words, sample.filename


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
    assert view["phase"] == "discard" and len(view["waiting_for"]) == 4
    assert "Ann, فاطمة, Gus and Hiro to discard." in render.describe("cribbage", view)
    view["waiting_for"] = [1, 3]
    assert "فاطمة and Hiro to discard." in render.describe("cribbage", view)
    view["waiting_for"] = [3]
    assert " Hiro to discard." in render.describe("cribbage", view)


def test_a_hand_says_its_playable_cards_only_when_its_cards_are_played() -> None:
    game = GAMES["cribbage"].new(2, {}, 3)
    hand_view = {**game.view(0), "names": ["Ann", "Bob"]}
    hand_view["playable"] = list(hand_view["hand"])  # every card may go to the crib
    words = render.describe("cribbage", hand_view)
    assert words == (f"Ann's Cribbage hand: {alt_text.cards(hand_view['hand'])}. "
                     "Your turn: discard to the crib.")
    for seat in (0, 1):
        game.apply(seat, game.legal_actions(seat)[0])
    seat = game.to_act()[0]
    hand_view = {**game.view(seat), "names": ["Ann", "Bob"]}
    first, *others = hand_view["hand"]
    hand_view["playable"] = [first]
    assert game.view(seat)["phase"] == "play"
    assert (f"hand, playable now: {alt_text.card(first)}; not playable now: "
            f"{alt_text.cards(others)}. Your turn: play a card. Count 0; starter "
            in render.describe("cribbage", hand_view))
    hand_view["playable"] = list(hand_view["hand"])
    assert (f"hand, all playable now: {alt_text.cards(hand_view['hand'])}. "
            in render.describe("cribbage", hand_view))
    hand_view["playable"] = []
    assert "playable" not in render.describe("cribbage", hand_view)
    # A game without words for its hand: its cards, those playable now, and whose turn.
    trick = {"hand": ["KH", "9C"], "playable": ["KH"], "seat": 0, "names": ["Ann", "Bob"],
             "waiting_for": [0]}
    assert render.describe("new-game", trick) == (
        "Ann's hand: king of hearts, 9 of clubs. Playable now: king of hearts. Ann to play.")


def test_a_hand_says_the_lines_its_picture_shows_with_cards_in_words() -> None:
    """The count and starter, the seat's discards: the same facts the picture writes under
    its title, its " · " said as a pause and its card symbols as words."""
    game = GAMES["cribbage"].new(2, {}, 3)
    for seat in (0, 1):
        game.apply(seat, game.legal_actions(seat)[0])
    seat = game.to_act()[0]
    view = {**game.view(seat), "names": ["Ann", "Bob"], "playable": []}
    drawn = play.hand_lines(view)
    words = render.describe("cribbage", view)
    assert drawn[0] == f"Count 0 · starter {card_symbol(view['starter'])}"
    assert f"Count 0; starter {alt_text.card(view['starter'])}." in words
    discards = alt_text.cards(view["discards"])
    assert words.endswith(f"Your discards to the crib: {discards}.")


def test_a_hand_without_cards_and_a_nameless_seat_are_said_plainly() -> None:
    picture = HandPicture("Pip Pip", None, "Game over", [], ["Trump: hearts"])
    assert alt_text.hand_picture_words(picture) == \
        "Your Pip Pip hand: no cards. Game over. Trump: hearts."
    noisy = HandPicture("Pip Pip", "Ann\x00", "Waiting for\nBob\x07", [])
    assert alt_text.hand_picture_words(noisy) == \
        "Ann's Pip Pip hand: no cards. Waiting for Bob."


def test_the_score_line_without_a_picture_says_what_its_title_bar_says(
        samples: list[Sample]) -> None:
    """A table sent without its picture has the deal or round, and the target, in its score
    line: the numbers the picture's title bar shows, in its order."""
    checked = set()
    for sample in samples:
        if sample.kind != "table" or not module_name(sample.game).startswith("render."):
            continue
        with text.recording() as drawn:
            renderer_for(sample.game).table(sample.view, False)
        bar = [d.shown for d in drawn
               if d.box is not None and d.box[3] <= layout.TITLE_BAR_HEIGHT and "·" in d.shown]
        assert len(bar) == 1, (sample.filename, bar)
        line = render.score_line(sample.game, sample.view, progress=True)
        stands, scores = line.split(". Scores: ", 1)
        assert re.findall(r"\d+", stands) == re.findall(r"\d+", bar[0]), (line, bar)
        assert f"Scores: {scores}" == render.score_line(sample.game, sample.view)
        checked.add(sample.game)
    assert checked >= {"cribbage", "pip-cribbage", "crib-race", "pip-rush", "pip-pip"}


def test_a_count_waiting_for_its_claim_is_named_without_the_cards_the_table_hides(
        samples: list[Sample]) -> None:
    """The table draws the crib face down and a hand only once claimed; the words named the
    cards of the count waiting for its claim, which the picture did not show."""
    waiting = [s for s in samples if s.kind == "table" and s.view.get("next_count")]
    assert {s.game for s in waiting} >= {"cribbage", "pip-cribbage", "crib-race"}
    for sample in waiting:
        upcoming = sample.view["next_count"]
        shown = {sample.view["starter"]} | {c for record in sample.view["show"]
                                           for c in record["cards"]}
        words = render.describe(sample.game, sample.view)
        assert not cards_named(words) & (set(upcoming["cards"]) - shown), words
        who = sample.view["names"][upcoming["seat"]]
        assert f"Now counting {who}'s {upcoming['kind']}." in words
