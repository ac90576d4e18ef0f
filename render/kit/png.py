"""PNG encoding: the one place images become bytes, so every image gets the same treatment.

Table images are flat colours plus anti-aliased edges, so a 256-colour palette loses nothing
a player can see and makes the file several times smaller. Encoding is deterministic: the
same image always gives the same bytes.
"""

from __future__ import annotations

import io

from PIL import Image

MAX_WIDTH = 1200


def encode(image: Image.Image, *, palette: bool = True) -> bytes:
    if image.width > MAX_WIDTH:
        raise ValueError(f"image is {image.width} px wide; the limit is {MAX_WIDTH}")
    rgb = image.convert("RGB") if image.mode != "RGB" else image
    out = io.BytesIO()
    if palette:
        # Fast octree quantisation keeps the encode well inside the draw-time budget.
        rgb.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
            out, format="PNG", compress_level=6
        )
    else:
        rgb.save(out, format="PNG", compress_level=6)
    return out.getvalue()
