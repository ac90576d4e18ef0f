"""An offline Discord for end-to-end tests: the real bot, a fake Discord in the test process.

Usage (stub; full documentation follows)::

    from tests.e2e.harness import FakeDiscord

    async def test_lobby(db):
        async with FakeDiscord() as fake:
            await fake.connect(create_bot(db))
            alice = fake.member("alice")
            answer = await fake.slash(alice, "play", {"game": "cribbage"})
            await fake.click(alice, answer.message, label="Join")
            fake.assert_clean()
"""

from .activity import QuietTimeout
from .errors import ComponentRefused, HarnessError
from .fake import FakeDiscord
from .model import Attachment, FakeChannel, FakeMessage, FakeUser, InteractionRecord

__all__ = [
    "Attachment",
    "ComponentRefused",
    "FakeChannel",
    "FakeDiscord",
    "FakeMessage",
    "FakeUser",
    "HarnessError",
    "InteractionRecord",
    "QuietTimeout",
]
