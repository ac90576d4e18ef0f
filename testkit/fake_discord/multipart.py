"""A small multipart/form-data reader for the bodies discord.py sends.

aiohttp's own form parser spends most of its time decoding Content-Disposition headers in
full generality; discord.py's parts are simple (`name="payload_json"`, `name="files[0]";
filename="x.png"`), and this reader handles exactly that shape, several times faster.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_PARAMETER = re.compile(r';\s*([a-zA-Z*]+)="((?:[^"\\]|\\.)*)"')


@dataclass
class Part:
    name: str
    filename: str | None
    content_type: str | None
    data: bytes


class MultipartFormatError(ValueError):
    """The body is not the multipart shape this reader understands."""


def boundary_of(content_type_header: str) -> str:
    match = re.search(r'boundary="?([^";]+)"?', content_type_header)
    if match is None:
        raise MultipartFormatError("no boundary in Content-Type")
    return match.group(1)


def parse_parts(body: bytes, boundary: str) -> list[Part]:
    delimiter = b"--" + boundary.encode()
    chunks = body.split(delimiter)
    if len(chunks) < 3 or not chunks[-1].startswith(b"--"):
        raise MultipartFormatError("body does not end with the closing delimiter")
    parts = []
    for chunk in chunks[1:-1]:
        if not chunk.startswith(b"\r\n") or not chunk.endswith(b"\r\n"):
            raise MultipartFormatError("part is not framed by CRLF")
        head, separator, data = chunk[2:-2].partition(b"\r\n\r\n")
        if not separator:
            raise MultipartFormatError("part has no header/body separator")
        headers = {}
        for line in head.decode("utf-8").split("\r\n"):
            key, _, value = line.partition(":")
            headers[key.strip().lower()] = value.strip()
        disposition = headers.get("content-disposition", "")
        if not disposition.startswith("form-data"):
            raise MultipartFormatError(f"unexpected Content-Disposition {disposition!r}")
        parameters = {
            key.lower(): value.replace('\\"', '"') for key, value in _PARAMETER.findall(disposition)
        }
        if "name" not in parameters or "filename*" in parameters:
            raise MultipartFormatError(f"unsupported Content-Disposition {disposition!r}")
        parts.append(
            Part(parameters["name"], parameters.get("filename"), headers.get("content-type"), data)
        )
    return parts
