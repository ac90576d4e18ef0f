"""Rollout modules: how the expert (engine/search/expert.py) plays a game out on its simulation.

Each game's module (`engine/<game>/rollout.py`, its `GameSpec.rollout`) has, all on the simulation
(engine/sim.py), stdlib only, deterministic given `rng`:

    STEPS: int                 how far a rollout goes, in progress units
    WIN_VALUE: float           what a win is worth on lead's scale
    progress(sim) -> int       grows as the game goes on; the rollout stops once it grew by
                               STEPS, or fell (a new deal in the Cribbage family, whose
                               simulations do not count deals)
    lead(sim, seat) -> float   the seat's side's advantage in the game's own terms
    policy(sim, seat, rng) -> int   a good, fast move: one of sim.legal(seat)
    mover(sim) -> int          the seat the rollout moves next: the first of sim.to_act()
                               (`first_to_act`), or the seat the game waits for where others
                               may act out of turn (Pip Pip's calls)

and may have

    exact(sim, seat) -> float | None   the value on lead's scale of a position the module can
                               search to its horizon exactly (the play of two-player
                               Cribbage and Crib Race, searched to its end), used instead
                               of a rollout; None where it cannot
    inference(view) -> (sim, rng) -> None   for one decision of the seat whose `view`
                               this is: deals the hidden cards of each determinized deal
                               again as what the other seats did makes likely, from the
                               view alone (two-player Cribbage and Crib Race: the other
                               hand kept as the hard level keeps)

Inside a determinized deal the policy may read any card of the simulation: the
determinization already hid the truth from the searching seat.
"""

from __future__ import annotations

from engine.sim import Simulation


def first_to_act(sim: Simulation) -> int:
    return sim.to_act()[0]
