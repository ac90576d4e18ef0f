"""Errors the harness raises at the test (not at the bot)."""


class HarnessError(AssertionError):
    """The test asked for something Discord's client would not let a user do."""


class ComponentRefused(HarnessError):
    """A click or select on a component that is disabled, hidden, missing or gone."""
