"""The legal Charge commands name exactly the enemies :func:`melee.check_charge` accepts:
``target_problem`` asks the target's side of the checks without writing a refusal out,
and must agree with the refusals themselves in every position of whole games."""

from __future__ import annotations

from skirmish.content.loading import load_scenario
from skirmish.locations import SCENARIOS
from skirmish.match import build_table, new_game
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.skirmish.legal import charge_commands
from skirmish.rules.skirmish.melee import check_charge, check_charger
from skirmish.rules.skirmish.preview import ctx_of
from skirmish.sim import play


def test_legal_charges_are_those_check_charge_accepts_R_ACT_CHARGE_D_5_GAP_51():
    """[R-ACT-CHARGE] D-5 (sight) GAP-51 (in play), every figure able to charge, at every
    command of two whole games on a table with buildings in the way."""
    scn = load_scenario(SCENARIOS / "street_fight.toml")
    table = build_table(scn)
    refused = accepted = 0
    for seed in (1, 2):
        game = new_game(scn, seed, table=table)
        for cmd in play(scn, seed, table).commands:
            game.apply(cmd)
            if game.state.phase != "battle":
                continue
            ctx = ctx_of(game)
            for f in ctx.in_play():
                try:
                    check_charger(ctx, f)
                except IllegalCommand:
                    assert charge_commands(ctx, f) == []
                    continue
                want = []
                for t in ctx.figures():
                    try:
                        check_charge(ctx, f, t.id)
                    except IllegalCommand as e:
                        assert e.key in {"own_side", "fallen_no_charge", "rope_no_melee",
                                         "charge_needs_sight"}
                        refused += e.key == "charge_needs_sight"
                        continue
                    want.append(t.id)
                assert [cmd.target for cmd in charge_commands(ctx, f)] == want
                accepted += len(want)
    assert refused > 0 and accepted > 0
