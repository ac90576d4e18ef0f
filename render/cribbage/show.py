"""Cribbage's show: each count's hand or crib with its cards, starter and points in the picture,
and its breakdown in words for the table message (`details`)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.cards import card_symbol
from render.cribbage.sides import seat_name
from render.cribbage.sizes import (
    BODY,
    MARGIN,
    MAX_SHOW_WITH_CARDS,
    SHOW_CARD,
    SHOW_STEP,
    SMALL,
    WIDTH,
)
from render.kit import cards, layout, palette, text
from render.kit.safe import integer, listed
from render.registry import View

KIND_WORDS = {"fifteen": "15s", "pair": "pairs", "run": "runs", "flush": "flush",
              "nobs": "nobs", "heels": "heels"}


def breakdown_words(record: dict[str, Any]) -> str:
    """"15s 6 · pairs 2 · runs 3 = 11", from the breakdown's items grouped by kind; a claim
    whose count is not shown yet is open to Muggins! (C-17), which everyone is told (the
    words are the same for every claim, right or short, so they give nothing away)."""
    breakdown = record.get("breakdown") if isinstance(record.get("breakdown"), dict) else None
    if breakdown is None:
        claimed = record.get("claimed")
        return (f"claimed {claimed} · opponents may press Muggins!" if claimed is not None
                else "")
    totals: dict[str, int] = {}
    for item in listed(breakdown.get("items")):
        if isinstance(item, dict):
            kind = KIND_WORDS.get(str(item.get("kind")), str(item.get("kind")))
            totals[kind] = totals.get(kind, 0) + integer(item.get("points"))
    total = integer(breakdown.get("total"), sum(totals.values()))
    words = (" · ".join(f"{kind} {points}" for kind, points in totals.items()) + f" = {total}"
             if totals else "nineteen (no score) = 0")
    claimed = record.get("claimed")
    if isinstance(claimed, int) and claimed != total:
        words += f" (claimed {claimed})"  # muggins: a short claim, shown once settled
    return words


def _show_records(view: View) -> tuple[str, list[dict[str, Any]]]:
    """The show to display: this deal's counts so far, or between deals the last deal's."""
    records = [r for r in listed(view.get("show")) if isinstance(r, dict)]
    if not records and view.get("phase") in ("discard", "over"):
        return "Last deal's show", [r for r in listed(view.get("last_show"))
                                    if isinstance(r, dict)]
    return "The show", records


def _record_points(record: dict[str, Any]) -> str:
    scored = record.get("scored")
    return str(scored) if isinstance(scored, int) else "…"


def _record_who(view: View, record: dict[str, Any], room: float, bold: bool) -> str:
    """"Ann's hand" or "Ann's crib", the name shortened so the whole fits `room`."""
    suffix = "'s crib" if record.get("kind") == "crib" else "'s hand"
    name = text.fit(seat_name(view, record.get("seat")), BODY,
                    room - text.width(suffix, BODY, bold), bold)
    return name + suffix


def show_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                 four_colour: bool, with_cards: bool = True) -> int:
    """Each count of the show: whose hand or crib, its cards and starter, and its points,
    two counts to a row. The breakdown in words is in the message (`details`), and so are
    the cards when there are too many counts to draw them (six or more players) or no room
    (`with_cards` False)."""
    heading, records = _show_records(view)
    if not records:
        return y
    text.draw(draw, (MARGIN, y), heading + " (details in the message)", SMALL,
              fill=palette.SOFT_WHITE, bold=True)
    y += 24
    if len(records) > MAX_SHOW_WITH_CARDS or not with_cards:
        return _show_totals(draw, view, records, y)
    pieces_of = [[str(c) for c in listed(r.get("cards")) if isinstance(c, str)] for r in records]
    die = round(SHOW_CARD * 0.6)
    widths = []
    for pieces in pieces_of:
        hand = [p for p in pieces if p[:1] != "P"]
        dice = len(pieces) - len(hand)
        widths.append(SHOW_CARD + SHOW_STEP * max(0, len(hand) - 1) + dice * (die + 6)
                      + 10 + SHOW_CARD)
    cell_w = (WIDTH - 2 * MARGIN - 12) / 2
    columns = 2 if max(widths) <= cell_w else 1
    cell_w = (WIDTH - 2 * MARGIN - 12 * (columns - 1)) / columns
    card_h = cards.card_height(SHOW_CARD)
    row_h = card_h + 34
    for index, (record, pieces) in enumerate(zip(records, pieces_of, strict=True)):
        row, col = divmod(index, columns)
        x = MARGIN + col * (cell_w + 12)
        top = y + row * row_h
        # PIP dice are drawn whole after the fanned cards: a fan would hide their pips.
        hand = [p for p in pieces if p[:1] != "P"]
        right = layout.card_row(image, hand, (x, top), SHOW_CARD, four_colour, step=SHOW_STEP)
        for piece in pieces:
            if piece[:1] == "P":
                face = int(piece[1:2]) if piece[1:2].isdigit() else 1
                layout.paste(image, cards.die_face(face, die),
                             (right + 6, top + (card_h - die) / 2))
                right += 6 + die
        starter = record.get("starter") if isinstance(record.get("starter"), str) else None
        if starter:
            layout.card_row(image, [starter], (right + 10, top), SHOW_CARD, four_colour)
        points_w = text.draw(draw, (x + cell_w, top + card_h + 4), _record_points(record), BODY,
                             fill=palette.HIGHLIGHT, bold=True, anchor="ra")
        who = _record_who(view, record, cell_w - points_w - 10, bold=True)
        text.draw(draw, (x, top + card_h + 4), who, BODY, fill=palette.WHITE, bold=True)
    rows = -(-len(records) // columns)
    return y + rows * row_h + 6


def _show_totals(draw: ImageDraw.ImageDraw, view: View, records: list[dict[str, Any]],
                 y: int) -> int:
    """The show as whose count scored what, two to a row, without the cards."""
    cell_w = (WIDTH - 2 * MARGIN - 12) / 2
    for index, record in enumerate(records):
        row, col = divmod(index, 2)
        x = MARGIN + col * (cell_w + 12)
        top = y + row * 30
        points_w = text.draw(draw, (x + cell_w, top), _record_points(record), BODY,
                             fill=palette.HIGHLIGHT, bold=True, anchor="ra")
        text.draw(draw, (x, top), _record_who(view, record, cell_w - points_w - 10, False), BODY,
                  fill=palette.WHITE)
    return y + -(-len(records) // 2) * 30 + 6


def show_totals_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                        four_colour: bool) -> int:
    """The show as each count's points only: its cards are in the message."""
    return show_section(image, draw, view, y, four_colour, with_cards=False)


def show_note_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                      four_colour: bool) -> int:
    """The show in one line that points to the message."""
    heading, records = _show_records(view)
    if not records:
        return y
    text.draw(draw, (MARGIN, y), f"{heading}: each count is in the message", SMALL,
              fill=palette.SOFT_WHITE, bold=True, max_width=WIDTH - 2 * MARGIN)
    return y + 30


def show_details(view: View) -> list[str]:
    """Each count of the show in words, for the table message: "Ann's hand 3♥ 3♦ J♦ K♥ +
    Q♠: pairs 2 · runs 3 = 5", the cards written as the hand picture and the buttons write them."""
    heading, records = _show_records(view)
    lines = []
    for record in records:
        kind = "crib" if record.get("kind") == "crib" else "hand"
        who = f"{seat_name(view, record.get('seat'))}'s {kind}"
        pieces = " ".join(card_symbol(c) for c in listed(record.get("cards"))
                          if isinstance(c, str))
        starter = record.get("starter")
        with_starter = f" + {card_symbol(starter)}" if isinstance(starter, str) else ""
        lines.append(f"{who} {pieces}{with_starter}: {breakdown_words(record)}"
                     f"{_caught_words(view, record)}")
    return [f"{heading}:", *lines] if lines else []


def _caught_words(view: View, record: dict[str, Any]) -> str:
    """" · Muggins! Bob kept 4" after a short claim's count: who took the points missed and
    what they did with them, which the table's latest lines may no longer show."""
    caught = record.get("muggins")
    if not isinstance(caught, dict) or caught.get("kept") is None:
        return ""
    points = integer(caught.get("points"))
    if not points:
        return ""
    fate = "kept" if caught["kept"] else "gave back"
    return f" · Muggins! {seat_name(view, caught.get('seat'))} {fate} {points}"


def details(view: View) -> list[str]:
    return show_details(view)

