"""What KART 7 says of making and growing a character, and what a figure here gets instead
(RULESETS §4.a–§4.b, §0.8): the sheet is not bought with points but converted from the
Skirmish figure ([K7-CREATE], [K7-SKILL-POINTS], [GAP-K7-3], [GAP-K7-11]); there are no
atouts, calamités or specialities ([K7-ATOUTS], [GAP-K7-25]); experience is the Skirmish
campaign's, and the hand is dealt by rank, never spent as XP ([K7-XP], [GAP-ALT-7])."""

from __future__ import annotations

import pytest

from skirmish.content.models import Rank, StatChange
from skirmish.content.warband import FigureSpec, Warband
from skirmish.rules.frame.profile import figure_stats
from skirmish.rules.kart7.profile import native_problem, profile_for
from tests.rules.build import band, fig
from tests.rules.kart7.helpers import k7_scenario, k7_start
from tests.rules.kart7.test_conversion import BOOK, TABLE

SIX = ("carrure", "rapidite", "sens", "volonte", "intellect", "equilibre")


def _spec(rank: str, native: dict | None = None, **campaign) -> tuple[FigureSpec, Warband]:
    spec = FigureSpec(id="x", name="X", rank=Rank(rank),
                      native={"kart7": native} if native is not None else {}, **campaign)
    return spec, Warband(id="b", name="B", race="none", figures=(spec,))


def _profile(rank: str, native: dict | None = None, **campaign):
    spec, wb = _spec(rank, native, **campaign)
    return profile_for(BOOK, spec, figure_stats(BOOK, wb, spec, {}))


def _problem(native: dict) -> tuple[str, str] | None:
    spec, wb = _spec("chef", native)
    return native_problem(BOOK, spec, figure_stats(BOOK, wb, spec, {}))


def test_characteristics_are_converted_not_bought_with_36_points_K7_CREATE() -> None:
    """[K7-CREATE] a beginning character shares 36 points among the six; a figure here
    takes the §4.b conversion of its rank instead (43, 32, 22), and a native block may
    set each within its bounds with no total to meet. Volonté still sets KO and OK, and
    Carrure the wound holders ([K7-THRESHOLDS], [K7-WOUND-TABLE])."""
    totals = {rank: sum(TABLE[rank][:6]) for rank in TABLE}
    assert totals == {"chef": 43, "sous_chef": 32, "sous_fifre": 22}
    for rank, total in totals.items():
        p = _profile(rank)
        assert sum(getattr(p, k) for k in SIX) == total
    tens = _profile("sous_fifre", dict.fromkeys(SIX, 10))
    assert sum(getattr(tens, k) for k in SIX) == 60
    assert (tens.ko, tens.ok, tens.wounds) == (10, 5, (5, 5, 3, 3, 2))


def test_skills_come_from_the_skirmish_target_numbers_not_100_points_K7_SKILL_POINTS() -> None:
    """[K7-SKILL-POINTS] a beginner's 100 skill points (1 a level, 2 a speciality) are not
    spent: Contact and Distance are min(12, 3 × (7 − CCC or CT) + 1) and Poursuite is
    Rapidité ([GAP-K7-11]); a native block sets a skill from 1 to 20 with no budget."""
    for rank, row in TABLE.items():
        p = _profile(rank)
        assert (p.contact, p.distance, p.poursuite) == row[6:9]
        assert p.poursuite == p.rapidite
    assert _profile("sous_fifre", {"contact": 20, "distance": 20}).contact == 20
    assert _problem({"contact": 21}) == ("contact", "Expected `int` <= 20")


@pytest.mark.parametrize("field", ["atouts", "calamites", "specialities"])
def test_no_atouts_calamites_or_specialities_K7_ATOUTS_GAP_K7_25(field: str) -> None:
    """[K7-ATOUTS] atouts and calamités are negotiated with a GM this table does not have:
    none by default ([GAP-K7-25]), and a native block that names them is refused, naming
    the field."""
    problem = _problem({field: ["Brute"]})
    assert problem is not None and field in problem[1]


def test_experience_is_the_skirmish_campaigns_and_the_hand_is_dealt_by_rank_K7_XP() -> None:
    """[K7-XP] the hand is no XP here ([GAP-ALT-7]): a campaign figure's XP buys Skirmish
    advances, which reach the sheet through the conversion (+1 Cd: +1 Volonté and KO,
    +1 Équilibre), while its hand and pioche stay its rank's however much XP it has, and
    each game deals that hand afresh ([K7-DEAL], [K7-HAND-DECK-SIZE])."""
    fresh = _profile("sous_fifre")
    veteran = _profile("sous_fifre", xp=30, advances=(StatChange(stat="cd", op="add", value=1),))
    assert (veteran.volonte, veteran.ko, veteran.equilibre) == (
        fresh.volonte + 1, fresh.ko + 1, fresh.equilibre + 1)
    assert (veteran.hand, veteran.pioche_max) == (fresh.hand, fresh.pioche_max) == (1, 5)
    game = k7_start(k7_scenario(band("a", fig("ca", "chef", (10, 10), ["sword"])),
                                band("b", fig("cb", "sous_fifre", (20, 10), ["sword"]))))
    piles = game.state.k7.piles
    assert [len(piles.hands[f]) for f in ("a:ca", "b:cb")] == [3, 1]
    assert [len(piles.pioches[f]) for f in ("a:ca", "b:cb")] == [7, 5]
