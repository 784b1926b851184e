"""A kit for front ends: what every table needs on top of the rules, written on the public
API.

- :class:`Session`: a person against a bot: it runs the bot's turns, pauses at the end of a
  round until the person deals on, undoes to the person's last decision unless the person has
  seen a card since that it did not know (:func:`takeback_refusal`, :func:`seen_cards`), and
  saves and resumes with its bot in a sealed save (:mod:`ginrummy.frontend.session`,
  :mod:`ginrummy.frontend.sealing`, :mod:`ginrummy.frontend.takebacks`); a ledger of saves takes
  each save up once (:class:`SaveLedger`), and the session commits to each round's deck
  before the round and reveals it after (:class:`RoundDeal`, :func:`deal_log`,
  :func:`read_deal_log`).
- :func:`suggest`: a view's legal actions ranked by the tracker bot's appraisal, with reasons
  in words (:mod:`ginrummy.frontend.hints`); :func:`review`: a finished round's decisions
  judged with what the player knew, and its luck against skill (:mod:`ginrummy.frontend.review`).
- :func:`controls`: a view's legal actions grouped for controls, per card and the rest
  (:mod:`ginrummy.frontend.controls`).
- :func:`knock_spreads`: every legal spread of a knock with a card, and the one ``Knock(card)``
  shows (:mod:`ginrummy.frontend.knock_spreads`).
- :func:`discard_deadwood` and :func:`knock_now`: the deadwood after each legal discard, and
  what knocking now would leave (:mod:`ginrummy.frontend.discards`).
- :func:`describe_event`, :func:`describe_action`, :func:`describe_result`,
  :func:`explain_points`, :func:`describe_game_result`: words from one player's side
  (:mod:`ginrummy.frontend.words`); :func:`events_since_last_action` and :func:`actors`: who
  did what, across rounds (:mod:`ginrummy.frontend.history`).
- :func:`round_end`: a finished round laid out, hands in melds, layoffs, points explained
  (:mod:`ginrummy.frontend.round_end`); :func:`table_data`: all of these as JSON data for a
  page (:mod:`ginrummy.frontend.table_json`); :func:`table_text`: a terminal picture of a
  view from its player's side (:mod:`ginrummy.frontend.table_text`). These drawings read one
  set of facts per view, worked out once (:mod:`ginrummy.frontend.table_facts`).

Cards are written with suit symbols by ``format(card, "g")``. Every function reads one
player's view (or the session's views), so what it returns holds nothing that player may not
see; the session's :attr:`Session.game` is the whole truth and stays with the table's owner.

>>> import ginrummy as gr
>>> from ginrummy import frontend
>>> s = frontend.Session.new(gr.PAGAT, bot="greedy", seed=7, dealer=0)
>>> [frontend.describe_event(e, 0, opponent="the bot") for _, e in s.news]
['the bot takes Ah', 'the bot discards Js']
"""

from __future__ import annotations

from ginrummy.frontend.controls import CardControls, Controls, controls
from ginrummy.frontend.discards import KnockNow, discard_deadwood, knock_now
from ginrummy.frontend.fair_deals import RoundDeal, deal_log, read_deal_log
from ginrummy.frontend.hints import Candidate, Hint, suggest
from ginrummy.frontend.history import actors, events_since_last_action, game_events, round_starts
from ginrummy.frontend.knock_spreads import KnockSpreads, knock_spreads
from ginrummy.frontend.review import DecisionReview, Judged, RoundReview, review, review_text
from ginrummy.frontend.round_end import RoundEnd, round_end
from ginrummy.frontend.save_ledger import SaveLedger
from ginrummy.frontend.session import Session
from ginrummy.frontend.table_json import arrangement_json, table_data
from ginrummy.frontend.table_text import arrangement_text, round_end_text, table_text
from ginrummy.frontend.takebacks import seen_cards, takeback_refusal
from ginrummy.frontend.words import (
    OPPONENT,
    Side,
    describe_action,
    describe_event,
    describe_game_result,
    describe_result,
    explain_points,
)

__all__ = [
    "OPPONENT",
    "Candidate",
    "CardControls",
    "Controls",
    "DecisionReview",
    "Hint",
    "Judged",
    "KnockNow",
    "KnockSpreads",
    "RoundDeal",
    "RoundEnd",
    "RoundReview",
    "SaveLedger",
    "Session",
    "Side",
    "actors",
    "arrangement_json",
    "arrangement_text",
    "controls",
    "deal_log",
    "describe_action",
    "describe_event",
    "describe_game_result",
    "describe_result",
    "discard_deadwood",
    "events_since_last_action",
    "explain_points",
    "game_events",
    "knock_now",
    "knock_spreads",
    "read_deal_log",
    "review",
    "review_text",
    "round_end",
    "round_end_text",
    "round_starts",
    "seen_cards",
    "suggest",
    "table_data",
    "table_text",
    "takeback_refusal",
]
