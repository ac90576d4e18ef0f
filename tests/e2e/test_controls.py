"""The generic legal-actions -> components mapping, without Discord."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cogs.controls import (
    BUTTONS_PER_ROW,
    MAX_ROWS,
    ButtonControl,
    SelectControl,
    build_controls,
    even_chunks,
    label_range,
    legal_digest,
    parse_action_id,
    resolve,
    stale,
)
from engine.errors import IllegalAction
from engine.registry import GAMES


def label(action: dict) -> str:
    return f"{action['type']} {action.get('card', '')}".strip()


def discards(hand: list[str], k: int) -> list[dict]:
    return [{"type": "discard", "cards": list(c)} for c in combinations(hand, k)]


def build(legal: list[dict], version: int = 3, table_version: int | None = None) -> list:
    return build_controls(
        legal, label, table_id=42, seat=1, version=version, table_version=table_version
    )


def test_every_k_combination_becomes_one_multi_select_over_the_pool() -> None:
    hand = ["5H", "5S", "JD", "QC", "AS", "9H"]
    controls = build(discards(hand, 2))
    assert len(controls) == 1
    menu = controls[0]
    assert isinstance(menu, SelectControl)
    assert [o.value for o in menu.options] == hand
    assert (menu.min_values, menu.max_values) == (2, 2)
    assert menu.options[0].label == "5♥ · five of hearts"


def test_partial_combinations_stay_buttons() -> None:
    legal = discards(["5H", "5S", "JD"], 2)[:2]
    controls = build(legal)
    assert all(isinstance(c, ButtonControl) for c in controls)
    assert len(controls) == 2


def test_single_cards_become_one_button_each_labelled_by_the_spec() -> None:
    legal = [{"type": "play", "card": c} for c in ["5H", "TS", "KD"]] + [{"type": "go"}]
    controls = build(legal)
    assert [c.label for c in controls] == ["play 5H", "play TS", "play KD", "go"]
    assert all(isinstance(c, ButtonControl) and c.row == 0 for c in controls[:4])


def test_buttons_wrap_five_per_row_and_fall_back_to_a_menu_when_too_many() -> None:
    few = [{"type": "play", "card": str(i)} for i in range(12)]
    rows = [c.row for c in build(few)]
    assert rows == [0] * 5 + [1] * 5 + [2] * 2
    many = [{"type": "play", "card": str(i)} for i in range(30)] + [{"type": "pass"}]
    controls = build(many)
    menus = [c for c in controls if isinstance(c, SelectControl)]
    assert [len(m.options) for m in menus] == [15, 15]
    assert [m.placeholder for m in menus] == ["play 0–14…", "play 15–29…"]
    assert len({c.row for c in controls}) <= MAX_ROWS


def test_a_long_choice_is_split_evenly_into_menus_labelled_by_range() -> None:
    claims = [{"type": "claim", "points": n} for n in range(30) if n not in (19, 25, 26, 27)]
    controls = build_controls(
        claims, GAMES["cribbage"].action_label, table_id=1, seat=0, version=1
    )
    assert [c.placeholder for c in controls] == ["Claim 0–12…", "Claim 13–29…"]
    assert [len(c.options) for c in controls] == [13, 13]
    assert [o.label for o in controls[1].options][5:8] == ["Claim 18", "Claim 20", "Claim 21"]
    assert even_chunks(list(range(51)), 25) == [list(range(17)), list(range(17, 34)),
                                                 list(range(34, 51))]
    assert label_range("Move A", "Pass") == "Move A – Pass"


def test_room_asked_for_is_left_free_so_a_hint_fits_beside_25_claims() -> None:
    # After a claim of 29 refused as too many, 25 claims are left (docs/RULES.md C-19): as
    # buttons they fill all five rows and a hand with hints on lost its Hint button.
    claims = [{"type": "claim", "points": n} for n in range(29) if n not in (19, 25, 26, 27)]
    assert len(claims) == MAX_ROWS * BUTTONS_PER_ROW
    plain = build_controls(claims, GAMES["cribbage"].action_label, table_id=1, seat=0, version=1)
    assert all(isinstance(c, ButtonControl) for c in plain)
    hinted = build_controls(claims, GAMES["cribbage"].action_label, table_id=1, seat=0,
                            version=1, room_for=1)
    assert [(c.placeholder, len(c.options)) for c in hinted
            if isinstance(c, SelectControl)] == [("Claim…", 25)]
    assert max(c.row for c in hinted) < MAX_ROWS - 1


def claim_number(action: dict) -> int | None:
    return GAMES["cribbage"].typed_number(action)


def test_claims_keep_their_first_numbers_as_buttons_one_press_each() -> None:
    """26 claims, Muggins! and room for a Hint: as menus a claim took two taps and a look for
    the right menu; now 0 to 14 (nearly every hand) are buttons in three whole rows, the rest
    one menu below them, and Muggins! starts a row of its own."""
    claims = [{"type": "claim", "points": n} for n in range(30) if n not in (19, 25, 26, 27)]
    legal = [*claims, {"type": "muggins"}]
    controls = build_controls(legal, GAMES["cribbage"].action_label, table_id=1, seat=0,
                              version=1, room_for=1, numbered=claim_number)
    buttons = [(c.label, c.row) for c in controls if isinstance(c, ButtonControl)]
    assert buttons == [*((f"Claim {n}", n // 5) for n in range(15)), ("Muggins!", 4)]
    [menu] = [c for c in controls if isinstance(c, SelectControl)]
    assert (menu.placeholder, menu.row) == ("Claim 15–29…", 3)
    assert [o.label for o in menu.options] == [f"Claim {a['points']}" for a in claims[15:]]
    reached = [resolve(legal, parse_action_id(c.custom_id), [])  # type: ignore[arg-type]
               for c in controls if isinstance(c, ButtonControl)]
    reached += [resolve(legal, parse_action_id(menu.custom_id), [o.value])  # type: ignore[arg-type]
                for o in menu.options]
    assert sorted(map(str, reached)) == sorted(map(str, legal))
    # Alone, with no Hint: four rows of claims; buttons that fit stay as they were.
    alone = build_controls(claims, GAMES["cribbage"].action_label, table_id=1, seat=0,
                           version=1, numbered=claim_number)
    assert sum(isinstance(c, ButtonControl) for c in alone) == 20
    assert [c.placeholder for c in alone if isinstance(c, SelectControl)] == ["Claim 21–29…"]
    assert all(isinstance(c, ButtonControl) for c in build_controls(
        claims[:25], GAMES["cribbage"].action_label, table_id=1, seat=0, version=1,
        numbered=claim_number))


def test_custom_ids_round_trip_and_resolve_to_the_action() -> None:
    legal = [{"type": "play", "card": "5H"}, {"type": "go"}]
    controls = build(legal, version=9, table_version=11)
    ref = parse_action_id(controls[1].custom_id)
    assert ref is not None
    assert (ref.table_id, ref.seat, ref.version, ref.table_version) == (42, 1, 9, 11)
    assert ref.kind == "b"
    assert ref.digest == legal_digest(legal)
    assert resolve(legal, ref, []) == {"type": "go"}


def test_multi_select_resolves_in_any_order() -> None:
    legal = discards(["5H", "5S", "JD", "QC"], 2)
    ref = parse_action_id(build(legal)[0].custom_id)
    assert ref is not None
    assert resolve(legal, ref, ["QC", "5H"]) == {"type": "discard", "cards": ["5H", "QC"]}
    with pytest.raises(IllegalAction):
        resolve(legal, ref, ["QC", "KH"])


def test_stale_when_options_changed_or_the_seat_already_moved() -> None:
    legal = [{"type": "play", "card": "5H"}, {"type": "play", "card": "6H"}]
    ref = parse_action_id(build(legal, version=2, table_version=4)[0].custom_id)
    assert ref is not None
    assert not stale(legal, ref, None)
    assert not stale(legal, ref, 4)
    assert stale(legal, ref, 5)
    assert stale(legal[:1], ref, None)


def test_nothing_legal_means_no_controls() -> None:
    assert build([]) == []


def test_foreign_custom_ids_are_not_ours() -> None:
    assert parse_action_id("cb:t:1:hand") is None
    assert parse_action_id("cb:a:1:0:0:0:zzzzzzzz:b0") is None


@pytest.mark.parametrize("numbered", [None, lambda a: int(a["card"]) if a["type"] == "call"
                                      else None])
@given(
    pairs=st.lists(
        st.tuples(st.sampled_from(["play", "move", "call", "pass", "go", "x"]), st.integers(0, 40)),
        max_size=125,
        unique=True,
    )
)
def test_any_legal_list_fits_one_message_and_every_action_is_reachable(pairs, numbered) -> None:
    legal = [{"type": t, "card": str(n)} for t, n in pairs]
    controls = build_controls(legal, label, table_id=42, seat=1, version=3, numbered=numbered)
    with_room = build_controls(legal, label, table_id=42, seat=1, version=3, room_for=1,
                               numbered=numbered)
    slots = sum(BUTTONS_PER_ROW if isinstance(c, SelectControl) else 1 for c in with_room)
    menus_only = all(isinstance(c, SelectControl) for c in with_room)
    assert slots < MAX_ROWS * BUTTONS_PER_ROW or menus_only
    assert len({c.row for c in controls}) <= MAX_ROWS
    assert all(c.row < MAX_ROWS for c in controls)
    for row in {c.row for c in controls}:
        in_row = [c for c in controls if c.row == row]
        assert len(in_row) <= BUTTONS_PER_ROW
        assert all(isinstance(c, ButtonControl) for c in in_row) or len(in_row) == 1
    assert len({c.custom_id for c in controls}) == len(controls)
    reachable = []
    for control in controls:
        ref = parse_action_id(control.custom_id)
        assert ref is not None
        if isinstance(control, ButtonControl):
            reachable.append(resolve(legal, ref, []))
        else:
            reachable += [resolve(legal, ref, [o.value]) for o in control.options]
    assert sorted(map(str, reachable)) == sorted(map(str, legal))
