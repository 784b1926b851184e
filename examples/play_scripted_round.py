"""Play one round from a set-up position with a scripted list of actions.

The round starts from :meth:`ginrummy.Round.from_position`: player 0 holds two melds and a
broken run, player 1 a run and cards that fit player 0's melds. The script is written in the
action notation: three turns, a knock with an explicit spread, the defender's layoffs (built
up one card at a time, so that 8h fits only after 7h) and the end of the layoffs. The program
prints every step, the defender's view of the knock, an illegal layoff with its message, the
optimal layoffs that :func:`ginrummy.best_layoffs` would choose, and the result.

Run it with ``python examples/play_scripted_round.py``.
"""

from __future__ import annotations

import ginrummy as gr

SCRIPT = (
    "s",  # player 0 draws 9c from the stock: 7c 8c 9c is now a run
    "d Qh",
    "s",  # player 1 draws 2s
    "d 9s",
    "s",  # player 0 draws As
    "k 5d / 4h 5h 6h / Kc Kd Ks / 7c 8c 9c",  # knock with 5d face down: deadwood 1 (the ace)
    "l 7h 0",  # player 1 extends 4h 5h 6h ...
    "l 8h 0",  # ... once 7h is there, 8h fits too
    "l 3h 0",
    "l Kh 1",  # the fourth king
    "e",
)


def starting_position() -> gr.Round:
    """Player 0 to draw; the stock's top cards (drawn in this order) are 9c, 2s, As."""
    hands = (
        gr.Hand.parse("4h 5h 6h Kc Kd Ks 7c 8c Qh 5d"),
        gr.Hand.parse("3h 7h 8h Kh 2c 9s Qd Jd Td 4s"),
    )
    pile = [gr.Card.parse("8d")]
    top = [gr.Card.parse(text) for text in ("As", "2s", "9c")]  # bottom to top: 9c is drawn first
    used = hands[0] | hands[1] | gr.Hand(pile) | gr.Hand(top)
    stock = [card for card in gr.DECK if card not in used] + top
    return gr.Round.from_position(gr.PAGAT, dealer=1, hands=hands, stock=stock, discard_pile=pile, to_act=0)


def describe(result: gr.RoundResult) -> str:
    """One line for a finished round."""
    if result.winner is None:
        return f"{result.outcome.value}: nobody scores"
    points = f"player {result.winner} scores {result.points}"
    return f"{result.outcome.value}: {points} (deadwood {result.deadwood})"


def main() -> None:
    """Play the script and print each step and the result."""
    r = starting_position()
    print(f"start: {r!r}")
    print(f"  player 0: {r.hand(0)}  (deadwood {gr.deadwood(r.hand(0))})")
    print(f"  player 1: {r.hand(1)}  (deadwood {gr.deadwood(r.hand(1))})")
    for text in SCRIPT:
        action = gr.parse_action(text)
        if isinstance(action, gr.LayOff) and not r.layoffs:
            # before the first layoff: what the defender sees, and a layoff that does not fit yet
            view = r.view(1)
            spread = "  ".join(f"{i}:[{meld}]" for i, meld in enumerate(view.spread))
            print(f"  player 1 sees the spread {spread}; the knock card is {view.knock_card or 'face down'}")
            plan = gr.best_layoffs(view.spread, view.hand, view.rules)
            laid = " ".join(f"{card}->{meld}" for card, meld in plan.layoffs)
            print(f"  best layoffs: {laid}, leaving {plan.points} ({plan.arrangement.deadwood})")
            try:
                r.apply(gr.LayOff(gr.Card.parse("8h"), 0))
            except gr.IllegalActionError as exc:
                print(f"  refused: {exc}")
        player = r.to_act
        r = r.apply(action)
        print(f"player {player}: {action!s:<40} -> {r.phase.name}")
    assert r.result is not None
    print("spread after layoffs:", "  ".join(f"[{meld}]" for meld in r.spread))
    print("result:", describe(r.result))


if __name__ == "__main__":
    main()
