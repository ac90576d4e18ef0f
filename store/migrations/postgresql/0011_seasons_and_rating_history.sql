-- PostgreSQL twin of ../0011_seasons_and_rating_history.sql.
CREATE TABLE seasons (
    guild_id   BIGINT  NOT NULL,
    number     INTEGER NOT NULL,
    started_at BIGINT  NOT NULL,
    ends_at    BIGINT,
    by_hand    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, number)
);

CREATE TABLE season_ratings (
    guild_id BIGINT  NOT NULL,
    season   INTEGER NOT NULL,
    game     TEXT    NOT NULL,
    user_id  BIGINT  NOT NULL,
    mu       DOUBLE PRECISION NOT NULL,
    sigma    DOUBLE PRECISION NOT NULL,
    games    INTEGER NOT NULL DEFAULT 0,
    wins     INTEGER NOT NULL DEFAULT 0,
    points   INTEGER NOT NULL DEFAULT 0,
    skunks   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, season, game, user_id)
);
CREATE INDEX season_ratings_board ON season_ratings (guild_id, season, game, (mu - 3 * sigma));

CREATE TABLE rating_history (
    game_id  BIGINT  NOT NULL,
    user_id  BIGINT  NOT NULL,
    guild_id BIGINT  NOT NULL,
    game     TEXT    NOT NULL,
    at       BIGINT  NOT NULL,
    mu       DOUBLE PRECISION NOT NULL,
    sigma    DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_history_by_user ON rating_history (guild_id, user_id, at);

INSERT INTO rating_history (game_id, user_id, guild_id, game, at, mu, sigma)
    SELECT last.game_id, r.user_id, r.guild_id, r.game,
           round(extract(epoch FROM g.updated_at::timestamptz) * 1000)::BIGINT,
           r.mu, r.sigma
    FROM ratings r
    JOIN (SELECT guild_id, game, user_id, MAX(game_id) AS game_id FROM results
          WHERE user_id IS NOT NULL AND assisted = 0 GROUP BY guild_id, game, user_id) last
      ON last.guild_id = r.guild_id AND last.game = r.game AND last.user_id = r.user_id
    JOIN games g ON g.id = last.game_id;
