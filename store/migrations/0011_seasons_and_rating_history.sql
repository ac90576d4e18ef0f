-- Seasons: each server's leaderboards run in numbered seasons (calendar months unless a
-- Manage Server member starts and ends them by hand). A game counts in the season it ended in.
-- Times are milliseconds since 1970-01-01 UTC.
CREATE TABLE seasons (
    guild_id   INTEGER NOT NULL,
    number     INTEGER NOT NULL,             -- 1, 2, 3... per server
    started_at INTEGER NOT NULL,
    ends_at    INTEGER,                      -- exclusive; NULL while a season begun by hand runs
    by_hand    INTEGER NOT NULL DEFAULT 0,   -- begun with /season start (not a calendar month)
    PRIMARY KEY (guild_id, number)
);

-- Each season's own ratings, kept when it ends (its final standings). A player's first game of
-- a season starts from their all-time rating with sigma widened (tables/ratings.py).
CREATE TABLE season_ratings (
    guild_id INTEGER NOT NULL,
    season   INTEGER NOT NULL,
    game     TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    mu       REAL    NOT NULL,
    sigma    REAL    NOT NULL,
    games    INTEGER NOT NULL DEFAULT 0,
    wins     INTEGER NOT NULL DEFAULT 0,
    points   INTEGER NOT NULL DEFAULT 0,
    skunks   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, season, game, user_id)
);
-- The season leaderboard reads a season's rows of one game best first.
CREATE INDEX season_ratings_board ON season_ratings (guild_id, season, game, (mu - 3 * sigma));

-- The all-time rating after each rated result, for the profile's chart.
CREATE TABLE rating_history (
    game_id  INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    game     TEXT    NOT NULL,
    at       INTEGER NOT NULL,               -- when the game ended
    mu       REAL    NOT NULL,
    sigma    REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_history_by_user ON rating_history (guild_id, user_id, at);

-- History starts from the ratings as they stand: each one is recorded as the rating after the
-- player's last rated game of it, at the time that game ended.
INSERT INTO rating_history (game_id, user_id, guild_id, game, at, mu, sigma)
    SELECT last.game_id, r.user_id, r.guild_id, r.game,
           CAST(ROUND((julianday(g.updated_at) - 2440587.5) * 86400000.0) AS INTEGER),
           r.mu, r.sigma
    FROM ratings r
    JOIN (SELECT guild_id, game, user_id, MAX(game_id) AS game_id FROM results
          WHERE user_id IS NOT NULL AND assisted = 0 GROUP BY guild_id, game, user_id) last
      ON last.guild_id = r.guild_id AND last.game = r.game AND last.user_id = r.user_id
    JOIN games g ON g.id = last.game_id;
