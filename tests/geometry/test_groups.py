"""Distances between bases: edge to edge (GAP-21), contact (GAP-16), groups (GAP-32, GAP-41)."""

from __future__ import annotations

import numpy as np
import pytest

from skirmish.geometry import CONTACT_GAP, Table, edge_gap, in_contact, pair_gaps, within


def test_edge_distance_is_centre_distance_minus_radii_GAP_21():
    assert edge_gap((0, 0, 0.5), (3, 4, 0.5)) == pytest.approx(4.0)
    assert Table.gap((0, 0, 0.5), (3, 4, 1.0)) == pytest.approx(3.5)
    assert edge_gap((0, 0, 0.5), (0.5, 0, 0.5)) == pytest.approx(-0.5)  # overlapping


def test_contact_is_a_gap_of_at_most_a_tenth_GAP_16():
    assert in_contact((0, 0, 0.5), (1.0, 0, 0.5))
    assert in_contact((0, 0, 0.5), (1.0 + CONTACT_GAP, 0, 0.5))
    assert not in_contact((0, 0, 0.5), (1.0 + CONTACT_GAP + 1e-3, 0, 0.5))
    assert Table.in_contact((0, 0, 0.5), (1.05, 0, 0.5))


def test_within_counts_bases_that_reach_the_radius_GAP_32():
    discs = np.array([(0, 0, 0.5), (5.4, 0, 0.5), (5.6, 0, 0.5), (0, -3, 1.0)])
    assert within((0, 0), 5.0, discs).tolist() == [0, 1, 3]
    assert Table.within((0, 0), 2.0, discs).tolist() == [0, 3]


def test_pair_gaps_feeds_chains_and_allies_within_1_pas_GAP_41():
    discs = np.array([(0, 0, 0.5), (1.5, 0, 0.5), (10, 0, 0.5)])
    gaps = pair_gaps(discs)
    assert gaps.shape == (3, 3)
    assert np.isinf(np.diag(gaps)).all()
    assert gaps[0, 1] == pytest.approx(0.5)
    assert gaps[1, 0] == pytest.approx(0.5)
    assert gaps[0, 2] == pytest.approx(9.0)
    assert np.flatnonzero(gaps[0] <= 1.0).tolist() == [1]
