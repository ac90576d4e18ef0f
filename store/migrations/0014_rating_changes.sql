-- What each rated game did to its players' ratings, written as it finishes (store/results.py),
-- so a finished table's message says the same figures whenever it is drawn again. Two rows a
-- player: season 0 is the all-time rating, any other number the season the game counted in.
-- before_*: the rating the game started from (for a first game of a season, the widened start
-- tables/ratings.py gives it); NULL for a player's first game, which starts from the default.
CREATE TABLE rating_changes (
    game_id      INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    season       INTEGER NOT NULL,
    before_mu    REAL,
    before_sigma REAL,
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id, season)
);
