"""A review of a round: each decision of one player judged with what that player knew, and the
round's luck against its skill.

:func:`review` replays a finished round of a game. At each decision of the player with more
than one legal action, it weighs the candidates the search bot weighs (the tracker bot's
choice, the knock, its best discards: :meth:`MonteCarloBot.candidates
<ginrummy.MonteCarloBot.candidates>`) and the action played, in the same :data:`WORLDS` rounds
drawn from the player's view at that moment (the opponent's unseen cards and the stock order
drawn from what the view allows, never the real ones), each played out by the tracker bot on
both sides. A candidate's expected points are the mean of what the round gives the player in
those worlds (its points and the box bonus when it wins, minus the same when it loses); the
points lost are the best candidate's mean less the choice's, with a 95% interval from the
paired differences (the same worlds and playout seeds for every candidate). The label reads the
points lost, once the loss is clear (its interval above 0; a round's result varies by tens of
points, so a few worlds tell apart only clearly different actions): below :data:`INACCURACY`
*fine*, below :data:`MISTAKE` an *inaccuracy*, below :data:`BLUNDER` a *mistake*, else a
*blunder*; a loss whose interval reaches 0 is *fine*. The worlds are seeded from ``seed`` and
the view, so the same view always gets the same judgement, and two games the player cannot tell
apart get the same review of its decisions.

The luck of the round, worked out once the round is over (both hands are then shown):

- **skill against a reference**: the player's points beside the points the reference bot
  (:data:`REFERENCE`, the adaptive bot) scores from the same seat on the same deck, against
  the same bot in the other seat;
- **draw luck**: for each card a side drew from the stock, the deadwood it leaves after the
  best discard, against the average over the cards that side had not seen (positive: luckier
  than average), summed for each side.

>>> import ginrummy as gr
>>> game = gr.Game.new(gr.PAGAT, seed=3, dealer=0)
>>> bots = (gr.GreedyBot(), gr.TrackerBot(seed=1))
>>> while not game.results:
...     seat = game.to_act
...     game = game.apply(bots[seat].act(game.round.view(seat)), player=seat)
>>> found = review(game, 0, worlds=2)
>>> found.player, found.round_number, {d.label for d in found.decisions} <= set(LABELS)
(0, 1, True)
"""

from __future__ import annotations

import math
from typing import Final

import attrs

from ginrummy.actions import Action, DrawStock, action_to_id
from ginrummy.bots.adaptive import AdaptiveBot
from ginrummy.bots.card_counting import CardCounter
from ginrummy.bots.montecarlo import MonteCarloBot
from ginrummy.cards import Hand
from ginrummy.errors import GinRummyError
from ginrummy.frontend.words import describe_move
from ginrummy.melding.partition import best_discard
from ginrummy.play.game import Game, GameRecord
from ginrummy.play.round import PlayerView, Round
from ginrummy.plurals import counted
from ginrummy.validators import check_int, check_player, check_seed

__all__ = [
    "BLUNDER",
    "INACCURACY",
    "LABELS",
    "MISTAKE",
    "REFERENCE",
    "WORLDS",
    "DecisionReview",
    "Judged",
    "RoundReview",
    "judge",
    "label",
    "review",
    "review_text",
]

WORLDS: Final = 16
"""The rounds drawn from the player's view at each decision."""
INACCURACY: Final = 3.0
"""The least expected points lost that make a decision an inaccuracy."""
MISTAKE: Final = 8.0
"""The least expected points lost that make a decision a mistake."""
BLUNDER: Final = 15.0
"""The least expected points lost that make a decision a blunder."""
LABELS: Final = ("fine", "inaccuracy", "mistake", "blunder")
"""The labels, from the best to the worst."""
REFERENCE: Final = "adaptive"
"""The bot whose points from the player's seat measure the player's skill."""
_Z: Final = 1.959963984540054


def label(lost: float) -> str:
    """The label of a decision that lost ``lost`` expected points.

    >>> [label(x) for x in (0.0, 3.0, 9.5, 40.0)]
    ['fine', 'inaccuracy', 'mistake', 'blunder']
    """
    return LABELS[sum(lost >= bound for bound in (INACCURACY, MISTAKE, BLUNDER))]


@attrs.frozen(kw_only=True)
class Judged:
    """One candidate at a decision: the action and its expected points for the player, with a
    95% interval, over the worlds drawn from the view.

    >>> import ginrummy as gr
    >>> Judged(action=gr.DrawStock(), points=4.5, low=-2.0, high=11.0).points
    4.5
    """

    action: Action
    """The candidate."""
    points: float
    """Its mean result for the player over the worlds."""
    low: float
    """The lower end of the 95% interval of the mean."""
    high: float
    """The upper end."""


@attrs.frozen(kw_only=True)
class DecisionReview:
    """One decision of the reviewed player.

    >>> import ginrummy as gr
    >>> d = DecisionReview(number=3, choice=gr.Discard("Kh"), best=gr.Discard("Kh"),
    ...     candidates=(), lost=0.0, lost_low=0.0, lost_high=0.0, label="fine")
    >>> d.label
    'fine'
    """

    number: int
    """The actions played in the round before it."""
    choice: Action
    """The action played."""
    best: Action
    """The candidate of the best expected points (the choice when it is the best)."""
    candidates: tuple[Judged, ...]
    """Every candidate weighed, best first (the choice among them); one when there was
    nothing to weigh."""
    lost: float
    """The best candidate's expected points less the choice's (0 when the choice is best)."""
    lost_low: float
    """The lower end of the 95% interval of the points lost (paired over the worlds)."""
    lost_high: float
    """The upper end."""
    label: str
    """``'fine'``, ``'inaccuracy'``, ``'mistake'`` or ``'blunder'``, from :attr:`lost` when its
    interval is above 0, else ``'fine'``."""


@attrs.frozen(kw_only=True)
class RoundReview:
    """A round reviewed for one player (:func:`review`).

    >>> RoundReview(round_number=1, player=0, decisions=(), points=14.0,
    ...     reference_points=20.0, draw_luck=(1.5, -2.0), worlds=16).lost
    0
    """

    round_number: int
    """The round, from 1."""
    player: int
    """The player reviewed."""
    decisions: tuple[DecisionReview, ...]
    """Each decision of the player with more than one legal action, in order."""
    points: float
    """What the round gave the player: its points and the box bonus when it won, minus the
    same when it lost, 0 for a dead hand."""
    reference_points: float
    """What the reference bot (:data:`REFERENCE`) scored from the same seat on the same deck."""
    draw_luck: tuple[float, float]
    """Each player's draw luck: the deadwood points its stock draws saved against the
    average unseen card (positive: lucky)."""
    worlds: int
    """The worlds drawn at each decision."""

    @property
    def lost(self) -> float:
        """The expected points the player's decisions lost where the loss is clear (its
        interval above 0): a sum of every estimate would add up their noise."""
        return sum(d.lost for d in self.decisions if d.lost_low > 0)


def _result(state: Round, player: int) -> float:
    """What the finished round ``state`` gives ``player``, the box bonus included."""
    result = state.result
    if result is None or result.winner is None:
        return 0.0
    value = result.points + state.rules.box_bonus
    return float(value if result.winner == player else -value)


def _mean_interval(values: list[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% interval (a point when there is one value)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    spread = _Z * math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)
    return mean, mean - spread, mean + spread


def judge(
    view: PlayerView, choice: Action, number: int, *, worlds: int = WORLDS, seed: int | str = 0
) -> DecisionReview:
    """One decision judged from ``view`` (see the module docstring); reads only the view.

    :raises GinRummyError: when ``choice`` is not legal at ``view``.
    """
    search = MonteCarloBot(f"review:{seed}", samples=worlds)
    candidates = search.candidates(view)
    ids = [action_to_id(action) for action in candidates]
    if action_to_id(choice) not in ids:
        candidates.append(choice)
        ids.append(action_to_id(choice))
    chosen = ids.index(action_to_id(choice))
    if len(candidates) == 1:
        only = Judged(action=choice, points=math.nan, low=math.nan, high=math.nan)
        return DecisionReview(
            number=number,
            choice=choice,
            best=choice,
            candidates=(only,),
            lost=0.0,
            lost_low=0.0,
            lost_high=0.0,
            label="fine",
        )
    candidates[chosen] = choice  # the choice as played (a knock with the player's own spread)
    results = search.results(view, candidates)
    judged = []
    for action, values in zip(candidates, results, strict=True):
        mean, low, high = _mean_interval(values)
        judged.append(Judged(action=action, points=mean, low=low, high=high))
    order = sorted(range(len(judged)), key=lambda i: (-judged[i].points, i != chosen, i))
    best = order[0]
    lost, lost_low, lost_high = _mean_interval(
        [b - c for b, c in zip(results[best], results[chosen], strict=True)]
    )
    return DecisionReview(
        number=number,
        choice=choice,
        best=candidates[best],
        candidates=tuple(judged[i] for i in order),
        lost=lost,
        lost_low=lost_low,
        lost_high=lost_high,
        label=label(lost) if lost_low > 0 else LABELS[0],
    )


def _finished_round(record: object, round_number: int | None) -> tuple[Round, int]:
    """The finished round numbered ``round_number`` (from 1; None: the last) of a game or a
    game record, and its number."""
    if isinstance(record, GameRecord):
        record = Game.replay(record)
    if not isinstance(record, Game):
        raise GinRummyError(f"cannot review {record!r:.60}: expected a Game or a GameRecord")
    played = record.played
    if not played:
        raise GinRummyError("cannot review: the game has no finished round yet")
    number = len(played) if round_number is None else check_int(round_number, "round", GinRummyError, low=1)
    if number > len(played):
        raise GinRummyError(
            f"cannot review round {number}: the game has {counted(len(played), 'finished round')}"
        )
    return played[number - 1], number


def _draw_luck(final: Round) -> tuple[float, float]:
    """Each player's draw luck over the round (see the module docstring)."""
    luck = [0.0, 0.0]
    state = final.at_origin
    for event in final.events:
        if isinstance(event.action, DrawStock) and event.card is not None:
            view = state.view(event.player)
            hand = view.hand.mask
            unseen = CardCounter(view).unseen
            rules = state.rules
            after = [
                best_discard(Hand.from_mask(hand | card.mask), rules)[1] for card in Hand.from_mask(unseen)
            ]
            if after:
                drawn = best_discard(Hand.from_mask(hand | event.card.mask), rules)[1]
                luck[event.player] += sum(after) / len(after) - drawn
        state = state.apply(event.action, player=event.player) if event.action is not None else state
    return round(luck[0], 2), round(luck[1], 2)


def _reference(final: Round, player: int, seed: int | str) -> float:
    """What the reference bot scores from ``player``'s seat on the round's deck, against the
    same bot."""
    state = final.at_origin
    bots = (AdaptiveBot(f"reference:{seed}:0"), AdaptiveBot(f"reference:{seed}:1"))
    while state.to_act is not None:
        acting = state.to_act
        state = state.apply(bots[acting].act(state.view(acting)))
    return _result(state, player)


def review(
    record: Game | GameRecord,
    player: int,
    *,
    round_number: int | None = None,
    worlds: int = WORLDS,
    seed: int | str = 0,
) -> RoundReview:
    """A finished round of ``record`` reviewed for ``player`` (see the module docstring).

    :param record: a game, or the record of one (``gr.dumps(game)`` read back).
    :param round_number: the round, from 1 (None: the last finished round).
    :param worlds: the worlds drawn at each decision (at least 1).
    :param seed: seeds the worlds with each view.
    :raises GinRummyError: for a record that is not a game, a round not finished, a bad
        player, worlds or seed.

    >>> import ginrummy as gr
    >>> game = gr.Game.new(gr.PAGAT, seed=3, dealer=0)
    >>> bots = (gr.GreedyBot(), gr.TrackerBot(seed=1))
    >>> while not game.results:
    ...     seat = game.to_act
    ...     game = game.apply(bots[seat].act(game.round.view(seat)), player=seat)
    >>> found = review(game, 0, worlds=1)
    >>> found.points, [d.number for d in found.decisions][:3]
    (-23.0, [2, 3, 6])
    """
    check_player(player, "player", GinRummyError)
    check_int(worlds, "worlds", GinRummyError, low=1)
    check_seed(seed, GinRummyError)
    final, number = _finished_round(record, round_number)
    state = final.at_origin
    decisions = []
    for event in final.events:
        action = event.action
        if action is None:  # a player's own events are never hidden in the full round
            raise GinRummyError(f"cannot review round {number}: action {event.number} is hidden")
        if event.player == player and len(state.legal_actions()) > 1:
            decisions.append(judge(state.view(player), action, event.number, worlds=worlds, seed=seed))
        state = state.apply(action, player=event.player)
    return RoundReview(
        round_number=number,
        player=player,
        decisions=tuple(decisions),
        points=_result(final, player),
        reference_points=_reference(final, player, seed),
        draw_luck=_draw_luck(final),
        worlds=worlds,
    )


def _signed(points: float) -> str:
    return f"{points:+.0f}" if points else "0"


def review_text(found: RoundReview, *, you: str = "you", width: int = 80) -> str:
    """The review as the terminal prints it: the round's luck and skill, then one line per
    decision (its number in the round, the choice, the best candidate, the points lost with
    the interval, the label), each within ``width`` columns.

    >>> import ginrummy as gr
    >>> game = gr.Game.new(gr.PAGAT, seed=3, dealer=0)
    >>> bots = (gr.GreedyBot(), gr.TrackerBot(seed=1))
    >>> while not game.results:
    ...     seat = game.to_act
    ...     game = game.apply(bots[seat].act(game.round.view(seat)), player=seat)
    >>> print(review_text(review(game, 0, worlds=2)).splitlines()[0])
    round 1 reviewed for you: 2 worlds drawn from your view at each decision
    """
    import textwrap

    counts = {name: sum(d.label == name for d in found.decisions) for name in LABELS[1:]}
    luck = found.draw_luck
    head = [
        f"round {found.round_number} reviewed for {you}: {found.worlds} worlds drawn from your view "
        "at each decision",
        f"skill: {you} scored {_signed(found.points)}; the {REFERENCE} bot in your seat on the same deck "
        f"scored {_signed(found.reference_points)}",
        f"draw luck: your stock draws saved {luck[found.player]:+.1f} deadwood points against the "
        f"average unseen card, the opponent's {luck[1 - found.player]:+.1f}",
        f"{counted(len(found.decisions), 'decision')}, expected points clearly lost {found.lost:.1f}: "
        + ", ".join(
            counted(count, name, "inaccuracies" if name == "inaccuracy" else None)
            for name, count in counts.items()
        ),
    ]
    lines = []
    for line in head:
        lines += textwrap.wrap(line, width, subsequent_indent="  ")
    for d in found.decisions:
        chosen = describe_move(d.choice)
        if len(d.candidates) == 1:
            text = f"{d.number + 1}. {chosen}: the only move weighed"
        elif d.best == d.choice or d.lost <= 0:
            mine = next(j for j in d.candidates if j.action == d.choice)
            text = (
                f"{d.number + 1}. {chosen}: the best weighed, expected points {mine.points:+.1f}: {d.label}"
            )
        else:
            text = (
                f"{d.number + 1}. {chosen}: better {describe_move(d.best)}, points lost {d.lost:.1f} "
                f"({d.lost_low:.1f} to {d.lost_high:.1f}): {d.label}"
            )
        lines += textwrap.wrap(text, width, subsequent_indent="     ")
    return "\n".join(lines)
