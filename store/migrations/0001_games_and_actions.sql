-- Running and past games, and the log of every accepted action.
-- (game name, options, seed, action log) reproduces a game exactly, so that is all we keep.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    thread_id   INTEGER,
    message_id  INTEGER,
    game        TEXT    NOT NULL,
    options     TEXT    NOT NULL,            -- JSON: the engine's options
    settings    TEXT    NOT NULL DEFAULT '{}', -- JSON: table settings the engine never sees (idle timer)
    seed        INTEGER NOT NULL,
    seats       TEXT    NOT NULL,            -- JSON list of {"user_id", "name", "ai"}
    host_id     INTEGER NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'running'
                CHECK (status IN ('running', 'finished', 'abandoned', 'errored')),
    outcome     TEXT,                        -- JSON outcome once finished
    error       TEXT,                        -- why a game could not be rebuilt
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);
CREATE INDEX games_by_status ON games (status);
CREATE INDEX games_by_guild ON games (guild_id, status);

-- One row per accepted action, numbered from 0 without gaps: the primary key refuses a
-- second row with the same number, so two writers can never interleave a game's log.
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    action  TEXT    NOT NULL,                -- JSON
    at      TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
