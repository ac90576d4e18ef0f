-- PostgreSQL twin of ../0005_compact_times_and_owner.sql.
ALTER TABLE actions ALTER COLUMN at TYPE BIGINT
    USING round(extract(epoch FROM at::timestamptz) * 1000)::BIGINT;
CREATE OR REPLACE FUNCTION actions_touch_game() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE games
    SET updated_at = to_char(to_timestamp(NEW.at / 1000.0) AT TIME ZONE 'UTC',
                             'YYYY-MM-DD"T"HH24:MI:SS.MS"+00:00"')
    WHERE id = NEW.game_id;
    RETURN NULL;
END;
$$;
ALTER TABLE games ADD COLUMN owner TEXT;
