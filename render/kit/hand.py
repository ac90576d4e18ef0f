"""What a hand picture shows, as facts: whose hand in which game, what the player is to do,
the lines under that, and each card with whether it is playable now. The picture is drawn
from them (`draw_hand_picture`) and its alt text is said from them (render/alt_text:
`hand_picture_words`), so the two cannot disagree. A game builds them once, given how to
write a card in its lines (`SYMBOLS` for the picture, words for the alt text)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from PIL import Image

from engine.cards import card_symbol
from render.kit import layout

#: What the highlight means on most hands; the alt text says it of the cards outlined.
PLAYABLE = "playable now"


@dataclass(frozen=True)
class CardWriting:
    """How the lines of a hand picture write cards: as symbols on the picture ("5♥ 6♣"), or
    as words in its alt text ("5 of hearts, 6 of clubs")."""

    one: Callable[[str], str]
    separator: str

    def many(self, notations: Iterable[object]) -> str:
        return self.separator.join(self.one(str(n)) for n in notations)


SYMBOLS = CardWriting(card_symbol, " ")


@dataclass(frozen=True)
class HandPicture:
    game: str  # the game's title, as the picture's title bar has it
    player: str | None  # whose hand; None: "your hand"
    status: str  # what the player is to do, or whom the game waits for
    items: Sequence[layout.HandItem]
    lines: Sequence[str] = ()  # what the hand shows beyond its cards (the count, a die)
    #: What the outlined cards may do, said in the alt text; "" when the status says it
    #: (every card may go to the crib).
    marked: str = PLAYABLE


def draw_hand_picture(picture: HandPicture, four_colour: bool = False) -> Image.Image:
    return layout.draw_hand(layout.hand_title(picture.game, picture.player), picture.status,
                            picture.items, four_colour, picture.lines)
