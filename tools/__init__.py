"""Commands apart from the product; the bot never imports them.

    .venv/bin/python -m tools.make_crib_table     engine/cribbage/data/crib_values.json
    .venv/bin/python -m tools.make_win_table      engine/cribbage/data/win_chances.json
    .venv/bin/python -m tools.make_default_board  engine/crib_race/boards/default.json
    .venv/bin/python -m tools.copy_database SOURCE TARGET   (SQLite <-> PostgreSQL)
"""
