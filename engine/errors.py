class IllegalAction(ValueError):
    """An action the rules do not allow. The message is written for the player who tried it."""
