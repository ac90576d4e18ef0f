-- Games played with hints on are "assisted": their results are kept, marked, and rate no one.
ALTER TABLE results ADD COLUMN assisted INTEGER NOT NULL DEFAULT 0;
