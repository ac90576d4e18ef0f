"""The sixth game: German Whist, kept under tests/ to prove that a game plugs in through its
own two packages alone (german_whist/ for the rules, german_whist_render/ for the pictures),
registered by the CARDBOT_GAMES setting that tests/conftest.py sets."""
