-- PostgreSQL twin of ../0004_touch_game_on_action.sql.
CREATE FUNCTION actions_touch_game() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE games SET updated_at = NEW.at WHERE id = NEW.game_id;
    RETURN NULL;
END;
$$;
CREATE TRIGGER actions_touch_game AFTER INSERT ON actions
    FOR EACH ROW EXECUTE FUNCTION actions_touch_game();
