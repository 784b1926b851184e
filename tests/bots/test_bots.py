"""The library's bots: they see only a player's view, play legal actions, are deterministic
for a seed; the registry is read-only; the greedy bot follows its stated rules on scripted
positions (the tracker bot's own rules are in ``test_tracker.py``)."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import pytest

import ginrummy as gr
from ginrummy import Phase
from ginrummy.bots.eaai_simple import EaaiSimpleBot
from ginrummy.bots.registry import BOT_NAME_FORMS, DEFAULT_BOT, BotName, parse_bot_name
from ginrummy.frontend import Session

OPPONENT = "Jc Jd Jh Js Tc Td Th Ts 8c 8d"
"""A hand for the player who does not act, clear of the cards the tests script."""
LOW = "Ac 2d 3h 4s 5c 6d Ah 2s 3c Kd"
"""Ten cards that do not meld (pairs at most): deadwood 37, the king the only high card."""


def position(
    rules: gr.Ruleset,
    hands: tuple[str, str],
    discard: str,
    *,
    phase: Phase = Phase.DRAW,
    dealer: int = 1,
    to_act: int = 0,
    taken: str | None = None,
    stock_only: bool = False,
) -> gr.Round:
    """A round at a scripted position: ``discard`` is the discard pile bottom first (its first
    card the initial upcard), and every other card is in the stock in deck order."""
    pile = [gr.Card.parse(text) for text in discard.split()]
    named = set(pile) | set(gr.Hand.parse(hands[0])) | set(gr.Hand.parse(hands[1]))
    stock = [card for card in gr.DECK if card not in named]
    return gr.Round.from_position(
        rules,
        dealer=dealer,
        hands=hands,
        stock=stock,
        discard_pile=pile,
        phase=phase,
        to_act=to_act,
        taken=taken,
        stock_only=stock_only,
    )


def eleven(hand: str, rules: gr.Ruleset = gr.PAGAT, *, discard: str | None = None) -> gr.Round:
    """Player 0 to discard from the 11 cards ``hand``; the opponent holds ten unrelated cards
    and the discard pile holds one other card (or ``discard``)."""
    cards = gr.Hand.parse(hand)
    others = [card for card in gr.DECK if card not in cards]
    pile = discard if discard is not None else str(others[-1])
    others = [card for card in others if str(card) not in pile.split()]
    opponent = " ".join(str(card) for card in others[:10])
    return position(rules, (hand, opponent), pile, phase=Phase.DISCARD)


def card(text: str) -> gr.Card:
    """The card written ``text``."""
    return gr.Card.parse(text)


NAMES = ["random", "greedy", "tracker", "adaptive", "camper", "learned"]
"""The registry's bots these tests play (``montecarlo`` and ``eaai-simple`` are tested in their
own files, ``test_montecarlo.py`` and ``test_eaai_simple.py``)."""


def greedy(round_: gr.Round, player: int = 0) -> gr.Action:
    """The greedy bot's choice for ``player`` at ``round_``."""
    return gr.GreedyBot().act(round_.view(player))


class ViewOnly:
    """Wraps a bot and checks that what it is given is a player's view on its turn, showing
    none of the opponent's cards while they are hidden."""

    def __init__(self, bot: gr.Bot) -> None:
        self.bot = bot
        self.calls = 0

    def act(self, view: gr.PlayerView) -> gr.Action:
        assert isinstance(view, gr.PlayerView)
        assert view.is_my_turn
        if view.knocker is None:
            assert view.opponent_hand is None
            assert view.opponent_known.mask & ~view.known_cards.mask == 0
        self.calls += 1
        return self.bot.act(view)


def play_round(rules: gr.Ruleset, seed: int, bots: tuple[gr.Bot, gr.Bot]) -> gr.Round:
    """A round dealt from ``seed`` played to its end by ``bots``, each given only its view;
    every action returned must be legal."""
    state = gr.Round.deal(rules, dealer=seed % 2, seed=seed)
    while not state.is_over:
        player = state.to_act
        assert player is not None
        action = bots[player].act(state.view(player))
        assert state.is_legal(action), (action, state)
        state = state.apply(action)
    return state


def actions_of(rules: gr.Ruleset, deal: int, name: str, seed: int | str) -> tuple[gr.Action, ...]:
    """The actions of a round dealt from ``deal`` between two bots called ``name``, seeded
    ``f"{seed}:{player}"``."""
    bots = (gr.make_bot(name, seed=f"{seed}:0"), gr.make_bot(name, seed=f"{seed}:1"))
    return play_round(rules, deal, bots).actions


# ----------------------------------------------------------------------- views and legality


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("rules", list(gr.PRESETS.values()), ids=list(gr.PRESETS))
def test_bots_see_only_views_and_play_legal_actions_to_the_end(name: str, rules: gr.Ruleset) -> None:
    """A bot is given only its view of the round, on its turn, and returns a legal action;
    rounds between two such bots end."""
    for seed in range(4):
        bots = (ViewOnly(gr.make_bot(name, seed=seed)), ViewOnly(gr.make_bot(name, seed=seed + 100)))
        final = play_round(rules, seed, (bots[0], bots[1]))
        assert final.result is not None
        assert len(final.actions) == bots[0].calls + bots[1].calls


@pytest.mark.parametrize("name", NAMES)
def test_bot_asked_when_it_has_no_legal_action_raises(name: str) -> None:
    """Asking a bot to act for a player who is not to act (or after the round ended) raises
    :class:`gr.GinRummyError` naming the player and the phase."""
    bot = gr.make_bot(name, seed=1)
    dealt = gr.Round.deal(gr.PAGAT, dealer=0, seed=3)
    with pytest.raises(gr.GinRummyError, match="player 0 has no legal action in phase UPCARD_OFFER"):
        bot.act(dealt.view(0))
    final = play_round(gr.PAGAT, 3, (gr.GreedyBot(), gr.GreedyBot()))
    with pytest.raises(gr.GinRummyError, match="phase OVER"):
        bot.act(final.view(1))


# ---------------------------------------------------------------------------- determinism


@pytest.mark.parametrize("name", NAMES)
def test_bots_are_deterministic_for_a_seed(name: str) -> None:
    """Two bots made with the same seeds play the same sequence of actions."""
    for seed in range(3):
        first = actions_of(gr.PAGAT, seed, name, seed)
        again = actions_of(gr.PAGAT, seed, name, seed)
        assert first == again


@pytest.mark.parametrize("name", NAMES)
def test_a_bot_pickled_or_copied_mid_round_plays_on_as_the_original(name: str) -> None:
    """A bot sent to another process (pickled) or copied in the middle of a round keeps its
    settings and its random state: from there on, it chooses what the original chooses (in
    both builds: a compiled bot is a native class)."""
    bots = (gr.make_bot(name, seed=5), gr.make_bot(name, seed=6))
    state = gr.Round.deal(gr.PAGAT, dealer=1, seed=12)
    for _ in range(4):
        player = state.to_act
        assert player is not None
        state = state.apply(bots[player].act(state.view(player)))
    copies = [(pickle.loads(pickle.dumps(bot)), copy.deepcopy(bot)) for bot in bots]
    while not state.is_over:
        player = state.to_act
        assert player is not None
        view = state.view(player)
        chosen = bots[player].act(view)
        assert (chosen, chosen) == (copies[player][0].act(view), copies[player][1].act(view))
        state = state.apply(chosen)


def test_random_bot_seed_changes_its_choices() -> None:
    """Different seeds make the random bot play differently on the same deal."""
    sequences = {actions_of(gr.PAGAT, 0, "random", seed) for seed in range(4)}
    assert 1 < len(sequences)


def test_random_bot_plays_uniformly_among_legal_actions() -> None:
    """At the upcard offer the random bot takes and passes, each about half the time."""
    view = gr.Round.deal(gr.PAGAT, dealer=0, seed=5).view(1)
    bot = gr.RandomBot(seed=9)
    choices = [bot.act(view) for _ in range(400)]
    assert {gr.TakeDiscard(), gr.PassUpcard()} == set(choices)
    assert 140 < choices.count(gr.TakeDiscard()) < 260


# ------------------------------------------------------------------------ make_bot, BOTS


def test_make_bot_by_name_any_case() -> None:
    """``make_bot`` finds the library's bots by name, in any case."""
    assert isinstance(gr.make_bot("greedy"), gr.GreedyBot)
    assert isinstance(gr.make_bot("Random", seed=3), gr.RandomBot)
    assert isinstance(gr.make_bot("TRACKER", seed=3), gr.TrackerBot)
    assert isinstance(gr.make_bot("Camper", seed=3), gr.CamperBot)
    assert isinstance(gr.make_bot("Learned", seed=3), gr.LearnedBot)
    expected = {
        "random": gr.RandomBot,
        "greedy": gr.GreedyBot,
        "tracker": gr.TrackerBot,
        "adaptive": gr.AdaptiveBot,
        "montecarlo": gr.MonteCarloBot,
        "eaai-simple": EaaiSimpleBot,
        "camper": gr.CamperBot,
        "learned": gr.LearnedBot,
        "level": gr.LevelBot,
    }
    assert expected == dict(gr.BOTS)


def test_bots_registry_is_read_only() -> None:
    """``gr.BOTS`` is a read-only mapping, like ``gr.PRESETS``: adding, replacing or removing
    a bot raises ``TypeError`` and leaves the registry as it was."""
    registry: Any = gr.BOTS
    before = dict(gr.BOTS)
    with pytest.raises(TypeError):
        registry["mine"] = gr.RandomBot
    with pytest.raises(TypeError):
        registry["greedy"] = gr.RandomBot
    with pytest.raises(TypeError):
        del registry["random"]
    assert not hasattr(registry, "update")
    assert before == dict(gr.BOTS)


def test_default_bot_is_registered() -> None:
    """The default bot of simulations is one of the registry's bots."""
    assert gr.BOTS[DEFAULT_BOT] is gr.make_bot(DEFAULT_BOT).__class__


@pytest.mark.parametrize("name", ["nope", "", "greedy-bot"])
def test_make_bot_unknown_name_raises(name: str) -> None:
    """An unknown bot name raises :class:`gr.GinRummyError` naming it and the known bots."""
    with pytest.raises(gr.GinRummyError) as info:
        gr.make_bot(name)
    assert repr(name) in str(info.value)
    assert "random, greedy, tracker, adaptive, montecarlo" in str(info.value)


def test_make_bot_non_string_name_raises() -> None:
    """A name that is not a string raises :class:`gr.GinRummyError`, not ``AttributeError``."""
    name: Any = 3
    with pytest.raises(gr.GinRummyError, match="unknown bot 3"):
        gr.make_bot(name)


# ------------------------------------------------------------------- greedy: taking a card


@pytest.mark.parametrize(
    ("upcard", "takes"),
    [
        ("2c", True),  # 2c 2d 2s meld, then Kd goes: 37 -> 21
        ("9h", True),  # 9h replaces Kd: 37 -> 36
        ("Qh", False),  # Qh would replace Kd: 37 -> 37, no better
        ("Kh", False),  # Kh melds nothing and is the highest card
    ],
)
def test_greedy_takes_the_upcard_only_when_it_lowers_its_deadwood(upcard: str, takes: bool) -> None:
    """At the upcard offer the greedy bot takes the upcard exactly when taking it and
    discarding another card leaves less deadwood than it has now; otherwise it passes."""
    offer = position(gr.PAGAT, (LOW, OPPONENT), upcard, phase=Phase.UPCARD_OFFER)
    assert (gr.TakeDiscard() if takes else gr.PassUpcard()) == greedy(offer)


@pytest.mark.parametrize(("top", "takes"), [("2c", True), ("9h", True), ("Qh", False), ("Kh", False)])
def test_greedy_takes_the_discard_only_when_it_lowers_its_deadwood(top: str, takes: bool) -> None:
    """In a draw the greedy bot takes the top discard exactly when that lowers its deadwood;
    otherwise it draws from the stock."""
    draw = position(gr.PAGAT, (LOW, OPPONENT), f"5s {top}")
    assert (gr.TakeDiscard() if takes else gr.DrawStock()) == greedy(draw)


def test_greedy_draws_from_the_stock_when_it_must() -> None:
    """After both players pass the upcard (Pagat) the greedy bot draws from the stock even
    when the upcard would help."""
    draw = position(gr.PAGAT, (LOW, OPPONENT), "2c", stock_only=True)
    assert (gr.DrawStock(),) == draw.legal_actions()
    assert gr.DrawStock() == greedy(draw)


def test_greedy_then_discards_a_card_other_than_the_one_it_took() -> None:
    """After taking the discard the greedy bot discards another card: here the king it held,
    never the card it took, even though that card is worth as much."""
    taken = position(gr.PAGAT, (LOW + " Kh", OPPONENT), "5s", phase=Phase.DISCARD, taken="Kh")
    assert gr.Discard(card("Kd")) == greedy(taken)


def test_greedy_after_taking_the_upcard_discards_a_card_it_did_not_take() -> None:
    """Playing from the upcard offer: the greedy bot takes 2c (it melds) and then discards
    the king, keeping 2c."""
    offer = position(gr.PAGAT, (LOW, OPPONENT), "2c", phase=Phase.UPCARD_OFFER)
    after = offer.apply(greedy(offer))
    assert card("2c") == after.taken
    assert gr.Discard(card("Kd")) == greedy(after)


# --------------------------------------------------------------------- greedy: discarding


def test_greedy_discards_the_card_that_leaves_the_least_deadwood() -> None:
    """The greedy bot keeps its melds (even a king in a run) and discards the unmatched card
    whose loss leaves the least deadwood."""
    state = eleven("Jc Qc Kc 2d 3h 4s 5c 6d Ah 9s 8h")
    assert gr.Discard(card("9s")) == greedy(state)
    assert (card("9s"), 29) == gr.best_discards(state.hand(0), gr.PAGAT)[0]


def test_greedy_breaks_ties_toward_the_higher_card() -> None:
    """Among discards leaving the same deadwood the greedy bot gives up the card worth more
    (it would cost more if caught): here it goes gin discarding Qs, not 3c, 6c or 9s."""
    state = eleven("3c 4c 5c 6c 7d 7h 7s 9s Ts Js Qs")
    gins = [c for c, left in gr.best_discards(state.hand(0), gr.PAGAT) if left == 0]
    assert {card("3c"), card("6c"), card("9s"), card("Qs")} == set(gins)
    assert gr.Knock(card("Qs")) == greedy(state)


def test_greedy_breaks_ties_between_equal_cards_by_card_index() -> None:
    """Between two kings leaving the same deadwood the greedy bot discards the higher card
    index (hearts after diamonds)."""
    state = eleven(LOW + " Kh")
    assert gr.Discard(card("Kh")) == greedy(state)


# ------------------------------------------------------------------ greedy: ending a round


def test_greedy_knocks_as_soon_as_it_can() -> None:
    """With 5 deadwood left after discarding 9h (limit 10) the greedy bot knocks with 9h; under
    straight gin (limit 0) it just discards 9h."""
    hand = "7c 7d 7h 2s 3s 4s Jc Qc Kc 5d 9h"
    assert gr.Knock(card("9h")) == greedy(eleven(hand))
    assert gr.Discard(card("9h")) == greedy(eleven(hand, gr.STRAIGHT))


@pytest.mark.parametrize(("upcard", "knocks"), [("6c", True), ("5c", True), ("3c", False), ("Ac", False)])
def test_greedy_respects_the_oklahoma_knock_limit(upcard: str, knocks: bool) -> None:
    """In Oklahoma the limit is the initial upcard's value: with 5 deadwood left the greedy bot
    knocks when the upcard is a 5 or more, and only discards below that (an ace: gin only)."""
    state = eleven("7c 7d 7h 2s 3s 4s Jc Qc Kc 5d 9h", gr.OKLAHOMA, discard=upcard)
    expected = gr.Knock(card("9h")) if knocks else gr.Discard(card("9h"))
    assert expected == greedy(state)


def test_greedy_goes_gin_rather_than_discard_a_higher_card() -> None:
    """When one discard goes gin the greedy bot takes it, even over discarding a higher card
    that would leave a knock: 6h goes, not Tc."""
    state = eleven("Tc Jc Qc Kc 7d 7h 7s 2s 3s 4s 6h")
    action = greedy(state)
    assert gr.Knock(card("6h")) == action
    final = state.apply(action)
    assert final.result is not None
    assert gr.Outcome.GIN == final.result.outcome


def test_greedy_goes_gin_under_straight_gin() -> None:
    """Under straight gin (only gin ends a round) the greedy bot still goes gin when it can."""
    assert gr.Knock(card("6h")) == greedy(eleven("Tc Jc Qc Kc 7d 7h 7s 2s 3s 4s 6h", gr.STRAIGHT))


def test_greedy_declares_big_gin_under_spanish_site() -> None:
    """Under ``spanish-site`` eleven melded cards are declared big gin; under ``pagat`` (no big
    gin) the same hand goes gin discarding its highest free card, a nine."""
    hand = "8c 9c Tc 8d 9d Td 8h 9h Th 8s 9s"
    spanish = eleven(hand, gr.SPANISH_SITE)
    assert gr.BigGin() == greedy(spanish)
    final = spanish.apply(gr.BigGin())
    assert final.result is not None
    assert gr.Outcome.BIG_GIN == final.result.outcome
    assert gr.Knock(card("9s")) == greedy(eleven(hand, gr.PAGAT))


# ------------------------------------------------------------------------ greedy: layoffs

KNOCKER = "4h 5h 6h Kc Kd Ks 9c 9d 9h 2s Qc"
"""Player 0 knocks with Qc and shows 9c 9d 9h, Kc Kd Ks and 4h 5h 6h with 2s unmatched."""


def knocked(defender: str, rules: gr.Ruleset = gr.PAGAT, knocker: str = KNOCKER) -> gr.Round:
    """Player 0 has knocked (discarding Qc) and player 1, holding ``defender``, lays off."""
    state = position(rules, (knocker, defender), "Ad", phase=Phase.DISCARD)
    state = state.apply(gr.Knock(card("Qc")))
    assert Phase.LAYOFF == state.phase
    return state


def greedy_layoffs(state: gr.Round) -> tuple[tuple[gr.Action, ...], gr.Round]:
    """The greedy defender's actions until the round ends, and the final round."""
    actions: list[gr.Action] = []
    while not state.is_over:
        action = greedy(state, 1)
        actions.append(action)
        state = state.apply(action)
    return tuple(actions), state


def assert_follows_the_plan(state: gr.Round) -> None:
    """The greedy defender at ``state`` lays off the cards of the plan of
    :func:`gr.best_layoffs` onto the same melds (in an order of its own, each legal when made),
    then ends its layoffs with the plan's deadwood."""
    plan = gr.best_layoffs(state.spread, state.hand(1), state.rules)
    actions, final = greedy_layoffs(state)
    assert gr.EndLayoffs() == actions[-1]
    laid = [(a.card, a.meld) for a in actions[:-1] if isinstance(a, gr.LayOff)]
    assert len(actions) - 1 == len(laid)
    assert sorted(plan.layoffs) == sorted(laid)
    assert final.result is not None and final.result.deadwood is not None
    assert plan.points == final.result.deadwood[1]


@pytest.mark.parametrize(
    "defender",
    [
        "3h 7h 8h Kh 2c 9s Jd Jc 5c 5d",  # onto every meld, a chain 7h 8h onto the run
        "Ac 2c 3c 4c 7d Jd Qd 5s 6s 8s",  # nothing fits
        "7h 7c 7d 3h 2h 9s Jd Jc 5c 5d",  # 7h stays in its set; 3h then 2h go onto the run
    ],
)
def test_greedy_lays_off_the_plan_of_best_layoffs_then_ends(defender: str) -> None:
    """The greedy defender lays off exactly the cards the plan of :func:`gr.best_layoffs` lays
    off, onto the same melds, then ends its layoffs, leaving the plan's deadwood."""
    assert_follows_the_plan(knocked(defender))


def test_greedy_lays_off_a_chain_onto_a_run() -> None:
    """Laying off 7h lets 8h follow onto the same run: the greedy defender lays both."""
    actions, _ = greedy_layoffs(knocked("3h 7h 8h Kh 2c 9s Jd Jc 5c 5d"))
    laid = {(a.card, a.meld) for a in actions if isinstance(a, gr.LayOff)}
    assert {(card("7h"), 2), (card("8h"), 2), (card("3h"), 2), (card("Kh"), 1), (card("9s"), 0)} == laid


def test_greedy_lays_off_onto_gin_only_when_the_rules_allow() -> None:
    """After a gin the defender may lay off only under ``layoffs_after_gin``; the greedy bot
    then follows the plan of :func:`gr.best_layoffs`."""
    gin_knocker = "4h 5h 6h 7h Kc Kd Ks 9c 9d 9h Qc"
    defender = "3h 8h 2h Kh 2c 9s Jd Jc 5c 5d"
    pagat = position(gr.PAGAT, (gin_knocker, defender), "Ad", phase=Phase.DISCARD)
    assert pagat.apply(gr.Knock(card("Qc"))).is_over  # no layoffs onto gin
    rules = gr.PAGAT.evolve(layoffs_after_gin=True)
    state = knocked(defender, rules, gin_knocker)
    assert gr.best_layoffs(state.spread, state.hand(1), rules).layoffs
    assert_follows_the_plan(state)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Tracker", BotName("tracker", "tracker", None, None)),
        (" montecarlo ", BotName("montecarlo", "montecarlo", None, None)),
        ("MonteCarlo:08", BotName("montecarlo:8", "montecarlo", 8, None)),
        ("mybot:PickyBot", BotName("mybot:PickyBot", None, None, "mybot:PickyBot")),
        ("Picky", BotName("picky", None, None, None)),
    ],
)
def test_parse_bot_name_reads_every_form_once(name: str, expected: BotName) -> None:
    """A library bot in any case, a budget (shown without leading zeros), a
    ``module:attribute`` as written, and anything else as an entry point's name."""
    assert expected == parse_bot_name(name)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("tracker:8", "invalid bot 'tracker:8': 'tracker' takes no budget"),
        ("montecarlo:0", "invalid bot 'montecarlo:0': the budget must be a whole number from 1 to 1000000"),
        ("montecarlo:x", "invalid bot 'montecarlo:x': the budget must be a whole number"),
        ("x" * 101, "must be a string of 1 to 100 characters"),
        ("  ", "unknown bot '  ': known bots are random"),
    ],
)
def test_parse_bot_name_refuses_a_bad_budget_or_size(name: str, message: str) -> None:
    """A budget on a bot that takes none, a budget out of range, a name too long or blank."""
    with pytest.raises(gr.GinRummyError) as caught:
        parse_bot_name(name)
    assert message in str(caught.value)


def test_every_entry_reads_a_bot_name_the_same_way() -> None:
    """``make_bot``, ``bot_name``, ``Session``, the ladder and the command line's help all
    read ``'MonteCarlo:08'`` as the search bot with 8 samples, shown ``montecarlo:8``: the
    ladder refuses it beside ``'montecarlo:8'`` as the same bot named twice."""
    assert 8 == gr.make_bot("MonteCarlo:08", seed=1).samples  # type: ignore[attr-defined]
    assert "montecarlo:8" == Session.new(gr.PAGAT, bot="MonteCarlo:08", seed=1, dealer=1).bot_name
    with pytest.raises(gr.GinRummyError, match="'montecarlo:8' is named twice"):
        gr.ladder(["montecarlo:8", "MonteCarlo:08"], gr.PAGAT, games=2)
    assert "montecarlo:N for N worlds per decision" in BOT_NAME_FORMS


@pytest.mark.parametrize("name", list(gr.BOTS))
def test_a_bots_bad_seed_raises_the_librarys_plain_error(name: str) -> None:
    """A seed's error is the error of what it seeds: a bot is not a position, so every bot
    answers a bad seed with :class:`gr.GinRummyError` itself (the camper bot did; the others
    raised :class:`gr.InvalidPositionError`)."""
    with pytest.raises(gr.GinRummyError) as caught:
        gr.make_bot(name, 1.5)  # type: ignore[arg-type]
    assert (gr.GinRummyError, "invalid seed 1.5: must be an integer or a string") == (
        type(caught.value),
        str(caught.value),
    )


def test_a_deals_bad_seed_is_a_position_error_and_a_runs_is_not() -> None:
    """The seed of a deal (a round, a game, a session's game) is part of a position:
    :class:`gr.InvalidPositionError`; the seed of a simulation or a ladder is an argument:
    :class:`gr.GinRummyError`."""
    bad: Any = 1.5
    deals: list[Callable[[], object]] = [
        lambda: gr.Round.deal(gr.PAGAT, 0, seed=bad),
        lambda: gr.Game.new(gr.PAGAT, seed=bad),
        lambda: Session.new(gr.PAGAT, seed=bad),
    ]
    runs: list[Callable[[], object]] = [
        lambda: gr.simulate(gr.PAGAT, games=1, seed=bad),
        lambda: gr.ladder(["greedy", "random"], gr.PAGAT, games=2, seed=bad),
        lambda: gr.play_games(gr.PAGAT, ("greedy", "greedy"), bad, 0, 1),
    ]
    for calls, error in ((deals, gr.InvalidPositionError), (runs, gr.GinRummyError)):
        for call in calls:
            with pytest.raises(gr.GinRummyError) as caught:
                call()
            assert (error, True) == (type(caught.value), "seed 1.5" in str(caught.value))
