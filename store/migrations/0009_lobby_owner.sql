-- Each open lobby gets an owner, as games did in 0005: the process (store) serving it. A write
-- to a lobby checks the owner in the same statement, so a process that lost a lobby to another
-- is refused. Lobbies already open have none until a process claims them at start.
ALTER TABLE lobbies ADD COLUMN owner TEXT;
