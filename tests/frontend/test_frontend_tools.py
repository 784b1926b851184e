"""The front-end kit's tools on a view: controls per card, knock spreads, the deadwood after each
legal discard, words, the finished round laid out, the terminal table, the page's JSON data,
cards with suit symbols and the game view's picture.

Positions come from random playouts of every preset (``positions.choose_action``), so every
phase, the taken-card rule, knocks, gins and layoffs are met.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ginrummy as gr
from ginrummy import frontend
from positions import playout_rounds

POSITIONS = list(playout_rounds(1))
"""Some thousands of positions of every phase under every preset."""


def views() -> Iterator[gr.PlayerView]:
    """Both players' views of every position."""
    for r in POSITIONS:
        yield r.view(0)
        yield r.view(1)


def test_controls_hold_every_legal_action_once_grouped_by_card() -> None:
    """For every view, the controls hold each legal action exactly once: discards, knocks and
    layoffs under their card (the hand's cards, in order), the rest in ``others`` in the
    view's order; the named accessors find them; the taken card has no discard."""
    for view in views():
        c = frontend.controls(view)
        grouped = [a for entry in c.cards for a in entry.actions] + list(c.others)
        assert sorted(map(str, view.legal_actions)) == sorted(map(str, grouped))
        assert list(view.hand) == list(c)
        for entry in c.cards:
            assert all(a.card == entry.card for a in entry.actions)  # type: ignore[union-attr]
        assert [
            a for a in view.legal_actions if not isinstance(a, (gr.Discard, gr.Knock, gr.LayOff))
        ] == list(c.others)
        for kind, found in [
            (gr.DrawStock, c.draw),
            (gr.TakeDiscard, c.take),
            (gr.PassUpcard, c.pass_upcard),
            (gr.BigGin, c.big_gin),
            (gr.EndLayoffs, c.end_layoffs),
        ]:
            assert (kind() in view.legal_actions) == (found is not None)
        if view.taken is not None and not view.rules.may_discard_taken_card:
            assert view.taken not in c.discardable and view.taken not in c.knock_cards
        for meld in range(len(view.spread)):
            assert {a.card for a in view.legal_actions if isinstance(a, gr.LayOff) and a.meld == meld} == set(
                c.fits(meld)
            )


def test_controls_refuse_a_card_not_in_the_hand() -> None:
    """Asking the controls of a card the player does not hold is the library's error."""
    view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
    missing = next(card for card in gr.DECK if card not in view.hand)
    assert missing not in frontend.controls(view)
    with pytest.raises(gr.InvalidCardError, match="not in the hand"):
        frontend.controls(view)[missing]


def test_discard_deadwood_lists_only_legal_discards_with_the_deadwood_left() -> None:
    """The deadwood after each legal discard is ``deadwood(hand - card)`` (computed here card by
    card), least first; the card just taken is never among them (the taken-card rule), though
    ``best_discards`` lists it; outside the player's discard the list is empty."""
    met_taken = False
    for view in views():
        found = frontend.discard_deadwood(view)
        legal = [a.card for a in view.legal_actions if isinstance(a, gr.Discard)]
        expected = sorted(
            ((card, gr.deadwood(view.hand.remove(card), view.rules)) for card in legal),
            key=lambda pair: (pair[1], pair[0]),
        )
        assert expected == list(found)
        if view.taken is not None and legal and not view.rules.may_discard_taken_card:
            met_taken = True
            assert view.taken in [card for card, _ in gr.best_discards(view.hand, view.rules)]
            assert view.taken not in [card for card, _ in found]
    assert met_taken


def test_knock_now_says_what_knocking_would_leave() -> None:
    """On the player's discard, ``knock_now`` names the legal discard leaving the least
    deadwood and says whether a knock with it is legal (exactly when the deadwood is within the
    limit); elsewhere it gives the hand's deadwood and is not legal."""
    for view in views():
        now = frontend.knock_now(view)
        options = frontend.discard_deadwood(view)
        if options:
            assert (options[0][0], options[0][1]) == (now.card, now.deadwood)
            assert (now.deadwood <= view.knock_limit) == now.legal
            assert now.legal == (gr.Knock(options[0][0]) in view.legal_actions)
        else:
            assert (None, gr.deadwood(view.hand, view.rules), False) == (now.card, now.deadwood, now.legal)


def _merged(melds: tuple[gr.Meld, ...], rules: gr.Ruleset) -> frozenset[gr.Meld]:
    """``melds`` with touching runs of a suit merged until none touch (the oracle's canonical
    form)."""
    current = list(melds)
    changed = True
    while changed:
        changed = False
        for a, b in itertools.combinations(current, 2):
            if a.kind is b.kind is gr.MeldKind.RUN and a.suit == b.suit:
                try:
                    joined = gr.Meld(a.hand | b.hand, rules=rules)
                except gr.InvalidMeldError:
                    continue
                current = [m for m in current if m not in (a, b)] + [joined]
                changed = True
                break
    return frozenset(current)


def _oracle_spreads(cards: gr.Hand, rules: gr.Ruleset, limit: int) -> set[frozenset[gr.Meld]]:
    """Every set of disjoint melds of ``cards`` leaving at most ``limit``, by brute force over
    all combinations of up to three melds, in canonical form."""
    melds = [m for m in gr.all_melds(rules) if m.hand <= cards]
    found = set()
    for size in range(4):
        for combo in itertools.combinations(melds, size):
            used = 0
            for meld in combo:
                if used & meld.mask:
                    break
                used |= meld.mask
            else:
                left = gr.Hand.from_mask(cards.mask & ~used).points(rules.ace_points)
                if left <= limit:
                    found.add(_merged(combo, rules))
    return found


def test_knock_spreads_are_every_legal_spread_and_the_first_is_the_librarys() -> None:
    """For every legal knock of every position met, the spreads listed are the brute-force
    oracle's (every disjoint set of melds within the knock limit, touching runs merged), each
    is legal and is what the round shows when the knocker gives it, and the first is the spread
    ``Knock(card)`` shows."""
    checked = 0
    for r in POSITIONS:
        if r.phase is not gr.Phase.DISCARD:
            continue
        assert r.to_act is not None
        view = r.view(r.to_act)
        for action in view.legal_actions:
            if not isinstance(action, gr.Knock) or checked >= 150:
                continue
            checked += 1
            choice = frontend.knock_spreads(view, action.card)
            assert choice.spreads[0] == choice.picked
            assert r.apply(action).spread == choice.picked.melds
            rest = view.hand.remove(action.card)
            assert _oracle_spreads(rest, r.rules, r.knock_limit) == {
                frozenset(s.melds) for s in choice.spreads
            }
            assert [s.points for s in choice.spreads][1:] == sorted(s.points for s in choice.spreads[1:])
            for spread in choice.spreads[1:4]:
                assert frozenset(spread.melds) == frozenset(r.apply(choice.action(spread)).spread)
    assert checked >= 100


def test_knock_spreads_refuse_a_card_that_cannot_knock() -> None:
    """Asking the spreads of a knock that is not legal now is an IllegalActionError naming the
    card."""
    view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
    card = next(iter(view.hand))
    with pytest.raises(gr.IllegalActionError, match=re.escape(repr(card))):
        frontend.knock_spreads(view, card)


@given(st.sampled_from(gr.DECK), st.sampled_from(["", "g"]), st.integers(0, 6), st.sampled_from("<>^"))
def test_a_card_formatted_with_its_suit_symbol_reads_back(
    card: gr.Card, kind: str, width: int, align: str
) -> None:
    """``format(card, "g")`` writes the suit symbol, which ``Card.parse`` reads back; any
    width and alignment pad the text as they pad a string."""
    text = format(card, f"{align}{width}{kind}")
    assert card == gr.Card.parse(text.strip())
    assert format(card.glyph_text if kind else str(card), f"{align}{width}") == text
    assert (kind == "g") == any(glyph in text for glyph in "♣♦♥♠")


def test_a_format_spec_a_card_cannot_take_is_a_parse_error() -> None:
    """A spec such as ``d`` or ``.2f`` is the library's ParseError naming the spec and the card."""
    for spec in ("d", ".2f", "x", "=5"):
        with pytest.raises(gr.ParseError, match=re.escape(repr(spec))):
            format(gr.Card("Kh"), spec)
    assert "A♠ 10♥" != format(gr.Hand.parse("As Th"), "g")  # hands iterate in index order
    assert "10♥ A♠" == format(gr.Hand.parse("As Th"), "g")


def _evaluate(expression: str) -> int:
    """The value of an explanation's arithmetic, words dropped."""
    arithmetic = re.sub(r"[^0-9+\-*()]", " ", expression.replace(" times ", " * "))
    return int(eval(arithmetic))


def test_explained_points_add_up_to_each_results_points() -> None:
    """In whole games of every preset, each round's explanation is arithmetic whose value is
    the result's points (dead hands and void rounds say nobody scores), and the headline says
    who scored from the viewer's side."""
    for rules in gr.PRESETS.values():
        game = gr.Game.new(rules, seed=13, dealer=0)
        bots = (gr.GreedyBot(), gr.RandomBot(seed=3))
        while not game.is_over:
            player = game.to_act
            assert player is not None
            game = game.apply(bots[player].act(game.round.view(player)))
        for result in game.results:
            for viewer in (0, 1):
                text = frontend.explain_points(result, rules, viewer, opponent="the bot")
                headline = frontend.describe_result(result, rules, viewer, opponent="the bot")
                if result.winner is None:
                    assert "nobody scores" in text and "nobody scores" in headline
                    continue
                expression, total = text.rsplit(" = ", 1)
                assert result.points == int(total) == _evaluate(expression)
                mine = result.winner == viewer
                assert headline.startswith("you " if mine else "the bot ")
                assert f" and {'score' if mine else 'scores'} {result.points}: " in headline


def test_words_speak_to_the_viewer_and_name_the_opponent() -> None:
    """Every event of every view reads "you ..." for the viewer's own actions and "the bot
    ..." for the other's, with the card drawn only when the view shows it."""
    for r in POSITIONS[:800]:
        for viewer in (0, 1):
            view = r.view(viewer)
            for event in view.events:
                text = frontend.describe_event(event, viewer, opponent="the bot")
                assert text.startswith("you " if event.player == viewer else "the bot ")
                if isinstance(event.action, gr.DrawStock):
                    assert (event.card is not None) == (str(event.card) in text.split())
                if event.action is None:
                    assert "face down" in text


def test_a_finished_round_lays_each_shown_hand_out_with_its_deadwood() -> None:
    """At the end of every round met, each hand the viewer saw is laid out with the deadwood
    the result gives it: the knocker's outside its spread as shown, the defender's after its
    layoffs (best melds of what it kept); a hand never shown is None."""
    for r in POSITIONS:
        if not r.is_over:
            continue
        assert r.result is not None
        for viewer in (0, 1):
            end = frontend.round_end(r.view(viewer), opponent="the bot")
            assert end.hands[viewer] is not None
            for player in (0, 1):
                hand = end.hands[player]
                if r.knocker is None:
                    assert (hand is None) == (player != viewer)
                    continue
                assert hand is not None and r.result.deadwood is not None
                assert r.result.deadwood[player] == hand.points
                assert r.hand(player) == hand.cards
            if r.knocker is not None:
                assert end.hands[r.knocker].melds == tuple(sorted(r.result.spread))  # type: ignore[union-attr]
                assert r.result.spread == end.spread


@pytest.mark.parametrize("width", [80, 52])
def test_the_terminal_table_fits_its_width(width: int) -> None:
    """Every line of every view's terminal table and of every finished round's text fits the
    width asked for."""
    for view in views():
        lines = frontend.table_text(view, opponent="the bot", width=width).splitlines()
        if view.result is not None:
            lines += frontend.round_end_text(view, opponent="the bot", width=width).splitlines()
        assert [] == [line for line in lines if len(line) > width]


def test_the_pages_data_matches_the_kits_answers() -> None:
    """``table_data`` holds the kit's answers for the view: the hand's best melds, the legal
    discards with their deadwood, the legal knocks, the layoffs per card, the log in words, and
    the finished round once over."""
    for view in itertools.islice(views(), 0, None, 7):
        data = frontend.table_data(view, opponent="the bot", glyphs=False)
        arrangement = gr.best_melds(view.hand, view.rules)
        assert arrangement.points == data["arrangement"]["points"]
        assert [[str(c), p] for c, p in frontend.discard_deadwood(view)] == data["discards"]
        knocks = {str(a.card) for a in view.legal_actions if isinstance(a, gr.Knock)}
        assert knocks == set(data["knock_cards"])
        layoffs: dict[str, list[int]] = {}
        for a in view.legal_actions:
            if isinstance(a, gr.LayOff):
                layoffs.setdefault(str(a.card), []).append(a.meld)
        assert layoffs == data["layoffs"]
        assert [frontend.describe_event(e, view.player, opponent="the bot") for e in view.events] == data[
            "log"
        ]
        assert (data["end"] is None) == (view.result is None)


def test_a_game_views_picture_speaks_from_its_players_side() -> None:
    """``str(GameView)`` is a picture, not a repr: the scores with the viewer's first, a line
    per finished round, the verdict once the game is over, then the round's picture."""
    game = gr.Game.new(gr.PAGAT, seed=3, dealer=0)
    bot = gr.GreedyBot()
    while not game.is_over:
        player = game.to_act
        assert player is not None
        game = game.apply(bot.act(game.round.view(player)))
    for viewer in (0, 1):
        lines = str(game.view(viewer)).splitlines()
        scores = game.scores
        assert f"you {scores[viewer]}, opponent {scores[1 - viewer]} (target 100)" in lines[0]
        assert len(game.results) == sum(1 for line in lines if re.match(r"round \d+ ", line))
        winner = game.result.winner
        assert ("you win" if winner == viewer else "the opponent wins") in str(game.view(viewer))
        assert str(game.view(viewer).round) in str(game.view(viewer))


def test_every_name_of_the_kit_is_documented_with_an_example() -> None:
    """Every public class and function of ``ginrummy.frontend`` has a docstring holding a
    doctest (docs/conventions.md §8), and every public method and property a docstring."""
    import inspect

    missing = []
    for name in frontend.__all__:
        obj = getattr(frontend, name)
        if not (inspect.isclass(obj) or inspect.isfunction(obj)):
            continue
        if ">>>" not in (inspect.getdoc(obj) or ""):
            missing.append(name)
        if inspect.isclass(obj):
            for attribute, member in vars(obj).items():
                target = member.fget if isinstance(member, property) else member
                if isinstance(target, (classmethod, staticmethod)):
                    target = target.__func__
                public = not attribute.startswith("_") and inspect.isfunction(target)
                if public and not inspect.getdoc(target):
                    missing.append(f"{name}.{attribute}")
    assert [] == missing
