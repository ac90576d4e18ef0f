"""The Discord layer: slash commands, lobby and table messages, ephemeral hands.

No game rules and no game names live here: everything comes from engine.registry.GAMES, the
game contract and tables/. Modules:

    controls      legal actions -> buttons and menus (pure; one generic mapping)
    components    the DynamicItems every message uses (work after a restart)
    tables_cog    table messages (coalesced refresh), My hand, moves, /hand /resign /abandon /games
    lobbies_cog   /play and the lobby message
    info_cog      /rules, /leaderboard, /stats
    text          every message's words, escaped; images: pictures off the event loop
    refresher     the per-table coalescing refresher; replies: ephemeral notes
"""
