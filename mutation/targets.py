"""The rule-owning modules the session mutates, and the test files that exercise each.

The test files of a module are the tests of its domain (docs/design.md, "Each rule once"):
the rule tests, not the bots, simulations or command line, which exercise everything without
pinning a rule. Within them, each mutant runs only the tests that run its lines (see
``session.py``). A module's own doctests are always added.
"""

from __future__ import annotations

from session import Target

__all__ = ["TARGETS"]

_PLAY = (
    "tests/test_round.py",
    "tests/test_action_rules.py",
    "tests/test_round_state.py",
    "tests/test_setup.py",
    "tests/test_actions.py",
    "tests/test_variants.py",
    "tests/test_playouts.py",
    "tests/test_position_identity.py",
    "tests/test_notation.py",
    "tests/test_impossible_values.py",
    "tests/test_bad_input.py",
)
_VIEWS = (
    "tests/test_views.py",
    "tests/test_impossible_views.py",
    "tests/test_sampling.py",
    "tests/test_beliefs.py",
)
_RESULTS = (
    "tests/test_pricing.py",
    "tests/test_round_result.py",
    "tests/test_scoring.py",
    "tests/test_settlement.py",
    "tests/test_game.py",
    "tests/test_impossible_values.py",
)
_MELDING = (
    "tests/test_deadwood.py",
    "tests/test_melds.py",
    "tests/test_layoffs.py",
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
    Target("play/action_rules", _files(_PLAY, ("tests/test_views.py", "tests/test_layoffs.py"))),
    Target(
        "play/round_state",
        _files(_PLAY, ("tests/test_views.py", "tests/test_game.py", "tests/test_pictures.py")),
    ),
    Target("play/setup", _files(_PLAY, ("tests/test_views.py", "tests/test_sampling.py"))),
    Target("play/round", _files(_PLAY, _VIEWS)),
    Target("beliefs/worlds", _files(_VIEWS, ("tests/test_round.py", "tests/test_notation.py"))),
    Target(
        "results/pricing",
        _files(_RESULTS, ("tests/test_round.py", "tests/test_action_rules.py", "tests/test_variants.py")),
    ),
    Target(
        "results/round_result",
        _files(
            _RESULTS,
            (
                "tests/test_round.py",
                "tests/test_action_rules.py",
                "tests/test_variants.py",
                "tests/test_serialization.py",
            ),
        ),
    ),
    Target("results/settlement", _files(_RESULTS, ("tests/test_variants.py", "tests/test_serialization.py"))),
    Target("melding/layoffs", _files(_MELDING, ("tests/test_round.py", "tests/test_variants.py"))),
    Target("melding/suit_lookups", _files(_MELDING, ("tests/test_variants.py",)), sample=SAMPLE),
    Target("melding/rank_dp", _files(_MELDING, ("tests/test_variants.py",)), sample=SAMPLE),
    Target(
        "melding/partition",
        _files(_MELDING, ("tests/test_variants.py", "tests/test_round.py")),
        sample=SAMPLE,
    ),
)
"""Every module the session mutates, in the order ``run.py all`` runs them."""
