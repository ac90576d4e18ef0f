-- PostgreSQL twin of ../0012_achievements.sql.
CREATE TABLE achievements (
    guild_id    BIGINT NOT NULL,
    user_id     BIGINT NOT NULL,
    game        TEXT   NOT NULL,
    achievement TEXT   NOT NULL,
    game_id     BIGINT,
    earned_at   BIGINT NOT NULL,
    PRIMARY KEY (guild_id, user_id, game, achievement)
);
CREATE INDEX achievements_newest ON achievements (guild_id, user_id, earned_at);

CREATE TABLE moments (
    game_id  BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    guild_id BIGINT  NOT NULL,
    game     TEXT    NOT NULL,
    user_id  BIGINT  NOT NULL,
    value    INTEGER NOT NULL,
    at       BIGINT  NOT NULL,
    PRIMARY KEY (game_id, seat, kind)
);
CREATE INDEX moments_records ON moments (guild_id, game, kind, value DESC, at, game_id);
CREATE INDEX moments_of_player ON moments (guild_id, user_id, game, kind, value DESC, at,
    game_id);

CREATE TABLE honours_recorded (
    game_id BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE
);
