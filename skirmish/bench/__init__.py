"""Benchmarks run by ``skirmish bench``: measured figures with their targets."""
