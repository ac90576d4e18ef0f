"""Running games and lobbies, without Discord: tables/ sits between cogs/ and store/.

    store = await Store.open("data/bot.sqlite3")
    manager = TableManager(store, ai_delay=0.8, idle_warn=120, idle_takeover=300)
    manager.subscribe(listener)        # a tables.Listener: override any of on_update(table,
                                       # events), on_idle_warning(table, seat),
                                       # on_takeover(table, seat), on_finished(table)
    await manager.start()              # lobbies back, unfinished games replayed from their log
    name = next(iter(GAMES))           # any registry name (engine.registry.GAMES)
    table = await manager.create(guild_id=..., channel_id=..., game=name, options={},
                                 seats=[SeatInfo(42, "Ann"), SeatInfo(None, "Computer 1", "hard")],
                                 host_id=42)
    events = await manager.act(table.id, user_id, action, version=table.seat_version(seat))
    await manager.close(); await store.close()

Additions to the agreed interface (the cogs adapt to these):

- `act(..., version=None)`: pass the `table.seat_version(seat)` the buttons were built at;
  stale buttons are refused with a readable IllegalAction (`tables.table.OutOfDate`).
  `seat_version(seat)` only moves when that seat's decision changes (its legal actions, or
  the game's `decision_key`: the claim a Muggins! offer is about, the trick whose trump a
  Pip Pip call would choose), so other players' moves that leave a seat's decision as it was
  do not stale its hand, and a press never lands on a decision it was not made for.
- Listeners run after the lock is released, in order, from one delivery task per table; a
  listener's exception is logged, never raised into the game. Abandoned (and "errored")
  tables are announced with on_finished too: look at `table.status`.
- Table extras: `status` ("running"/"finished"/"abandoned"/"errored"), `outcome` (the
  engine's, or the one built for a resignation), `finished`, `sides` (side per seat),
  `to_act()`, `away` (human seats the computer plays: an idle takeover, a tournament's deadline
  or forfeit; tables/away.py), `forfeited` (those it plays to the end), `settings`.
  public_view()/view_for() also carry "away" and "version".
- act/resign/abandon/back/play_for run to the end even if the caller is cancelled
  (shielded), so memory and the log never disagree.
- Computer players think in a worker thread (asyncio.to_thread) so a slow "hard" move does
  not stall other tables; they only get copies (view, legal).
- Idle: for a game without a computer player only the warning happens. After
  `idle_takeover` the computer (level "normal") plays for the seat until that member acts
  again or the cog calls `manager.back(table_id, user_id)` (e.g. on "My hand").
  A lobby's `settings["idle"]` (minutes from tables.idle.IDLE_CHOICES, or "off") overrides
  the manager's defaults: take over after m minutes, warn halfway. Stored with the game in
  its own `settings` column because engine options refuse unknown names. A new lobby starts
  with its server's idle timer (`manager.server_settings`, tables/server_settings.py: what a
  server's admins chose, its idle timer and how soon a table in a channel is posted again).
- Lobby extras: `set_options(by, changes)`, `set_idle(by, minutes|"off"|None)`,
  `swap(by, i, j)` to choose partners, `check_cancel(by)`, `status`; manager:
  `open_lobby(guild_id=, channel_id=, host_id=, host_name=, game=, options=, settings=,
  host_joins=True)` (the host takes the first seat), `lobby(id)`, `served_lobby(id)` (or an
  IllegalAction saying why not), `lobbies(guild_id)`, `update_lobby(lobby)` (persist after
  calling a Lobby method), `cancel_lobby(id, by)`, `start_lobby(id, by, seed=None)`.
- Fencing: start() claims this process's running games and open lobbies; a process that
  lost one to another process is refused by the database, lets it go and answers with an
  IllegalAction saying another copy of the bot runs it.
- `table_of(guild_id, user_id)`: a member's running tables (for /hand and /resign).
- `leaderboard()` rows: place, user_id, name (as they last played here, or None), rating
  (mu - 3 sigma, 1 decimal), mu, sigma, games, wins, points (sum of win_points), skunks
  (wins worth more than 1). `stats()`: user_id,
  games, wins, points, per_game [...same per game...], recent [result rows].
- Seasons (tables/seasons.py, beside the manager): `Seasons(store, clock)`; `start`, `end`,
  `info(guild_id, may_manage=)` (an IllegalAction without Manage Server), and
  `leaderboard(guild_id, game, season)`, `season` None for the one running, a number, or
  "all-time", giving `Standings` (rows as `leaderboard()`'s, the season, whether it runs).
  A finished game counts in the season its finish time (this clock's) falls in.
- Player settings (tables/player_settings.py): `player_settings(user_id)`,
  `set_player_settings(user_id, changes)` (IllegalAction for a bad one), and
  `cached_player_settings(user_id)` (sync; loaded for every seated player).
- Forced moves: when a waited-for human seat's only legal action has a type in
  `GameSpec.forced` and its player's `autoplay` setting is on, it is played for them after
  `forced_delay` seconds (announced like any move).
- A computer move that would take away a member's optional move (a Muggins! press) waits
  until a move is made at the table or OPTION_WINDOW seconds (tables/runner.py) have passed
  since it was offered; only where computers pause (`ai_delay` > 0).
- `clock=` (tables/clock.py: `Clock`, or `FakeClock` in tests) is what every timer waits on.
- `close()` does not close the store; its owner does.
- Ratings: openskill Plackett-Luce per (guild, game, user); a computer seat is an opponent
  with the fixed default rating and is never updated (see tables/ratings.py).
"""

from tables.idle import IDLE_CHOICES
from tables.listeners import Listener
from tables.lobby import Lobby
from tables.manager import TableManager
from tables.seats import SeatInfo
from tables.table import Table

__all__ = ["IDLE_CHOICES", "Listener", "Lobby", "SeatInfo", "Table", "TableManager"]
