"""Rules of Discord's the fake enforces on the bot's own requests, checked through discord.py
as the bot meets them: what it raises, with Discord's codes."""

from __future__ import annotations

import io

import discord
import pytest

from testkit.fake_discord import FakeDiscord
from testkit.fake_discord.limits import message_problems, modal_problems
from tests.e2e.sample_bot import make_bot


def picture(name: str) -> discord.File:
    return discord.File(io.BytesIO(b"\x89PNG-" + name.encode()), filename=name)


async def test_a_new_picture_on_an_edit_needs_attach_files_as_on_a_send(
    fake: FakeDiscord,
) -> None:
    bot = make_bot()
    await fake.connect(bot)
    channel = bot.get_partial_messageable(fake.channel().id)
    sent = await channel.send("table", file=picture("a.png"))
    without = discord.Permissions.text() | discord.Permissions(view_channel=True)
    without.attach_files = False
    fake.state.app_permissions = str(without.value)

    with pytest.raises(discord.Forbidden) as refused:
        await sent.edit(content="table, moved", attachments=[picture("b.png")])
    assert refused.value.code == 50013 and "Attach Files" in refused.value.text
    with pytest.raises(discord.Forbidden):
        await channel.send("again", file=picture("c.png"))
    stored = fake.state.messages[sent.id]
    assert stored.content == "table" and [a.filename for a in stored.attachments] == ["a.png"]
    # Keeping the picture it has, or dropping it, uploads nothing: no permission needed.
    await sent.edit(content="kept", attachments=sent.attachments)
    assert [a.filename for a in stored.attachments] == ["a.png"]
    await sent.edit(content="words only", attachments=[])
    assert stored.content == "words only" and stored.attachments == []
    fake.assert_clean()


async def test_an_empty_message_is_refused(fake: FakeDiscord) -> None:
    bot = make_bot()
    await fake.connect(bot)
    channel = bot.get_partial_messageable(fake.channel().id)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("")
    assert refused.value.code == 50006
    sent = await channel.send("words")
    with pytest.raises(discord.HTTPException) as emptied:
        await sent.edit(content="")
    assert emptied.value.code == 50006
    assert fake.state.messages[sent.id].content == "words"  # refused whole: unchanged


def row(*items: dict[str, object]) -> dict[str, object]:
    return {"type": 1, "components": list(items)}


def button(custom_id: str, **more: object) -> dict[str, object]:
    return {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id, **more}


def select(custom_id: str, options: int, **more: object) -> dict[str, object]:
    choices = [{"label": str(n), "value": str(n)} for n in range(options)]
    return {"type": 3, "custom_id": custom_id, "options": choices, **more}


@pytest.mark.parametrize(("rows", "broken"), [
    ([row(button("a")), row(button("a"))], "used twice"),
    ([row(select("m", 3), button("b"))], "alone in its row"),
    ([row({"type": 2, "style": 1, "custom_id": "x"})], "label or an emoji"),
    ([row({"type": 2, "style": 5, "label": "Rules", "custom_id": "x", "url": "https://a.b"})],
     "link button"),
    ([row({"type": 2, "style": 1, "label": "Go"})], "link button"),
    ([row(select("m", 0))], "at least one option"),
    ([row(select("m", 3, min_values=2, max_values=4))], "do not fit"),
    ([row(button(str(n))) for n in range(6)], "at most 5 rows"),
])
def test_discord_refuses_components_it_cannot_show(
    rows: list[dict[str, object]], broken: str
) -> None:
    problems = message_problems({"content": "x", "components": rows})
    assert any(broken in p for p in problems), problems


def test_what_discord_takes_passes() -> None:
    rows = [row(*(button(f"b{n}") for n in range(5))), row(select("m", 25, max_values=25)),
            row({"type": 2, "style": 5, "label": "Rules", "url": "https://a.b"}),
            row({"type": 2, "style": 2, "emoji": {"name": "📋"}, "custom_id": "e"})]
    assert message_problems({"content": "x", "components": rows}) == []
    assert message_problems({"attachments": [{"id": n} for n in range(11)]}) == [
        "attachments: at most 10"]


def test_modals_are_held_to_their_limits() -> None:
    field = {"type": 4, "custom_id": "f", "style": 1, "label": "Name"}
    modal = {"custom_id": "m", "title": "Name the table", "components": [row(field)]}
    assert modal_problems(modal) == []
    assert modal_problems({**modal, "title": "t" * 46})
    assert modal_problems({**modal, "components": []})
    assert modal_problems({**modal, "components": [row(field)] * 6})
    assert modal_problems({**modal, "components": [row({**field, "label": "l" * 46})]})
    assert modal_problems({**modal, "components": [row({**field, "placeholder": "p" * 101})]})
