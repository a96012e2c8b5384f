"""Replay files and saved games (JSON, versioned, written atomically)."""
