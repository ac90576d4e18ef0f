"""Play the bot's games in a terminal, with no Discord: `scripts/play [GAME]`.

The same tables layer as the bot runs the game (engine, computer players, SQLite store, event
lines), so a game is saved after every move and `--resume` carries on where it stopped.
"""
