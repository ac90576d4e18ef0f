-- The action log holds most of the database's rows, so each byte of a row counts. The table is
-- rebuilt with the 8-byte column first and the narrower ones after it, so no column waits for
-- alignment padding, and with types no wider than their values:
--   at       BIGINT    milliseconds since 1970 (needs 64 bits);
--   game_id  INTEGER   game ids are capped to 32 bits below: 2,147,483,647 games;
--   seq      INTEGER   a move's number: no game is certain to end within SMALLINT's 32,767;
--   seat     SMALLINT  at most 8 seats;
--   action   TEXT      short, so PostgreSQL stores it with a 1-byte length and no padding.
-- Every row is copied; the key (game_id, seq) still refuses a second move with the same number,
-- and the trigger that keeps games.updated_at current is put back on the new table.
ALTER SEQUENCE games_id_seq AS INTEGER;
ALTER TABLE games ADD CONSTRAINT games_id_fits_in_32_bits CHECK (id BETWEEN 1 AND 2147483647);

ALTER TABLE actions RENAME TO actions_before_0008;
ALTER INDEX actions_pkey RENAME TO actions_before_0008_pkey;
CREATE TABLE actions (
    at      BIGINT   NOT NULL,
    game_id INTEGER  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER  NOT NULL,
    seat    SMALLINT NOT NULL,
    action  TEXT     NOT NULL,
    PRIMARY KEY (game_id, seq)
);
INSERT INTO actions (at, game_id, seq, seat, action)
    SELECT at, game_id, seq, seat, action FROM actions_before_0008 ORDER BY game_id, seq;
DROP TABLE actions_before_0008;
CREATE TRIGGER actions_touch_game AFTER INSERT ON actions
    FOR EACH ROW EXECUTE FUNCTION actions_touch_game();
