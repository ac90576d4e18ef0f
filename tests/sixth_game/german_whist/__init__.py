"""German Whist, the sixth game: a two-player trick game that lives under tests/ and reaches
the bot through the CARDBOT_GAMES setting alone (docs/DESIGN.md, "Adding a game").

Options: ``deals``: how many deals the game lasts (2 by default).

Actions: {"type": "play", "card": "KH"}.

View keys (view(seat); view(None) is the channel's view and has no "hand"):
    game, seat, players, to_act, waiting_for, outcome   as in the contract
    deal, deals, dealer   this deal (1-based), the number of deals, the seat that dealt it
    trump                 this deal's trump suit
    stock_top             the face-up card of the stock (the next trick's prize), or None
    stock_count           cards left in the stock, the face-up one included
    leader, turn          seat that leads this trick; seat to play (None when over)
    trick                 [{"seat", "card"}] cards played to this trick
    last_trick            None, or {"cards": [...as trick], "winner"}
    played                the cards of this deal's finished tricks
    tricks                per seat, this deal's tricks that count (after the stock is gone)
    hand_sizes            per seat, cards in hand
    known                 per seat, the face-up cards it took and still holds
    scores                per seat, tricks that counted in the finished deals
    hand                  (own seat only) the seat's cards, by suit and rank
"""

from __future__ import annotations

from typing import Any

from engine.cards import SUIT_NAMES, card_symbol
from engine.contract import Action, View
from engine.spec import AI_LEVELS, GameSpec, Option, ReviewTerms
from tests.sixth_game.german_whist.ai import choose_action
from tests.sixth_game.german_whist.analysis import analyse
from tests.sixth_game.german_whist.game import GermanWhistGame

RULES = (
    ("The deal", "Each player gets 13 cards. The other 26 are the stock, its top card face "
                 "up: the suit of the first card turned up is trumps for the deal."),
    ("Tricks", "The dealer's opponent leads. Follow suit if you can; the highest trump wins, "
               "else the highest card of the suit led (aces high). The winner leads next."),
    ("The stock", "While the stock lasts, the trick's winner takes the face-up card and the "
                  "loser the next card, unseen; then the next card is turned up."),
    ("Scoring", "Once the stock is gone, each of the last 13 tricks scores a point for its "
                "winner. After the last deal the higher total wins."),
)


def action_label(action: Action) -> str:
    return f"Play {card_symbol(action['card'])}"


def status_lines(view: View) -> list[str]:
    scores = view["scores"]
    lines = [f"Deal {view['deal']} of {view['deals']} · trumps "
             f"{card_symbol('A' + view['trump'])[-1]} {SUIT_NAMES[view['trump']]} · "
             f"totals {{s0}} {scores[0]}, {{s1}} {scores[1]}"]
    if view["stock_top"]:
        lines.append(f"Up for grabs: {card_symbol(view['stock_top'])} "
                     f"({view['stock_count']} cards in the stock)")
    else:
        lines.append(f"Tricks that count: {{s0}} {view['tricks'][0]}, "
                     f"{{s1}} {view['tricks'][1]}")
    if view["trick"]:
        led = view["trick"][0]
        lines.append(f"{{s{led['seat']}}} led {card_symbol(led['card'])}")
    return lines


def _new_game(players: int, options: dict[str, Any], seed: int) -> GermanWhistGame:
    return GermanWhistGame(players, options, seed)


SPEC = GameSpec(
    name="german-whist",
    title="German Whist",
    min_players=2,
    max_players=2,
    factory=_new_game,
    options=(Option("deals", 2, (2, 1, 3), "How many deals the game lasts"),),
    ai=choose_action,
    levels=AI_LEVELS,
    analyse=analyse,
    review_terms=ReviewTerms(units="tricks",
                             about="Figures are tricks as the computer weighs them: estimates.",
                             exact=False, plays="trick play"),
    action_label=action_label,
    status_lines=status_lines,
    rules=RULES,
    order=60,
    render_package="tests.sixth_game.german_whist_render",
)

__all__ = ["SPEC", "GermanWhistGame"]
