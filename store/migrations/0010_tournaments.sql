-- Tournaments. The event itself is one JSON document (the tournaments core writes and reads
-- it); the columns beside it are what the bot looks tournaments up by. `version` goes up by
-- one with every save, and a save names the version it read: a stale writer changes nothing.
CREATE TABLE tournaments (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id       INTEGER NOT NULL,
    channel_id     INTEGER NOT NULL,
    message_id     INTEGER,                  -- the sign-up, later standings, message
    host_id        INTEGER NOT NULL,
    game           TEXT    NOT NULL,
    status         TEXT    NOT NULL DEFAULT 'signup'
                   CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    state          TEXT    NOT NULL,         -- JSON document of the whole event
    version        INTEGER NOT NULL DEFAULT 1,
    round_deadline INTEGER,                  -- milliseconds since 1970-01-01 UTC
    created_at     TEXT    NOT NULL,
    started_at     TEXT,
    finished_at    TEXT,
    updated_at     TEXT    NOT NULL
);
-- A server's running events and its most recent ones; the unfinished ones of every server.
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status, id);
CREATE INDEX tournaments_by_status ON tournaments (status);

-- The game playing each match (a best of three has one row per game), so a restart knows
-- which running games belong to which matches, and a finished game finds its match.
CREATE TABLE tournament_games (
    game_id       INTEGER PRIMARY KEY REFERENCES games (id),
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    match_id      TEXT    NOT NULL,
    channel_id    INTEGER NOT NULL            -- the match's thread, or the channel without one
);
CREATE INDEX tournament_games_by_tournament ON tournament_games (tournament_id, round);

-- Where each player finished in each finished event (a pair's members share a place).
CREATE TABLE tournament_placings (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id       INTEGER NOT NULL,
    guild_id      INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    place         INTEGER NOT NULL,
    entries       INTEGER NOT NULL,          -- how many entries the event had
    finished_at   TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_placings_by_user ON tournament_placings (guild_id, user_id, finished_at);
