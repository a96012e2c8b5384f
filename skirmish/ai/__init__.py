"""Computer players. They choose among ``legal_commands`` like a human would."""
