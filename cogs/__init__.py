"""The Discord layer: slash commands, lobby and table messages, ephemeral hands.

No game rules and no game names live here: everything comes from engine.registry.GAMES, the
game contract and tables/. Modules:

    controls      legal actions -> buttons and menus (pure; one generic mapping)
    components    the DynamicItems every message uses (work after a restart)
    tables_cog    hears the tables; moves, table buttons, /hand /resign /abandon /games /settings
    table_message the table message (coalesced refresh, posted again when buried)
    live_hands    My hand: the ephemeral hand kept current; turn_notices: your-turn mentions
    lobbies_cog   /play and the lobby message
    info_cog      /rules, /leaderboard (a season's or all time), /stats
    seasons_cog   /season start, end, info (Manage Server); season_words: their words
    profile_cog   /profile: a member's card (picture, alt text, words); private ones refused
    records_cog   /records: a server's records in a game
    servers_cog   the servers the bot is in: games rest where it was removed, run where back;
                  /server settings (server_words) and permissions (channel_check)
    text          every message's words, escaped; images: pictures off the event loop
    refresher     the per-table coalescing refresher; replies: ephemeral notes
"""
