"""Discord's size limits on what a bot sends: a message over any of them is refused whole
(400, code 50035 "Invalid Form Body"), so the user gets no answer at all."""

from __future__ import annotations

from typing import Any

CONTENT = 2000
EMBEDS = 10
EMBED_TOTAL = 6000
EMBED_FIELDS = 25
EMBED_TEXT = {"title": 256, "description": 4096}
EMBED_PARTS = {"footer": ("text", 2048), "author": ("name", 256)}
FIELD_TEXT = {"name": 256, "value": 1024}
CUSTOM_ID = 100
BUTTON_LABEL = 80
PLACEHOLDER = 150
SELECT_OPTIONS = 25
OPTION_TEXT = {"label": 100, "value": 100, "description": 100}
ACTION_ROWS = 5
ROW_BUTTONS = 5
ATTACHMENT_DESCRIPTION = 1024
CHOICES = 25
CHOICE_TEXT = {"name": 100, "value": 100}


def message_problems(body: dict[str, Any]) -> list[str]:
    """Every limit a message body (create, edit or interaction answer) breaks."""
    problems: list[str] = []

    def longer(where: str, value: Any, limit: int) -> None:
        if isinstance(value, str) and len(value) > limit:
            problems.append(f"{where}: Must be {limit} or fewer in length ({len(value)})")

    longer("content", body.get("content"), CONTENT)
    embeds = list(body.get("embeds") or ([body["embed"]] if body.get("embed") else []))
    if len(embeds) > EMBEDS:
        problems.append(f"embeds: at most {EMBEDS}")
    for n, embed in enumerate(embeds):
        total = 0
        for key, limit in EMBED_TEXT.items():
            longer(f"embeds.{n}.{key}", embed.get(key), limit)
            total += len(embed.get(key) or "")
        for part, (key, limit) in EMBED_PARTS.items():
            text = (embed.get(part) or {}).get(key)
            longer(f"embeds.{n}.{part}.{key}", text, limit)
            total += len(text or "")
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS:
            problems.append(f"embeds.{n}.fields: at most {EMBED_FIELDS}")
        for f, field in enumerate(fields):
            for key, limit in FIELD_TEXT.items():
                longer(f"embeds.{n}.fields.{f}.{key}", field.get(key), limit)
                total += len(field.get(key) or "")
        if total > EMBED_TOTAL:
            problems.append(f"embeds.{n}: more than {EMBED_TOTAL} characters in all")
    rows = body.get("components") or []
    if len(rows) > ACTION_ROWS:
        problems.append(f"components: at most {ACTION_ROWS} rows")
    for r, row in enumerate(rows):
        items = row.get("components") or []
        if len(items) > ROW_BUTTONS:
            problems.append(f"components.{r}: at most {ROW_BUTTONS} items")
        for i, item in enumerate(items):
            where = f"components.{r}.components.{i}"
            longer(f"{where}.custom_id", item.get("custom_id"), CUSTOM_ID)
            longer(f"{where}.label", item.get("label"), BUTTON_LABEL)
            longer(f"{where}.placeholder", item.get("placeholder"), PLACEHOLDER)
            options = item.get("options") or []
            if len(options) > SELECT_OPTIONS:
                problems.append(f"{where}.options: at most {SELECT_OPTIONS}")
            for o, option in enumerate(options):
                for key, limit in OPTION_TEXT.items():
                    longer(f"{where}.options.{o}.{key}", option.get(key), limit)
    for a, attachment in enumerate(body.get("attachments") or []):
        longer(f"attachments.{a}.description", attachment.get("description"),
               ATTACHMENT_DESCRIPTION)
    return problems


def choice_problems(choices: list[dict[str, Any]]) -> list[str]:
    """Every limit an autocomplete answer breaks."""
    problems = [f"choices: at most {CHOICES}"] if len(choices) > CHOICES else []
    for n, choice in enumerate(choices):
        for key, limit in CHOICE_TEXT.items():
            value = choice.get(key)
            if isinstance(value, str) and len(value) > limit:
                problems.append(f"choices.{n}.{key}: Must be {limit} or fewer in length")
    return problems
