"""Databases the benchmarks fill and drop: a PostgreSQL schema of their own, and where the
server comes from."""

from __future__ import annotations

import os
import uuid


def postgres_server(given: str = "") -> str:
    """The server to use: the one given, else TEST_DATABASE_URL, else "" (none)."""
    return given or os.environ.get("TEST_DATABASE_URL", "").strip()


class PostgresSchema:
    """A schema of its own on the server, dropped afterwards."""

    def __init__(self, server: str) -> None:
        self.server = server
        self.name = f"bench_{uuid.uuid4().hex[:12]}"

    async def __aenter__(self) -> str:
        import asyncpg

        self.admin = await asyncpg.connect(self.server)
        await self.admin.execute(f"CREATE SCHEMA {self.name}")
        separator = "&" if "?" in self.server else "?"
        return f"{self.server}{separator}search_path={self.name}"

    async def __aexit__(self, *_: object) -> None:
        await self.admin.execute(f"DROP SCHEMA {self.name} CASCADE")
        await self.admin.close()
