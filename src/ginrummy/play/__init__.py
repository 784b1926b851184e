"""A round and a game as immutable state machines, and what each player sees of them."""
