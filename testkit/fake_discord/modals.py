"""Modal submissions: the data Discord sends when a user fills in and submits a modal.

The submitted components mirror the modal's layout (text inputs in action rows, or any
input inside a label), each carrying what the user entered; the checks are the ones
Discord's client makes before it lets the user press Submit.
"""

from __future__ import annotations

from typing import Any

from .errors import HarnessError

ACTION_ROW, TEXT_INPUT, LABEL, STRING_SELECT = 1, 4, 18, 3


def modal_submit_data(modal: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    inputs = {c["custom_id"]: c for c in _inputs(modal.get("components") or [])}
    unknown = set(values) - set(inputs)
    if unknown:
        raise HarnessError(f"modal {modal['custom_id']!r} has no field(s) {sorted(unknown)}")
    components = []
    for component in modal.get("components") or []:
        if component["type"] == ACTION_ROW:
            inner = [_answer(c, values) for c in component.get("components") or []]
            components.append({"type": ACTION_ROW, "components": inner})
        elif component["type"] == LABEL:
            components.append({"type": LABEL, "component": _answer(component["component"], values)})
    return {"custom_id": modal["custom_id"], "components": components}


def _inputs(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for component in components:
        if component["type"] == ACTION_ROW:
            found.extend(component.get("components") or [])
        elif component["type"] == LABEL:
            found.append(component["component"])
    return [c for c in found if "custom_id" in c]


def _answer(field: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    custom_id = field["custom_id"]
    if field["type"] == TEXT_INPUT:
        text = str(values.get(custom_id, field.get("value") or ""))
        if not text and field.get("required", True):
            raise HarnessError(f"modal field {custom_id!r} is required")
        low, high = field.get("min_length", 0), field.get("max_length", 4000)
        if text and not low <= len(text) <= high:
            raise HarnessError(f"modal field {custom_id!r} takes {low}..{high} characters")
        return {"type": TEXT_INPUT, "custom_id": custom_id, "value": text}
    if field["type"] == STRING_SELECT:
        chosen = list(values.get(custom_id, []))
        offered = [o["value"] for o in field.get("options", [])]
        low, high = field.get("min_values", 1), field.get("max_values", 1)
        if any(v not in offered for v in chosen) or not low <= len(chosen) <= high:
            raise HarnessError(f"modal select {custom_id!r} takes {low}..{high} of {offered}")
        return {"type": STRING_SELECT, "custom_id": custom_id, "values": chosen}
    raise HarnessError(f"modal field type {field['type']} is not supported by the harness")
