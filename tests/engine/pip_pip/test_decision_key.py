"""Game.decision_key in Pip Pip: a seat's key moves exactly when the trick whose trump its
call would choose moves (PP-11), as the call itself tells, so a call pressed before another
seat's lead never lands after it (PP-15); a card that leads nothing (the rest of a trick, the
one that ends it) and any call leave every key as it was, so buttons stay pressable while a
trick is played."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.pip_pip import SPEC, PipPipGame

from .helpers import random_step

MOVES = 600


def trick_chosen(game: PipPipGame, seat: int) -> tuple[int, int] | None:
    """(round, trick) whose trump a call by `seat` made now would choose, read from what the
    call does on a copy of the game; None when the seat cannot call."""
    call = next((a for a in game.legal_actions(seat) if a["type"] == "call"), None)
    if call is None:
        return None
    trial = game.clone()
    said = next(e for e in trial.apply(seat, call) if e["type"] == "call")["text"]
    view = trial.view(None)
    if "from this trick" in said:
        later = 0
    elif "from the next trick" in said:
        later = 1
    else:  # an earlier call in the same stretch chose it: during a trick, the next one
        later = int(bool(view["trick"]))
    return view["round"], view["trick_number"] + later


def callers(game: PipPipGame) -> dict[int, tuple[object, tuple[int, int] | None]]:
    return {seat: (game.decision_key(seat), trick_chosen(game, seat)) for seat in game.to_act()
            if any(a["type"] == "call" for a in game.legal_actions(seat))}


@settings(max_examples=30, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 2**32 - 1))
def test_the_key_moves_exactly_when_the_trick_a_call_chooses_does(players: int, seed: int
                                                                   ) -> None:
    game = SPEC.new(players, {"rounds": 2}, seed)
    rng = random.Random(seed)
    before = callers(game)
    for _ in range(MOVES):
        if game.outcome is not None:
            break
        seat, action = random_step(game, rng)
        leads = action["type"] == "play" and not game.view(None)["trick"]
        game.apply(seat, action)
        after = callers(game)
        for other in before.keys() & after.keys():
            (key, chosen), (new_key, new_chosen) = before[other], after[other]
            assert (key == new_key) == (chosen == new_chosen), (other, chosen, new_chosen)
            if not leads:
                assert key == new_key  # the rest of a trick, or a call: nothing moves on
        before = after


def test_a_finished_game_decides_nothing() -> None:
    game = SPEC.new(3, {"rounds": 1}, 5)
    rng = random.Random(5)
    while game.outcome is None:
        game.apply(*random_step(game, rng))
    assert [game.decision_key(seat) for seat in range(3)] == [None] * 3


def test_the_key_is_a_call_buttons_trick_not_its_card() -> None:
    """Across one trick of four: the key moves at the lead and at no other card."""
    game = SPEC.new(4, {"rounds": 1}, 9)
    keys = [game.decision_key(1)]
    for _ in range(4):
        turn = game.waiting_for()[0]
        game.apply(turn, next(a for a in game.legal_actions(turn) if a["type"] == "play"))
        keys.append(game.decision_key(1))
    assert keys[0] != keys[1]  # the lead: a call now chooses the trump of the next trick
    assert keys[1:4] == [keys[1]] * 3
    assert keys[4] == keys[1]  # the trick taken, the next not yet led: the same trick chosen
