-- PostgreSQL twin of ../0010_tournaments.sql.
CREATE TABLE tournaments (
    id             BIGSERIAL PRIMARY KEY,
    guild_id       BIGINT  NOT NULL,
    channel_id     BIGINT  NOT NULL,
    message_id     BIGINT,
    host_id        BIGINT  NOT NULL,
    game           TEXT    NOT NULL,
    status         TEXT    NOT NULL DEFAULT 'signup'
                   CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    state          TEXT    NOT NULL,
    version        INTEGER NOT NULL DEFAULT 1,
    round_deadline BIGINT,
    created_at     TEXT    NOT NULL,
    started_at     TEXT,
    finished_at    TEXT,
    updated_at     TEXT    NOT NULL
);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status, id);
CREATE INDEX tournaments_by_status ON tournaments (status);

CREATE TABLE tournament_games (
    game_id       BIGINT  PRIMARY KEY REFERENCES games (id),
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    match_id      TEXT    NOT NULL,
    channel_id    BIGINT  NOT NULL
);
CREATE INDEX tournament_games_by_tournament ON tournament_games (tournament_id, round);

CREATE TABLE tournament_placings (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (id),
    user_id       BIGINT  NOT NULL,
    guild_id      BIGINT  NOT NULL,
    game          TEXT    NOT NULL,
    place         INTEGER NOT NULL,
    entries       INTEGER NOT NULL,
    finished_at   TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_placings_by_user ON tournament_placings (guild_id, user_id, finished_at);
