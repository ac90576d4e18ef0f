-- PostgreSQL twin of ../0006_player_settings.sql.
CREATE TABLE player_settings (
    user_id    BIGINT PRIMARY KEY,
    settings   TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
