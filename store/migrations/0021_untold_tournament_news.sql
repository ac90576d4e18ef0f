-- A tournament's news saved but not yet told in Discord: the first entry of its event's log
-- not told yet, NULL when all of it was. The save that makes news sets it, the telling clears
-- it, so a restart between the two tells that news (an event over too), and never again.
ALTER TABLE tournaments ADD COLUMN untold_from INTEGER;
