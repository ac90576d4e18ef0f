"""The shared drawing kit every game renderer uses: fonts and safe text, colours, card faces,
card backs, PIP dice, PNG encoding. Everything that never changes is cached here."""
