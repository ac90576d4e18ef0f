-- PostgreSQL twin of ../0007_assisted_results.sql.
ALTER TABLE results ADD COLUMN assisted INTEGER NOT NULL DEFAULT 0;
