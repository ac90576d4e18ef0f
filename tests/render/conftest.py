from __future__ import annotations

import io

import pytest
from PIL import Image

from render.gallery import Sample, sample_views


def open_png(data: bytes) -> Image.Image:
    """Decode PNG bytes fully (verify() alone does not decode the pixels)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    image.load()
    return image


@pytest.fixture(scope="session")
def samples() -> list[Sample]:
    return list(sample_views())
