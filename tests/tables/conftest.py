import pytest

from store import Store
from tables import TableManager
from tests.tables.helpers import Recorder, make_manager


@pytest.fixture
async def store(database_url: str):
    store = await Store.open(database_url)
    yield store
    await store.close()


@pytest.fixture
async def manager(store: Store):
    manager = make_manager(store)
    yield manager
    await manager.close()


@pytest.fixture
def recorder(manager: TableManager) -> Recorder:
    return manager.recorder  # type: ignore[attr-defined]
