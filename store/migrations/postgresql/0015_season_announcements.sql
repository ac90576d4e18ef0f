-- PostgreSQL twin of ../0015_season_announcements.sql.
CREATE TABLE season_channels (
    guild_id   BIGINT PRIMARY KEY,
    channel_id BIGINT NOT NULL,
    since      BIGINT NOT NULL
);

CREATE TABLE season_announcements (
    guild_id   BIGINT  NOT NULL,
    season     INTEGER NOT NULL,
    channel_id BIGINT  NOT NULL,
    posted_at  BIGINT  NOT NULL,
    PRIMARY KEY (guild_id, season)
);
