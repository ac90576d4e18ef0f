import pytest

from engine import IllegalAction
from engine.registry import AI_LEVELS, GAMES, LEVELS, GameSpec, Option


def test_option_check_refuses_values_outside_choices():
    target = Option("target", 121, (121, 61), "Points to win")
    assert target.check(61) == 61
    with pytest.raises(IllegalAction, match="target must be one of 121, 61"):
        target.check(100)
    with pytest.raises(IllegalAction, match=r"not \[61\]"):
        target.check([61])


@pytest.mark.parametrize(("name", "value"), [
    ("rounds", True), ("rounds", 1.0), ("rounds", "1"),
])
def test_option_check_refuses_a_value_equal_to_a_choice_of_another_type(name, value):
    """True == 1 and 1.0 == 1 in Python, but a lobby asking for True rounds is a mistake."""
    pip_pip = GAMES["pip-pip"]
    with pytest.raises(IllegalAction, match=f"{name} must be one of all, 1, 2"):
        pip_pip.new(3, {name: value})
    assert pip_pip.new(3, {name: 1}).view(None)["rounds"] == 1


@pytest.mark.parametrize(("counts", "words"), [
    ({"min_players": 3, "max_players": 8}, "3 to 8 players"),
    ({"min_players": 2, "max_players": 4}, "2 to 4 players"),
    ({"min_players": 2, "max_players": 3}, "2 or 3 players"),
    ({"min_players": 2, "max_players": 2}, "2 players"),
    ({"min_players": 2, "max_players": 4, "player_counts": (2, 4)}, "2 or 4 players"),
    ({"min_players": 2, "max_players": 8, "player_counts": (2, 3, 4, 6, 8)},
     "2, 3, 4, 6 or 8 players"),
])
def test_player_counts_read_as_a_span_when_they_run_in_sequence(counts, words):
    spec = GameSpec(name="toy", title="Toy", factory=GAMES["cribbage"].factory, **counts)
    assert spec.players_in_words() == words


def test_a_player_count_the_game_does_not_allow_is_refused_in_words():
    with pytest.raises(IllegalAction, match=r"^Pip Pip is for 3 to 8 players, not 2\.$"):
        GAMES["pip-pip"].new(2)


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


def test_every_game_the_bot_ships_offers_every_level_in_fields() -> None:
    """The games of engine/ (a game added through CARDBOT_GAMES, such as the tests' sixth
    game, offers what its spec says, which the spec itself checks)."""
    shipped = [spec for spec in GAMES.values() if spec.factory.__module__.startswith("engine.")]
    assert len(shipped) >= 5
    for spec in shipped:
        assert spec.levels == LEVELS, spec.name
        assert spec.ai is not None and spec.analyse is not None, spec.name
        assert spec.rollout is not None and spec.simulation is not None, spec.name


def test_the_setting_adds_game_packages_kept_outside_engine() -> None:
    import importlib
    import os

    from engine.registry import SETTING, _discover, packages_named

    assert packages_named(" a.b, c.d  e ") == ["a.b", "c.d", "e"]
    assert packages_named("") == []
    setting = os.environ.get(SETTING, "")  # tests/conftest.py names the tests' sixth game
    named = {importlib.import_module(name).SPEC.name for name in packages_named(setting)}
    without = _discover("")
    added = _discover(setting)
    assert named and set(added) - set(without) == named
    assert list(GAMES) == list(added)
    assert list(added) == sorted(added, key=lambda name: (added[name].order, name))
    with pytest.raises(ImportError, match=r"CARDBOT_GAMES names engine\.cards, which defines no"):
        _discover("engine.cards")


@pytest.mark.parametrize("name", ["Hearts", "black lady", "9-lives", "", "a" * 42])
def test_a_name_that_cannot_be_a_registry_key_is_refused_when_the_spec_is_built(
        name: str) -> None:
    with pytest.raises(ValueError, match="lower-case letters, digits and hyphens"):
        GameSpec(name=name, title="Toy", min_players=2, max_players=2,
                 factory=GAMES["cribbage"].factory)


@pytest.mark.parametrize("name", ["hearts", "spade", "queen", "trump", "dice"])
def test_a_card_word_is_refused_as_a_name_and_another_offered(name: str) -> None:
    """Shared code says these words of cards, so a game named one would seem named outside
    its own packages; the spec says so when it is built, not a test of the whole repository."""
    with pytest.raises(ValueError, match=f"'{name}-game'"):
        GameSpec(name=name, title="Toy", min_players=2, max_players=2,
                 factory=GAMES["cribbage"].factory)
    assert GameSpec(name=f"{name}-game", title="Toy", min_players=2, max_players=2,
                    factory=GAMES["cribbage"].factory).name == f"{name}-game"
