-- PostgreSQL twin of ../0018_recount_race_wins.sql.
DELETE FROM honours_recorded WHERE game_id IN (SELECT id FROM games WHERE game = 'pip-rush');
