"""D-10: a band that can field no figure forfeits the game, which is not played; a band
with no figure and too few band points for the cheapest recruit leaves the campaign; the
campaign is over, with its final standing, when one band is left.

Everything the final screen shows is in the state: :attr:`CampaignState.result` (the
winner and each band's place), the bands' ``left`` and each game's ``forfeit``.
"""

from __future__ import annotations

from skirmish.campaign import events as ce
from skirmish.campaign import steps as st
from skirmish.campaign.core import CampaignCore
from skirmish.campaign.messages import said
from skirmish.campaign.record import (
    CampaignBand,
    CampaignResult,
    GameRecord,
    Member,
    Standing,
)
from skirmish.campaign.report import FigureOutcome, GameReport
from skirmish.campaign.shop import cheapest_recruit

RULE = "D-10"


def forfeit(c: CampaignCore, cur: GameRecord, present: dict[str, list[Member]]) -> None:
    """The bands of ``cur.forfeit`` field nobody: the game is not played. Every other band
    wins it and its figures there take the survival and winners' XP ([R-CAMP-XP]); no VP,
    injuries or band points; every band may spend in the post-game (a recruit included)."""
    s = c.state
    names = {b.id: b.name for b in s.bands}
    for band_id in cur.forfeit:
        c.emit(ce.Forfeited(band=band_id, index=cur.index, rule=RULE,
                            **said("forfeit", band=names[band_id], index=cur.index)))
    winners = cur.winners()
    cur.winner = winners[0] if len(winners) == 1 else None
    figures = tuple(FigureOutcome(figure=f"{b}:{m.id}", band=b, rank=m.spec.rank.value,
                                  status="in_play")
                    for b in winners for m in present[b])
    s.report = GameReport(vp={}, winner=cur.winner, figures=figures, seed=cur.seed)
    s.current = cur
    playing = [b.id for b in s.playing()]
    s.queue = [st.Experience(), *(st.Succession(band=b) for b in playing),
               *(st.Shop(band=b) for b in playing), st.Finish()]
    s.phase = "post_game"
    c.emit(ce.PhaseChanged(phase="post_game", text="Post-game", key="post_game"))


def won(c: CampaignCore, band_id: str) -> bool:
    """``band_id`` won the game of this post-game (a forfeit: every band that played)."""
    cur = c.state.current
    if cur is not None and cur.forfeit:
        return band_id in cur.winners()
    return c.state.report is not None and c.state.report.winner == band_id


def leavers(c: CampaignCore, index: int) -> None:
    """After game ``index``'s post-game, every band with no figure on its roster and too
    few band points for the cheapest recruit leaves the campaign."""
    for band in c.state.playing():
        if any(m.status == "active" for m in band.members):
            continue
        if band.band_points >= cheapest_recruit(c, band):
            continue
        band.left = index
        c.emit(ce.BandLeft(band=band.id, index=index, rule=RULE,
                           **said("band_left", band=band.name, index=index)))


def over(c: CampaignCore) -> bool:
    """One band (or none) is left: the campaign ends with its final standing."""
    s = c.state
    left = s.playing()
    if len(left) > 1:
        return False
    s.result = result(s.bands, s.games)
    s.phase = "over"
    winner = s.result.winner
    c.emit(ce.CampaignOver(winner=winner, games=len(s.games), rule=RULE,
                           **said("campaign_won" if winner else "campaign_drawn",
                                  band=s.band(winner).name if winner else "",
                                  games=len(s.games))))
    return True


def result(bands: list[CampaignBand], games: list[GameRecord]) -> CampaignResult:
    """The final standing: the band left first, then the bands that left, the later the
    higher; bands that left after the same game share a place (ties are listed by games
    won, then VP)."""
    last = max((b.left for b in bands if b.left is not None), default=0)

    def out_at(b: CampaignBand) -> int:  # the later a band left, the better
        return last + 1 if b.left is None else b.left

    def won_by(b: CampaignBand) -> int:
        return sum(1 for g in games if b.id in g.winners())

    def vp_of(b: CampaignBand) -> int:
        return sum(g.vp.get(b.id, 0) for g in games)

    order = sorted(bands, key=lambda b: (-out_at(b), -won_by(b), -vp_of(b), b.id))
    standing = []
    for b in order:
        place = 1 + sum(1 for x in bands if out_at(x) > out_at(b))
        standing.append(Standing(
            band=b.id, place=place, left=b.left, games=sum(1 for g in games if _in(g, b.id)),
            won=won_by(b), vp=vp_of(b), band_points=b.band_points,
            figures=sum(1 for m in b.members if m.status == "active"),
            xp=sum(m.spec.xp for m in b.members if m.status == "active")))
    firsts = [x.band for x in standing if x.place == 1]
    return CampaignResult(games=len(games), winner=firsts[0] if len(firsts) == 1 else None,
                          standing=tuple(standing))


def _in(g: GameRecord, band_id: str) -> bool:
    """``band_id`` took part in game ``g`` (played it or forfeited it)."""
    return not g.bands or band_id in g.bands
