"""The quick multipart reader against bodies built the way discord.py builds them."""

from __future__ import annotations

import json

import aiohttp
import pytest
from hypothesis import given
from hypothesis import strategies as st

from testkit.fake_discord.multipart import MultipartFormatError, boundary_of, parse_parts


class Collector:
    """Enough of a stream writer for aiohttp's MultipartWriter.write()."""

    def __init__(self) -> None:
        self.data = bytearray()

    async def write(self, chunk: bytes) -> None:
        self.data.extend(chunk)


async def encode(fields: list[dict]) -> tuple[bytes, str]:
    # discord.py: aiohttp.FormData(quote_fields=False) and add_field(**part) for each part.
    form = aiohttp.FormData(quote_fields=False)
    for field in fields:
        form.add_field(**field)
    writer = form()
    collector = Collector()
    await writer.write(collector)
    return bytes(collector.data), writer.content_type


# File names aiohttp accepts in a header: no control characters, quotes or backslashes.
filenames = st.text(
    alphabet=st.characters(
        min_codepoint=32, max_codepoint=0x2FFF, exclude_categories=["Cc"], exclude_characters='"\\'
    ),
    min_size=1,
    max_size=30,
)


@given(
    payload=st.dictionaries(st.text(max_size=10), st.text(max_size=30), max_size=4),
    # discord.py sends multipart only with at least one file (aiohttp urlencodes otherwise).
    files=st.lists(st.tuples(filenames, st.binary(max_size=300)), min_size=1, max_size=3),
)
async def test_parts_come_back_exactly(payload: dict, files: list[tuple[str, bytes]]) -> None:
    fields = [{"name": "payload_json", "value": json.dumps(payload)}]
    for index, (filename, data) in enumerate(files):
        fields.append(
            {
                "name": f"files[{index}]",
                "value": data,
                "filename": filename,
                "content_type": "application/octet-stream",
            }
        )
    body, content_type = await encode(fields)

    parts = parse_parts(body, boundary_of(content_type))

    assert parts[0].name == "payload_json" and json.loads(parts[0].data) == payload
    assert [(p.name, p.filename, p.data) for p in parts[1:]] == [
        (f"files[{i}]", name, data) for i, (name, data) in enumerate(files)
    ]


async def test_data_that_looks_like_a_delimiter_stays_data() -> None:
    tricky = b"\r\n--x\r\n\r\n"
    body, content_type = await encode([{"name": "files[0]", "value": tricky, "filename": "a"}])

    [part] = parse_parts(body, boundary_of(content_type))

    assert part.data == tricky


def test_a_truncated_body_is_refused() -> None:
    with pytest.raises(MultipartFormatError):
        parse_parts(b'--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n', "b")
