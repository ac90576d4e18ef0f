-- Achievements, moments and records (issue 43). Times are milliseconds since 1970 UTC.

-- Each player earns each achievement once per server: the first time (an earlier one found
-- later, by the backfill, takes its place). game_id is NULL for a tournament's.
CREATE TABLE achievements (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    achievement TEXT    NOT NULL,             -- the key, as the game's data names it
    game_id     INTEGER,
    earned_at   INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id, game, achievement)
);
-- A profile's achievements, newest first.
CREATE INDEX achievements_newest ON achievements (guild_id, user_id, earned_at);

-- Each human seat's best of each kind (its best hand, best pegging play, the margin of its
-- win) in each finished game.
CREATE TABLE moments (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    guild_id INTEGER NOT NULL,
    game     TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    value    INTEGER NOT NULL,
    at       INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat, kind)
);
-- A server's records per game and kind; a player's best per game and kind.
CREATE INDEX moments_records ON moments (guild_id, game, kind, value DESC, at, game_id);
CREATE INDEX moments_of_player ON moments (guild_id, user_id, game, kind, value DESC, at,
    game_id);

-- Finished games whose achievements and moments are recorded, live or by the backfill.
CREATE TABLE honours_recorded (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE
);
