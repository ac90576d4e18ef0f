-- PostgreSQL twin of ../0014_rating_changes.sql.
CREATE TABLE rating_changes (
    game_id      BIGINT  NOT NULL,
    user_id      BIGINT  NOT NULL,
    season       INTEGER NOT NULL,
    before_mu    DOUBLE PRECISION,
    before_sigma DOUBLE PRECISION,
    mu           DOUBLE PRECISION NOT NULL,
    sigma        DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, user_id, season)
);
