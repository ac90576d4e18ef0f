-- Action times become integer milliseconds since 1970 UTC (6 bytes, not 29 of ISO text), and
-- each game gets an owner: the process (store) serving it. Appending an action checks the
-- owner in the same statement, so a process that lost a game to another is refused.
CREATE TABLE actions_compact (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    action  TEXT    NOT NULL,                -- JSON
    at      INTEGER NOT NULL,                -- milliseconds since 1970-01-01 UTC
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
INSERT INTO actions_compact (game_id, seq, seat, action, at)
    SELECT game_id, seq, seat, action,
           CAST(ROUND((julianday(at) - 2440587.5) * 86400000.0) AS INTEGER)
    FROM actions;
DROP TABLE actions;
ALTER TABLE actions_compact RENAME TO actions;
CREATE TRIGGER actions_touch_game AFTER INSERT ON actions
BEGIN
    UPDATE games SET updated_at = strftime('%Y-%m-%dT%H:%M:%f+00:00', NEW.at / 1000.0, 'unixepoch')
    WHERE id = NEW.game_id;
END;
ALTER TABLE games ADD COLUMN owner TEXT;
