-- Open lobbies survive a restart so their buttons keep working.
CREATE TABLE lobbies (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER,
    host_id     INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    options     TEXT    NOT NULL,            -- JSON
    settings    TEXT    NOT NULL DEFAULT '{}', -- JSON
    seats       TEXT    NOT NULL,            -- JSON list of seats
    status      TEXT    NOT NULL DEFAULT 'open'
                CHECK (status IN ('open', 'started', 'cancelled')),
    game_id     INTEGER REFERENCES games (id),
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);
CREATE INDEX lobbies_by_status ON lobbies (status);
