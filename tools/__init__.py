"""Developer tools that make the engine's data files; the bot never imports them.

    .venv/bin/python -m tools.make_crib_table     engine/ai/data/crib_values.json
    .venv/bin/python -m tools.make_win_table      engine/ai/data/win_chances.json
    .venv/bin/python -m tools.make_default_board  engine/crib_race/boards/default.json
"""
