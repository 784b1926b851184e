"""Analyze a hand: its best melds, its deadwood and, after a draw, the best discards.

Run it with ``python examples/analyze_hand.py``.
"""

from __future__ import annotations

import ginrummy as gr


def main() -> None:
    """Print the analysis of a ten-card hand and of the same hand after drawing the 5s."""
    hand = gr.Hand.parse("As 2s 3s 4s 7h 7d 7c Kd Qd 9c")
    arrangement = gr.best_melds(hand)
    print("hand:    ", hand)
    print("melds:   ", "  ".join(str(meld) for meld in arrangement.melds))
    print("deadwood:", arrangement.points, f"({arrangement.deadwood})")

    drawn = hand | gr.Hand.parse("5s")
    card, left = gr.best_discard(drawn)
    print(f"after drawing 5s, discard {card} to leave {left}")
    for card, left in gr.best_discards(drawn)[:3]:
        print(f"  {card}: {left}")


if __name__ == "__main__":
    main()
