"""Worked Cribbage situations on stacked decks: the deal, the play, the show, the end."""

from __future__ import annotations

import pytest

from engine.cards import parse_cards
from engine.cribbage import CribbageGame
from engine.cribbage.scoring import score_hand
from engine.errors import IllegalAction
from tests.engine.cribbage.stacking import discard_all, of_type, stacked_game

# Dealer 1, so seat 0 leads and counts first. Seat 0 keeps 5H 5D 5C JS: with the 5S starter,
# 29. Seat 1 keeps KD KC QD QC: 12. The crib gets 2H 3H 8S 9S.
TWO_HANDS = ("5H 5D 5C JS 2H 3H", "KD KC QD QC 9S 8S")
TWO_DISCARDS = {0: "2H 3H", 1: "9S 8S"}
# The play these hands make, each (seat, card): seat 0 pegs a pair, a go and a fifteen (5),
# seat 1 a go and the last card (2).
TWO_PLAY = [(0, "JS"), (1, "KD"), (0, "5H"), (1, "go"), (0, "5D"),
            (1, "KC"), (0, "5C"), (1, "QD"), (1, "QC")]


def play(game: CribbageGame, seat: int, card: str) -> list[dict]:
    action = {"type": "go"} if card == "go" else {"type": "play", "card": card}
    return game.apply(seat, action)


def play_all(game: CribbageGame, moves: list[tuple[int, str]]) -> list[dict]:
    events: list[dict] = []
    for seat, card in moves:
        events += play(game, seat, card)
    return events


def play_first_legal_until(game: CribbageGame, phase: str) -> list[dict]:
    events: list[dict] = []
    while game.phase != phase and game.outcome is None:
        seat = game.to_act()[0]
        events += game.apply(seat, game.legal_actions(seat)[0])
    return events


def two_player_deal(**options: object) -> CribbageGame:
    game = stacked_game(TWO_HANDS, dealer=1, starter="5S", **options)
    discard_all(game, TWO_DISCARDS)
    return game


def test_the_play_of_the_stacked_deal_scores_as_worked_out() -> None:
    game = two_player_deal()
    assert game.to_act() == [0]
    assert game.legal_actions(0) == [{"type": "play", "card": c} for c in ("5H", "5D", "5C", "JS")]
    events = play_all(game, TWO_PLAY[:-1])
    scores = [(e["seat"], e["reason"], e["points"]) for e in of_type(events, "score")]
    assert scores == [(0, "play", 2), (0, "go", 1), (0, "play", 2), (1, "go", 1)]
    assert game.legal_actions(1) == [{"type": "play", "card": "QC"}]


def test_show_counts_every_hand_from_the_dealers_left_then_the_crib() -> None:
    game = two_player_deal()
    events = play_all(game, TWO_PLAY)
    shows = of_type(events, "show")
    assert [(e["seat"], e["kind"], e["points"]) for e in shows] == [
        (0, "hand", 29), (1, "hand", 12),
        (1, "crib", score_hand(parse_cards("2H 3H 8S 9S"), parse_cards("5S")[0], crib=True).total),
    ]
    assert shows[0]["breakdown"]["total"] == 29
    assert game.scores == [5 + 29, 2 + 12 + shows[2]["points"]]
    # The next deal began at once, dealt by the player to the left, and the show stays readable.
    assert game.deal_number == 2 and game.core.dealer == 0 and game.phase == "discard"
    last = game.view(None)["last_show"]
    assert [(c["seat"], c["kind"], c["scored"]) for c in last] == [
        (s["seat"], s["kind"], s["points"]) for s in shows
    ]
    assert last[0]["words"].startswith("fifteen two")


def test_three_player_show_order() -> None:
    game = stacked_game(("AS 2S 3S 4S 6S", "AH 2H 3H 4H 6H", "AD 2D 3D 4D 6D"),
                        dealer=0, starter="KC", crib_from_deck="QC")
    discard_all(game, {0: "6S", 1: "6H", 2: "6D"})
    events = play_first_legal_until(game, "discard")
    assert [(e["seat"], e["kind"]) for e in of_type(events, "show")] == [
        (1, "hand"), (2, "hand"), (0, "hand"), (0, "crib")
    ]


def test_three_players_crib_gets_its_fourth_card_from_the_deck() -> None:
    game = stacked_game(("AS 2S 3S 4S 6S", "AH 2H 3H 4H 6H", "AD 2D 3D 4D 6D"),
                        dealer=0, starter="KC", crib_from_deck="QC")
    assert game.view(None)["crib_size"] == 1
    assert all("QC" not in str(game.view(s)) for s in (None, 0, 1, 2))
    discard_all(game, {0: "6S", 1: "6H", 2: "6D"})
    assert game.view(0)["crib_size"] == 4
    events = play_first_legal_until(game, "discard")
    crib = next(e for e in of_type(events, "show") if e["kind"] == "crib")
    assert crib["cards"] == ["6S", "6H", "6D", "QC"]


def test_his_heels_gives_the_dealer_two_at_the_cut() -> None:
    game = stacked_game(TWO_HANDS, dealer=1, starter="JH")
    events = discard_all(game, TWO_DISCARDS)
    heels = of_type(events, "score")
    assert [(e["seat"], e["reason"], e["points"]) for e in heels] == [(1, "heels", 2)]
    assert game.scores == [0, 2] and game.view(None)["starter"] == "JH"


def test_four_players_partners_share_a_score() -> None:
    game = stacked_game(("5S 2C 3C 4C 6C", "TH 2H 3H 4H 6H", "AD 2D 3D 4D 6D",
                         "AS 2S 3S 4S 6S"), dealer=3, starter="KC")
    discard_all(game, {0: "2C", 1: "2H", 2: "2D", 3: "2S"})
    play(game, 0, "5S")
    events = play(game, 1, "TH")  # fifteen two for seat 1, scored for seats 1 and 3
    assert of_type(events, "score")[0]["side"] == 1
    view = game.view(2)
    assert view["sides"] == [[0, 2], [1, 3]] and view["scores"] == [0, 2]


def test_game_ends_at_once_in_the_middle_of_the_play() -> None:
    game = two_player_deal()
    game.scores = [100, 119]
    play(game, 0, "JS")
    play(game, 1, "KD")  # 20: nothing
    play(game, 0, "5H")
    play(game, 1, "go")
    assert game.outcome is None
    play(game, 0, "5D")  # a pair and the go: 103
    game.scores[0] = 119
    play(game, 1, "KC")
    events = play(game, 0, "5C")  # fifteen two: 121
    assert [e["type"] for e in events][-2:] == ["score", "game_over"]
    assert game.outcome is not None and game.outcome["winners"] == [0]
    assert game.to_act() == [] and game.phase == "over"
    with pytest.raises(IllegalAction, match="over"):
        game.apply(1, {"type": "play", "card": "QD"})


def test_game_ends_at_once_in_the_middle_of_the_show_with_a_double_skunk() -> None:
    game = stacked_game(TWO_HANDS, dealer=1, starter="5S")
    game.scores = [100, 0]
    discard_all(game, TWO_DISCARDS)
    events = play_all(game, TWO_PLAY)
    shows = of_type(events, "show")
    assert [(e["seat"], e["kind"]) for e in shows] == [(0, "hand")]  # the dealer never counts
    assert events[-1]["type"] == "game_over"
    outcome = game.outcome
    assert outcome is not None
    assert outcome["winners"] == [0] and outcome["scores"] == [134, 2]
    assert outcome["win_points"] == 3 and outcome["skunk"] == "double skunk"
    assert outcome["ranks"] == [0, 1]


def test_a_61_game_has_a_skunk_but_never_a_double_skunk() -> None:
    game = stacked_game(TWO_HANDS, dealer=1, starter="5S", target=61)
    game.scores = [40, 0]
    discard_all(game, TWO_DISCARDS)
    play_all(game, TWO_PLAY)
    assert game.outcome is not None and game.outcome["win_points"] == 2
    assert game.outcome["skunk"] == "skunk"


def test_no_skunk_when_the_loser_has_91() -> None:
    game = stacked_game(TWO_HANDS, dealer=1, starter="5S")
    game.scores = [100, 91]
    discard_all(game, TWO_DISCARDS)
    play_all(game, TWO_PLAY)
    assert game.outcome is not None and game.outcome["win_points"] == 1
    assert game.outcome["skunk"] is None


def test_four_player_go_sequence_through_the_game() -> None:
    game = stacked_game(("KS 9S 8S 7S 2S", "QH AH TH JH 2H", "7D 6D 5D 9D 2D",
                         "5C 6C 8C 9C 2C"), dealer=3, starter="4S")
    discard_all(game, {0: "2S", 1: "2H", 2: "2D", 3: "2C"})
    play(game, 0, "KS")
    play(game, 1, "QH")
    play(game, 2, "7D")  # 27
    assert game.to_act() == [3] and game.legal_actions(3) == [{"type": "go"}]
    with pytest.raises(IllegalAction, match="past 31"):
        game.apply(3, {"type": "play", "card": "5C"})
    play(game, 3, "go")
    assert game.legal_actions(0) == [{"type": "go"}]
    play(game, 0, "go")
    assert game.view(None)["passed"] == [0, 3]
    assert game.legal_actions(1) == [{"type": "play", "card": "AH"}]
    events = play(game, 1, "AH")  # 28: nobody else can lay, so seat 1 takes the go
    go = of_type(events, "score")
    assert [(e["seat"], e["side"], e["reason"], e["points"]) for e in go] == [(1, 1, "go", 1)]
    assert game.view(None)["scores"] == [0, 1]
    assert game.to_act() == [2] and game.view(None)["count"] == 0


def test_his_heels_can_end_the_game_before_the_play() -> None:
    game = stacked_game(TWO_HANDS, dealer=1, starter="JH")
    game.scores = [0, 119]
    events = discard_all(game, TWO_DISCARDS)
    assert events[-1]["type"] == "game_over" and game.outcome is not None
    assert game.outcome["winners"] == [1] and game.to_act() == []


def test_a_discard_is_told_only_to_its_owner() -> None:
    game = stacked_game(TWO_HANDS, dealer=1, starter="5S")
    events = game.apply(0, {"type": "discard", "cards": ["3H", "2H"]})
    public = [e for e in events if "to" not in e]
    private = [e for e in events if "to" in e]
    assert all("2H" not in str(e) for e in public)
    assert [(e["to"], e["cards"]) for e in private] == [(0, ["2H", "3H"])]
    assert game.view(0)["discards"] == ["2H", "3H"] and game.view(1)["discards"] == []
    assert game.view(1)["crib_size"] == 2 and game.to_act() == [1]
    with pytest.raises(ValueError):
        game.restack(["AS"])  # only before anyone has discarded


def test_the_last_card_is_worded_like_the_go() -> None:
    from engine.seat_words import fill_seats

    game = stacked_game(TWO_HANDS, dealer=1, starter="5S")
    discard_all(game, TWO_DISCARDS)
    events = [event for seat, card in TWO_PLAY for event in play(game, seat, card)]
    lines = [fill_seats(e["text"], ["Ann", "Bob"]) for e in of_type(events, "score")
             if e["reason"] in ("go", "last card")]
    assert "Bob pegs 1 for the last card. Score 2." in lines
    assert any(line.endswith(" 1 for the go. Score 1.") for line in lines)
    # Together with the card that made it (a go after another's go has no card of its own).
    together = [fill_seats(e["together"], ["Ann", "Bob"]) for e in of_type(events, "score")
                if e["reason"] in ("go", "last card") and "together" in e]
    assert together == ["Bob plays QD, count 25: 1 for the go. Score 1.",
                        "Bob plays QC, count 10: 1 for the last card. Score 2."]
