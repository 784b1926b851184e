"""Take-backs that reveal nothing (``ginrummy.frontend.takebacks`` and ``Session.undo``): a
person may take back a decision only while it has seen no card since that it did not know
before it, so no take-back lets the person learn a card and then choose again. Nor does a
save: a table that keeps a ledger of its saves (``ginrummy.frontend.save_ledger``) takes each
save up once, and never once the session went on past it.

The invariant is checked by a tracker of what the person has learned in each round: whatever
the person has seen of a round stays shown in every later state of that round (a take-back
cannot make the person forget), and a round whose end the person saw is never played again.
"""

from __future__ import annotations

import random

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from ginrummy.cards import Card
from ginrummy.frontend import SaveLedger, Session
from ginrummy.frontend.save_ledger import PASSED, RESUMED, SAVED, new_save_id
from ginrummy.frontend.takebacks import seen_cards, takeback_refusal
from hypothesis_share import examples
from sealed_saves import KEY


class Learned:
    """What the person has seen of each round over a whole sequence of sessions."""

    def __init__(self) -> None:
        self.cards: dict[int, frozenset[Card]] = {}
        self.scored: set[int] = set()
        self.violations: list[str] = []
        self.resumes: list[bool] = []  # each save tried: taken up (True) or refused (False)

    def look(self, session: Session) -> None:
        """The person looks at the table: record what it shows, and any knowledge the table
        no longer shows (a card seen and then taken back, a scored round played again)."""
        finished = len(session.game.results)
        shown = seen_cards(session.table)
        number = finished - 1 if session.paused or session.is_over else finished
        if session.paused or session.is_over:
            self.scored.add(number)
        elif number in self.scored:
            self.violations.append(f"round {number} is played again after its end was shown")
        lost = self.cards.get(number, frozenset()) - shown
        if lost:
            self.violations.append(f"round {number}: {sorted(map(str, lost))} seen, then taken back")
        self.cards[number] = self.cards.get(number, frozenset()) | shown


class Table:
    """A table that saves: its saves, its ledger, and the saves the session stands on (made at
    its position, or taken up to it), which it marks ``passed`` when the session goes on."""

    def __init__(self) -> None:
        self.saves: list[tuple[str, str]] = []
        self.ledger = SaveLedger()
        self.standing: list[str] = []

    def save(self, session: Session) -> None:
        save_id = new_save_id()
        self.saves.append((save_id, session.save(KEY, save_id=save_id)))
        self.ledger = self.ledger.with_state(save_id, SAVED)
        self.standing.append(save_id)

    def resume(self, which: int, session: Session, learned: Learned) -> Session:
        """The session of save ``which`` if the ledger lets it be taken up, else ``session``."""
        if not self.saves:
            return session
        save_id, text = self.saves[which % len(self.saves)]
        if self.ledger.refusal(save_id, free_takebacks=session.free_takebacks) is not None:
            learned.resumes.append(False)
            return session
        learned.resumes.append(True)
        self.ledger = self.ledger.with_state(save_id, RESUMED)
        self.standing = [save_id]
        return Session.resume(text, KEY)

    def went_on(self) -> None:
        for save_id in self.standing:
            self.ledger = self.ledger.with_state(save_id, PASSED)
        self.standing = []


def wander(seed: int, choices: list[int], *, free: bool) -> Learned:
    """A session played by ``choices``: 0 tries a take-back (refused or not), -1 saves, -2
    and -3 try to take up the first and the last save (refused or not), any other number picks
    a legal action (or deals on at a round's end)."""
    session = Session.new(gr.PAGAT, bot="greedy", seed=seed, dealer=0, free_takebacks=free)
    learned = Learned()
    learned.look(session)
    table = Table()
    for choice in choices:
        if session.is_over:
            break
        if choice == -1:
            table.save(session)
            continue
        if choice in (-2, -3):
            session = table.resume(choice + 2, session, learned)
            learned.look(session)
            continue
        table.went_on()
        if choice == 0:
            if session.can_undo:
                session = session.undo()
            else:
                assert session.undo_refusal is not None
        elif session.paused:
            session = session.deal_on()
        else:
            legal = session.legal_actions
            session = session.apply(legal[choice % len(legal)])
        learned.look(session)
    return learned


@settings(max_examples=examples(40), deadline=None)
@given(
    seed=st.integers(0, 10**6),
    choices=st.lists(st.sampled_from([0, 0, 1, 2, 3, 5, 7, -1, -2, -3]), min_size=5, max_size=60),
)
def test_no_sequence_of_takebacks_lets_the_person_see_a_card_and_choose_again(
    seed: int, choices: list[int]
) -> None:
    """Whatever the person does (moves, take-backs tried at any point, deals on, saves, and
    saves taken up again as the ledger allows), every card it has seen of a round is still
    shown by the table in every later state of that round, and no round is played again once
    its end was shown: no decision made before seeing a card is ever made again."""
    assert [] == wander(seed, choices, free=False).violations


def test_the_tracker_catches_free_takebacks() -> None:
    """The tracker of the property above can fail: on a practice table (free take-backs) a
    stock draw taken back is a card seen and then taken back, and a knock taken back plays a
    scored round again."""
    violations = wander(3, [1, 0, 1, 1, 0] + [1, 2, 0] * 40, free=True).violations
    assert any("seen, then taken back" in v for v in violations)


def test_a_save_is_taken_up_once_and_never_after_the_session_went_on_past_it() -> None:
    """Save, draw from the stock, take the save up: refused (the session went on past it);
    save, take it up, draw, take it up again: refused (it was taken up); on a practice table
    both are taken up, and the tracker sees the card drawn, then taken back."""
    strict = wander(3, [1, -1, 1, 1, -2, -1, -3, 1, -3], free=False)
    assert ([], [False, True, False]) == (strict.violations, strict.resumes)
    free = wander(3, [1, -1, 1, 1, -2, -1, -3, 1, -3], free=True)
    assert [True, True, True] == free.resumes
    assert any("seen, then taken back" in v for v in free.violations)


def test_the_refusal_says_nothing_about_what_the_person_cannot_see() -> None:
    """Two sessions that differ only in what the person cannot see (the bot's hand, the
    stock's order: worlds drawn from the person's view) give the same answer to a take-back,
    word for word, at every point of a game."""
    session = Session.new(gr.PAGAT, bot="greedy", seed=11, dealer=0)
    strategy = gr.GreedyBot()
    rng = random.Random(5)
    compared = 0
    while not session.is_over and compared < 40:
        session = session.deal_on() if session.paused else session.apply(strategy.act(session.table))
        world = attrs.evolve(session, game=session.view.sample(rng))
        assert session.table == world.table
        assert session.undo_refusal == world.undo_refusal
        compared += 1
    assert 40 == compared


def test_refusals_name_the_cards_drawn_and_shown() -> None:
    """Taking back a draw after the bot's reply: the reason names the card the person drew
    from the stock apart from the card the bot discarded, each once."""
    game = gr.Game.new(gr.PAGAT, seed=3, dealer=1).apply(gr.PassUpcard(), 0).apply(gr.PassUpcard(), 1)
    drawn = game.round.stock[-1]
    game = game.apply(gr.DrawStock(), 0)
    game = game.apply(gr.Discard(drawn), 0)
    bot = gr.GreedyBot()
    while game.to_act == 1:
        game = game.apply(bot.act(game.round.view(1)), 1)
    shown = game.round.discard_pile[-1]
    expected = (
        f"you cannot take back your draw: you have seen {drawn} (the card you drew from the stock) "
        f"and {shown} (shown by the bot) since, and would choose again knowing it"
    )
    assert expected == takeback_refusal(game, person=0, decision=2)
