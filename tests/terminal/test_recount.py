"""In the terminal, a claim refused as too many leaves only the lower claims to type
(docs/RULES.md C-19): the prompt and the list say so, and typing the refused number again is
refused in words that say which numbers are left."""

from __future__ import annotations

from engine.cribbage.ai import cribbage_count, waiting_count
from engine.cribbage.claims import claim_ranges, possible_counts
from engine.cribbage.scoring import FlushRule
from tests.terminal.test_newcomer import At, first_or_pass, play


def claims(at: At) -> list[int]:
    return [a["points"] for a in at.table.legal_for(0) if a["type"] == "claim"]


async def test_after_a_refused_claim_only_the_lower_claims_can_be_typed() -> None:
    typed: list[str] = []
    prompts: list[str] = []
    refused: list[int] = []

    def read(at: At, prompt: str) -> str:
        view = at.table.view_for(0)
        upcoming = view.get("next_count")
        if not prompt.startswith("Your move") or upcoming is None or upcoming["seat"] != 0:
            typed.append(first_or_pass(at, prompt))
        else:
            exact = waiting_count(view, cribbage_count)
            offered = claims(at)
            prompts.append(prompt)
            if not refused and max(offered) > exact:
                refused.append(max(offered))  # too many
            elif len(refused) == 1:
                refused.append(refused[0])  # the same again: no longer a claim to make
            else:
                refused.append(0)
                typed.append(str(exact))
                return typed[-1]
            typed.append(str(refused[-1]))
        return typed[-1]

    table, shown = await play("cribbage", {"muggins": True, "target": 61}, 2, 5, read)
    assert table.finished and len(refused) >= 3
    too_many = refused[0]
    kind = "hand" if "Too many: your hand" in shown else "crib"
    lower = claim_ranges([n for n in possible_counts(4, 0, FlushRule.HAND) if n < too_many])
    # The list after the refusal offers the lower claims only, and so does the prompt; the
    # refused one typed again is answered with them.
    assert (f"Too many: your {kind} is worth less than {too_many}. Claim again.\n"
            f"      Claim {lower}: type the number\n"
            f"You can't claim {too_many}: type {lower}.\n") in shown
    assert f"[claim 0–{lower.rsplit(' ', 1)[1]}, hint" in prompts[1]


async def test_the_first_claim_explains_at_the_prompt_as_the_hand_does() -> None:
    """The terminal's claim prompt says what a claim is and what too high and too low do, in
    the words Discord's hand uses, at the first claim only."""
    from engine.cribbage.presentation import FIRST_CLAIM

    screens: list[tuple[int, str]] = []  # (the deal, the screen so far) at each claim

    def read(at: At, prompt: str) -> str:
        view = at.table.view_for(0)
        upcoming = view.get("next_count")
        if not prompt.startswith("Your move") or upcoming is None or upcoming["seat"] != 0:
            return first_or_pass(at, prompt)
        screens.append((view["deal_number"], at.out.getvalue()))
        return str(waiting_count(view, cribbage_count))

    table, shown = await play("cribbage", {"muggins": True, "target": 61}, 2, 5, read)
    assert table.finished and len(screens) >= 3
    flat = " ".join(shown.split())  # the 80-column screen folds long lines
    assert flat.count(FIRST_CLAIM) == 1
    (deal, first), *_ = screens
    assert deal == 1 and FIRST_CLAIM in " ".join(first.split())
