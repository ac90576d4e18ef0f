-- A server's own settings for its games (/server settings): a JSON object of what its
-- admins changed; no row, or a name missing from it, is the bot's default.
CREATE TABLE server_settings (
    guild_id   INTEGER PRIMARY KEY,
    settings   TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
