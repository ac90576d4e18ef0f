-- PostgreSQL twin of ../0019_server_settings.sql.
CREATE TABLE server_settings (
    guild_id   BIGINT PRIMARY KEY,
    settings   TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
