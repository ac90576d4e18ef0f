-- PostgreSQL twin of ../0016_unposted_seasons_and_milestone_mark.sql.
ALTER TABLE season_channels ADD COLUMN unposted_season INTEGER;

CREATE TABLE milestone_marks (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    seen_until TEXT    NOT NULL,
    games      TEXT    NOT NULL
);
