"""Computer players for Cribbage (2-4 players): `choose_action(view, legal, rng, level)`, and
`choose_off_turn` for a Muggins! press while the game waits for another seat.

Every decision reads only the seat's own view (its hand, its discards, the starter, the cards
laid in the play, the counts shown), so for one view and one rng state the choice is the same
whatever the hidden cards are. PIP Cribbage and Crib Race (their ai.py) build on the parts
here, which take what differs as arguments: keep their names.

Levels:
- easy: discards keeping the best four cards as they stand (now and then at random); pegs the
  card that scores most now, avoiding counts of 5 and 21; sometimes undercounts its own hand
  with muggins on, and catches an opponent's undercount only half the time.
- normal: discards by the hand's average over every possible starter; pegs by the points a
  card takes minus the best reply the next seat can be expected to hold; counts exactly.
- hard: the average hand plus the crib's average value for or against the discarder (table
  in crib_values.py, +1 for one's own or a partner's crib, -1 for an opponent's), with a
  bonus for the chance of going out with the hand near the end; pegging that also weighs its
  own counter-reply to each reply (pairs royal, extended runs, a 31), the go when the next
  seat cannot play, and the score near the end of the game: points that win now are taken,
  and in a close last deal of two players the one whose hand is counted first and will count
  out plays to stop the other pegging out, while the other plays to peg out.

The reply model: the next seat holds a random draw of the cards this seat cannot see (the
hypergeometric law, by rank), plus pieces it is known to hold (PIP dice), and lays the piece
worth most to it; ties are averaged. Other seats' replies further on are not modelled.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import comb

from engine.cards import Card, parse_card, parse_cards, standard_deck
from engine.contract import Action, View
from engine.cribbage.crib_values import CRIB_PAIR_VALUES, CRIB_SINGLE_VALUES
from engine.cribbage.pieces import LIMIT
from engine.cribbage.scoring import hand_total, peg_points
from engine.spec import check_level

DECK_BY_RANK = sorted(standard_deck(), key=lambda card: (card.rank, card.suit))

#: easy: share of discards and plays made at random, and of nonzero counts claimed 2 short.
EASY_RANDOM_SHARE = 0.2
EASY_UNDERCOUNT_SHARE = 0.25
EASY_MUGGINS_SHARE = 0.5
#: Worth of reaching the target with the hand alone, in points, for the end-game discard,
#: and how close to the target that starts to count.
GOING_OUT_WORTH = 12.0
END_GAME_NEED = 30
#: Points the play usually adds before the show (an average for the end-game estimate).
EXPECTED_PEG = 3
#: My counter-reply is certain to be available, but it in turn invites a re-counter.
COUNTER_WEIGHT = 0.8
#: What it is worth when the next seat cannot play: the go point, usually.
GO_WORTH = 0.9
#: A point given to an opponent who is about to win weighs more than one we take.
CLOSE_TO_WIN = 12
DEFENCE_WEIGHT = 1.6
#: The last deal of a close two-player game (see `race_weights`): when my hand, counted
#: first, will win, only stopping the other player pegging out matters; when the other
#: player's hand, counted first, will likely win, only pegging out myself does.
HOLD_ON = (0.3, 3.0)
PEG_OUT = (2.0, 0.4)
#: A usual Cribbage hand, for guessing whether the other player can count out.
USUAL_HAND = 8.0
#: Each hand total (0 to 29) worth its points.
HAND_TOTALS = range(30)

#: (kind, pieces, starter) -> the exact points of a count: how a game scores its show.
CountFn = Callable[[str, Sequence[Card], Card], int]
#: (my hand is counted first, its points, the other player's usual hand): two players only.
ShowOrder = tuple[bool, int, float]


def choose_action(view: View, legal: list[Action], rng: random.Random,
                  level: str = "hard") -> Action:
    """One of `legal` for the seat whose `view` this is."""
    check_level(level, legal)
    if len(legal) == 1:
        return legal[0]
    kinds = {action["type"] for action in legal}
    if "discard" in kinds:
        return choose_discard(view, legal, rng, level)
    if "play" in kinds:
        situation = play_situation(view, {}, cribbage_show_order(view))
        return choose_play(view, legal, rng, level, situation)
    return choose_show_action(view, legal, rng, level, cribbage_count)


# ===== what a seat knows ======================================================================
def side_of(view: View, seat: int) -> int:
    return next(i for i, seats in enumerate(view["sides"]) if seat in seats)


def points_needed(view: View, seat: int) -> int:
    """How many points `seat`'s side still needs to win."""
    return int(view["target"]) - int(view["scores"][side_of(view, seat)])


def unseen_cards(view: View) -> list[Card]:
    """Deck cards this seat cannot place (in other hands, the crib or the deck): all but its
    own, the starter and the play's, in a fixed order so that nothing hidden sways a choice."""
    texts = [*(view.get("hand") or []), *(view.get("discards") or []), *(view.get("kept") or []),
             *(text for laid in view["played"] for text in laid)]
    if view.get("starter"):
        texts.append(view["starter"])
    seen = set(parse_cards(texts))
    return [card for card in DECK_BY_RANK if card not in seen]


# ===== the discard ============================================================================
def crib_value(discards: Sequence[Card]) -> float:
    """The average crib these discards lead to (see tools/make_crib_table.py for the method)."""
    if len(discards) == 1:
        return CRIB_SINGLE_VALUES[discards[0].rank]
    first, second = sorted(discards)
    return CRIB_PAIR_VALUES[(first.rank, second.rank, first.suit == second.suit)]


def crib_sign(view: View) -> float:
    """+1 when the crib scores for this seat's side (its own or a partner's), -1 if not."""
    mine = side_of(view, view["seat"]) == side_of(view, view["crib_owner"])
    return 1.0 if mine else -1.0


def going_out_chance(totals: Sequence[int], need: int) -> float:
    """Share of starters with which the hand (plus a usual play) reaches the target."""
    return sum(1 for total in totals if total + EXPECTED_PEG >= need) / len(totals)


def choose_discard(view: View, legal: list[Action], rng: random.Random, level: str,
                   worth: Sequence[float] = HAND_TOTALS, sign: float | None = None) -> Action:
    """The discard keeping the hand whose totals are worth most: `worth[total]` (Crib Race:
    the ground a total gains on the track); `sign` for the crib (None: `crib_sign`)."""
    hand = parse_cards(view["hand"])
    if level == "easy":
        if rng.random() < EASY_RANDOM_SHARE:
            return rng.choice(legal)
        return max(legal, key=lambda a: worth[hand_total(kept_after(hand, a), None)])
    unseen = unseen_cards(view)
    if sign is None:
        sign = crib_sign(view)
    need = points_needed(view, view["seat"])

    def value(action: Action) -> float:
        parts = discard_worth(hand, action, unseen, sign)
        return discard_value(parts, level, need, mean_worth(parts.totals, worth))

    return max(legal, key=value)


def mean_worth(totals: Sequence[int], worth: Sequence[float]) -> float:
    return sum(worth[total] for total in totals) / len(totals)


def discard_value(worth: DiscardWorth, level: str, need: int,
                  hand: float | None = None) -> float:
    """normal: the hand's mean (or `hand`: what choose_discard's `worth` makes of it); hard:
    the crib's too, and the going-out bonus near the end (the side `need`s END_GAME_NEED
    points or fewer)."""
    if hand is None:
        hand = worth.hand
    if level != "hard":
        return hand
    bonus = GOING_OUT_WORTH * going_out_chance(worth.totals, need)
    return hand + worth.crib + (bonus if need <= END_GAME_NEED else 0.0)


@dataclass(frozen=True)
class DiscardWorth:
    """What a discard is worth, before the end-game reckoning."""

    totals: list[int]  # the kept cards' show with each starter the seat has not seen
    crib: float  # the crib's average (CRIB_*_VALUES), signed for whose crib it is

    @property
    def hand(self) -> float:
        """The exact mean of the kept cards' show over every unseen starter."""
        return sum(self.totals) / len(self.totals)


def discard_worth(hand: Sequence[Card], action: Action, unseen: Sequence[Card],
                  sign: float) -> DiscardWorth:
    kept = kept_after(hand, action)
    totals = [hand_total(kept, starter) for starter in unseen]
    return DiscardWorth(totals, sign * crib_value(parse_cards(action["cards"])))


def kept_after(hand: Sequence[Card], action: Action) -> list[Card]:
    kept = list(hand)
    for card in parse_cards(action["cards"]):
        kept.remove(card)
    return kept


# ===== the play ===============================================================================
@dataclass
class Reply:
    """One rank the next seat may answer with: its points, and my best counter to it."""

    their_points: float  # points, or what a game makes of them (Crib Race: track gained)
    my_counter: int
    copies: int  # unseen cards of this rank
    certain: bool  # the next seat is known to hold it (a PIP die)


@dataclass
class PlaySituation:
    """The play as this seat sees it."""

    seat: int
    pile: list[Card]
    count: int
    mine: list[Card]
    unseen: list[Card]
    next_seat: int | None  # the next seat still in this count after me, None if only me
    next_known: list[Card] = field(default_factory=list)  # pieces it surely holds
    next_unknown: int = 0  # cards it holds that I cannot name
    next_is_partner: bool = False
    my_need: int = 999
    their_need: int = 999
    show: ShowOrder | None = None  # two players, the starter cut: who counts out first


def play_situation(view: View, known_pieces: dict[int, list[Card]],
                   show: ShowOrder | None = None) -> PlaySituation:
    """known_pieces[seat]: pieces that seat surely still holds (PIP Cribbage: its die);
    show: for two players, (counts first, my hand's points, the other's usual hand)."""
    seat, players = view["seat"], view["players"]
    sizes, passed = view["hand_sizes"], set(view["passed"])
    later = ((seat + step) % players for step in range(1, players))
    next_seat = next((other for other in later if sizes[other] > 0 and other not in passed), None)
    known = known_pieces.get(next_seat, []) if next_seat is not None else []
    opponents = [s for s in range(players) if side_of(view, s) != side_of(view, seat)]
    return PlaySituation(
        seat=seat,
        pile=parse_cards(view["pile"]),
        count=int(view["count"]),
        mine=parse_cards(view["hand"]),
        unseen=unseen_cards(view),
        next_seat=next_seat,
        next_known=list(known),
        next_unknown=max(0, sizes[next_seat] - len(known)) if next_seat is not None else 0,
        next_is_partner=next_seat is not None
        and side_of(view, next_seat) == side_of(view, seat),
        my_need=points_needed(view, seat),
        their_need=min(points_needed(view, s) for s in opponents),
        show=show,
    )


def cribbage_show_order(view: View) -> ShowOrder | None:
    """Two-player Cribbage: the non-dealer counts first; my hand is its kept cards."""
    if view["players"] != 2 or not view.get("kept") or not view.get("starter"):
        return None
    points = hand_total(parse_cards(view["kept"]), parse_card(view["starter"]))
    return view["seat"] != view["dealer"], points, USUAL_HAND


def race_weights(situation: PlaySituation) -> tuple[float, float]:
    """(weight of my points, weight of the next seat's) in the last deal of a close game."""
    they_are_close = situation.their_need <= CLOSE_TO_WIN
    if situation.show is not None and they_are_close:
        counts_first, my_show, their_usual_show = situation.show
        if counts_first and my_show >= situation.my_need:
            return HOLD_ON
        if (not counts_first and situation.my_need <= CLOSE_TO_WIN
                and their_usual_show >= situation.their_need):
            return PEG_OUT
    return 1.0, DEFENCE_WEIGHT if they_are_close else 1.0


def choose_play(view: View, legal: list[Action], rng: random.Random, level: str,
                situation: PlaySituation,
                correction: Callable[[Card], float] = lambda _piece: 0.0) -> Action:
    """The piece to lay, by its value in points plus `correction` (Crib Race: what the track
    makes of them)."""
    plays = [a for a in legal if a["type"] == "play"]
    if level == "easy":
        if rng.random() < EASY_RANDOM_SHARE:
            return rng.choice(plays)

        def easy_value(action: Action) -> tuple[float, bool, int]:
            """Points now, then avoiding counts of 5 and 21, then the higher piece."""
            piece = parse_card(action["card"])
            points = peg_points([*situation.pile, piece]).total + correction(piece)
            return points, situation.count + piece.value not in (5, 21), piece.value

        return max(plays, key=easy_value)
    return max(plays, key=lambda a: corrected_play_value(situation, a, level, correction))


def corrected_play_value(situation: PlaySituation, action: Action, level: str,
                         correction: Callable[[Card], float]) -> float:
    piece = parse_card(action["card"])
    return play_value(situation, piece, level) + correction(piece)


@dataclass(frozen=True)
class PlayWorth:
    """What laying a piece leads to, in points, before any weighing."""

    points: int  # what the piece takes now
    solo: int  # nobody else can play: what my remaining pieces then take laid one by one
    reply: float  # the next seat's expected best reply (less my counter to it, if counted)
    no_reply: float  # chance the next seat holds no piece that fits the count
    to_partner: bool  # the next seat plays for my side


def play_worth(situation: PlaySituation, piece: Card, counter: bool) -> PlayWorth:
    """The points `piece` takes and what follows it; `counter`: weigh my counter-reply to
    each reply, and plan my own run of plays when everyone else has said go."""
    pile = [*situation.pile, piece]
    count = situation.count + piece.value
    points = peg_points(pile).total
    if count == LIMIT:  # the count restarts; the next lead scores nothing by itself
        return PlayWorth(points, 0, 0.0, 0.0, False)
    rest = list(situation.mine)
    rest.remove(piece)
    if situation.next_seat is None:  # everyone else has said go: I lay my pieces alone
        solo = solo_points(pile, count, rest) if counter else 0
        return PlayWorth(points, solo, 0.0, 0.0, False)
    replies = reply_options(situation, pile, count, rest if counter else [])
    expected_reply, no_reply = expected_best_reply(situation, replies, counter)
    return PlayWorth(points, 0, expected_reply, no_reply, situation.next_is_partner)


def play_value(situation: PlaySituation, piece: Card, level: str) -> float:
    """Points this piece takes, less what the reply to it is expected to give away."""
    hard = level == "hard"
    worth = play_worth(situation, piece, counter=hard)
    if hard and worth.points >= situation.my_need:
        return 1000.0 + worth.points  # it wins the game now
    mine, theirs = race_weights(situation) if hard else (1.0, 1.0)
    # A small preference for laying higher pieces first: low ones make later counts and gos.
    value = mine * worth.points + 0.01 * piece.value + mine * worth.solo
    if worth.to_partner:
        return value + 0.5 * worth.reply
    go_worth = GO_WORTH * mine if hard else 0.0
    return value - theirs * worth.reply + worth.no_reply * go_worth


def solo_points(pile: list[Card], count: int, pieces: list[Card]) -> int:
    """The most points I can peg laying my remaining pieces one after another on this count."""
    best = 0
    for piece in set(pieces):
        if count + piece.value > LIMIT:
            continue
        rest = list(pieces)
        rest.remove(piece)
        after = [*pile, piece]
        best = max(best, peg_points(after).total + solo_points(after, count + piece.value, rest))
    return best


def reply_options(situation: PlaySituation, pile: list[Card], count: int,
                  rest: list[Card]) -> list[Reply]:
    copies = Counter(card.rank for card in situation.unseen)
    certain = {piece.rank for piece in situation.next_known}
    replies = []
    for rank in range(1, 14):
        if not (copies[rank] and situation.next_unknown) and rank not in certain:
            continue
        value = 10 if rank > 10 else rank
        if count + value > LIMIT:
            continue
        answer = Card(rank, None)  # suits play no part in the play's points
        after = [*pile, answer]
        my_counter = max((peg_points([*after, piece]).total for piece in set(rest)
                          if count + value + piece.value <= LIMIT), default=0)
        replies.append(Reply(peg_points(after).total, my_counter, copies[rank], rank in certain))
    return replies


def expected_best_reply(situation: PlaySituation, replies: list[Reply],
                        counter: bool) -> tuple[float, float]:
    """(expected points the next seat's reply makes, less my counter when `counter`;
    chance it holds no piece that fits), by the reply model of the module's docstring."""
    pool, drawn = len(situation.unseen), situation.next_unknown

    def chance_none(cards: int) -> float:
        if drawn <= 0 or cards <= 0:
            return 1.0
        if cards > pool - drawn:
            return 0.0
        return comb(pool - cards, drawn) / comb(pool, drawn)

    groups: dict[float, list[Reply]] = {}
    for reply in replies:
        groups.setdefault(reply.their_points, []).append(reply)
    expected = 0.0
    covered_cards = 0
    none_before = 1.0  # chance it holds nothing from the better groups
    for points in sorted(groups, reverse=True):
        group = groups[points]
        covered_cards += sum(r.copies for r in group)
        sure = any(r.certain for r in group)
        none_after = 0.0 if sure else chance_none(covered_cards)
        chance = none_before - none_after
        if chance > 0:
            net = float(points)
            if counter:
                weights = [r.copies + (1 if r.certain else 0) for r in group]
                net -= COUNTER_WEIGHT * sum(
                    w * r.my_counter for w, r in zip(weights, group, strict=True)
                ) / sum(weights)
            expected += chance * net
        none_before = none_after
        if none_before == 0.0:
            break
    return expected, none_before


# ===== the show (muggins) =====================================================================
def cribbage_count(kind: str, pieces: Sequence[Card], starter: Card) -> int:
    return hand_total(pieces, starter, crib=kind == "crib")


def choose_show_action(
    view: View, legal: list[Action], rng: random.Random, level: str, count: CountFn
) -> Action:
    """Claims, muggins, keeping muggins points: every level keeps points it takes."""
    kinds = {action["type"] for action in legal}
    if "keep" in kinds:
        return {"type": "keep"}
    if presses_muggins(view, legal, rng, level, count):
        return {"type": "muggins"}
    if "claim" in kinds:
        return claim(view, legal, rng, level, count)
    if "pass" in kinds:
        return {"type": "pass"}
    return legal[0]


def presses_muggins(view: View, legal: list[Action], rng: random.Random, level: str,
                    count: CountFn) -> bool:
    """Whether to press Muggins! now: only on a claim that missed points, and at easy only
    EASY_MUGGINS_SHARE of the time (drawn even when Muggins! is not offered, which keeps the
    easy player's later draws, and so its choices, as they always were)."""
    catches = level != "easy" or rng.random() < EASY_MUGGINS_SHARE
    offered = any(action["type"] == "muggins" for action in legal)
    return offered and catches and missed_points(view, count) > 0


def choose_off_turn(view: View, legal: list[Action], rng: random.Random, level: str = "hard",
                    count: CountFn = cribbage_count) -> Action | None:
    """A seat's optional move while the game waits for another (GameSpec.off_turn): Muggins!
    on the claim just made when it missed points, else None to let the next count go on."""
    check_level(level)
    return {"type": "muggins"} if presses_muggins(view, legal, rng, level, count) else None


def missed_points(view: View, count: CountFn) -> int:
    """Points the claim open to muggins missed (0 when it was right, or there is none)."""
    muggins = view.get("muggins")
    if not muggins or not muggins.get("claim") or muggins["claim"].get("claimed") is None:
        return 0
    claim_info = muggins["claim"]
    for record in reversed(view["show"]):
        if (record["seat"] == claim_info["seat"] and record["kind"] == claim_info["kind"]
                and record["breakdown"] is None and record["claimed"] is not None):
            exact = count(record["kind"], parse_cards(record["cards"]),
                          parse_card(record["starter"]))
            return max(0, exact - int(record["claimed"]))
    return 0


def waiting_count(view: View, count: CountFn) -> int:
    """The exact points of the count waiting for its owner's claim."""
    waiting = view["next_count"]
    return count(waiting["kind"], parse_cards(waiting["cards"]), parse_card(view["starter"]))


def claim(view: View, legal: list[Action], rng: random.Random, level: str,
          count: CountFn) -> Action:
    exact = waiting_count(view, count)
    if level == "easy" and exact >= 4 and rng.random() < EASY_UNDERCOUNT_SHARE:
        exact -= 2  # a fifteen overlooked
    claims = [a for a in legal if a["type"] == "claim" and a["points"] <= exact]
    return max(claims, key=lambda a: a["points"]) if claims else legal[0]
