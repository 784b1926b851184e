"""The rule-owning modules the session mutates, and the test files that exercise each.

The test files of a module are the tests of its domain (docs/design.md, "Each rule once"):
the rule tests, not the bots, simulations or command line, which exercise everything without
pinning a rule; they sit beside the package they test (``tests/play/``, ``tests/results/``,
``tests/melding/``, ...). Within them, each mutant runs only the tests that run its lines (see
``session.py``). A module's own doctests are always added.
"""

from __future__ import annotations

from session import Target

__all__ = ["TARGETS"]

_PLAY = (
    "tests/play/test_round.py",
    "tests/play/test_action_rules.py",
    "tests/play/test_round_machine.py",
    "tests/play/test_setup.py",
    "tests/test_actions.py",
    "tests/test_rules_variants.py",
    "tests/play/test_round_playouts.py",
    "tests/test_round_fields.py",
    "tests/play/test_notation.py",
    "tests/test_errors.py",
    # the impossible values a constructor refuses, with the tests of their owners
    "tests/results/test_round_result.py",
    "tests/results/test_settlement.py",
    "tests/play/test_game.py",
    "tests/beliefs/test_worlds_possible.py",
)
_VIEWS = (
    "tests/play/test_seen.py",
    "tests/beliefs/test_worlds_possible.py",
    "tests/beliefs/test_worlds.py",
    "tests/beliefs/test_opponent_models.py",
)
_RESULTS = (
    "tests/results/test_pricing.py",
    "tests/results/test_round_result.py",
    "tests/results/test_settlement.py",
    "tests/play/test_game.py",
    "tests/play/test_action_rules.py",
    "tests/beliefs/test_worlds_possible.py",
)
_MELDING = (
    "tests/melding/test_partition.py",
    "tests/test_melds.py",
    "tests/melding/test_layoffs.py",
)


SAMPLE = 80
"""Mutants drawn (seeded) from each module of the partitioner's tables and programmes: much of
their code runs at import, so a mutant there runs all their tests (about 45 s on these
machines, 2,000 mutants in all); a score from 80 has a standard error of about 3.4 points near
90% (README.md, "Sampling")."""


def _files(*groups: tuple[str, ...]) -> tuple[str, ...]:
    """The files of ``groups``, each once, in order."""
    seen: dict[str, None] = {}
    for group in groups:
        for path in group:
            seen.setdefault(path)
    return tuple(seen)


TARGETS: tuple[Target, ...] = (
    Target("play/action_rules", _files(_PLAY, ("tests/play/test_seen.py", "tests/melding/test_layoffs.py"))),
    Target(
        "round_fields",
        _files(_PLAY, ("tests/play/test_seen.py", "tests/play/test_board_text.py")),
    ),
    Target("play/setup", _files(_PLAY, ("tests/play/test_seen.py", "tests/beliefs/test_worlds.py"))),
    Target("play/round", _files(_PLAY, _VIEWS)),
    Target("beliefs/worlds", _files(_VIEWS, ("tests/play/test_round.py", "tests/play/test_notation.py"))),
    Target(
        "results/pricing",
        _files(_RESULTS, ("tests/play/test_round.py", "tests/test_rules_variants.py")),
    ),
    Target(
        "results/round_result",
        _files(
            _RESULTS,
            (
                "tests/play/test_round.py",
                "tests/test_rules_variants.py",
                "tests/io/test_documents.py",
                "tests/io/test_json_fields.py",
                "tests/io/test_json_reader.py",
            ),
        ),
    ),
    Target(
        "results/settlement",
        _files(
            _RESULTS,
            (
                "tests/test_rules_variants.py",
                "tests/io/test_documents.py",
                "tests/io/test_json_fields.py",
                "tests/io/test_json_reader.py",
            ),
        ),
    ),
    Target("melding/layoffs", _files(_MELDING, ("tests/play/test_round.py", "tests/test_rules_variants.py"))),
    Target("melding/suit_lookups", _files(_MELDING, ("tests/test_rules_variants.py",)), sample=SAMPLE),
    Target("melding/rank_dp", _files(_MELDING, ("tests/test_rules_variants.py",)), sample=SAMPLE),
    Target(
        "melding/partition",
        _files(_MELDING, ("tests/test_rules_variants.py", "tests/play/test_round.py")),
        sample=SAMPLE,
    ),
)
"""Every module the session mutates, in the order ``run.py all`` runs them."""
