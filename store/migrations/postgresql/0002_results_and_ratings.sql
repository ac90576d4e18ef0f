-- PostgreSQL twin of ../0002_results_and_ratings.sql.
CREATE TABLE results (
    game_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    guild_id   BIGINT  NOT NULL,
    game       TEXT    NOT NULL,
    user_id    BIGINT,
    seat       INTEGER NOT NULL,
    side       INTEGER NOT NULL,
    rank       INTEGER NOT NULL,
    won        INTEGER NOT NULL,
    win_points INTEGER NOT NULL,
    score      INTEGER,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_by_user ON results (guild_id, user_id);

CREATE TABLE ratings (
    guild_id BIGINT  NOT NULL,
    game     TEXT    NOT NULL,
    user_id  BIGINT  NOT NULL,
    mu       DOUBLE PRECISION NOT NULL,
    sigma    DOUBLE PRECISION NOT NULL,
    games    INTEGER NOT NULL DEFAULT 0,
    wins     INTEGER NOT NULL DEFAULT 0,
    points   INTEGER NOT NULL DEFAULT 0,
    skunks   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE INDEX ratings_board ON ratings (guild_id, game, mu);
