"""The expert's rollout players (engine/<game>/rollout.py): strength and cost.

    .venv/bin/python -m benchmarks.rollout [--game pip-rush] [--players 2] [--games 2000]
        [--opponent random|hard|normal]

Paired games on the simulation (each deal played once with the policy in every seat, the
others played by the opponent): the policy's win share with its 95% Wilson interval (a shared
first place counts as a share), then the CPU time per policy move, and, for comparison, per
move of the opponent level through the contract's views (hard and normal only).
The seat to move is the module's `mover` (Pip Pip: the seat to play, who calls on its turn).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from benchmarks.stats import wilson
from engine.registry import GAMES
from engine.search.expert import expert_games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="pip-rush", choices=expert_games())
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--opponent", default="random", choices=["random", "normal", "hard"])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    spec = GAMES[args.game]
    module = spec.rollout
    options = spec.check_options({})
    sides = spec.sides(args.players, options)
    shares: list[float] = []
    policy_time = other_time = 0.0
    policy_moves = other_moves = 0
    clock = time.process_time
    games = args.games - args.games % args.players
    for number in range(games):
        seed, hero = args.seed + number // args.players, number % args.players
        rng = random.Random(f"{seed}:{hero}")
        if args.opponent == "random":
            sim = spec.simulation.new(args.players, options, seed)
            game = None
        else:
            game = spec.new(args.players, options, seed)
            sim = spec.simulation.from_game(game)
        while sim.winners() is None:
            seat = module.mover(sim)
            legal = sim.legal(seat)
            if len(legal) == 1:
                code = legal[0]
            elif sides[seat] == sides[hero]:
                began = clock()
                code = module.policy(sim, seat, rng)
                policy_time += clock() - began
                policy_moves += 1
            elif game is None:
                code = rng.choice(legal)
            else:
                began = clock()
                action = spec.ai(game.view(seat), game.legal_actions(seat), rng,
                                 level=args.opponent)
                code = sim.code(seat, action)
                other_time += clock() - began
                other_moves += 1
            if game is not None:
                game.apply(seat, sim.action(seat, code))
            sim.play(seat, code)
        winners = sim.winners()
        shares.append(0.0 if hero not in winners
                      else 1.0 / len({sides[seat] for seat in winners}))
    wins = sum(shares)
    low, high = wilson(wins, len(shares))
    print(f"{args.game} {args.players}p, rollout policy (its side) against {args.opponent}: "
          f"{len(shares)} paired games, wins {wins:g} = {wins / len(shares):.1%} "
          f"(95% interval {low:.1%} - {high:.1%})")
    print(f"  policy: {policy_time / max(1, policy_moves) * 1e6:.1f} us CPU per move "
          f"({policy_moves} moves with a choice)")
    if other_moves:
        print(f"  {args.opponent} (contract views): "
              f"{other_time / other_moves * 1e6:.1f} us CPU per move ({other_moves} moves)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
