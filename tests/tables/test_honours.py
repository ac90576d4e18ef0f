"""Achievements and moments earned live: stored before the move is answered, said once in the
table's lines, everything of a finished game recorded with it; computers earn nothing."""

from dataclasses import replace

import pytest

from engine.achievements import Achievement, MomentKind, win_margin
from store import Store
from tables import TableManager
from tests.tables.helpers import ANN, BOB, GUILD, computer, human, make_manager, new_table
from tests.tables.race_game import DASH

FIVE = Achievement("dash:five", "High five", "Play a 5.", "dash",
                   on_event=lambda e: [e["seat"]] if e["type"] == "play" and e["card"] == 5 else [])
WINNER = Achievement("dash:won", "Dasher", "Win a dash.", "dash",
                     on_finish=lambda events, outcome: outcome["winners"])
BEST_CARD = MomentKind("card", "Best card",
                       from_event=lambda e: (e["seat"], e["card"]) if e["type"] == "play" else None)
HONOURED = replace(DASH, achievements=(FIVE, WINNER),
                   moments=(BEST_CARD, win_margin("points", "total less total")))
LINE = "an achievement: High five (Play a 5)."


@pytest.fixture
async def honoured(store: Store):
    manager = make_manager(store, games={"dash": HONOURED})
    yield manager
    await manager.close()


def card_of(table, seat: int, card: int | None = None):
    plays = [a for a in table.legal_for(seat) if a["type"] == "play"]
    chosen = [a for a in plays if a["card"] == card] if card is not None else []
    return (chosen or [p for p in plays if p["card"] != 5] or plays)[0]


async def test_a_move_that_earns_is_stored_before_the_answer_and_said_once(
    honoured: TableManager, store: Store
):
    table = await new_table(honoured, [human(ANN), human(BOB)], seed=3, options={"target": 60})
    fives: dict[int, int] = {}
    while not table.finished:
        seat = table.waiting_for()[0]
        user = table.seats[seat].user_id
        action = card_of(table, seat, 5)
        before = table._told
        events = await honoured.act(table.id, user, action)
        added = [text for number, text, _, _ in table._recent if number > before]
        said = [line for line in added if LINE in line]
        if action["card"] == 5:
            fives[seat] = fives.get(seat, 0) + 1
            # Stored by the time the member is answered; said the first time only.
            held = await store.achievements_of(GUILD, user)
            assert "dash:five" in [a.key for a in held]
            assert len(said) == (1 if fives[seat] == 1 else 0), (fives, added)
            assert said == [] or said[0].startswith(f"🏅 {{s{seat}:earns}} ")
            assert all("High five" not in e.get("text", "") for e in events)
        else:
            assert said == []
    assert sorted(fives) == [0, 1] and max(fives.values()) > 1, "the seed must test a repeat"
    winner = table.outcome["winners"][0]
    winner_id = table.seats[winner].user_id
    assert "dash:won" in [a.key for a in await store.achievements_of(GUILD, winner_id)]
    assert [line for line in table.recent if "an achievement: Dasher" in line]
    moments = {(m.kind, m.user_id): m.value for m in await store.best_moments(GUILD, ANN)}
    assert moments[("card", ANN)] == 5
    margin = table.outcome["scores"][winner] - table.outcome["scores"][1 - winner]
    record = await store.record_moment(GUILD, "dash", "win")
    assert (record.user_id, record.value, record.game_id) == (winner_id, margin, table.id)
    assert await store.games_without_honours() == []


async def test_a_second_game_earning_the_same_says_nothing_more(honoured, store):
    heard = []
    for _ in range(2):
        table = await new_table(honoured, [human(ANN), human(BOB)], seed=3,
                                options={"target": 15})
        while not table.finished:
            seat = table.waiting_for()[0]
            await honoured.act(table.id, table.seats[seat].user_id, card_of(table, seat, 5))
        heard.append([line for line in table.recent if "an achievement" in line])
    assert heard[0] and heard[1] == []  # the same deal, the same play: nothing new
    held = [a.key for a in await store.achievements_of(GUILD, ANN)]
    assert len(held) == len(set(held))


async def test_computer_seats_earn_nothing_and_keep_no_moments(honoured, store):
    table = await new_table(honoured, [computer("hard"), human(ANN)], options={"target": 15})
    while not table.finished:
        await honoured.wait_idle()
        if table.finished:
            break
        await honoured.act(table.id, ANN, card_of(table, 1))
    await honoured.wait_idle()
    rows = await store.db.fetch("SELECT seat FROM moments")
    assert {row["seat"] for row in rows} == {1}
    lines = [line for line in table.recent if "an achievement" in line]
    assert all(line.startswith("🏅 Ann ") for line in lines)
    assert await store.games_without_honours() == []


async def test_the_winner_of_a_tournament_is_its_champion_once(store: Store):
    from engine.achievements import TOURNAMENT_WON
    from tables.clock import FakeClock
    from tables.honours import TournamentHonours
    from tables.tournaments import SWISS
    from tests.tables.tournaments.test_service import GUILD as EVENT_GUILD
    from tests.tables.tournaments.test_service import HOST, running, settle, signed_up

    manager, service, _ = await running(store, FakeClock())
    service.subscribe(TournamentHonours(store))
    held = await signed_up(service, 4, game="cribbage", format=SWISS,
                           options={"target": 61}, rounds_planned=3)
    await service.start_event(held.id, HOST)
    await settle(manager)
    champions = []
    for user in range(100, 104):
        [placing] = await store.user_placings(EVENT_GUILD, user)
        held_keys = [(a.key, a.game, a.game_id)
                     for a in await store.achievements_of(EVENT_GUILD, user)]
        if placing.place == 1:
            champions.append(user)
            assert (TOURNAMENT_WON.key, "cribbage", None) in held_keys
        else:
            assert TOURNAMENT_WON.key not in [key for key, _, _ in held_keys]
    assert len(champions) == 1
    # Already awarded: the start-up pass over every placing finds nothing new.
    assert await store.award_tournament_wins(TOURNAMENT_WON.key) == 0
    await service.close()
    await manager.close()


async def test_a_game_found_finished_at_start_up_has_its_honours_recorded(store: Store):
    from tables import Table

    seats = [human(ANN), human(BOB)]
    table = Table(id=0, spec=HONOURED, options={"target": 15}, seed=3, seats=seats,
                  guild_id=GUILD, channel_id=2, host_id=ANN)
    game_id = await store.create_game(guild_id=GUILD, channel_id=2, game="dash",
                                      options=table.options, seed=3,
                                      seats=[s.to_json() for s in seats], host_id=ANN)
    number = 0
    while not table.finished:  # every move logged, the finish itself never written
        seat = table.waiting_for()[0]
        action = card_of(table, seat, 5)
        table.apply(seat, action)
        await store.append_action(game_id, number, seat, action)
        number += 1
    manager = make_manager(store, games={"dash": HONOURED})
    await manager.start()
    await manager.wait_idle()
    assert (await store.game(game_id)).status == "finished"
    assert await store.games_without_honours() == []
    winner = table.seats[table.outcome["winners"][0]].user_id
    assert "dash:won" in [a.key for a in await store.achievements_of(GUILD, winner)]
    await manager.close()


async def test_an_achievement_rule_that_fails_never_stops_the_game(store: Store):
    def broken(event):
        raise ZeroDivisionError("a rule's bug")

    faulty = replace(DASH, achievements=(
        Achievement("dash:broken", "Broken", "Never.", "dash", on_event=broken),
        Achievement("dash:broken-end", "Broken end", "Never.", "dash",
                    on_finish=lambda events, outcome: 1 / 0),
    ))
    manager = make_manager(store, games={"dash": faulty})
    table = await new_table(manager, [human(ANN), human(BOB)], options={"target": 15})
    while not table.finished:
        seat = table.waiting_for()[0]
        await manager.act(table.id, table.seats[seat].user_id, card_of(table, seat))
    assert table.status == "finished"
    assert (await store.game(table.id)).status == "finished"
    assert [a for a in await store.achievements_of(GUILD, ANN) if a.game == "dash"] == []
    await manager.close()


async def play(manager: TableManager, fives: bool):
    """A game of Ann and Bob: each plays a 5 whenever they can, or always their lowest."""
    table = await new_table(manager, [human(ANN), human(BOB)], seed=1, options={"target": 15})
    while not table.finished:
        seat = table.waiting_for()[0]
        plays = [a for a in table.legal_for(seat) if a["type"] == "play"]
        chosen = max(plays, key=lambda a: a["card"]) if fives \
            else min(plays, key=lambda a: a["card"])
        await manager.act(table.id, table.seats[seat].user_id, chosen)
    return table


def records_said(table) -> list[str]:
    return [line for line in table.recent if line.startswith("📜 ")]


async def test_a_game_that_beats_a_server_record_says_so_and_a_first_record_does_not(
    honoured: TableManager, store: Store
):
    """The server's first game sets every record, which is no news; a later game that beats
    one says it at its table, who and by how much, as /records will show it."""
    first = await play(honoured, fives=False)
    was = await store.record_moment(GUILD, "dash", "card")
    assert was is not None and was.game_id == first.id and was.value < 5
    assert records_said(first) == []

    second = await play(honoured, fives=True)
    now = await store.record_moment(GUILD, "dash", "card")
    assert now is not None and (now.game_id, now.value) == (second.id, 5)
    name = "Ann" if now.user_id == ANN else "Bob"
    assert records_said(second) == [
        f"📜 {name} sets a server record for best card: 5 points, beating {was.value}."]
    # The same card again is no record: the first to reach it holds it.
    third = await play(honoured, fives=True)
    assert records_said(third) == []
    assert (await store.record_moment(GUILD, "dash", "card")).game_id == second.id


async def test_records_a_member_beats_in_one_game_are_one_line(store: Store):
    doubled = MomentKind("double", "Best double", from_event=lambda e: (
        (e["seat"], 2 * e["card"]) if e["type"] == "play" else None))
    manager = make_manager(store, games={"dash": replace(DASH, moments=(BEST_CARD, doubled))})
    try:
        await play(manager, fives=False)
        was = {kind: await store.record_moment(GUILD, "dash", kind) for kind in ("card", "double")}
        second = await play(manager, fives=True)
        now = await store.record_moment(GUILD, "dash", "card")
        name = "Ann" if now.user_id == ANN else "Bob"
        assert records_said(second) == [
            f"📜 {name} sets server records for best card (5 points, beating"
            f" {was['card'].value}) and best double (10 points, beating {was['double'].value})."]
    finally:
        await manager.close()


async def test_a_finished_game_kept_for_late_presses_lets_its_tally_history_go(store: Store):
    """The events a game's finishing rules read are read with its last move: the table kept
    afterwards for late presses holds none of them, and still shows how the game ended."""
    played_a_five = Achievement(
        "dash:five-and-won", "Five and won", "Win a dash having played a 5.", "dash",
        on_finish=lambda events, outcome: [
            w for w in outcome["winners"]
            if any(e["seat"] == w and e["card"] == 5 for e in events)],
        watches=frozenset({"play"}))
    manager = make_manager(store, games={"dash": replace(DASH, achievements=(played_a_five,))})
    try:
        table = await play(manager, fives=True)
        winner = table.seats[table.outcome["winners"][0]].user_id
        earned = [a.key for a in await store.achievements_of(GUILD, winner)]
        assert "dash:five-and-won" in earned  # read from the history, at the finish
        kept = manager.get(table.id)
        assert kept is table and kept.tally.history == []
        assert kept.public_view()["outcome"] == table.outcome
    finally:
        await manager.close()
