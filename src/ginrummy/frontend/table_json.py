"""The kit's answers for one view as plain JSON data, for a table in another language (the web
example's page reads them beside the view's own document).

:func:`table_data` is a function of the view alone, so it holds nothing the player may not
see: the hand in its best melds, the deadwood after each legal discard, what knocking now
would leave, which card may go onto which meld of the spread, the log in words, and at the end
of a round both hands laid out with the points explained. Cards are written in the library's
notation (``"Kh"``), as in every document.

>>> import ginrummy as gr
>>> from ginrummy.frontend import table_data
>>> data = table_data(gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1), opponent="the bot")
>>> data["arrangement"]["melds"], data["arrangement"]["points"]
([], 58)
>>> data["knock"]
{'card': None, 'deadwood': 58, 'limit': 10, 'legal': False}
"""

from __future__ import annotations

from typing import Any

from ginrummy.frontend.discards import knock_now
from ginrummy.frontend.round_end import round_end
from ginrummy.frontend.table_facts import table_facts
from ginrummy.frontend.words import OPPONENT, describe_event, explain_points
from ginrummy.io.json_writer import arrangement_data
from ginrummy.melding.partition import Arrangement
from ginrummy.play.round import PlayerView

__all__ = ["arrangement_json", "table_data"]


def arrangement_json(arrangement: Arrangement) -> dict[str, Any]:
    """An arrangement as ``{"melds": [[card, ...], ...], "deadwood": [card, ...], "points": n}``
    (each meld's cards in meld order): the data of its document
    (:func:`ginrummy.io.json_writer.arrangement_data`, which this is).

    >>> import ginrummy as gr
    >>> arrangement_json(gr.best_melds("9c 7c 8c Kh"))
    {'melds': [['7c', '8c', '9c']], 'deadwood': ['Kh'], 'points': 10}
    """
    return arrangement_data(arrangement)


def table_data(view: PlayerView, *, opponent: str = OPPONENT, glyphs: bool = True) -> dict[str, Any]:
    """What a table shows beside the view itself, as JSON data:

    - ``arrangement``: the hand in its best melds and its deadwood;
    - ``discards``: ``[card, deadwood left]`` for each legal discard, least first;
    - ``knock_cards``: ``{card: deadwood left}`` for each legal knock card;
    - ``knock``: what knocking now would leave (``card``, ``deadwood``, ``limit``, ``legal``);
    - ``layoffs``: ``{card: [meld number, ...]}`` for each card that may be laid off now;
    - ``log``: the view's events in words (cards with suit symbols when ``glyphs``);
    - ``end``: once the round is over, each hand laid out (``hands``, by player, null when
      never shown), the knocker's ``spread`` as shown (the ``layoffs`` name its melds by
      number), the ``knock_card``, the ``headline`` and the
      ``explanation`` of the points; else null.

    :param view: one player's view of a round.
    :param opponent: the other player's name in the log and the headline.

    >>> import ginrummy as gr
    >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.PassUpcard())
    >>> table_data(r.view(0), opponent="the bot")["log"]
    ['the bot passes the upcard']
    """
    facts = table_facts(view)
    now = knock_now(view)
    data: dict[str, Any] = {
        "arrangement": arrangement_json(facts.arrangement),
        "discards": [[str(card), points] for card, points in facts.discards],
        "knock_cards": {str(card): points for card, points in facts.knock_cards},
        "knock": {
            "card": None if now.card is None else str(now.card),
            "deadwood": now.deadwood,
            "limit": now.limit,
            "legal": now.legal,
        },
        "layoffs": {str(card): list(melds) for card, melds in facts.layoff_fits},
        "log": [
            describe_event(event, view.player, opponent=opponent, glyphs=glyphs) for event in view.events
        ],
        "end": None,
    }
    if view.result is not None:
        end = round_end(view, opponent=opponent, glyphs=glyphs)
        data["end"] = {
            "hands": [None if hand is None else arrangement_json(hand) for hand in end.hands],
            "knocker": end.knocker,
            "spread": [[str(card) for card in meld.cards] for meld in end.spread],
            "layoffs": [[str(card), meld] for card, meld in end.layoffs],
            "knock_card": None if end.knock_card is None else str(end.knock_card),
            "headline": end.headline,
            "explanation": explain_points(view.result, view.rules, view.player, opponent=opponent),
        }
    return data
