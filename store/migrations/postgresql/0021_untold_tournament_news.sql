-- PostgreSQL twin of ../0021_untold_tournament_news.sql.
ALTER TABLE tournaments ADD COLUMN untold_from INTEGER;
