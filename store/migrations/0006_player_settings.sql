-- A player's own preferences (/settings), the same in every server: a JSON object.
CREATE TABLE player_settings (
    user_id    INTEGER PRIMARY KEY,
    settings   TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
