-- PostgreSQL twin of ../0017_game_finish_time.sql.
ALTER TABLE games ADD COLUMN finished_at BIGINT;
UPDATE games SET finished_at = round(extract(epoch FROM updated_at::timestamptz) * 1000)::bigint
WHERE status = 'finished' OR id IN (SELECT game_id FROM results);
