import pytest

from engine import IllegalAction
from engine.registry import AI_LEVELS, GAMES, LEVELS, GameSpec, Option


def test_option_check_refuses_values_outside_choices():
    target = Option("target", 121, (121, 61), "Points to win")
    assert target.check(61) == 61
    with pytest.raises(IllegalAction, match="target must be one of 121, 61"):
        target.check(100)


def _spec(**fields: object) -> GameSpec:
    cribbage = GAMES["cribbage"]
    return GameSpec(name="toy", title="Toy", min_players=2, max_players=2,
                    factory=cribbage.factory, **fields)  # type: ignore[arg-type]


def test_a_spec_offers_only_levels_it_has_the_players_for() -> None:
    cribbage = GAMES["cribbage"]
    assert _spec().levels == ()
    assert _spec(ai=cribbage.ai, levels=AI_LEVELS).levels == AI_LEVELS
    with pytest.raises(ValueError, match="need a computer player"):
        _spec(levels=("easy",))
    with pytest.raises(ValueError, match="no computer level grandmaster"):
        _spec(ai=cribbage.ai, levels=("grandmaster",))
    with pytest.raises(ValueError, match="the expert needs"):
        _spec(ai=cribbage.ai, levels=LEVELS)  # no rollout, no simulation
    with pytest.raises(ValueError, match="the expert needs"):
        _spec(ai=cribbage.ai, levels=("expert",), rollout=cribbage.rollout,
              simulation=cribbage.simulation)  # no hard level to start from
    assert _spec(ai=cribbage.ai, levels=LEVELS, rollout=cribbage.rollout,
                 simulation=cribbage.simulation).levels == LEVELS


def test_every_registered_game_says_what_it_offers_in_fields() -> None:
    for spec in GAMES.values():
        assert spec.levels == LEVELS, spec.name
        assert spec.ai is not None and spec.analyse is not None, spec.name
        assert spec.rollout is not None and spec.simulation is not None, spec.name
