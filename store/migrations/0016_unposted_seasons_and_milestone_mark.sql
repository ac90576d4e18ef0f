-- The season whose end could never be posted in the server's chosen channel (the channel
-- gone, the bot not allowed there), so /season info can say so; choosing a channel again
-- clears it.
ALTER TABLE season_channels ADD COLUMN unposted_season INTEGER;

-- How far the backfill's milestone pass has read the results (tables/backfill.py): the newest
-- finish it saw, and the games Tourist asked for then. A later pass reads only the members
-- with a result finished since, unless the games changed.
CREATE TABLE milestone_marks (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    seen_until TEXT    NOT NULL,
    games      TEXT    NOT NULL
);
