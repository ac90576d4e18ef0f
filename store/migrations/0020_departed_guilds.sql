-- Servers that removed the bot while games of theirs were running: when the bot learnt of it
-- (milliseconds since 1970). Their games are not loaded at start-up, and are closed once the
-- server has been gone the grace period; a server that invites the bot back loses its row.
CREATE TABLE departed_guilds (
    guild_id INTEGER PRIMARY KEY,
    left_at  INTEGER NOT NULL
);
