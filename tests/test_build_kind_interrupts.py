"""Ctrl-C at any moment of the library's hot paths raises ``KeyboardInterrupt`` and nothing
else, in both builds, and the library answers as before afterwards.

The compiled build once aborted the process instead (``fatal: out of memory``): mypyc takes a
failure of CPython's long multiplication for a lack of memory, and that multiplication, reached
by a product with a factor of 2**30 or more, stops for a pending signal. The static test keeps
such products out of the compiled modules; the dynamic one interrupts the partitioner and whole
rounds hundreds of times at random moments, in a process of its own (an abort there fails the
test instead of the test session)."""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

from pure_source import PURE_SOURCE
from repository import compile_settings

BIG = 1 << 30
"""A product with a factor at least this large leaves mypyc's machine integers."""

OPERATIONS: dict[type[ast.operator], Callable[[int, int], int]] = {
    ast.Add: int.__add__,
    ast.Sub: int.__sub__,
    ast.Mult: int.__mul__,
    ast.BitOr: int.__or__,
}
"""The operations a constant expression of the scanned modules may use (and ``<<``)."""


def _int_constants(tree: ast.Module) -> dict[str, int]:
    """The module-level names bound to an integer constant expression."""
    found: dict[str, int] = {}
    for node in tree.body:
        target, value = (
            (node.targets[0], node.value)
            if isinstance(node, ast.Assign) and len(node.targets) == 1
            else (node.target, node.value)
            if isinstance(node, ast.AnnAssign)
            else (None, None)
        )
        if isinstance(target, ast.Name) and value is not None:
            constant = _constant(value, found)
            if constant is not None:
                found[target.id] = constant
    return found


def _constant(node: ast.expr, names: dict[str, int]) -> int | None:
    """The value of an integer constant expression (literals, known names, ``+ - * << |``),
    or ``None``."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Name):
        return names.get(node.id)
    if isinstance(node, ast.BinOp):
        left, right = _constant(node.left, names), _constant(node.right, names)
        if left is None or right is None:
            return None
        if isinstance(node.op, ast.LShift) and 0 <= right < 256:
            return left << right
        operation = OPERATIONS.get(type(node.op))
        return None if operation is None else operation(left, right)
    return None


def big_products(source: str) -> list[int]:
    """The lines of ``source`` with a product (``*`` or ``*=``) one of whose factors is an
    integer constant of 2**30 or more."""
    tree = ast.parse(source)
    names = _int_constants(tree)
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
            factors = [node.left, node.right]
        elif isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Mult):
            factors = [node.target, node.value]
        else:
            continue
        if any((value := _constant(factor, names)) is not None and abs(value) >= BIG for factor in factors):
            lines.append(node.lineno)
    return sorted(lines)


def test_the_scan_finds_big_factors_written_every_way() -> None:
    """Literals, constant names and expressions, either side, augmented assignment; small
    factors and sequence repetition pass."""
    source = textwrap.dedent(
        """\
        RANKS = 0x8004002001
        WIDE = 1 << 40
        SMALL = 13
        def f(x: int, y: int) -> int:
            a = x * 0x8004002001
            b = RANKS * x
            c = x * (WIDE | 1)
            y *= RANKS
            d = x * SMALL * 52
            e = [0] * 8192
            g = x * (1 << 29)
            return a + b + c + d + len(e) + g + y
        """
    )
    assert big_products(source) == [5, 6, 7, 8]


def test_no_compiled_module_multiplies_by_a_factor_of_2_to_the_30_or_more() -> None:
    """Every module the compiled build compiles keeps its products in machine integers (a
    table or shifts instead): such a product is where a Ctrl-C aborted the compiled build."""
    package = PURE_SOURCE / "ginrummy"
    found = {
        path: lines
        for path in compile_settings().COMPILED_MODULES
        if (lines := big_products((package / path).read_text(encoding="utf-8")))
    }
    assert found == {}


CHILD = textwrap.dedent(
    """\
    import random, signal, sys, time
    import ginrummy as gr

    signal.signal(signal.SIGALRM, signal.default_int_handler)  # a timer's Ctrl-C
    rng = random.Random(2026)
    hands = [gr.Hand(rng.sample(gr.DECK, size)) for size in (10, 11) for _ in range(200)]

    def answers():
        return [(gr.deadwood(h), str(gr.best_melds(h)), len(gr.all_best_melds(h))) for h in hands]

    def partition(until):
        while time.monotonic() < until:
            for hand in hands:
                gr.best_melds(hand)
                gr.deadwood(hand)
                if len(hand) == 11:
                    gr.best_discard(hand)

    def rounds(until):
        seed = 0
        while time.monotonic() < until:
            seed += 1
            bots = (gr.make_bot("greedy", seed=seed), gr.make_bot("tracker", seed=seed))
            state = gr.Round.deal(gr.PRESETS["pagat"], seed % 2, seed=seed)
            while not state.is_over:
                player = state.to_act
                state = state.apply(bots[player].act(state.view(player)), player=player)

    # Everything the workloads use is loaded before any timer: the bots load on first use, and an
    # interrupt inside an import leaves a module half made (Python's import system, not the
    # hot paths this test is about).
    rounds(time.monotonic() + 0.01)
    before = answers()
    caught = missed = 0
    for i in range(int(sys.argv[1])):
        delay = rng.uniform(0.0002, 0.004)
        try:  # armed inside: a busy machine may interrupt the next instruction already
            signal.setitimer(signal.ITIMER_REAL, delay)
            (partition if i % 2 else rounds)(time.monotonic() + 2.0)
            missed += 1  # two seconds after a timer of at most 4 ms: the interrupt was lost
        except KeyboardInterrupt:
            caught += 1
    signal.setitimer(signal.ITIMER_REAL, 0)
    assert answers() == before, "an interrupted call changed a later answer"
    print(caught, missed)
    """
)


def test_ctrl_c_at_random_moments_of_the_hot_paths_raises_keyboard_interrupt(tmp_path: Path) -> None:
    """Hundreds of interrupts, each at a random moment of the partitioner or of a round played
    by the greedy and tracker bots: each one raises ``KeyboardInterrupt`` (the process never
    aborts), and afterwards every answer is what it was before. (One in a hundred may be lost
    without failing: Python drops an interrupt that lands in a finalizer, such as a suspended
    generator's, after printing it.)"""
    script = tmp_path / "interrupts.py"
    script.write_text(CHILD, encoding="utf-8")
    interrupts = 400
    done = subprocess.run(
        [sys.executable, "-X", "faulthandler", str(script), str(interrupts)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    caught, missed = map(int, done.stdout.split())
    assert (caught + missed, missed <= interrupts // 100) == (interrupts, True), done.stderr[-3000:]
