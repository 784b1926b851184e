"""A round's result and its price; the settlement of a game."""
