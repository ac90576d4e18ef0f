-- Keep games.updated_at current from inside the INSERT of an action, so appending an action
-- is one statement: one round trip to the database thread and one commit.
CREATE TRIGGER actions_touch_game AFTER INSERT ON actions
BEGIN
    UPDATE games SET updated_at = NEW.at WHERE id = NEW.game_id;
END;
