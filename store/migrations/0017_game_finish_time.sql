-- When a game finished on the tables' clock (ms since 1970 UTC, the time its results, ratings
-- and season count from), which the milestones are dated and ordered by. updated_at stays the
-- store's own record of the last change (the backfill's mark reads it). Games finished before
-- this column take their updated_at, the time their milestones were dated by until now.
ALTER TABLE games ADD COLUMN finished_at INTEGER;
UPDATE games SET finished_at = CAST(round((julianday(updated_at) - 2440587.5) * 86400000)
                                    AS INTEGER)
WHERE status = 'finished' OR id IN (SELECT game_id FROM results);
