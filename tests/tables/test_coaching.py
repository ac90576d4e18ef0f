"""Reviews and hints at the table layer: who may review what, the message, the hint's
refusals, and hinted games assisted in the results and left out of the ratings."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from engine.errors import IllegalAction
from engine.registry import GAMES
from store import Store
from tables import TableManager
from tables.hints import (
    HINTS_OFF,
    NO_HINTS,
    NOT_YOUR_TURN,
    STALE_HINT,
    hint_for,
    hint_now,
    hint_text,
)
from tables.lobby import Lobby
from tables.ratings import finish_for
from tables.review import MESSAGE_LIMIT, check_reviewable, review_of, review_text
from tests.tables.helpers import ANN, BOB, CAT, CHANNEL, GUILD, computer, human
from tests.tables.race_game import DASH

#: The words a review of Cribbage carries (engine.analysis.review.review_game).
CRIBBAGE_TERMS = {"units": "points", "about": GAMES["cribbage"].review_terms.about,
                  "exact": True, "plays": "pegging", "game_worth": None}


@pytest.fixture
async def real_manager(store: Store):
    manager = TableManager(store, games=GAMES, ai_delay=0, idle_warn=None, idle_takeover=None)
    yield manager
    await manager.close()


async def cribbage(manager: TableManager, seats, settings=None, seed: int = 5):
    return await manager.create(guild_id=GUILD, channel_id=CHANNEL, game="cribbage",
                                options={"target": 61}, seats=seats, host_id=ANN, seed=seed,
                                settings=settings)


async def play_first_legal(manager: TableManager, table) -> None:
    while not table.finished:
        await manager.wait_idle()
        humans = [s for s in table.waiting_for() if not table.seats[s].is_computer]
        if table.finished or not humans:
            continue
        seat = humans[0]
        await manager.act(table.id, table.seats[seat].user_id, table.legal_for(seat)[-1])
    await manager.wait_idle()


# ===== review =================================================================================


async def test_who_may_review_what(real_manager: TableManager, store: Store) -> None:
    table = await cribbage(real_manager, [human(ANN), computer("easy")])
    with pytest.raises(IllegalAction, match="still being played"):
        await check_reviewable(store, table.id, GUILD, ANN)
    await play_first_legal(real_manager, table)
    record, seat = await check_reviewable(store, table.id, GUILD, ANN)
    assert (record.id, seat) == (table.id, 0)
    with pytest.raises(IllegalAction, match=f"Only the players of game #{table.id}"):
        await check_reviewable(store, table.id, GUILD, BOB)
    with pytest.raises(IllegalAction, match=f"no game #{table.id} in this server"):
        await check_reviewable(store, table.id, GUILD + 1, ANN)
    with pytest.raises(IllegalAction, match="no game #404"):
        await check_reviewable(store, 404, GUILD, ANN)
    other = await cribbage(real_manager, [human(ANN), human(CAT)])
    await real_manager.abandon(other.id, ANN, True)
    with pytest.raises(IllegalAction, match="did not finish"):
        await check_reviewable(store, other.id, GUILD, ANN)


async def test_a_resigned_game_is_reviewed_up_to_the_resignation(
        real_manager: TableManager, store: Store) -> None:
    table = await cribbage(real_manager, [human(ANN), human(BOB)])
    for seat, user in ((0, ANN), (1, BOB)):
        await real_manager.act(table.id, user, table.legal_for(seat)[0])
    await real_manager.resign(table.id, BOB)
    record, seat = await check_reviewable(store, table.id, GUILD, ANN)
    review = await review_of(store, record, seat)
    assert review["summary"]["decisions"] == 1  # the discard, the only choice before
    assert review["groups"][0]["label"] == "Deal 1"
    text = review_text(review, "Ann")
    assert text.startswith(f"📋 **Review of Cribbage #{table.id}** for Ann")


def test_a_long_review_fits_one_message_keeping_the_costliest() -> None:
    decisions = [{"step": n, "kind": "play", "chosen": {"type": "play", "card": "5H"},
                  "best": {"type": "play", "card": "KS"}, "chosen_label": "Play 5♥",
                  "best_label": "Play K♠", "chosen_why": "Pegs 0; leaves a fifteen.",
                  "chosen_value": 0.0,
                  "best_value": 1.0, "lost": 1.0 + n / 100, "why": "Pegs 2 with 5H. " * 5,
                  "chance": None}
                 for n in range(80)]
    groups = [{"label": f"Trick {n + 1}", "lost": d["lost"], "decisions": [d]}
              for n, d in enumerate(decisions)]
    review = {**CRIBBAGE_TERMS, "game": "cribbage", "game_id": 3, "title": "Cribbage",
              "groups": groups,
              "summary": {"discards": 0.0, "plays": 100.0, "other": 0.0, "total": 100.0,
                          "decisions": 80, "best": 0}}
    text = review_text(review, "Ann")
    assert "Pegs 2 with 5♥." in text  # a reason's cards with their suit symbols
    # A point or more given up also says what the chosen move did.
    assert text.count(" Yours: Pegs 0; leaves a fifteen.") == text.count("• Play 5♥")
    assert len(text) <= MESSAGE_LIMIT
    assert "**Trick 80**" in text and "**Trick 1**" not in text  # the costliest stay
    shown = [int(line.split()[1].rstrip("*")) for line in text.splitlines()
             if line.startswith("**Trick")]
    assert shown == sorted(shown)
    assert text.endswith(f"… and {80 - len(shown)} more with smaller losses.")


def test_one_long_deal_keeps_its_costliest_choices_rather_than_none() -> None:
    """A game dealt once files every choice under one heading: when that heading's lines do
    not all fit, the costliest of them stay, in the order played, under the heading."""
    decisions = [{"step": n, "kind": "play", "chosen": {"type": "play", "card": "5H"},
                  "best": {"type": "play", "card": "KS"}, "chosen_label": f"Play {n}",
                  "best_label": "Play K♠", "chosen_why": "Same words.", "chosen_value": 0.0,
                  "best_value": 1.0, "lost": 1.0 + (n * 37 % 80) / 10, "why": "Same words.",
                  "chance": None}
                 for n in range(80)]
    review = {**CRIBBAGE_TERMS, "game": "cribbage", "game_id": 6, "title": "Cribbage",
              "groups": [{"label": "Game", "lost": sum(d["lost"] for d in decisions),
                          "decisions": decisions}],
              "summary": {"discards": 0.0, "plays": 500.0, "other": 0.0, "total": 500.0,
                          "decisions": 80, "best": 0}}
    text = review_text(review, "Ann")
    assert len(text) <= MESSAGE_LIMIT and "\n**Game** (−" in text
    shown = [int(line.split()[2]) for line in text.splitlines() if line.startswith("• ")]
    assert len(shown) > 10 and shown == sorted(shown)
    cheapest_shown = min(decisions[n]["lost"] for n in shown)
    assert all(d["lost"] <= cheapest_shown for n, d in enumerate(decisions) if n not in shown)
    assert text.endswith(f"… and {80 - len(shown)} more with smaller losses.")
    assert "Yours:" not in text  # the chosen move's words would only repeat the best's
    worst = max(range(80), key=lambda n: decisions[n]["lost"])
    assert (f"\nCostliest — Game: Play {worst} where Play K♠ was best "
            f"(−{decisions[worst]['lost']:.1f}).\n") in text


def test_a_small_loss_gives_the_best_move_s_reason_only() -> None:
    decision = {"step": 0, "kind": "play", "chosen": {"type": "play", "card": "5H"},
                "best": {"type": "play", "card": "KS"}, "chosen_label": "Play 5♥",
                "best_label": "Play K♠", "chosen_why": "Pegs 0.", "chosen_value": 0.5,
                "best_value": 1.0, "lost": 0.5, "why": "Pegs 2 with KS.", "chance": None}
    review = {**CRIBBAGE_TERMS, "game": "cribbage", "game_id": 4, "title": "Cribbage",
              "groups": [{"label": "Deal 1", "lost": 0.5, "decisions": [decision]}],
              "summary": {"discards": 0.0, "plays": 0.5, "other": 0.0, "total": 0.5,
                          "decisions": 1, "best": 0}}
    text = review_text(review, "Ann")
    assert "• Play 5♥ → best Play K♠ (−0.5): Pegs 2 with K♠." in text
    assert "Yours" not in text


def test_presses_let_go_by_are_counted_and_listed_among_the_losses() -> None:
    def missed(step: int, short: int) -> dict:
        return {"step": step, "kind": "other", "chosen": None, "best": {"type": "muggins"},
                "chosen_label": "No Muggins! press", "best_label": "Muggins!",
                "chosen_why": "You did not press.", "chosen_value": 0.0,
                "best_value": float(short), "lost": float(short), "missed": True, "chance": None,
                "why": f"Their count was {short} short: take the points."}

    groups = [{"label": "Deal 2", "lost": 5.0, "decisions": [missed(30, 2), missed(41, 3)]}]
    review = {**CRIBBAGE_TERMS, "game": "cribbage", "game_id": 5, "title": "Cribbage",
              "groups": groups,
              "summary": {"discards": 0.0, "plays": 0.0, "other": 5.0, "total": 5.0,
                          "decisions": 0, "best": 0, "missed": 2}}
    text = review_text(review, "Ann")
    assert ("Given up: other choices 5.0 · **in all 5.0 points**\n"
            "Costliest — Deal 2: No Muggins! press where Muggins! was best (−3.0).\n"
            f"{GAMES['cribbage'].review_terms.about}\nYou let 2 chances go by.") in text
    assert ("• No Muggins! press → best Muggins! (−3.0): Their count was 3 short: take the "
            "points. Yours: You did not press.") in text
    review["summary"]["missed"] = 1
    assert "You let 1 chance go by." in review_text(review, "Ann")


# ===== hints ==================================================================================


async def test_a_hint_and_its_refusals(real_manager: TableManager) -> None:
    table = await cribbage(real_manager, [human(ANN), human(BOB)], settings={"hints": True})
    version = table.seat_version(0)
    entries = await hint_for(table, 0, version)
    assert len(entries) == 3
    assert entries == GAMES["cribbage"].analyse(table.view_for(0), table.legal_for(0))[:3]
    terms = GAMES["cribbage"].review_terms
    text = hint_text(entries, GAMES["cribbage"].action_label, terms)
    assert text.splitlines()[1].startswith("1. **Discard ")
    assert text.splitlines()[-1] == terms.about  # what the figures are
    # The reasons write cards as everything else the bot says does: "Keep 5♠ 5♦ …".
    reasons = text.split("\n", 1)[1]
    assert "Keep " in reasons and re.search(r"Keep (10|[A2-9JQK])[♠♥♦♣] ", reasons)
    assert not re.search(r"\b[A2-9TJQK][SHDC]\b", reasons)
    await real_manager.act(table.id, ANN, table.legal_for(0)[0])
    # Each choice reads against the best one, in the game's units, never as a bare value.
    lines = hint_text([entries[0], {**entries[1], "value": entries[0]["value"] - 0.083},
                       {**entries[2], "value": entries[0]["value"] - 0.001}],
                      GAMES["cribbage"].action_label, terms).splitlines()
    assert "** (best): " in lines[1] and "** (0.1 points less): " in lines[2]
    assert "** (as good): " in lines[3]
    with pytest.raises(IllegalAction) as refusal:
        await hint_for(table, 0, version)
    assert str(refusal.value) == NOT_YOUR_TURN
    await real_manager.act(table.id, BOB, table.legal_for(1)[0])
    player = table.waiting_for()[0]
    with pytest.raises(IllegalAction) as refusal:
        await hint_for(table, player, version)
    assert str(refusal.value) == STALE_HINT
    table.settings.pop("hints")
    with pytest.raises(IllegalAction) as refusal:
        await hint_for(table, player, table.seat_version(player))
    assert str(refusal.value) == HINTS_OFF


async def test_a_hint_worked_out_at_once_is_the_same_and_refused_alike(
        real_manager: TableManager) -> None:
    """The terminal's hint (`hint_now`, in the caller's thread) gives what the Hint button
    gives, and refuses what it refuses."""
    table = await cribbage(real_manager, [human(ANN), human(BOB)], settings={"hints": True})
    assert hint_now(table, 0) == await hint_for(table, 0, table.seat_version(0))
    assert hint_now(table, 0) == GAMES["cribbage"].analyse(table.view_for(0),
                                                           table.legal_for(0))[:3]
    await real_manager.act(table.id, ANN, table.legal_for(0)[0])
    with pytest.raises(IllegalAction, match=NOT_YOUR_TURN):
        hint_now(table, 0)
    table.settings.pop("hints")
    with pytest.raises(IllegalAction, match=HINTS_OFF):
        hint_now(table, 1)


async def test_a_game_without_analysis_has_no_hints() -> None:
    assert DASH.analyse is None
    table = SimpleNamespace(settings={"hints": True}, spec=DASH)
    with pytest.raises(IllegalAction) as refusal:
        await hint_for(table, 0, 0)
    assert str(refusal.value) == NO_HINTS


def test_only_the_host_turns_hints_on_and_off() -> None:
    lobby = Lobby(id=1, guild_id=GUILD, channel_id=CHANNEL, host_id=ANN,
                  spec=GAMES["cribbage"], options={})
    with pytest.raises(IllegalAction, match="Only the host"):
        lobby.set_hints(BOB, True)
    lobby.set_hints(ANN, True)
    assert lobby.settings == {"hints": True}
    lobby.set_hints(ANN, False)
    assert lobby.settings == {}


async def test_open_lobby_takes_the_hints_setting(real_manager: TableManager) -> None:
    lobby = await real_manager.open_lobby(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN,
                                          host_name="Ann", game="cribbage",
                                          settings={"hints": True})
    assert lobby.settings == {"hints": True}


# ===== assisted ===============================================================================


def test_an_assisted_finish_marks_every_row_and_rates_no_one() -> None:
    outcome = {"winners": [0], "ranks": [0, 1], "scores": [61, 40], "win_points": 1}
    finish = finish_for(outcome, [0, 1], [ANN, BOB], assisted=True, finished_at=0)
    assert finish.rater is None and all(row.assisted for row in finish.results)
    plain = finish_for(outcome, [0, 1], [ANN, BOB], finished_at=0)
    assert plain.rater is not None and not any(row.assisted for row in plain.results)


async def test_a_hinted_game_is_assisted_in_results_and_stats(real_manager: TableManager,
                                                             store: Store) -> None:
    table = await cribbage(real_manager, [human(ANN), computer("easy")],
                           settings={"hints": True})
    await play_first_legal(real_manager, table)
    assert [row["assisted"] for row in await store.results(table.id)] == [1, 1]
    stats = await real_manager.stats(GUILD, ANN)
    assert stats["assisted"] == 1 and stats["games"] == 0 and stats["per_game"] == []
    plain = await cribbage(real_manager, [human(ANN), computer("easy")], seed=6)
    await play_first_legal(real_manager, plain)
    assert [row["assisted"] for row in await store.results(plain.id)] == [0, 0]
    stats = await real_manager.stats(GUILD, ANN)
    assert stats["assisted"] == 1 and stats["games"] == 1
