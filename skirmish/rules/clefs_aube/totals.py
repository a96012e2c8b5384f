"""Derived values of a profile ([CA-TOTALS], [CA-DODGE], [CA-DMG], [CA-FACTORS]) and the
multi-action ladder ([CA-MULTI], GAP-CA-2): what every roll's CA and ND come from."""

from __future__ import annotations

from skirmish.rules.clefs_aube.options import CaOptions
from skirmish.rules.clefs_aube.profile import CaProfile, CaWeapon, bc, unarmed
from skirmish.rules.clefs_aube.state import CaFigure


def ca_melee(p: CaProfile) -> int:
    """[GAP-CA-15] CA mêlée = Ph + Pu + BC."""
    return p.ph + p.pu + bc(p.nc_melee)


def weapon(p: CaProfile, wid: str | None) -> CaWeapon:
    return p.melee[wid] if wid is not None and wid in p.melee else unarmed()


def ta(p: CaProfile, wid: str | None) -> int:
    """[CA-TOTALS] TA = CA + BA."""
    return ca_melee(p) + weapon(p, wid).ba


def tp(p: CaProfile, wid: str | None, opts: CaOptions) -> int:
    """[CA-TOTALS] [GAP-CA-4] TP = CA + BP (+ shield) − facteur d'attaque."""
    return ca_melee(p) + weapon(p, wid).bp + p.shield_bp - opts.ca_attack_factor


def best_tp(p: CaProfile, opts: CaOptions) -> tuple[int, str | None]:
    """The defender parries with whichever of its melee weapons gives the best TP."""
    choices = [(tp(p, w, opts), w) for w in sorted(p.melee)] or [(tp(p, None, opts), None)]
    return max(choices, key=lambda x: x[0])


def ca_tir(p: CaProfile) -> int:
    """[GAP-CA-15] CA tir = Ph + Pr + BC (+ the sighting device's avantage)."""
    return p.ph + p.pr + bc(p.nc_tir) + p.tir_bonus


def esq(p: CaProfile, opts: CaOptions) -> int:
    """[CA-DODGE] Esq = Ph + Ma + BC(Évitement) − facteur d'attaque."""
    return p.ph + p.ma + bc(p.nc_evitement) - opts.ca_attack_factor


def enc(p: CaProfile, opts: CaOptions) -> int:
    """[CA-DMG] Enc = Ph + Ré − facteur de mortalité."""
    return p.ph + p.re - opts.ca_mortality_factor


def guards(cf: CaFigure, opts: CaOptions) -> tuple[int, int]:
    """(parry, dodge): the ND a melee attacker faces as ``cf`` stands (its best TP) and
    while it evades (its Esq, GAP-CA-18), each less its fatigue."""
    pf = cf.fatigue()
    return best_tp(cf.profile, opts)[0] - pf, esq(cf.profile, opts) - pf


def defence_nd(cf: CaFigure, opts: CaOptions) -> tuple[int, dict[str, object]]:
    """The ND a melee attacker faces: TP, or Esq while evading (GAP-CA-18), less fatigue."""
    pf = cf.fatigue()
    parry, dodge = guards(cf, opts)
    if cf.evading:
        return dodge, {"esq": esq(cf.profile, opts), "evading": True, "defender_pf": pf}
    value, wid = best_tp(cf.profile, opts)
    return parry, {"tp": value, "parry_weapon": wid or "unarmed", "defender_pf": pf}


def ladder(planned: int, k: int) -> int:
    """[CA-MULTI] GAP-CA-2: the handicap of the ``k``-th rolled action (0-based) of an
    activation that declared ``planned``: n, n + 3, n + 6, …; none when n = 1; each
    unplanned extra takes the last handicap + 5 (3 planned → 3, 6, 9, then 14)."""
    n = max(1, planned)
    if k < n:
        return 0 if n == 1 else n + 3 * k
    last = 0 if n == 1 else n + 3 * (n - 1)
    return last + 5 * (k - n + 1)


def targets_handicap(n_targets: int, i: int) -> int:
    """GAP-CA-21: the i-th target (0-based) of a shot at N targets, as simultaneous actions."""
    return 0 if n_targets <= 1 else n_targets + 3 * i
