"""What ``skirmish play`` was asked to do."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class AppConfig:
    size: tuple[int, int] = (1280, 720)
    lang: str = "en"
    #: The player's text and panel size, times the size that suits the window (Ctrl +/-).
    ui_scale: float = 1.0
    scenario: str | None = None
    #: ``--ruleset``: play ``scenario`` under these rules (None: the scenario's own).
    ruleset: str | None = None
    #: ``--seed``: the dice seed (None: not given; a scenario opened at once plays seed
    #: 1, the set-up screen offers a random one).
    seed: int | None = None
    load: str | None = None
    autoplay: bool = False
    frames: int | None = None
    screenshot_dir: str | None = None
    #: Seconds between two computer commands (0 in autoplay: one command per frame).
    ai_delay: float = 0.35
    #: Fixed frame time for stepping in tests and autoplay (None: the real clock).
    fixed_dt: float | None = None
    controllers: dict[str, str] = field(default_factory=dict)
    #: The computer players' level (easy, normal, hard) and whether hover previews show odds.
    ai_level: str = "normal"
    show_odds: bool = True
    #: Computer activations wait for Next (Space) after showing their plan (P toggles).
    step_computer: bool = False
    #: Moves slide and dice tumble (tests and fast autoplay switch this off).
    animate: bool = True
    #: The moves, shots and falls play three times as fast (the pause menu's setting).
    fast_motion: bool = False


#: Rules options that only matter between games of a campaign: a single game's set-up does
#: not offer them (the new-campaign form sets them).
CAMPAIGN_OPTIONS = frozenset({"vp_to_band_points", "advancement", "back_to_back"})
