"""Crib Race's analysis: Cribbage's (engine/cribbage/analysis.py) made aware of the track, as
the computer player is (engine/crib_race/ai.py).

- Discards: Cribbage's "hand" and "crib" (none when the dealing team's discards go under the
  deck), plus "track": what the track makes of the hand's totals from where the play may
  leave the peg (slides and shortcuts gain, traps and boxes cost), an estimate.
- The play: Cribbage's expected net points, plus "track": the same correction for our move and
  for the rival's expected reply, in its words too.
- Keeping or giving back muggins points: the ground each gains or costs, in holes.

A finish counts as the computer player counts it, `WON` holes: the player's own caps (a hand
total or a rival's reply worth 100 holes at most, enough to choose by) are lifted, and that
worth is its own part (`WIN`: the chance of the race won on the spot, times `WON`), apart
from the holes, so a review words a choice that may win or lose the race there as the chance
it is (`TERMS.game_worth`), never as a hundred holes no peg could move.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from engine.analysis import WIN, Entry, best_first, signed
from engine.cards import Card, parse_card, parse_cards
from engine.contract import Action, View
from engine.crib_race.ai import (
    PLAY_OFFSETS,
    crib_sign,
    muggins_worths,
    track_correction,
    with_holes_to_go,
)
from engine.crib_race.board import BOARDS, Board
from engine.crib_race.position import WON, ahead, ground_for, my_side, peg_of
from engine.crib_race.track import move
from engine.cribbage import ai as crib_ai
from engine.cribbage.analysis import discard_entries as family_discard_entries
from engine.cribbage.analysis import only_choice, play_entries, show_entries
from engine.cribbage.scoring import peg_points
from engine.spec import ReviewTerms

TERMS = ReviewTerms(
    units="holes",
    about=("Figures are holes on average, your peg's against your rivals'; what the track's "
           "slides, shortcuts, traps and boxes make of them is an estimate, and so is a "
           "chance to win or lose the race on one choice."),
    exact=False, plays="pegging", game_worth=WON)
#: What the computer player's caps hold a finish down to (engine/crib_race/ai.py).
CAP = 100.0
#: The least chance of a finish an entry's words mention (shown as a whole percent).
SAID = 0.005


def analyse(view: View, legal: list[Action]) -> list[Entry]:
    single = only_choice(legal)
    if single is not None:
        return single
    board = BOARDS[view["board"]["name"]]
    race_view = with_holes_to_go(view)
    kinds = {action["type"] for action in legal}
    if "discard" in kinds:
        return discard_entries(race_view, legal, board)
    if "play" in kinds:
        situation = crib_ai.play_situation(race_view, {})
        capped = track_correction(race_view, situation, board)
        beyond = _reply_beyond_cap(race_view, situation, board)

        won = _play_wins(race_view, situation, board)

        def correction(piece: Card) -> float:  # the holes alone
            return capped(piece) - beyond(piece) - won(piece)

        entries = play_entries(race_view, legal, situation, correction=("track", correction))
        return best_first([_with_win(e, won(parse_card(e["action"]["card"]))
                                     if e["action"]["type"] == "play" else 0.0,
                                     "on this card", _with_track(e)) for e in entries])
    return show_entries(race_view, legal, crib_ai.cribbage_count,
                        muggins_worth=lambda _points: muggins_worths(view, board))


def _with_track(entry: Entry) -> str:
    """A play's words with what the track makes of it, as a discard's have (a move into a trap
    or a box, or a reply that may peg a rival out, weighs far more than its points)."""
    why, track = entry["why"], signed(entry["parts"]["track"])
    if track == "0":
        return why
    return f"{why[:-1]}; track {track}" + ("." if "(estimate)" in why else " (estimate).")


def _with_win(entry: Entry, win: float, when: str, why: str) -> Entry:
    """The entry with its `WIN` part (the race won on the spot, or lost, times `WON`), said
    in its words when there is one."""
    parts = {**entry["parts"], WIN: win}
    if abs(win) >= SAID * WON:
        side = "you peg out" if win > 0 else "a rival pegs out"
        why = f"{why[:-1]}; about {abs(win) / WON:.0%} chance {side} {when} (estimate)."
    return {**entry, "value": entry["value"] + win, "parts": parts, "why": why}


def _play_wins(view: View, situation: crib_ai.PlaySituation, board: Board
               ) -> Callable[[Card], float]:
    """piece -> the race won on laying it (`WON` when its points peg us out), less the chance
    the rival's reply pegs them out times `WON`: the track correction's part that is no
    holes. (A go point that would peg us out stays in the holes: the player weighs it there
    by a chance it does not give.)"""
    peg = peg_of(view, my_side(view))
    rival_side = (None if situation.next_seat is None or situation.next_is_partner
                  else crib_ai.side_of(view, situation.next_seat))

    def won(piece: Card) -> float:
        pile = [*situation.pile, piece]
        points = peg_points(pile).total
        if points and not peg.is_boxed(board) and move(board, peg, points).after.finished(board):
            return WON
        count = situation.count + piece.value
        if rival_side is None or count == crib_ai.LIMIT:
            return 0.0
        rival = peg_of(view, rival_side)
        if rival.is_boxed(board):
            return 0.0
        finishes = [dataclasses.replace(r, their_points=float(
            move(board, rival, int(r.their_points)).after.finished(board)
            if r.their_points else 0.0))
            for r in crib_ai.reply_options(situation, pile, count, [])]
        chance, _ = crib_ai.expected_best_reply(situation, finishes, False)
        return -chance * WON

    return won


def _reply_beyond_cap(view: View, situation: crib_ai.PlaySituation, board: Board
                      ) -> Callable[[Card], float]:
    """piece -> how far the rival's reply on the track is worth more than the hard player's
    cap lets it count (a reply that may peg the rival out): the part of the race lost that
    the player's correction leaves out."""
    if situation.next_seat is None or situation.next_is_partner:
        return lambda piece: 0.0
    rival_side = crib_ai.side_of(view, situation.next_seat)
    rival = peg_of(view, rival_side)
    ground = ground_for(view, board, "hard", rival_side)

    def beyond(piece: Card) -> float:
        pile, count = [*situation.pile, piece], situation.count + piece.value
        if count == crib_ai.LIMIT:
            return 0.0
        replies = [dataclasses.replace(r, their_points=ground(rival, int(r.their_points)))
                   for r in crib_ai.reply_options(situation, pile, count, [])]
        in_ground, _ = crib_ai.expected_best_reply(situation, replies, False)
        return max(0.0, in_ground - CAP)

    return beyond


def race_worths(view: View, board: Board) -> tuple[list[float], list[float]]:
    """What each hand total (0..29) is worth to our peg, as the hard player reckons it
    (`total_worths`) with a finish worth all it is, averaged over the places the play may
    leave the peg: (the ground in holes, the race won on the count times `WON`)."""
    side = my_side(view)
    starts = [ahead(board, peg_of(view, side), offset) for offset in PLAY_OFFSETS]
    ground = ground_for(view, board, "hard", side)
    holes, wins = [], []
    for total in range(30):
        gains = [ground(start, total) for start in starts]
        won = [WON if gained >= WON else 0.0 for gained in gains]
        holes.append((sum(gains) - sum(won)) / len(starts))
        wins.append(sum(won) / len(starts))
    return holes, wins


def discard_entries(view: View, legal: list[Action], board: Board) -> list[Entry]:
    hand, unseen, sign = parse_cards(view["hand"]), crib_ai.unseen_cards(view), crib_sign(view)
    holes, wins = race_worths(view, board)

    def worth_of(action: Action) -> crib_ai.DiscardWorth:
        return crib_ai.discard_worth(hand, action, unseen, sign)

    entries = family_discard_entries(
        view, legal, worth_of, crib_note=" (table)", sign=sign,
        correction=("track", lambda parts: crib_ai.mean_worth(parts.totals, holes) - parts.hand))
    return best_first([
        _with_win(e, crib_ai.mean_worth(worth_of(e["action"]).totals, wins), "on the count",
                  e["why"]) for e in entries])
