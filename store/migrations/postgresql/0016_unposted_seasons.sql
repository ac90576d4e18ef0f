-- PostgreSQL twin of ../0016_unposted_seasons.sql.
ALTER TABLE season_channels ADD COLUMN unposted_season INTEGER;
