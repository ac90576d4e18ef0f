"""The eighth game: Goofspiel, kept under tests/ beside the sixth and seventh for what they do
not reach: every move of the game made by all seats at once and shown together, hidden cards
that no view shows until they are turned up (the prize pile's order, so a determinized copy
is told apart from its game only as play goes on), hidden cards in pools that must not mix
(`Game._hidden_pools`: a prize is never a bid), and a game of a few dozen moves. It was
written outside the repository from docs/DESIGN.md alone, then moved here; its two packages
plug in exactly as the others' do."""
