"""The seventh game: Black Lady (Hearts with the Q♠), kept under tests/ beside the sixth for
what the sixth does not reach: three and four players, every seat passing cards at once and
unseen by the rest (so a determinized copy redraws what two other seats know of each other),
and the fewest points winning. Its two packages plug in exactly as the sixth's do."""
