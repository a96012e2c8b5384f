"""The panels around and over the board."""
