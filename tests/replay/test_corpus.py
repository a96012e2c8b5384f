"""Games recorded by earlier programs still verify: a change to the engine never breaks a
recorded game (README). ``corpus/`` keeps replays and saves written by the program as it
was at the commits of :data:`CORPUS`, where the replay format or a ruleset's version had
just changed; each is verified as ``replay --verify`` does, and a save of an earlier
format is loaded, played on and saved again by the window's session.

A file of replay format 1 is checked in the state layout it was written in
(``skirmish.replay.layouts``) and given today's hashes on load, which the load says. When
a change makes a file here fail, the change needs a ruleset version (a rule) or a layout
(the state's encoding), not a new file. Add a file when a format or version changes.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from skirmish.cli import main
from skirmish.replay import record
from skirmish.rules.errors import IllegalCommand

CORPUS = Path(__file__).parent / "corpus"

#: Each file: the commit whose program wrote it, its replay format, ruleset and version.
FILES: dict[str, tuple[str, int, str, int]] = {
    # Before back_to_back (GAP-69) joined the options: every state encoded differently.
    "f635b7c-skirmish-v1-street_fight.replay.json": ("f635b7c", 1, "skirmish", 1),
    # Saves with meta, a retried activation and bookmarks; Clefs de l'Aube version 1.
    "d5ca201-skirmish-v1-street_fight.save.json": ("d5ca201", 1, "skirmish", 1),
    "d5ca201-clefs-v1-open_field.save.json": ("d5ca201", 1, "clefs_aube", 1),
    # Clefs version 2 with ca_multi_actions off and back_to_back on: an Éviter after an
    # attack, a failed 'Être chargé' test and grenades, which version 3 plays otherwise.
    "7be951f-clefs-v2-open_field.replay.json": ("7be951f", 1, "clefs_aube", 2),
    # Replay format 2, written by the commit that added this corpus.
    "format2-skirmish-v2-three_band_brawl.replay.json": ("format 2", 2, "skirmish", 2),
    "format2-clefs-v3-open_field.save.json": ("format 2", 2, "clefs_aube", 3),
    # Clé en main version 1: unconscious figures struck in a Zone's Risque still threw
    # Défense, which version 2 does not (GAP-CM-11).
    "8d43ba4-cle_en_main-v1-open_field.replay.json": ("8d43ba4", 2, "cle_en_main", 1),
    # WFRP 2e version 3, before a Posture défensive forbade a blow bought with Fortune.
    "8d43ba4-wfrp2-v3-open_field.replay.json": ("8d43ba4", 2, "wfrp2", 3),
}


def test_the_corpus_is_the_list() -> None:
    assert sorted(p.name for p in CORPUS.iterdir()) == sorted(FILES)


@pytest.mark.parametrize("name", sorted(FILES))
def test_a_file_of_an_earlier_program_verifies(capsys, name: str) -> None:
    _, fmt, ruleset, version = FILES[name]
    path = CORPUS / name
    replay = record.load(path)
    assert (replay.ruleset, replay.ruleset_version, replay.version) == (ruleset, version, 2)
    assert main(["replay", "--verify", str(path)]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith(f"{path}: ok (")
    assert ("replay format 1" in out) is (fmt == 1)


def test_a_file_from_before_back_to_back_is_read_in_its_layout_and_says_so() -> None:
    """The replay of the audit: 'diverges at the start: expected hash 8cb0f59fc3d19a24…'."""
    replay = record.load(CORPUS / "f635b7c-skirmish-v1-street_fight.replay.json")
    assert replay.migrated == (
        "replay format 1, the state encoded without the back_to_back option (recorded "
        "before commit af5c3eb, 2026-11-26): checked, and given the hashes of format 2 on "
        "load")
    assert record.verify(replay) is None


def test_an_earlier_file_that_does_not_reproduce_says_where_in_its_layout(tmp_path) -> None:
    path = tmp_path / "tampered.replay.json"
    data = msgspec.json.decode((CORPUS / "f635b7c-skirmish-v1-street_fight.replay.json")
                               .read_bytes())
    data["steps"][40]["hash"] = "0" * 16
    path.write_bytes(msgspec.json.encode(data))
    replay = record.load(path)
    assert replay.version == 1 and replay.migrated is None  # left as it was
    div = record.verify(replay, str(path))
    assert div is not None and div.step == 40
    assert div.describe().endswith(
        "(replay format 1, the state encoded without the back_to_back option (recorded "
        "before commit af5c3eb, 2026-11-26); rules fixed that day, before engines had "
        "versions, play otherwise: a jam ends a burst (GAP-37), Spot by pair (GAP-46), Charge "
        "and 'Être chargé' tests for every enemy contacted (D-5))")


@pytest.mark.parametrize("name", [n for n in sorted(FILES) if n.endswith(".save.json")
                                  and FILES[n][1] == 1])
def test_an_earlier_save_plays_on_and_is_saved_in_todays_format(tmp_path, name: str) -> None:
    from skirmish.app.session import Session

    session = Session.load(CORPUS / name)
    steps = len(session.game.commands)
    while len(session.game.commands) < steps + 5 and not session.game.over:
        if not session.ai_step():
            session.submit(session.game.legal_commands(sample_moves=False)[0])
    out = tmp_path / name
    session.save(out)
    replay = record.load(out)
    assert replay.version == 2 and replay.migrated is None
    assert len(replay.retries) == 1 and replay.meta is not None
    assert record.verify(replay, str(out)) is None


def test_the_clefs_version_2_file_plays_otherwise_as_version_3_GAP_CA_18() -> None:
    """The file keeps its version 2 (and verifies above); played as version 3, its Éviter
    after a Strike is refused: the corpus does hold what version 3 changed."""
    replay = record.load(CORPUS / "7be951f-clefs-v2-open_field.replay.json")
    game = record.start(msgspec.structs.replace(replay, ruleset_version=3))
    with pytest.raises(IllegalCommand) as err:
        for i in range(len(replay.steps)):
            game.apply(record.command_at(replay, i, "corpus"))
    assert err.value.rule == "GAP-CA-18"


def test_the_cle_en_main_version_1_file_plays_otherwise_as_version_2_GAP_CM_11() -> None:
    """The file keeps its version 1 (and verifies above); played as version 2, where the
    unconscious figures a Risque falls on throw no Défense, it parts at a Défense throw of
    that Risque: the corpus holds what version 2 changed."""
    replay = record.load(CORPUS / "8d43ba4-cle_en_main-v1-open_field.replay.json")
    games = [record.start(msgspec.structs.replace(replay, ruleset_version=v)) for v in (1, 2)]
    parted = None
    for i in range(len(replay.steps)):
        for game in games:
            game.apply(record.command_at(replay, i, "corpus"))
        if games[0].log != games[1].log:
            parted = i
            break
    assert parted == 107
    first = next(k for k, (a, b) in enumerate(zip(*(game.log for game in games), strict=False))
                 if a != b)
    assert [game.log[first].key for game in games] == ["cm_lbl_defence"] * 2
