-- PostgreSQL twin of ../0020_departed_guilds.sql.
CREATE TABLE departed_guilds (
    guild_id BIGINT PRIMARY KEY,
    left_at  BIGINT NOT NULL
);
