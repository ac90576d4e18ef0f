-- PostgreSQL twin of ../0003_lobbies.sql.
CREATE TABLE lobbies (
    id          BIGSERIAL PRIMARY KEY,
    guild_id    BIGINT  NOT NULL,
    channel_id  BIGINT  NOT NULL,
    message_id  BIGINT,
    host_id     BIGINT  NOT NULL,
    game        TEXT    NOT NULL,
    options     TEXT    NOT NULL,
    settings    TEXT    NOT NULL DEFAULT '{}',
    seats       TEXT    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'open'
                CHECK (status IN ('open', 'started', 'cancelled')),
    game_id     BIGINT REFERENCES games (id),
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);
CREATE INDEX lobbies_by_status ON lobbies (status);
