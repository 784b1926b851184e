"""Bad input of every public entry point: the library's own errors, bounded memory and time.

Each case here once escaped as a foreign exception (``ValueError`` from ``int``,
``TypeError``, ``AttributeError``, ``IndexError``, ``KeyError``) or cost far more than its input;
now each raises a :class:`gr.GinRummyError` subclass whose message names the value.
"""

from __future__ import annotations

import json
import tracemalloc
from collections.abc import Callable

import pytest

import ginrummy as gr
from ginrummy.io.documents import MAX_DOCUMENT

DEALT = gr.Round.deal(gr.PAGAT, dealer=0, seed=3)


def position(**changes: object) -> Callable[[], object]:
    """``from_position`` of the dealt round's layout with ``changes``."""
    args: dict[str, object] = {
        "dealer": 0,
        "hands": DEALT.hands,
        "stock": DEALT.stock,
        "discard_pile": DEALT.discard_pile,
        "phase": gr.Phase.DRAW,
        **changes,
    }
    return lambda: gr.Round.from_position(gr.PAGAT.evolve(max_turns=50), **args)  # type: ignore[arg-type]


def document(kind: str, data: object) -> str:
    """A ``ginrummy`` JSON document."""
    return json.dumps({"format": "ginrummy", "version": 1, "type": kind, "data": data})


CASES: dict[str, tuple[Callable[[], object], type[gr.GinRummyError], str]] = {
    "action with a superscript digit": (
        lambda: gr.loads(document("Action", "l 8h ²")),
        gr.SerializationError,
        "'²'",
    ),
    "a 5,000-digit meld index": (
        lambda: gr.loads(document("Action", "l 8h " + "9" * 5000)),
        gr.SerializationError,
        "5005 characters",
    ),
    "a seed of 5,000 digits": (lambda: gr.Game.new(gr.PAGAT, seed=10**5000), gr.InvalidPositionError, "seed"),
    "a taken card that is a number": (position(taken=5), gr.InvalidPositionError, "taken 5 is not a card"),
    "one hand": (position(hands=(DEALT.hands[0],)), gr.InvalidPositionError, "a pair of hands"),
    "hands as a dict": (position(hands={}), gr.InvalidPositionError, "a pair of hands"),
    "turns as text with max_turns": (
        position(turns="x"),
        gr.InvalidPositionError,
        "'turns' must be an integer",
    ),
    "a float dealer": (lambda: gr.Round.deal(gr.PAGAT, 1.0), gr.InvalidPositionError, "dealer 1.0"),  # type: ignore[arg-type]
    "a float viewer": (lambda: DEALT.view(1.0), gr.InvalidPositionError, "player 1.0"),  # type: ignore[arg-type]
    "a float hand owner": (lambda: DEALT.hand(1.0), gr.InvalidPositionError, "player 1.0"),  # type: ignore[arg-type]
    "a list seed": (lambda: gr.Round.deal(gr.PAGAT, 0, seed=[1]), gr.InvalidPositionError, "seed [1]"),  # type: ignore[arg-type]
    "a list game seed": (lambda: gr.Game.new(gr.PAGAT, seed=[1]), gr.InvalidPositionError, "seed [1]"),  # type: ignore[arg-type]
    "Hand(None)": (lambda: gr.Hand(None), gr.InvalidHandError, "None is not cards"),  # type: ignore[arg-type]
    "Hand(5)": (lambda: gr.Hand(5), gr.InvalidHandError, "5 is not cards"),  # type: ignore[arg-type]
    "score_game of None": (lambda: gr.score_game(gr.PAGAT, None), gr.InvalidResultError, "results None"),  # type: ignore[arg-type]
    **{
        f"a list seed for the {name} bot": (
            lambda name=name: gr.make_bot(name, [1]),  # type: ignore[arg-type,misc]
            gr.GinRummyError,
            "seed [1]",
        )
        for name in gr.BOTS
    },
    **{
        f"the {name} bot asked about text": (
            lambda name=name: gr.make_bot(name, 1).act("As"),  # type: ignore[arg-type,misc]
            gr.GinRummyError,
            "not 'As'",
        )
        for name in gr.BOTS
    },
    "a spread that is a number": (lambda: gr.best_layoffs(5, "7h"), gr.InvalidMeldError, "spread 5"),  # type: ignore[arg-type]
    "a spread that is one meld": (
        lambda: gr.best_layoffs(gr.Meld.parse("4h 5h 6h"), "7h"),  # type: ignore[arg-type]
        gr.InvalidMeldError,
        "expected a sequence of melds",
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_bad_input_raises_the_librarys_own_error_naming_the_value(name: str) -> None:
    """Every public entry point answers bad input with a ``GinRummyError`` subclass (never a bare
    ValueError, TypeError, AttributeError, IndexError or KeyError) that names the value."""
    call, error, needle = CASES[name]
    with pytest.raises(error) as info:
        call()
    assert needle in str(info.value)


def test_card_parse_blames_what_follows_a_card_not_its_rank() -> None:
    """``Card.parse("As\\x00")`` says what is wrong: text after a valid card, not an unknown rank."""
    with pytest.raises(gr.ParseError, match=r"'\\x00' after the card 'As'"):
        gr.Card.parse("As\x00")


def peak_memory(call: Callable[[], object]) -> int:
    """The peak of traced memory while ``call`` runs (its error expected)."""
    tracemalloc.start()
    try:
        with pytest.raises(gr.GinRummyError):
            call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_an_oversized_card_text_is_refused_in_memory_proportional_to_it() -> None:
    """A document whose card is 10 MB of text is refused without building anything per
    character (it once took 700 MB): the peak stays within a few times the input."""
    text = document("Card", "A" * 10_000_000)
    assert peak_memory(lambda: gr.loads(text)) < 4 * len(text)


def test_loads_refuses_a_document_over_its_size_limit_before_parsing_it() -> None:
    """``loads`` reads at most ``MAX_DOCUMENT`` characters (or ``max_size``): longer text is
    refused at once, with the limit in the message."""
    text = gr.dumps(gr.PAGAT)
    assert gr.PAGAT == gr.loads(text, max_size=len(text))
    with pytest.raises(gr.SerializationError, match=f"longer than the limit {len(text) - 1}"):
        gr.loads(text, max_size=len(text) - 1)
    assert 64 * 1024 * 1024 == MAX_DOCUMENT


def test_a_record_with_more_decks_than_actions_is_refused_before_its_cards_are_read() -> None:
    """Counts first: a record listing 2,000 decks for no action is refused on the count, before
    its 104,000 card texts are parsed, and names the numbers."""
    record = json.loads(gr.dumps(gr.Game.new(gr.PAGAT, seed=1, dealer=0).record()))
    record["data"]["decks"] = record["data"]["decks"] * 2000
    with pytest.raises(gr.SerializationError, match="2000 decks for 0 actions"):
        gr.loads(json.dumps(record))


def test_a_key_twice_in_an_object_is_refused() -> None:
    """JSON hygiene: an object with a key given twice is refused (JSON would keep the last one
    silently)."""
    text = '{"format": "ginrummy", "version": 1, "type": "Card", "data": "As", "data": "Kd"}'
    with pytest.raises(gr.SerializationError, match="the key 'data' appears twice"):
        gr.loads(text)


def test_a_ruleset_name_with_a_lone_surrogate_is_refused() -> None:
    """A ruleset name that is not text (a lone surrogate, which loaded and then could not be
    written back) is refused by the ruleset itself, and so by ``loads``."""
    with pytest.raises(gr.InvalidRulesetError, match="lone surrogate"):
        gr.Ruleset(name="house\udc80")
    data = json.loads(gr.dumps(gr.PAGAT.evolve(name="house")))
    text = json.dumps(data).replace('"house"', '"house\\udc80"')
    with pytest.raises(gr.SerializationError, match=r"ruleset\.name: .*lone surrogate"):
        gr.loads(text)


def test_a_ruleset_named_like_a_preset_must_be_that_preset() -> None:
    """A ruleset named ``"pagat"`` with other fields would read as Pagat's rules: it is refused
    (give a changed ruleset its own name), in the constructor and in JSON; the preset itself,
    or the same fields under that name, are fine."""
    with pytest.raises(
        gr.InvalidRulesetError, match="the name 'pagat' is a preset's, but 'knock_limit' is 7"
    ):
        gr.PAGAT.evolve(name="pagat", knock_limit=7)
    assert gr.PAGAT == gr.Ruleset(name="pagat")
    data = json.loads(gr.dumps(gr.PAGAT))
    data["data"]["knock_limit"] = 7
    with pytest.raises(gr.SerializationError, match=r"ruleset\.name: "):
        gr.loads(json.dumps(data))
