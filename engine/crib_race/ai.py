"""Computer players for Crib Race: `choose_action(view, legal, rng, level)`.

The Cribbage computer player (engine/cribbage/ai.py) with each scoring move worth the ground it
gains on the track (engine/crib_race/position.py `gain`) instead of its points: slides and green
advances gain more than their points, traps and boxes cost. A boxed peg's points are worth
nothing, so its play only defends. The track weighs fully at hard, half at normal and easy.

- Discards: each starter's hand total turned into its gain from the places the play may leave
  our peg (`PLAY_OFFSETS`); no crib for the discards that go under the deck with six players.
- The play: the Cribbage play value, corrected by our move's gain against its points and the
  rival's expected reply's points against its gain (a reply into a trap we can afford).
- Muggins: keep the points or give them back (which can push a rival into a trap).

Hard counts position value instead of holes, and a box as the lead it throws away (a fixed
BOX_COST had it walk into the box at 68 far ahead, then back into the trap at 88-90). It also
counts where a piece's go or last-card point lands (`_go_correction`), and with two players
plays each piece out to the end of the deal (rest_of_deal.py): most of its losses were a show
count or a go point landing it on the box at 68 far ahead.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from engine.cards import Card
from engine.contract import Action, View
from engine.crib_race.board import BOARDS, Board
from engine.crib_race.position import (
    Ground,
    ahead,
    gain,
    ground_for,
    my_side,
    peg_of,
    with_holes_to_go,
)
from engine.crib_race.rest_of_deal import HEURISTIC_SHARE, rest_of_deal_chances
from engine.crib_race.sim import track_of
from engine.crib_race.track import Peg, move
from engine.cribbage import ai as crib_ai
from engine.cribbage.scoring import peg_points
from engine.spec import check_level

#: Where the play may leave our peg before the show: the hand counts from each of these.
PLAY_OFFSETS = (0, 1, 2, 3, 4)
#: How much the track counts against plain points, by level.
TRACK_WEIGHT = {"easy": 0.5, "normal": 0.5, "hard": 1.0}


def choose_action(
    view: View, legal: list[Action], rng: random.Random, level: str = "hard"
) -> Action:
    """One of `legal` for the seat whose `view` this is."""
    check_level(level, legal)
    if len(legal) == 1:
        return legal[0]
    board = BOARDS[view["board"]["name"]]
    kinds = {action["type"] for action in legal}
    race_view = with_holes_to_go(view)
    if "discard" in kinds:
        worth = total_worths(race_view, board, level)
        return crib_ai.choose_discard(race_view, legal, rng, level, worth, crib_sign(race_view))
    if "play" in kinds:
        return choose_play(race_view, legal, rng, level, board)
    if "keep" in kinds:  # keep unless handing the points back hurts their owner more
        keep, give = muggins_worths(view, board)
        return {"type": "keep"} if keep >= give else {"type": "give_back"}
    return crib_ai.choose_show_action(race_view, legal, rng, level, crib_ai.cribbage_count)


# ===== the discard ==============================================================================
def total_worths(view: View, board: Board, level: str = "hard") -> list[float]:
    """What each hand total (0..29) is worth to our peg as the track stands: its points, moved
    by the level's TRACK_WEIGHT (1: the ground alone) towards the average ground it gains from
    the places the play may leave the peg."""
    weight = TRACK_WEIGHT[level]
    peg = peg_of(view, my_side(view))
    starts = [ahead(board, peg, offset) for offset in PLAY_OFFSETS]
    ground = ground_for(view, board, level, my_side(view))
    gained = [sum(ground(start, total) for start in starts) / len(starts) for total in range(30)]
    return [(1 - weight) * total + weight * min(mean, 100.0) for total, mean in enumerate(gained)]


def crib_sign(view: View) -> float:
    """+1 for our own crib, -1 for a rival's; 0 when our discards go under the deck (the
    dealing team with six players)."""
    if view["players"] == 6 and my_side(view) == crib_ai.side_of(view, view["crib_owner"]):
        return 0.0
    return crib_ai.crib_sign(view)


# ===== the play =================================================================================
def choose_play(view: View, legal: list[Action], rng: random.Random, level: str,
                board: Board) -> Action:
    """Cribbage's choice with the track's correction; hard with two players searches the rest
    of the deal first."""
    situation = crib_ai.play_situation(view, {})
    correction = track_correction(view, situation, board, level)
    plays = [a for a in legal if a["type"] == "play"]
    if level == "hard" and view["players"] == 2 and len({a["card"] for a in plays}) > 1:
        searched = rest_of_deal_chances(view, [a["card"] for a in plays], board, rng)
        return max(plays, key=lambda a: searched[a["card"]] + HEURISTIC_SHARE
                   * crib_ai.corrected_play_value(situation, a, level, correction))
    return crib_ai.choose_play(view, legal, rng, level, situation, correction)


def track_correction(view: View, situation: crib_ai.PlaySituation, board: Board,
                     level: str = "hard") -> Callable[[Card], float]:
    """piece -> how much more (or less) laying it is worth on the track than in points, by the
    level's TRACK_WEIGHT: our move's ground against its points (at hard, with the go or
    last-card point it may bring) and, but at easy, the same for the rival's reply."""
    weight = TRACK_WEIGHT[level]
    peg = peg_of(view, my_side(view))
    ground = ground_for(view, board, level, my_side(view))
    rival: Peg | None = None  # the opponent who answers my card, if the next seat is one
    rival_ground = ground
    if level != "easy" and situation.next_seat is not None and not situation.next_is_partner:
        rival_side = crib_ai.side_of(view, situation.next_seat)
        rival, rival_ground = peg_of(view, rival_side), ground_for(view, board, level, rival_side)

    def correction(piece: Card) -> float:
        points = peg_points([*situation.pile, piece]).total
        worth = ground(peg, points) - points
        if level == "hard":
            worth += _go_correction(situation, piece, board, peg, points, ground)
        if rival is not None:
            worth += _reply_correction(situation, piece, rival_ground, rival)
        return weight * worth

    return correction


def _go_correction(situation: crib_ai.PlaySituation, piece: Card, board: Board, peg: Peg,
                   points: int, ground: Ground) -> float:
    """The go or last-card point this piece may bring, on the track rather than as a point:
    the point moves the peg on from where the piece's own points leave it (onto a box or a
    trap, perhaps). Certain when nobody else can play and none of my other pieces fits;
    otherwise as likely as the next seat holding nothing that fits."""
    count = situation.count + piece.value
    if count >= crib_ai.LIMIT or peg.is_boxed(board):
        return 0.0  # 31 scores its two in the piece's points; a boxed peg gains nothing
    start = peg
    if points:
        result = move(board, peg, points)
        if result.after.finished(board) or result.after.is_boxed(board):
            return 0.0
        start = result.after
    if situation.next_seat is None:
        rest = list(situation.mine)
        rest.remove(piece)
        if any(count + other.value <= crib_ai.LIMIT for other in rest):
            return 0.0  # I play on; the last of my pieces takes the point
        chance = 1.0
    elif situation.next_is_partner:
        return 0.0
    else:
        pile = [*situation.pile, piece]
        replies = crib_ai.reply_options(situation, pile, count, [])
        _, chance = crib_ai.expected_best_reply(situation, replies, False)
    return chance * (ground(start, 1) - 1.0)


def _reply_correction(situation: crib_ai.PlaySituation, piece: Card, ground: Ground,
                      rival: Peg) -> float:
    """How much better the reply to `piece` is for us on the track than in points: the
    Cribbage reply estimate, once with the reply's points and once with the ground they gain
    the rival (a reply that lands in a trap helps us; one that reaches a slide hurts more)."""
    pile = [*situation.pile, piece]
    count = situation.count + piece.value
    if count == crib_ai.LIMIT:
        return 0.0
    replies = crib_ai.reply_options(situation, pile, count, [])
    in_points, _ = crib_ai.expected_best_reply(situation, replies, False)
    on_track = [dataclasses.replace(r, their_points=ground(rival, int(r.their_points)))
                for r in replies]
    in_ground, _ = crib_ai.expected_best_reply(situation, on_track, False)
    return in_points - min(in_ground, 100.0)


# ===== muggins ==================================================================================
def muggins_worths(view: View, board: Board) -> tuple[float, float]:
    """(ground keeping the muggins points gains us, ground giving them back costs their
    owner): both in holes on the track."""
    muggins = view["muggins"]
    points = int(muggins["points"])
    owner_side = crib_ai.side_of(view, muggins["claim"]["seat"])
    track = track_of(board)
    keep = gain(track, track.node_of(peg_of(view, my_side(view))), points)
    give = -gain(track, track.node_of(peg_of(view, owner_side)), points)
    return keep, give
