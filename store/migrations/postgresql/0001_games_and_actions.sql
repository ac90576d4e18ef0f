-- PostgreSQL twin of ../0001_games_and_actions.sql: Discord ids and seeds are 64-bit (BIGINT);
-- JSON columns stay TEXT so both backends hand out the same strings.
CREATE TABLE games (
    id          BIGSERIAL PRIMARY KEY,
    guild_id    BIGINT  NOT NULL,
    channel_id  BIGINT  NOT NULL,
    thread_id   BIGINT,
    message_id  BIGINT,
    game        TEXT    NOT NULL,
    options     TEXT    NOT NULL,
    settings    TEXT    NOT NULL DEFAULT '{}',
    seed        BIGINT  NOT NULL,
    seats       TEXT    NOT NULL,
    host_id     BIGINT  NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'running'
                CHECK (status IN ('running', 'finished', 'abandoned', 'errored')),
    outcome     TEXT,
    error       TEXT,
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);
CREATE INDEX games_by_status ON games (status);
CREATE INDEX games_by_guild ON games (guild_id, status);

CREATE TABLE actions (
    game_id BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    action  TEXT    NOT NULL,
    at      TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
);
