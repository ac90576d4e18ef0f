"""Which code points a TrueType font has glyphs for, read from its own `cmap` table.

Pillow has no "does the font have this glyph" call, and drawing a missing glyph shows an
empty box; knowing the coverage lets the text layer substitute a visible fallback instead.
Only the two subtable formats that cover Unicode (4: BMP, 12: all planes) are needed.
"""

from __future__ import annotations

import struct
import zlib


def _format4(data: bytes, offset: int) -> set[int]:
    seg_count = struct.unpack_from(">H", data, offset + 6)[0] // 2
    ends_at = offset + 14
    starts_at = ends_at + 2 * seg_count + 2  # +2 skips reservedPad
    deltas_at = starts_at + 2 * seg_count
    range_offsets_at = deltas_at + 2 * seg_count
    points: set[int] = set()
    for i in range(seg_count):
        end = struct.unpack_from(">H", data, ends_at + 2 * i)[0]
        start = struct.unpack_from(">H", data, starts_at + 2 * i)[0]
        delta = struct.unpack_from(">h", data, deltas_at + 2 * i)[0]
        range_offset = struct.unpack_from(">H", data, range_offsets_at + 2 * i)[0]
        for code in range(start, end + 1):
            if code == 0xFFFF:
                continue
            if range_offset == 0:
                glyph = (code + delta) & 0xFFFF
            else:
                at = range_offsets_at + 2 * i + range_offset + 2 * (code - start)
                glyph = struct.unpack_from(">H", data, at)[0]
                if glyph:
                    glyph = (glyph + delta) & 0xFFFF
            if glyph:
                points.add(code)
    return points


def _format12(data: bytes, offset: int) -> set[int]:
    groups = struct.unpack_from(">I", data, offset + 12)[0]
    points: set[int] = set()
    for i in range(groups):
        start, end, _glyph = struct.unpack_from(">III", data, offset + 16 + 12 * i)
        points.update(range(start, end + 1))
    return points


def _woff_cmap(font_bytes: bytes) -> bytes | None:
    """The cmap table of a WOFF (1.0) font, inflated: WOFF is TrueType with each table
    compressed on its own."""
    num_tables = struct.unpack_from(">H", font_bytes, 12)[0]
    for i in range(num_tables):
        tag, offset, packed, size, _ = struct.unpack_from(">4sIIII", font_bytes, 44 + 20 * i)
        if tag == b"cmap":
            table = font_bytes[offset:offset + packed]
            return zlib.decompress(table) if packed < size else table
    return None


def covered_code_points(font_bytes: bytes) -> frozenset[int]:
    """Every code point the font (TrueType or WOFF) maps to a real glyph (not .notdef)."""
    if font_bytes[:4] == b"wOFF":
        table = _woff_cmap(font_bytes)
        if table is None:
            return frozenset()
        font_bytes, cmap_offset = table, 0
    else:
        num_tables = struct.unpack_from(">H", font_bytes, 4)[0]
        found = None
        for i in range(num_tables):
            record = struct.unpack_from(">4sIII", font_bytes, 12 + 16 * i)
            if record[0] == b"cmap":
                found = record[2]
        if found is None:
            return frozenset()
        cmap_offset = found
    subtables = struct.unpack_from(">H", font_bytes, cmap_offset + 2)[0]
    points: set[int] = set()
    for i in range(subtables):
        at = cmap_offset + 4 + 8 * i
        platform, _encoding, sub_offset = struct.unpack_from(">HHI", font_bytes, at)
        if platform not in (0, 3):  # Unicode and Windows platforms carry the Unicode maps
            continue
        at = cmap_offset + sub_offset
        fmt = struct.unpack_from(">H", font_bytes, at)[0]
        if fmt == 4:
            points |= _format4(font_bytes, at)
        elif fmt == 12:
            points |= _format12(font_bytes, at)
    return frozenset(points)
