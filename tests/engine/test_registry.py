import pytest

from engine import IllegalAction
from engine.registry import Option


def test_option_check_refuses_values_outside_choices():
    target = Option("target", 121, (121, 61), "Points to win")
    assert target.check(61) == 61
    with pytest.raises(IllegalAction, match="target must be one of 121, 61"):
        target.check(100)
