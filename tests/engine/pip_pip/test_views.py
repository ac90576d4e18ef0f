import random

from engine.pip_pip import PipPipGame

from .helpers import hand, play, random_step, rigged, seen

VIEW_KEYS = {
    "game", "seat", "players", "to_act", "waiting_for", "outcome", "round", "rounds", "dealer",
    "cut_card", "trump", "next_trump", "trick_number", "leader", "turn", "led_suit", "trick",
    "last_trick", "declared", "calls", "played", "pile_count", "drawing_stopped",
    "set_aside_count", "hand_sizes", "round_points", "scores",
}


def public_part(view):
    return {k: v for k, v in view.items() if k not in ("seat", "hand", "to_act")}


def test_view_keys_and_own_hand():
    game = PipPipGame(4, {}, seed=3)
    assert set(game.view(None)) == VIEW_KEYS
    for seat in range(4):
        view = game.view(seat)
        assert set(view) == VIEW_KEYS | {"hand"}
        assert sorted(view["hand"]) == sorted(str(c) for c in hand(game, seat))
        assert view["hand_sizes"] == [7, 7, 7, 7]
        assert view["pile_count"] == 104 - 28 and view["drawing_stopped"] is False
        assert view["round"] == 1 and view["rounds"] == 4


def test_trick_and_last_trick_in_the_view():
    game = rigged(["AH 5C", "2H 6C", "3S 7C"], trump="S", leader=0)
    play(game, "AH", "2H")
    view = game.view(None)
    assert view["trick"] == [{"seat": 0, "card": "AH"}, {"seat": 1, "card": "2H"}]
    assert view["led_suit"] == "H" and view["leader"] == 0 and view["turn"] == 2
    play(game, "3S")
    view = game.view(2)
    assert view["trick"] == [] and view["led_suit"] is None
    assert view["last_trick"] == {
        "cards": [{"seat": 0, "card": "AH"}, {"seat": 1, "card": "2H"},
                  {"seat": 2, "card": "3S"}],
        "winner": 2, "points": 21, "trump": "S", "trick_number": 1,
    }
    assert view["played"] == ["AH", "2H", "3S"] and view["trick_number"] == 2


def test_views_differ_only_in_the_own_hand():
    rng = random.Random(8)
    game = PipPipGame(5, {"rounds": 1}, seed=12)
    while game.outcome is None:
        channel = public_part(game.view(None))
        assert "hand" not in game.view(None)
        assert game.view(None)["to_act"] == game.waiting_for()
        for seat in range(5):
            view = game.view(seat)
            assert public_part(view) == channel
            # Who else could call is nobody else's business; the seat learns its own chance.
            assert view["to_act"] == sorted({seen(game)["turn"]} | ({seat} & set(game.to_act())))
        game.apply(*random_step(game, rng))


def test_view_does_not_change_with_hidden_cards():
    game = PipPipGame(4, {"rounds": 1}, seed=1)
    other = PipPipGame(4, {"rounds": 1}, seed=1)
    # Swap hidden cards between seat 2's hand and the pile, and reverse the pile.
    core = other.core
    core.hands[2], core.pile = core.pile[:7], core.hands[2] + core.pile[7:]
    core.pile.reverse()
    core.recount()
    other.state_changed()
    assert game.view(0) == other.view(0) and game.view(None) == other.view(None)
    assert game.view(2) != other.view(2)


def test_declared_cards_are_public_and_hand_stays_whole():
    game = rigged(["5C 6C", "KH QH 7C", "8C 9C"], trump="S", leader=0)
    game.apply(1, {"type": "call", "suit": "H"})
    for seat in (None, 0, 2):
        assert game.view(seat)["declared"] == [[], ["QH", "KH"], []]
        assert game.view(seat)["calls"] == [
            {"seat": 1, "suit": "H", "double": False, "trick_number": 1}]
    assert sorted(game.view(1)["hand"]) == ["7C", "KH", "QH"]


def test_view_does_not_reveal_who_else_could_call():
    game = rigged(["5C 6C", "KH QH 7C", "8C 9C"], trump="S", leader=0)
    assert game.to_act() == [0, 1]
    assert game.view(None)["to_act"] == [0] and game.view(2)["to_act"] == [0]
    assert game.view(1)["to_act"] == [0, 1]


def test_play_events_and_the_private_draw():
    game = rigged(["AH 5C", "2H 6C", "3S 7C"], trump="S", leader=0, pile="9D 8D 4C")
    events = game.apply(0, {"type": "play", "card": "ah"})  # any spelling of a card
    assert events[0] == {"type": "play", "seat": 0, "card": "AH", "text": "{s0:plays} AH."}
    assert events[1] == {"type": "draw", "to": 0, "card": "4C", "text": "You draw 4C."}
    assert "4C" in game.view(0)["hand"] and game.view(None)["pile_count"] == 2
    events = game.apply(1, {"type": "play", "card": "2h"})
    assert [e.get("to") for e in events] == [None, 1]


def test_deal_events_show_each_hand_only_to_its_seat():
    game = PipPipGame(3, {}, seed=4)
    hands = [e for e in game.start_events if e["type"] == "hand"]
    assert [e["to"] for e in hands] == [0, 1, 2]
    for event in hands:
        assert event["cards"] == game.view(event["to"])["hand"]
    deal = next(e for e in game.start_events if e["type"] == "deal")
    assert "to" not in deal and deal["trump"] == seen(game)["trump"]
    assert all(card not in deal["text"] for e in hands for card in e["cards"]
               if card != deal["cut_card"])
