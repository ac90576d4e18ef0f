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
ATTACHMENTS = 10
MODAL_TITLE = 45
MODAL_FIELD_TEXT = {"label": 45, "placeholder": 100, "value": 4000, "custom_id": 100}
BUTTON, STRING_SELECT, LINK_STYLE = 2, 3, 5


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
    seen_ids: set[str] = set()
    for r, row in enumerate(rows):
        items = row.get("components") or []
        if len(items) > ROW_BUTTONS:
            problems.append(f"components.{r}: at most {ROW_BUTTONS} items")
        if len(items) > 1 and any(item.get("type") != BUTTON for item in items):
            problems.append(f"components.{r}: a select menu must be alone in its row")
        for i, item in enumerate(items):
            where = f"components.{r}.components.{i}"
            longer(f"{where}.custom_id", item.get("custom_id"), CUSTOM_ID)
            longer(f"{where}.label", item.get("label"), BUTTON_LABEL)
            longer(f"{where}.placeholder", item.get("placeholder"), PLACEHOLDER)
            problems.extend(f"{where}: {p}" for p in _item_problems(item, seen_ids))
            options = item.get("options") or []
            if len(options) > SELECT_OPTIONS:
                problems.append(f"{where}.options: at most {SELECT_OPTIONS}")
            for o, option in enumerate(options):
                for key, limit in OPTION_TEXT.items():
                    longer(f"{where}.options.{o}.{key}", option.get(key), limit)
    attachments = body.get("attachments") or []
    if len(attachments) > ATTACHMENTS:
        problems.append(f"attachments: at most {ATTACHMENTS}")
    for a, attachment in enumerate(attachments):
        longer(f"attachments.{a}.description", attachment.get("description"),
               ATTACHMENT_DESCRIPTION)
    return problems


def _item_problems(item: dict[str, Any], seen_ids: set[str]) -> list[str]:
    """What Discord refuses in one button or select, beyond lengths: a custom_id used twice
    in the message, a link button with one or another button without, a button with neither
    label nor emoji, a select whose value counts its options cannot meet."""
    problems = []
    custom_id = item.get("custom_id")
    if custom_id is not None:
        if custom_id in seen_ids:
            problems.append(f"custom_id {custom_id!r} is used twice in the message")
        seen_ids.add(custom_id)
    if item.get("type") == BUTTON:
        link = item.get("style") == LINK_STYLE
        if link != ("url" in item) or link == (custom_id is not None):
            problems.append("a link button has a url and no custom_id; any other, a custom_id")
        if not item.get("label") and not item.get("emoji"):
            problems.append("a button needs a label or an emoji")
    elif item.get("type") == STRING_SELECT:
        count = len(item.get("options") or [])
        low, high = item.get("min_values", 1), item.get("max_values", 1)
        if count == 0:
            problems.append("a select needs at least one option")
        elif not 0 <= low <= high <= min(count, SELECT_OPTIONS):
            problems.append(f"min_values {low} and max_values {high} do not fit {count} options")
    return problems


def modal_problems(modal: dict[str, Any]) -> list[str]:
    """Every limit a modal breaks: its title, its rows, and each text input's texts."""
    problems: list[str] = []
    if len(modal.get("title") or "") > MODAL_TITLE:
        problems.append(f"title: Must be {MODAL_TITLE} or fewer in length")
    if len(modal.get("custom_id") or "") > CUSTOM_ID:
        problems.append(f"custom_id: Must be {CUSTOM_ID} or fewer in length")
    rows = modal.get("components") or []
    if not 1 <= len(rows) <= ACTION_ROWS:
        problems.append(f"components: 1 to {ACTION_ROWS}")
    for r, row in enumerate(rows):
        for field in row.get("components") or ([row["component"]] if "component" in row else []):
            for key, limit in MODAL_FIELD_TEXT.items():
                value = field.get(key)
                if isinstance(value, str) and len(value) > limit:
                    problems.append(f"components.{r}.{key}: Must be {limit} or fewer in length")
        label = row.get("label")
        if isinstance(label, str) and len(label) > MODAL_FIELD_TEXT["label"]:
            problems.append(f"components.{r}.label: Must be 45 or fewer in length")
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
