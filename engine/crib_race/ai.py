"""Computer players for Crib Race: `choose_action(view, legal, rng, level)`.

The Cribbage computer player (engine/cribbage/ai.py) made aware of the track. Its parts weigh
cards in points; here a scoring move is worth the ground it gains on the board instead
(`gain`): the holes it takes off the way to the finish, so a move landing on a slide or a
green advance is worth more than its points, one landing in a time trap less (often below
nothing), and one landing on a penalty box less again (`BOX_COST`: the points a boxed side
can expect to lose before it is released). While our own peg is boxed our points are worth
nothing, so the play only defends.

- Discards: the Cribbage method (the hand's average over every starter; at hard also the
  crib's average for or against us, none for the dealing team's discards that go under the
  deck with six players, and the chance of going out) with each starter's hand total turned
  into its gain from a few places the play may leave our peg (`PLAY_OFFSETS`), so a close
  choice goes to the discard whose counts tend to land well. Easy keeps the best four cards
  as they stand, by the same measure, and now and then discards at random.
- The play: the Cribbage play value of each card, corrected by the difference between the
  gain and the points of our own move, and between the points and the gain of the rival's
  expected reply (a reply that would land the rival in a trap is one we can afford).
- Muggins: claims and presses as in Cribbage; the taker keeps the points or gives them back,
  whichever is better on the track (giving back can push a rival into a trap).

Levels are Cribbage's (easy, normal, hard), all track-aware; the track weighs fully at hard,
half at normal and easy, where random choices and simple heuristics stay as in Cribbage.

Hard weighs moves by a position value instead of holes (`points_to_go`: the points a peg can
expect to still need from each place, so a place just short of a trap is worth less than its
holes and one short of a shortcut more), and a box by the lead it throws away: a boxed peg
waits until every rival is past the box, so far ahead it is boxed until the rivals catch up
(a fixed BOX_COST had it walk into the box at 68 while far ahead, then fall back into the
trap at 88-90). In the play it also counts the go or last-card point a piece may bring where
that point lands on the track (`_go_correction`).

With two players, hard's play also plays each piece out to the end of the deal on deals of
the cards it cannot see (`rest_of_deal_chances`): the starter is known in the play, so its
hand's count is too, and most of its losses came from a count of the show (or a go point)
landing it on the box at 68 while far ahead, to wait there until the rival caught up. The
deal's end is valued as a chance of winning, not a lead in points: far ahead, a few points
more are worth little and a box nearly everything.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from engine.cards import Card, parse_card
from engine.contract import Action, View
from engine.crib_race.board import BOARDS, BOX, MAIN, Board
from engine.crib_race.sim import STRIDE, _Track, release_boxes, track_of
from engine.crib_race.track import Move, Peg, move, to_finish
from engine.cribbage import ai as crib_ai
from engine.cribbage.pieces import LIMIT, PIECE_OF_TEXT, RANK, VALUE, hand_score, peg_score
from engine.cribbage.scoring import hand_total, peg_points

#: Points a side can expect to miss while boxed (roughly a deal's scoring).
BOX_COST = 10.0
#: Where the play may leave our peg before the show: the hand counts from each of these.
PLAY_OFFSETS = (0, 1, 2, 3, 4)
#: How much the track counts against plain points, by level.
TRACK_WEIGHT = {"easy": 0.5, "normal": 0.5, "hard": 1.0}


def choose_action(
    view: View, legal: list[Action], rng: random.Random, level: str = "hard"
) -> Action:
    """One of `legal` for the seat whose `view` this is."""
    crib_ai.check_level(level, legal)
    if len(legal) == 1:
        return legal[0]
    board = BOARDS[view["board"]["name"]]
    kinds = {action["type"] for action in legal}
    race_view = with_holes_to_go(view)
    if "discard" in kinds:
        return choose_discard(race_view, legal, rng, level, board)
    if "play" in kinds:
        return choose_play(race_view, legal, rng, level, board)
    if "keep" in kinds:
        return keep_or_give_back(view, board)
    return crib_ai.choose_show_action(race_view, legal, rng, level, crib_ai.cribbage_count)


# ===== the track ================================================================================
def peg_of(view: View, side: int) -> Peg:
    peg = view["pegs"][side]
    return Peg(peg["path"], int(peg["index"]))


def my_side(view: View) -> int:
    return crib_ai.side_of(view, view["seat"])


def with_holes_to_go(view: View) -> View:
    """The view with "scores" such that target - score is the holes each peg still has to go,
    which is what the Cribbage player's end-game reckoning needs."""
    finish = int(view["finish"])
    return {**view, "target": finish,
            "scores": [finish - int(peg["to_finish"]) for peg in view["pegs"]]}


@lru_cache(maxsize=65536)
def gain(board_name: str, path: str, index: int, points: int) -> float:
    """The ground a move of `points` gains for a peg at (path, index), in holes; a boxed peg
    gains nothing, and landing in a box costs BOX_COST more."""
    board = BOARDS[board_name]
    peg = Peg(path, index)
    if points <= 0 or peg.is_boxed(board):
        return 0.0
    result = move(board, peg, points)
    if result.finished:
        return 1000.0 + points  # the game is won: nothing else matters
    ground = float(to_finish(board, peg) - to_finish(board, result.after))
    if result.zone is not None and result.zone.kind == BOX:
        ground -= BOX_COST
    return ground


def peg_gain(board: Board, peg: Peg, points: int) -> float:
    return gain(board.name, peg.path, peg.index, points)


# ----- hard: a position value instead of holes gained ---------------------------------------
#: How many points one scoring move makes, roughly (pegging ones and twos, fifteens, pairs,
#: hand and crib counts): the steps of the position value's random walk.
STEP_POINTS = ((1, 0.2), (2, 0.35), (3, 0.1), (4, 0.1), (6, 0.1), (8, 0.1), (12, 0.05))
#: What a box costs beyond the lead it takes away: the rest of the deal scores nothing.
BOX_BASE_COST = 4.0


@lru_cache(maxsize=8)
def points_to_go(board_name: str) -> dict[Peg, float]:
    """For every place a peg can stand (a box counts as its hole), the points it can expect
    to still need to finish, moving in typical scoring steps: a slide or green path ahead
    makes a place worth more than its holes to go, a trap ahead (landed in again and again)
    less. Worked out by value iteration (traps loop back)."""
    board = BOARDS[board_name]
    places = [Peg(MAIN, hole) for hole in range(board.finish + 1)]
    for zone in board.zones:
        if zone.kind != BOX:
            places += [Peg(zone.name, index) for index in range(len(zone.route) - 1)]
    moves = {place: [(move(board, place, points), points, share)
                     for points, share in STEP_POINTS] for place in places}
    # Nearest the finish first, so one sweep mostly settles each place from settled ones.
    places.sort(key=lambda place: to_finish(board, place))
    cost = {place: float(to_finish(board, place)) for place in places}

    def cost_after(result: Move) -> float:
        after = result.after
        if after.is_boxed(board):
            return cost[Peg(MAIN, board.by_name[after.path].triggers[0])]
        return cost[after]

    for _ in range(200):
        changed = 0.0
        for place in places:
            if place.finished(board):
                continue
            new = sum(share * (min(points, to_finish(board, place))
                               + (0.0 if result.finished else cost_after(result)))
                      for result, points, share in moves[place])
            changed = max(changed, abs(new - cost[place]))
            cost[place] = new
        if changed < 1e-3:
            break
    return cost


def place_cost(board: Board, peg: Peg) -> float:
    """points_to_go for any peg: a boxed one as at its box's hole."""
    if peg.is_boxed(board):
        peg = Peg(MAIN, board.by_name[peg.path].triggers[0])
    return points_to_go(board.name)[peg]


@lru_cache(maxsize=65536)
def position_gain(board_name: str, path: str, index: int, points: int,
                  rival_cost: float) -> float:
    """What a move of `points` gains a peg at (path, index), in points of position value.
    Landing in a box costs the lead over the rival that it throws away (`rival_cost`: the
    slowest rival's position value; a boxed peg waits until every rival is past the box) and
    the rest of the deal."""
    board = BOARDS[board_name]
    peg = Peg(path, index)
    if points <= 0 or peg.is_boxed(board):
        return 0.0
    result = move(board, peg, points)
    if result.finished:
        return 1000.0 + points
    before = place_cost(board, peg)
    after = place_cost(board, result.after)
    ground = before - after
    if result.after.is_boxed(board):
        ground -= BOX_BASE_COST + max(0.0, rival_cost - after)
    return ground


Ground = Callable[[Peg, int], float]


def ground_for(view: View, board: Board, level: str, side: int) -> Ground:
    """How a level weighs a move of `side`'s peg: holes gained (easy, normal), or the gain in
    position value with a box costing the lead it throws away (hard)."""
    if level != "hard":
        return lambda peg, points: peg_gain(board, peg, points)
    rivals = round(rival_cost(view, board, side), 1)  # rounded: cache hits
    return lambda peg, points: position_gain(board.name, peg.path, peg.index, points, rivals)


def rival_cost(view: View, board: Board, side: int) -> float:
    """The position value of the slowest of `side`'s rivals (what a box makes it wait for)."""
    costs = [place_cost(board, peg_of(view, other)) for other in range(len(view["pegs"]))
             if other != side]
    return max(costs) if costs else 0.0


def node_pegs(track: _Track) -> list[Peg]:
    """The peg of every node of the simulation's track (engine/crib_race/sim.py), in order."""
    pegs = [Peg(MAIN, hole) for hole in range(track.finish + 1)]
    starts = sorted((start, name) for name, start in track.path_start.items())
    for number, (start, name) in enumerate(starts):
        end = starts[number + 1][0] if number + 1 < len(starts) else track.first_box
        pegs += [Peg(name, node - start) for node in range(start, end)]
    return pegs + [Peg(box.name, 0) for box in track.board.zones_of(BOX)]


@lru_cache(maxsize=8)
def node_costs(track: _Track) -> tuple[float, ...]:
    """points_to_go of every node of the simulation's track; a penalty box's as its hole."""
    return tuple(place_cost(track.board, peg) for peg in node_pegs(track))


def ahead(board: Board, peg: Peg, holes: int) -> Peg:
    """Where a peg ends after `holes` holes of plain moves (zones ignored: a rough guess of
    where the play leaves it). A guess that reaches the finish is dropped for the peg as it
    stands: the hand's worth is only wanted where the hand still matters."""
    if holes <= 0 or peg.is_boxed(board):
        return peg
    landed = move(board, peg, holes).landed
    return peg if landed.finished(board) else landed


# ===== the discard ==============================================================================
def choose_discard(view: View, legal: list[Action], rng: random.Random, level: str,
                   board: Board) -> Action:
    hand = crib_ai.cards_of(view["hand"])
    if level == "easy" and rng.random() < crib_ai.EASY_RANDOM_SHARE:
        return rng.choice(legal)
    worth = total_worths(view, board, TRACK_WEIGHT[level], level)
    if level == "easy":
        return max(legal, key=lambda a: worth[hand_total(crib_ai.kept_after(hand, a), None)])
    unseen = crib_ai.unseen_cards(view)
    sign = crib_sign(view)
    need = crib_ai.points_needed(view, view["seat"])

    def value(action: Action) -> float:
        parts = crib_ai.discard_worth(hand, action, unseen, sign)
        on_track = mean_worth(parts.totals, worth)
        if level != "hard":
            return on_track
        bonus = crib_ai.GOING_OUT_WORTH * crib_ai.going_out_chance(parts.totals, need)
        return on_track + parts.crib + (bonus if need <= crib_ai.END_GAME_NEED else 0.0)

    return max(legal, key=value)


def total_worths(view: View, board: Board, weight: float, level: str = "hard") -> list[float]:
    """What each hand total (0..29) is worth to our peg as the track stands (`_track_worth`)."""
    peg = peg_of(view, my_side(view))
    starts = [ahead(board, peg, offset) for offset in PLAY_OFFSETS]
    ground = ground_for(view, board, level, my_side(view))
    return [_track_worth(ground, starts, total, weight) for total in range(30)]


def mean_worth(totals: Sequence[int], worth: Sequence[float]) -> float:
    return sum(worth[total] for total in totals) / len(totals)


def _track_worth(ground: Ground, starts: Sequence[Peg], total: int, weight: float) -> float:
    """A hand total's worth: its points, moved towards the average ground it gains from the
    places the play may leave the peg by `weight` (1: the ground alone)."""
    gained = sum(ground(start, total) for start in starts) / len(starts)
    return (1 - weight) * total + weight * min(gained, 100.0)


def crib_sign(view: View) -> float:
    """+1 for our own crib, -1 for a rival's; 0 when our discards go under the deck (the
    dealing team with six players)."""
    if view["players"] == 6 and my_side(view) == crib_ai.side_of(view, view["crib_owner"]):
        return 0.0
    return crib_ai.crib_sign(view)


# ===== the play =================================================================================
def choose_play(view: View, legal: list[Action], rng: random.Random, level: str,
                board: Board) -> Action:
    plays = [a for a in legal if a["type"] == "play"]
    situation = crib_ai.play_situation(view, {})
    weight = TRACK_WEIGHT[level]
    if level == "easy":
        if rng.random() < crib_ai.EASY_RANDOM_SHARE:
            return rng.choice(plays)
        correction = track_correction(view, situation, board, weight, replies=False, level=level)
        return max(plays, key=lambda a: _easy_value(situation, parse_card(a["card"]),
                                                    correction))
    correction = track_correction(view, situation, board, weight, replies=True, level=level)

    def value(piece: Card) -> float:
        return crib_ai.play_value(situation, piece, level) + correction(piece)

    if level == "hard" and view["players"] == 2 and len({a["card"] for a in plays}) > 1:
        searched = rest_of_deal_chances(view, [a["card"] for a in plays], board, rng)
        return max(plays, key=lambda a: searched[a["card"]]
                   + HEURISTIC_SHARE * value(parse_card(a["card"])))
    return max(plays, key=lambda a: value(parse_card(a["card"])))


# ----- hard, two players: the rest of the deal played out ------------------------------------
#: Deals of the cards hard cannot see (the rival's pieces, its crib cards) each piece is tried
#: on; every piece on the same deals, so their difference is measured on paired samples.
#: 48 rather than 24: 97.4% against random instead of 96.3% on the same 2,000 deals, at a play
#: decision's p95 of some 25 ms CPU instead of 14.
PLAY_SAMPLES = 48
#: How much the play heuristic's value (points) counts beside the searched win chance
#: (percent): it breaks near ties.
HEURISTIC_SHARE = 0.05
#: A game won in the rest of the deal, in the search's units (`_RestOfDeal.worth`'s finish).
WIN_LEAD = 200.0
#: The spread of the race still to run, as the logistic scale of `win_chance`: some points,
#: and more for each point both pegs still need (more deals, more luck).
WIN_SPREAD, WIN_SPREAD_PER_POINT = 2.0, 0.09


def rest_of_deal_chances(view: View, pieces: Sequence[str], board: Board,
                       rng: random.Random) -> dict[str, float]:
    """For each piece (card text) we may lay, our mean chance of winning (percent,
    `_RestOfDeal.win_chance`) once the deal is over: the play on to its end and the show in
    its order, pone's hand, dealer's hand, crib, then the penalty boxes' release. The starter
    is known, so our hand's count is too: the search sees which places the play may leave us
    put that count (or the crib's after it) on a box, and the win chance weighs a box that
    throws a big lead away far above the few points that avoiding it may cost.

    The rival's pieces and crib cards are dealt from the unseen cards `PLAY_SAMPLES` times;
    both seats then lay the piece gaining most position value (`_RestOfDeal.pick`)."""
    track = track_of(board)
    me = view["seat"]
    rival = 1 - me
    unseen = [PIECE_OF_TEXT[str(card)] for card in crib_ai.unseen_cards(view)]
    rival_holds = int(view["hand_sizes"][rival])
    crib_missing = int(view["crib_size"]) - len(view["discards"])
    my_kept = [PIECE_OF_TEXT[text] for text in view["kept"]]
    start = _RestOfDeal(
        track=track,
        side_of=[crib_ai.side_of(view, seat) for seat in (0, 1)],
        pegs=[track.node_of(peg_of(view, side)) for side in range(2)],
        queues=[list(view["penalty_boxes"][box.name]) for box in board.zones_of(BOX)],
        hands=[[], []],
        pile=[RANK[PIECE_OF_TEXT[text]] for text in view["pile"]],
        count=int(view["count"]),
        passed=[seat in view["passed"] for seat in (0, 1)],
        last=view["last_player"],
    )
    # A rival that said go on this count holds nothing that fits it.
    room = LIMIT - start.count
    could_hold = [p for p in unseen if not start.passed[rival] or VALUE[p] > room]
    if len(could_hold) < rival_holds:  # not in a real deal; a test's made-up position
        could_hold = unseen
    totals = dict.fromkeys(pieces, 0.0)
    for _ in range(PLAY_SAMPLES):
        rival_hand = rng.sample(could_hold, rival_holds)
        rest = [p for p in unseen if p not in rival_hand]
        kept: list[list[int]] = [[], []]
        kept[me] = my_kept
        kept[rival] = [PIECE_OF_TEXT[text] for text in view["played"][rival]] + rival_hand
        crib = [PIECE_OF_TEXT[text] for text in view["discards"]] + rng.sample(rest,
                                                                               crib_missing)
        for text in totals:
            deal = start.copy()
            deal.hands[me] = [PIECE_OF_TEXT[card] for card in view["hand"]]
            deal.hands[rival] = list(rival_hand)
            deal.lay(me, PIECE_OF_TEXT[text])
            deal.play_on(rival)
            deal.show(view["dealer"], kept, crib, PIECE_OF_TEXT[view["starter"]])
            totals[text] += deal.win_chance(crib_ai.side_of(view, me))
    return {text: total / PLAY_SAMPLES for text, total in totals.items()}


@dataclasses.dataclass
class _RestOfDeal:
    """One determinized rest of a two-player deal on the simulation's ints (engine/cribbage/
    sim.py's pieces, engine/crib_race/sim.py's track nodes), played as CribRaceSim plays it."""

    track: _Track
    side_of: list[int]
    pegs: list[int]  # by side
    queues: list[list[int]]  # the sides in each penalty box, first in first
    hands: list[list[int]]  # by seat
    pile: list[int]  # the ranks laid on the current count
    count: int
    passed: list[bool]
    last: int | None
    won: int | None = None  # the side that reached the finish

    def copy(self) -> _RestOfDeal:
        return dataclasses.replace(self, pegs=self.pegs[:], queues=[q[:] for q in self.queues],
                                   hands=[h[:] for h in self.hands], pile=self.pile[:],
                                   passed=self.passed[:])

    def score(self, seat: int, points: int) -> None:
        side = self.side_of[seat]
        node = self.pegs[side]
        track = self.track
        if self.won is not None or node >= track.first_box:
            return
        node = self.pegs[side] = track.moves[node * STRIDE + points]
        if node >= track.first_box:
            self.queues[node - track.first_box].append(side)
        elif node == track.finish:
            self.won = side

    def worth(self, seat: int, points: int) -> float:
        """The position value `points` gain `seat`'s side (as the rollout player weighs it)."""
        side = self.side_of[seat]
        node = self.pegs[side]
        track = self.track
        if points <= 0 or node >= track.first_box:
            return 0.0
        after = track.moves[node * STRIDE + points]
        if after == track.finish:
            return WIN_LEAD
        costs = node_costs(track)
        gained = costs[node] - costs[after]
        if after >= track.first_box:
            gained -= BOX_BASE_COST + max(0.0, costs[self.pegs[1 - side]] - costs[after])
        return gained

    def lay(self, seat: int, piece: int) -> None:
        self.hands[seat].remove(piece)
        self.pile.append(RANK[piece])
        self.count += VALUE[piece]
        self.last = seat
        if len(self.pile) > 1:
            points = peg_score(self.pile, self.count)
            if points:
                self.score(seat, points)

    def pick(self, seat: int, playable: list[int]) -> int:
        """The piece whose points gain most position value; higher pieces first on a tie (low
        ones make later counts and gos)."""
        def value(piece: int) -> float:
            points = peg_score([*self.pile, RANK[piece]], self.count + VALUE[piece])
            return self.worth(seat, points) + 0.01 * VALUE[piece]
        return max(playable, key=value)

    def play_on(self, turn: int) -> None:
        """The play from here to its end, `turn` to move unless it cannot."""
        hands, passed = self.hands, self.passed
        while self.won is None:
            room = LIMIT - self.count
            last = self.last
            if not hands[0] and not hands[1]:  # one for the last card, unless it made 31
                if room:
                    assert last is not None, "every piece is down: someone laid last"
                    self.score(last, 1)
                return
            can = [not passed[seat] and any(VALUE[p] <= room for p in hands[seat])
                   for seat in (0, 1)]
            if not room or not (can[0] or can[1]):  # one for the go; the count starts again
                assert last is not None, "nobody can lay on a count nobody began"
                if room:
                    self.score(last, 1)
                self.pile, self.count, passed[0], passed[1] = [], 0, False, False
                turn = 1 - last if hands[1 - last] else last
                continue
            if passed[turn] or not hands[turn]:
                turn = 1 - turn
                continue
            if not can[turn]:  # go
                passed[turn] = True
                turn = 1 - turn
                continue
            self.lay(turn, self.pick(turn, [p for p in hands[turn] if VALUE[p] <= room]))
            other = 1 - turn
            if hands[other] and not passed[other]:
                turn = other

    def show(self, dealer: int, kept: list[list[int]], crib: list[int], starter: int) -> None:
        """The show in its order, then the boxes' release (one peg per box, once every peg
        outside the box is past it)."""
        pone = 1 - dealer
        for seat, cards, is_crib in ((pone, kept[pone], False), (dealer, kept[dealer], False),
                                     (dealer, crib, True)):
            total = hand_score(cards, starter, is_crib)
            if total:
                self.score(seat, total)
        release_boxes(self.track, self.pegs, self.queues)

    def win_chance(self, side: int) -> float:
        """`side`'s chance of winning the game, in percent (`win_chance`)."""
        if self.won is not None:
            return 100.0 if self.won == side else 0.0
        return win_chance(self.track, self.pegs, side)


def win_chance(track: _Track, pegs: Sequence[int], side: int) -> float:
    """`side`'s chance of winning a two-sided race not yet won, in percent, from the pegs'
    nodes by their position values (points still to go; a boxed peg charged the box's base
    cost and the wait for the rival): a logistic of the lead, so points matter little far
    ahead or far behind and a box that throws a big lead away costs nearly all the lead was
    worth."""
    costs = node_costs(track)
    own = _waiting(track, costs, pegs[side], pegs[1 - side])
    theirs = _waiting(track, costs, pegs[1 - side], pegs[side])
    spread = WIN_SPREAD + WIN_SPREAD_PER_POINT * (own + theirs)
    return 100.0 / (1.0 + math.exp((own - theirs) / spread))


def _waiting(track: _Track, costs: Sequence[float], node: int, rival: int) -> float:
    """The points a peg on `node` can expect to still need; boxed, the box's base cost and
    the wait until the rival's peg has caught up are added."""
    if node < track.first_box:
        return costs[node]
    return costs[node] + BOX_BASE_COST + max(0.0, costs[rival] - costs[node])


def track_correction(view: View, situation: crib_ai.PlaySituation, board: Board,
                     weight: float, replies: bool, level: str = "hard"
                     ) -> Callable[[Card], float]:
    """piece -> how much more (or less) laying it is worth on the track than in points: our
    move's ground against its points (at hard, with the go or last-card point it may bring)
    and, with `replies`, the same for the rival's reply."""
    peg = peg_of(view, my_side(view))
    ground = ground_for(view, board, level, my_side(view))
    rival = _rival_peg(view, situation) if replies else None
    rival_ground = ground if rival is None or situation.next_seat is None else ground_for(
        view, board, level, crib_ai.side_of(view, situation.next_seat))

    def correction(piece: Card) -> float:
        points = peg_points([*situation.pile, piece]).total
        worth = ground(peg, points) - points
        if level == "hard":
            worth += _go_correction(situation, piece, board, peg, points, ground)
        if rival is not None:
            worth += _reply_correction(situation, piece, rival_ground, rival)
        return weight * worth

    return correction


def _rival_peg(view: View, situation: crib_ai.PlaySituation) -> Peg | None:
    """The peg of the opponent who answers my card, if the next seat is an opponent."""
    if situation.next_seat is None or situation.next_is_partner:
        return None
    return peg_of(view, crib_ai.side_of(view, situation.next_seat))


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
        if result.finished or result.after.is_boxed(board):
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


def _easy_value(situation: crib_ai.PlaySituation, piece: Card,
                correction: Callable[[Card], float]) -> tuple[float, bool, int]:
    """Cribbage's easy order (points now, then avoiding 5 and 21), points made track-aware."""
    points, safe, value = crib_ai.easy_play_value(situation, piece)
    return points + correction(piece), safe, value


# ===== muggins ==================================================================================
def keep_or_give_back(view: View, board: Board) -> Action:
    """Keep the muggins points unless handing them back hurts the owner more on the track."""
    keep, give = muggins_worths(view, board)
    return {"type": "keep"} if keep >= give else {"type": "give_back"}


def muggins_worths(view: View, board: Board) -> tuple[float, float]:
    """(ground keeping the muggins points gains us, ground giving them back costs their
    owner): both in holes on the track."""
    muggins = view["muggins"]
    points = int(muggins["points"])
    owner_side = crib_ai.side_of(view, muggins["claim"]["seat"])
    keep = peg_gain(board, peg_of(view, my_side(view)), points)
    give = -peg_gain(board, peg_of(view, owner_side), points)
    return keep, give


__all__ = ["choose_action", "gain"]
