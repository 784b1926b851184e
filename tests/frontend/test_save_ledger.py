"""The ledger of saves (``ginrummy.frontend.save_ledger``): a save may be taken up while it is
``saved``; once ``resumed`` or ``passed``, or when the ledger does not list it, it is refused
with a sentence for the person, unless it is of a practice table; the ledger's text reads back
as the same ledger, and text that is no ledger is refused saying why.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from ginrummy.frontend import SaveLedger
from ginrummy.frontend.save_ledger import PASSED, RESUMED, SAVED, STATES, new_save_id
from hypothesis_share import examples

ledgers_st = st.dictionaries(st.text(min_size=1, max_size=8), st.sampled_from(STATES), max_size=6).map(
    lambda entries: SaveLedger(tuple(entries.items()))
)
"""Ledgers of up to six saves in any states."""


@settings(max_examples=examples(100))
@given(ledger=ledgers_st)
def test_a_ledger_reads_back_as_the_same_ledger(ledger: SaveLedger) -> None:
    """``SaveLedger.parse(str(ledger)) == ledger`` for any ledger."""
    assert ledger == SaveLedger.parse(str(ledger))


@settings(max_examples=examples(100))
@given(ledger=ledgers_st, save_id=st.text(min_size=1, max_size=8), state=st.sampled_from(STATES))
def test_with_state_sets_one_save_and_leaves_the_others(ledger: SaveLedger, save_id: str, state: str) -> None:
    """``with_state`` gives the save its state and leaves every other save's state as it was."""
    changed = ledger.with_state(save_id, state)
    assert state == changed.state(save_id)
    assert {k: v for k, v in ledger.entries if k != save_id} == {
        k: v for k, v in changed.entries if k != save_id
    }


def test_only_a_save_in_the_saved_state_is_taken_up_unless_takebacks_are_free() -> None:
    """A ``saved`` save may be taken up; a ``resumed`` or ``passed`` one is refused saying it
    was taken up already and why that matters; one the ledger does not list is refused saying
    so; a practice table's save (free take-backs) and a save older than ids are taken up
    whatever the ledger says."""
    one, other = new_save_id(), new_save_id()
    assert one != other and 32 == len(one)
    ledger = SaveLedger().with_state(one, SAVED)
    assert ledger.refusal(one, free_takebacks=False) is None
    for state in (RESUMED, PASSED):
        refusal = ledger.with_state(one, state).refusal(one, free_takebacks=False)
        assert refusal is not None and refusal.startswith("this save was taken up already")
        assert "knowing cards you have seen since" in refusal
        assert ledger.with_state(one, state).refusal(one, free_takebacks=True) is None
    refusal = ledger.refusal(other, free_takebacks=False)
    assert refusal is not None and "not in the ledger beside it" in refusal
    assert ledger.refusal(None, free_takebacks=False) is None


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("{", "not JSON"),
        ('{"format": "other"}', "not a ginrummy-save-ledger document"),
        ('{"format": "ginrummy-save-ledger", "version": 3, "saves": []}', "unknown version 3"),
        ('{"format": "ginrummy-save-ledger", "version": 1, "saves": [["a", "lost"]]}', "one of"),
        (
            '{"format": "ginrummy-save-ledger", "version": 1, "saves": [["a", "saved"], ["a", "saved"]]}',
            "twice",
        ),
        ('{"format": "ginrummy-save-ledger", "version": 1, "saves": 5}', "expected a list of entries"),
    ],
)
def test_text_that_is_no_ledger_is_refused_saying_why(text: str, needle: str) -> None:
    """Text that is not a ledger of this version: ``SerializationError`` saying why."""
    with pytest.raises(gr.SerializationError) as refused:
        SaveLedger.parse(text)
    assert needle in str(refused.value)
