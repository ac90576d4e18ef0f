-- PostgreSQL twin of ../0013_streaks.sql.
-- Winning streaks kept as games finish (issue 43), so reading them no longer walks every
-- result. One row per member, game and server; best_ended_at is ms since 1970 UTC (NULL
-- until a first win). A member's row is the primary key's prefix.
CREATE TABLE streaks (
    guild_id      BIGINT  NOT NULL,
    game          TEXT    NOT NULL,
    user_id       BIGINT  NOT NULL,
    current       INTEGER NOT NULL,
    best          INTEGER NOT NULL,
    best_ended_at BIGINT,
    PRIMARY KEY (guild_id, user_id, game)
);
-- The longest streaks of a game in a server, the earlier of equal ones first.
CREATE INDEX streaks_best ON streaks (guild_id, game, best DESC, best_ended_at, user_id);

-- Filled from the results so far (gaps and islands): each win carries the count of losses
-- before it, which names the run it belongs to; the first longest run is the best, the last
-- run the current one. Rated games only, in finishing order, ties broken by game number.
INSERT INTO streaks (guild_id, game, user_id, current, best, best_ended_at)
WITH played AS (
    SELECT r.guild_id, r.user_id, r.game, r.won, g.updated_at AS finished_at,
           SUM(CASE WHEN r.won <> 0 THEN 0 ELSE 1 END) OVER (
               PARTITION BY r.guild_id, r.user_id, r.game ORDER BY g.updated_at, r.game_id
               ROWS UNBOUNDED PRECEDING) AS losses
    FROM results r JOIN games g ON g.id = r.game_id
    WHERE r.user_id IS NOT NULL AND r.assisted = 0
),
runs AS (
    SELECT guild_id, user_id, game, losses,
           SUM(CASE WHEN won <> 0 THEN 1 ELSE 0 END) AS length,
           MAX(CASE WHEN won <> 0 THEN finished_at END) AS ended_at
    FROM played GROUP BY guild_id, user_id, game, losses
),
ranked AS (
    SELECT guild_id, user_id, game, length, ended_at,
           ROW_NUMBER() OVER (PARTITION BY guild_id, user_id, game
                              ORDER BY length DESC, losses) AS pick,
           FIRST_VALUE(length) OVER (PARTITION BY guild_id, user_id, game
                                     ORDER BY losses DESC) AS current
    FROM runs
)
SELECT guild_id, game, user_id, current, length,
       round(extract(epoch FROM ended_at::timestamptz) * 1000)::BIGINT
FROM ranked
WHERE pick = 1 AND length > 0;
