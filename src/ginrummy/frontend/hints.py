"""Hints that explain: the legal actions of a view ranked, each with its expected points
and reasons in the words a player uses (:func:`ginrummy.suggest`).

:func:`suggest` reads only the player's view. The ranking is
:meth:`TrackerBot.appraise <ginrummy.bots.tracker.TrackerBot.appraise>` (its values are
points of deadwood, meld potential and danger, lower better; a knock worth making first, one
not worth making last), checked by a small search: the tracker's choice, the knock and its
:data:`HINT_WIDTH` best discards are played out in :data:`HINT_WORLDS` rounds drawn from the
view, each by the tracker bot on both sides (:meth:`MonteCarloBot.results
<ginrummy.MonteCarloBot.results>`). A candidate's *expected points* are its mean result for the
player over those rounds (its points and the box bonus when it wins, minus the same when it
loses), with a 95% interval; a searched candidate goes first only when its mean beats the
tracker's choice by more than :data:`HINT_CONFIDENCE` standard errors of the paired
differences (a few rounds tell apart only clearly different actions). Everything is seeded from
the ``seed`` argument and the view, so the same view always gets the same hint, and two games a
player cannot tell apart get the same hint word for word. A hint takes about 50 ms.

The reasons are worked out from the view: the deadwood a discard leaves and the melds it
keeps or breaks, the chance that the opponent melds the card thrown (the cards it took and
let go count), how many cards of the same rank are out of play, the outs left (the unseen
cards that would meld with the hand kept), how many unseen cards would meld with the hand
after a draw, and a knock's expected result against waiting. The actions the tracker does not
weigh (a discard far worse than the best) follow, unranked.

>>> import ginrummy as gr
>>> view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
>>> hint = suggest(view)
>>> hint.best
PassUpcard()
>>> print(hint.candidates[0].reasons[0])
the upcard 9d melds with nothing in your hand
"""

from __future__ import annotations

import math

import attrs

from ginrummy.actions import (
    Action,
    BigGin,
    Discard,
    DrawStock,
    EndLayoffs,
    Knock,
    LayOff,
    PassUpcard,
    TakeDiscard,
)
from ginrummy.bots.card_counting import CardCounter, meld_outs
from ginrummy.bots.montecarlo import MonteCarloBot
from ginrummy.bots.tracker import TrackerBot
from ginrummy.cards import Card, Hand
from ginrummy.errors import GinRummyError
from ginrummy.frontend.words import describe_move
from ginrummy.melding.partition import best_discards, best_melds
from ginrummy.melds import Meld
from ginrummy.play.round import PlayerView
from ginrummy.plurals import counted
from ginrummy.validators import check_int

__all__ = ["Candidate", "Hint", "suggest"]

DANGER_SHOWN = 0.15
"""The chance that the opponent melds a discard from which a hint warns of it."""
HINT_WORLDS = 4
"""The rounds drawn from the view in which a hint's candidates are played out."""
HINT_WIDTH = 2
"""How many of the tracker bot's best discards the search tries (with its choice and the knock)."""
HINT_CONFIDENCE = 2.5
"""How many standard errors of the paired differences a searched candidate must beat the
tracker's choice by to be suggested instead."""
_Z = 1.959963984540054


@attrs.frozen(kw_only=True)
class Candidate:
    """One legal action of a hint: its appraisal and the reasons in words.

    >>> import ginrummy as gr
    >>> view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
    >>> suggest(view).candidates[1].reasons[-1]
    'the opponent sees what you take'
    """

    action: Action
    """The action."""
    value: float | None
    """The tracker bot's appraisal (points, lower is better; ``-inf`` a knock worth making,
    ``inf`` one not worth making); None for an action it does not weigh."""
    reasons: tuple[str, ...]
    """Why, in a player's words."""
    points: float | None = None
    """Its expected points over the rounds searched (see :func:`suggest`); None when it was
    not searched (the only action, or one the search does not try)."""
    low: float | None = None
    """The lower end of the 95% interval of :attr:`points` (None with it)."""
    high: float | None = None
    """The upper end."""


@attrs.frozen(kw_only=True)
class Hint:
    """The legal actions of a view, the suggested one first (see :func:`suggest`).

    >>> import ginrummy as gr
    >>> hint = suggest(gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1))
    >>> [str(c.action) for c in hint.candidates]
    ['p', 't']
    """

    candidates: tuple[Candidate, ...]
    """Every legal action, best first; those the tracker does not weigh last."""

    @property
    def best(self) -> Action:
        """The suggested action."""
        return self.candidates[0].action

    def lines(self, shown: int = 3) -> list[str]:
        """The hint in words: the ``shown`` best candidates, each the move in words with its
        notation in brackets (what a terminal player types), then its reasons.

        >>> import ginrummy as gr
        >>> suggest(gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)).lines()[0][:31]
        'suggested: pass the upcard [p] '
        """
        lines = []
        for rank, candidate in enumerate(self.candidates[:shown]):
            head = "suggested" if rank == 0 else "or"
            points = "" if candidate.points is None else f" ({_expected(candidate)})"
            lines.append(f"{head}: {describe_move(candidate.action)}{points}: {'; '.join(candidate.reasons)}")
        return lines


def _expected(candidate: Candidate) -> str:
    """A candidate's expected points and their interval in words: ``expected points +4.2,
    -10 to +18``."""
    return f"expected points {candidate.points:+.1f}, {candidate.low:+.0f} to {candidate.high:+.0f}"


def _melds(melds: tuple[Meld, ...]) -> str:
    return ", ".join(f"[{meld}]" for meld in melds)


def _out_of_play(view: PlayerView, card: Card) -> str | None:
    """How many other cards of ``card``'s rank the opponent can no longer meld: in the
    discard pile or in the player's hand."""
    gone = sum(1 for other in (*view.discard_pile, *view.hand) if other.rank == card.rank and other != card)
    return f"{counted(gone, 'other ' + card.rank.name.lower())} out of play" if gone else None


def _discard_reasons(
    view: PlayerView, counter: CardCounter, card: Card, left: int, value: float | None
) -> list[str]:
    hand = Hand.from_mask(view.hand.mask)
    before = best_melds(hand, view.rules)
    after = best_melds(hand.remove(card), view.rules)
    reasons = [f"leaves deadwood {left}"]
    outs = (meld_outs(hand.mask & ~card.mask, counter.wrap) & counter.unseen).bit_count()
    broken = [meld for meld in before.melds if card in meld]
    if broken and left > before.points:
        reasons.append(f"breaks {_melds(tuple(broken))}")
    elif after.melds:
        reasons.append(f"keeps {_melds(after.melds)}")
    danger = counter.danger(card.index)
    if danger >= DANGER_SHOWN:
        reasons.append(f"{round(100 * danger)}% that the opponent can meld it")
    else:
        safe = _out_of_play(view, card)
        reasons.append("safe: " + (safe if safe else "the opponent is unlikely to meld it"))
    reasons.append(f"{counted(outs, 'out')} left (unseen cards that would meld with the cards kept)")
    return reasons


def _reasons(view: PlayerView, counter: CardCounter, action: Action, value: float | None) -> list[str]:
    """The reasons for ``action`` at ``view`` in words."""
    rules = view.rules
    if isinstance(action, Knock):
        left = min(points for _, points in best_discards(view.hand, rules))
        if value is not None and value == -math.inf:
            return [f"knock with deadwood {left}: worth it against the hands the opponent may hold"]
        return [f"knock with deadwood {left}: waiting is worth more (the opponent may undercut)"]
    if isinstance(action, BigGin):
        return ["big gin: all eleven cards meld"]
    if isinstance(action, Discard):
        left = next(points for card, points in best_discards(view.hand, rules) if card == action.card)
        return _discard_reasons(view, counter, action.card, left, value)
    if isinstance(action, (TakeDiscard, DrawStock, PassUpcard)):
        reasons = []
        if view.upcard is not None:
            top = view.upcard
            what = (
                "the top discard" if isinstance(action, DrawStock) or view.discard_pile[:-1] else "the upcard"
            )
            used = [meld for meld in best_melds(view.hand.add(top), rules).melds if top in meld]
            reasons.append(
                f"{what} {top} "
                + (f"makes {_melds(tuple(used))}" if used else "melds with nothing in your hand")
            )
        if isinstance(action, TakeDiscard):
            return [*reasons, "the opponent sees what you take"]
        unseen = counter.unseen
        outs = (meld_outs(view.hand.mask, counter.wrap) & unseen).bit_count()
        return [*reasons, f"{outs} of the {unseen.bit_count()} unseen cards would meld with your hand"]
    if isinstance(action, LayOff):
        return [f"lays {action.card} off onto meld {action.meld}: its points no longer count"]
    if isinstance(action, EndLayoffs):
        return ["no card of yours fits the knocker's melds"]
    return []  # pragma: no cover - every action is named above


def suggest(view: PlayerView, *, seed: int | str = 0, worlds: int = HINT_WORLDS) -> Hint:
    """The legal actions of ``view`` ranked and explained, with their expected points (see the
    module's description).

    :param seed: seeds the tracker bot's sampling of hands and the rounds searched (with the
        view): the same view and seed always give the same hint.
    :param worlds: the rounds drawn from the view for the expected points (at least 1).
    :raises GinRummyError: when the view has no legal action (not its player's turn), or for
        a bad seed or number of worlds.

    >>> import ginrummy as gr
    >>> view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
    >>> suggest(view) == suggest(view, seed=0)
    True
    >>> hint = suggest(view)
    >>> hint.candidates[0].low <= hint.candidates[0].points <= hint.candidates[0].high
    True
    """
    check_int(worlds, "worlds", GinRummyError, low=1)
    appraised = TrackerBot(seed=seed).appraise(view)
    counter = CardCounter(view)
    weighed = {_key(action) for _, action in appraised}
    rest = [(None, action) for action in view.legal_actions if _key(action) not in weighed]
    searched, first = _search(view, seed, worlds)
    ranked = [*appraised, *rest]
    if first is not None:
        chosen = next(i for i, (_, action) in enumerate(ranked) if _key(action) == first)
        ranked.insert(0, ranked.pop(chosen))
    candidates = []
    for value, action in ranked:
        reasons = _reasons(view, counter, action, value)
        points, low, high = searched.get(_key(action), (None, None, None))
        if isinstance(action, Knock) and points is not None:
            waiting = [(entry[0], key) for key, entry in searched.items() if key != _key(action)]
            if waiting:
                best, key = max(waiting, key=lambda item: item[0])
                reasons.append(f"knocking: expected points {points:+.1f}; waiting ({key[1]}): {best:+.1f}")
        candidates.append(
            Candidate(action=action, value=value, reasons=tuple(reasons), points=points, low=low, high=high)
        )
    return Hint(candidates=tuple(candidates))


_Found = dict[tuple[str, object], tuple[float, float, float]]


def _search(view: PlayerView, seed: int | str, worlds: int) -> tuple[_Found, tuple[str, object] | None]:
    """The searched candidates' expected points with their intervals, by :func:`_key`, and
    the key of a candidate that beats the tracker's choice with confidence (or None)."""
    search = MonteCarloBot(f"hint:{seed}", samples=worlds, width=HINT_WIDTH, confidence=HINT_CONFIDENCE)
    actions = search.candidates(view)
    if len(actions) < 2:
        return {}, None
    results = search.results(view, actions)
    found: _Found = {}
    for action, values in zip(actions, results, strict=True):
        n = len(values)
        mean = sum(values) / n
        spread = _Z * math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n) if n > 1 else 0.0
        found[_key(action)] = (round(mean, 2), round(mean - spread, 2), round(mean + spread, 2))
    means = [sum(values) / len(values) for values in results]
    best = max(range(len(actions)), key=lambda i: (means[i], -i))
    if best and len(results[0]) > 1:
        diffs = [x - y for x, y in zip(results[best], results[0], strict=True)]
        gain = means[best] - means[0]
        error = math.sqrt(sum((d - gain) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
        if gain > HINT_CONFIDENCE * error:
            return found, _key(actions[best])
    return found, None


def _key(action: Action) -> tuple[str, object]:
    """An action without the spread a knock shows (the tracker picks one; the view lists one)."""
    return (type(action).__name__, action.card if isinstance(action, Knock) else action)
