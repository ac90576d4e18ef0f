-- Season ends announced in a channel of the server's choosing (/season announce). Times are
-- milliseconds since 1970 UTC.

-- The channel a server's season ends are posted in; no row: they are not posted. Only
-- seasons ending at or after `since` (when the channel was chosen) are posted, so choosing
-- one never posts the seasons of the past.
CREATE TABLE season_channels (
    guild_id   INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL,
    since      INTEGER NOT NULL
);

-- The marker that a season's end was posted (or is being posted): whoever writes it first
-- posts, so a restart or a second shard never posts it again.
CREATE TABLE season_announcements (
    guild_id   INTEGER NOT NULL,
    season     INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    posted_at  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season)
);
