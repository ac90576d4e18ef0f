"""How a value reads to a player: one decimal, a minus sign (never a hyphen), no −0.0."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.analysis import figure, signed

VALUES = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)


@given(VALUES)
def test_a_figure_reads_back_as_its_value_rounded(value: float) -> None:
    text = figure(value)
    assert "-" not in text and text != "−0.0"
    assert float(text.replace("−", "-")) == round(value, 1)


@given(VALUES)
def test_a_figure_and_its_signed_change_agree_on_the_sign(value: float) -> None:
    shown, change = figure(value), signed(value)
    assert shown.startswith("−") == change.startswith("−")
