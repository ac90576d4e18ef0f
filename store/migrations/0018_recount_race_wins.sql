-- PIP Rush's biggest win is reckoned anew (docs/RULES.md PR-17): every race a team wins has
-- one. Its finished games are marked as not yet counted, so the backfill replays them at the
-- next start and writes each race's moments again; achievements already held stay as they are
-- (writing one again changes nothing).
DELETE FROM honours_recorded WHERE game_id IN (SELECT id FROM games WHERE game = 'pip-rush');
