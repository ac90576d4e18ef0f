-- One row per seat of a finished game; user_id is NULL for a computer seat.
CREATE TABLE results (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    user_id    INTEGER,
    seat       INTEGER NOT NULL,
    side       INTEGER NOT NULL,
    rank       INTEGER NOT NULL,
    won        INTEGER NOT NULL,
    win_points INTEGER NOT NULL,             -- 1 for a win, 2/3 for a skunk/double skunk, 0 if lost
    score      INTEGER,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_by_user ON results (guild_id, user_id);

-- One openskill rating per server, game and player.
CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    game     TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    mu       REAL    NOT NULL,
    sigma    REAL    NOT NULL,
    games    INTEGER NOT NULL DEFAULT 0,
    wins     INTEGER NOT NULL DEFAULT 0,
    points   INTEGER NOT NULL DEFAULT 0,     -- sum of win_points
    skunks   INTEGER NOT NULL DEFAULT 0,     -- wins worth more than one point
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE INDEX ratings_board ON ratings (guild_id, game, mu);
