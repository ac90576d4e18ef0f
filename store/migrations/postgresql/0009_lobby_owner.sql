-- PostgreSQL twin of ../0009_lobby_owner.sql.
ALTER TABLE lobbies ADD COLUMN owner TEXT;
