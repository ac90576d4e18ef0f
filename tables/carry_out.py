"""Work on a table that must run to its end once begun, whoever stops waiting for it."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


async def carry_out(work: Coroutine[Any, Any, T]) -> T:
    """Run `work` to the end even if the caller is cancelled (an interaction handler timing
    out, an idle timer replaced by the very move it made): an action half done, applied in
    memory but not yet committed, would leave the table and its log disagreeing."""

    async def settle() -> tuple[T | None, Exception | None]:
        # The task never ends in an exception (a refusal is an answer, not a crash); the
        # caller re-raises it.
        try:
            return await work, None
        except Exception as error:
            return None, error

    result, error = await asyncio.shield(asyncio.ensure_future(settle()))
    if error is not None:
        raise error
    return result  # type: ignore[return-value]
