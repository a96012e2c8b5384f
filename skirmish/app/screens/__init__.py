"""The screens of the window's state machine."""
