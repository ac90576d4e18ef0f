"""Copying a game's state fast, optionally putting other cards in place of some (see
Game.clone and Game.determinize in engine/contract.py).

copy.deepcopy is general and slow: it copies every card and every frozen record. Here cards
(immutable tuples), frozen dataclasses, enums and other immutable values are shared, so a copy
costs a few microseconds per mutable container. A random.Random is copied with its state.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import random
from collections.abc import Iterable
from typing import Any

from engine.cards import Card

_ATOMIC = (int, str, bool, float, type(None), frozenset, enum.Enum, range)


def copy_state(value: Any, swap: dict[Card, Card] | None = None, shared: Iterable[Any] = ()
                ) -> Any:
    """A copy of `value` sharing nothing mutable with it but the objects in `shared` (records
    the game replaces and never changes in place); each card found in `swap` (in lists, dicts,
    sets, tuples and mutable objects, not in frozen records) is replaced by its value there."""
    copier = _Copier(swap or {})
    copier.memo.update((id(item), item) for item in shared)
    return copier.copy(value)


class _Copier:
    def __init__(self, swap: dict[Card, Card]) -> None:
        self.swap = swap
        self.memo: dict[int, Any] = {}

    def copy(self, value: Any) -> Any:
        kind = type(value)
        if kind is Card:
            return self.swap.get(value, value)
        if isinstance(value, _ATOMIC) or kind is type:
            return value
        known = self.memo.get(id(value))
        if known is not None:
            return known
        if kind is list:
            new_list: list[Any] = []
            self.memo[id(value)] = new_list
            new_list.extend([self.copy(item) for item in value])
            return new_list
        if kind is dict:
            new_dict: dict[Any, Any] = {}
            self.memo[id(value)] = new_dict
            for key, item in value.items():
                new_dict[self.copy(key)] = self.copy(item)
            return new_dict
        if kind is set:
            new_set = {self.copy(item) for item in value}
            self.memo[id(value)] = new_set
            return new_set
        if kind is tuple:
            return tuple([self.copy(item) for item in value])
        if isinstance(value, tuple) and hasattr(kind, "_make"):  # another named tuple
            return kind._make([self.copy(item) for item in value])
        if isinstance(value, random.Random):
            rng = kind()
            rng.setstate(value.getstate())
            self.memo[id(value)] = rng
            return rng
        if dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen:  # type: ignore[union-attr]  # every dataclass has it; typeshed leaves it out
            return value  # a frozen record (a plan, a board, a breakdown): never changes
        if hasattr(value, "__dict__"):
            new = object.__new__(kind)
            self.memo[id(value)] = new
            new.__dict__.update({name: self.copy(item) for name, item in vars(value).items()})
            return new
        return copy.deepcopy(value, self.memo)
