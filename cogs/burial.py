"""Which table messages in a channel have been pushed out of sight by the messages after them.

A table that plays in a channel (no thread) is posted again at the bottom once enough messages
came after it: anyone's, another bot's, this bot's own notices and lobbies, another table's.
Only the table's own posts never bury it. Table messages count towards the number but cannot
by themselves move a table: six tables in one channel would otherwise take turns at the bottom
for ever, each re-post burying the others. So a table is buried only once at least one message
that shows no table came after it, and each such message moves each table at most once.

Message ids are snowflakes, which grow with time: "after the table" is a larger id, so a
message that arrives while the table is being posted again is judged against the new post,
whichever of the gateway's event and Discord's answer comes first.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass


@dataclass
class _Channel:
    #: The newest messages seen in the channel, oldest first: (message id, table it shows).
    recent: deque[tuple[int, int | None]]
    #: The id of the newest message that shows no table (0: none seen).
    last_other: int = 0


class Burials:
    def __init__(self, after: int, longest: int = 0) -> None:
        """`after`: how many messages after a table message bury it, unless its server
        chose another number (at most `longest`)."""
        self.after = after
        self._kept = max(after, longest)
        self._channels: dict[int, _Channel] = {}

    def written(self, channel_id: int, message_id: int, table_id: int | None) -> None:
        """A message arrived in a channel where tables play; `table_id` is the table it
        shows, None for any other message."""
        # One more than the most any table needs: at most one of these is the buried
        # table's own newest post (seen before its id was stored), and the rest must still
        # reach `after`.
        channel = self._channels.setdefault(
            channel_id, _Channel(deque(maxlen=self._kept + 1))
        )
        channel.recent.append((message_id, table_id))
        if table_id is None:
            channel.last_other = max(channel.last_other, message_id)

    def buried(self, channel_id: int, table_id: int, message_id: int | None,
               after: int | None = None) -> bool:
        """Whether the table whose message is `message_id` in that channel is out of sight:
        `after` messages came after it (its server's choice; None: the bot's)."""
        channel = self._channels.get(channel_id)
        if channel is None or message_id is None or channel.last_other <= message_id:
            return False
        later = [m for m, shown in channel.recent if m > message_id and shown != table_id]
        return len(later) >= min(self.after if after is None else after, self._kept)

    def forget(self, channel_id: int) -> None:
        """No table plays in the channel any more."""
        self._channels.pop(channel_id, None)
