"""A player's own preferences, set with /settings and kept in the store.

notices: when a separate message mentions them on their turn: "always", "slow" (only once
    their turn has waited longer than they usually take) or "never".
autoplay: whether a move that carries no choice (GameSpec.forced, e.g. Go) is played for them.
four_colour: a four-colour deck in their hand picture.
profile: who may see their /profile card: "public" (anyone in the server) or "private" (only
    they).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.errors import IllegalAction
from store import Store
from tables.seats import SeatInfo

if TYPE_CHECKING:
    from tables.manager import TableManager

NOTICE_CHOICES = ("always", "slow", "never")
PROFILE_CHOICES = ("public", "private")
DEFAULTS: dict[str, Any] = {"notices": "slow", "autoplay": True, "four_colour": False,
                            "profile": "public"}
#: Settings kept of players not seated at a running game (the most recently read): a bot
#: meets new players for months, and each entry is a few hundred bytes.
KEEP = 2000


def with_defaults(stored: dict[str, Any]) -> dict[str, Any]:
    """Stored settings over the defaults; unknown or malformed stored values are ignored."""
    settings = dict(DEFAULTS)
    for name, value in stored.items():
        try:
            settings.update(checked({name: value}))
        except IllegalAction:
            continue
    return settings


def checked(changes: dict[str, Any]) -> dict[str, Any]:
    """The changes, validated; IllegalAction names the first bad one."""
    for name, value in changes.items():
        if name not in DEFAULTS:
            raise IllegalAction(f"There is no setting {name}.")
        if name == "notices" and value not in NOTICE_CHOICES:
            raise IllegalAction(f"Turn notices are one of {', '.join(NOTICE_CHOICES)}.")
        if name == "profile" and value not in PROFILE_CHOICES:
            raise IllegalAction("A profile is public or private.")
        if name in ("autoplay", "four_colour") and not isinstance(value, bool):
            raise IllegalAction(f"{name} is on or off.")
    return dict(changes)


def seated_members(manager: TableManager) -> set[int]:
    """The members seated at a game running in `manager`, or loaded to be rebuilt."""
    seated = {seat.user_id for table in manager._tables.values() for seat in table.seats}
    seated |= {seat.get("user_id") for record, _ in manager._resume.pending.values()
               for seat in record.seats}
    return {user_id for user_id in seated if user_id is not None}


class PlayerSettings:
    """The settings of every player seated at a running game (`seated` says who is), so its
    timers can consult them without waiting on the store, and of the last `keep` others read.
    """

    def __init__(self, store: Store, seated: Callable[[], set[int]] = set,
                 keep: int = KEEP) -> None:
        self.store, self.seated, self.keep = store, seated, keep
        #: Least recently read first.
        self._known: OrderedDict[int, dict[str, Any]] = OrderedDict()
        self._limit = keep

    async def get(self, user_id: int) -> dict[str, Any]:
        """A player's settings, defaults filled in."""
        if user_id in self._known:
            self._known.move_to_end(user_id)
        else:
            self._remember(user_id, with_defaults(await self.store.player_settings(user_id)))
        return dict(self._known[user_id])

    def cached(self, user_id: int) -> dict[str, Any]:
        """The settings of a seated player (loaded when their game started), else defaults."""
        return dict(self._known.get(user_id) or with_defaults({}))

    async def change(self, user_id: int, changes: dict[str, Any]) -> dict[str, Any]:
        """Change some of a player's settings; IllegalAction for a bad one (nothing changes)."""
        settings = {**await self.get(user_id), **checked(changes)}
        await self.store.set_player_settings(user_id, settings)
        self._remember(user_id, settings)
        return dict(settings)

    async def load(self, seats: list[SeatInfo]) -> None:
        """Read the settings of everyone seated."""
        for user_id in {seat.user_id for seat in seats if seat.user_id is not None}:
            await self.get(user_id)

    def _remember(self, user_id: int, settings: dict[str, Any]) -> None:
        self._known[user_id] = settings
        self._known.move_to_end(user_id)
        if len(self._known) > self._limit:
            self._forget_the_oldest()

    def _forget_the_oldest(self) -> None:
        """Down to `keep` entries, never a seated player's. More seated than that, the next
        look waits a quarter of `keep` more, so reading settings stays cheap."""
        seated = self.seated()
        for user_id in [u for u in self._known if u not in seated]:
            if len(self._known) <= self.keep:
                break
            del self._known[user_id]
        self._limit = max(self.keep, len(self._known)) + self.keep // 4
