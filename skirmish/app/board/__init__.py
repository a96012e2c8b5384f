"""The board: the table in pas drawn on screen (camera, terrain, figures, overlays)."""
