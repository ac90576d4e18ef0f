"""The rules of every game. Pure Python: no I/O, no asyncio, no Discord, no Pillow."""

from engine.errors import IllegalAction

__all__ = ["IllegalAction"]
