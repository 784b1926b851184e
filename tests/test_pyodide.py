"""The rules in the browser with no server: the pure-Python wheel in Pyodide, under Node.

Marked ``pyodide`` and left out of the default ``pytest`` run (Node and the ``pyodide`` npm
package are not pip packages); ``.ci/run`` installs the npm package and runs ``pytest -m
pyodide`` with ``$GINRUMMY_PYODIDE`` set to its directory (``node_modules/pyodide``).

Pyodide's npm package holds the interpreter and the standard library but no other package,
and its ``loadPackage`` fetches from a CDN that these machines cannot reach; so the test
takes ginrummy's wheel (the one of ``$GINRUMMY_DIST``, which ``.ci/run`` builds once for the
run, or else one it builds with ``pip wheel . --no-deps``), downloads the two pure-Python
wheels it needs (``pip download attrs typing-extensions``, from the package index) and hands
all three to ``tests/pyodide_check.mjs``, which unpacks them into Pyodide's site-packages.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

import ginrummy as gr
from ginrummy.neural import Layer, Network, dump_model, packaged_models, parse_model, read_packaged
from repository import ROOT, TESTS

pytestmark = pytest.mark.pyodide

CHECK = TESTS / "pyodide_check.mjs"


def pip(*args: str) -> None:
    """Run pip of this interpreter, failing the test with its output on an error."""
    completed = subprocess.run(
        [sys.executable, "-m", "pip", *args], capture_output=True, text=True, check=False, timeout=600
    )
    assert 0 == completed.returncode, completed.stdout[-2000:] + completed.stderr[-2000:]


def _network_outputs() -> list[float]:
    """The outputs of the small network the Pyodide script runs through its model file."""
    hidden = Layer(weights=[[0.5, -1.0], [1.0, 0.25], [-0.75, 2.0]], biases=[0.1, -0.2], activation="relu")
    head = Layer(weights=[[1.5, -0.5, 0.0], [0.25, 1.0, -2.0]], biases=[0.0, 0.5, 1.0], activation="softmax")
    network = parse_model(dump_model(Network(layers=(hidden, head)), name="probe", feature_version=1)).network
    return network.forward([0, 2], [(1, 0.5)])


def test_a_whole_game_and_a_json_round_trip_run_in_pyodide(tmp_path: Path) -> None:
    """The wheel runs in Pyodide: a game between two greedy bots ends with the
    same result as in this interpreter, a game and a view survive a JSON round trip, the
    packaged schema loads, a small network gives the same outputs through its model file, and
    every packaged model loads with the same hash."""
    pyodide = Path(os.environ.get("GINRUMMY_PYODIDE", ROOT / "node_modules" / "pyodide"))
    assert (pyodide / "pyodide.mjs").exists(), f"no Pyodide at {pyodide}: set GINRUMMY_PYODIDE"
    node = shutil.which("node")
    assert node is not None, "Node is needed"
    started = time.perf_counter()
    given = os.environ.get("GINRUMMY_DIST")
    if given:
        (wheel,) = Path(given).glob("ginrummy-*.whl")
        shutil.copy(wheel, tmp_path)
    else:
        pip("wheel", str(ROOT), "--no-deps", "-q", "-w", str(tmp_path))
    pip("download", "attrs", "typing-extensions", "--no-deps", "--only-binary=:all:", "-d", str(tmp_path))
    wheels = sorted(str(path) for path in tmp_path.glob("*.whl"))
    assert 3 == len(wheels), wheels
    built = time.perf_counter()
    completed = subprocess.run(
        [node, str(CHECK), str(pyodide), *wheels], capture_output=True, text=True, check=False, timeout=600
    )
    assert 0 == completed.returncode, completed.stderr[-3000:]
    report = json.loads(completed.stdout.strip().splitlines()[-1])

    game = gr.Game.new(gr.PAGAT, seed=2024, dealer=0)
    bots = (gr.GreedyBot(), gr.GreedyBot())
    while not game.is_over:
        game = game.apply(bots[game.to_act or 0].act(game.round.view(game.to_act or 0)))
    assert ("emscripten", gr.__version__) == (report["platform"], report["ginrummy"])
    assert (len(game.actions), len(game.results), gr.dumps(game.result)) == (
        report["actions"],
        report["rounds"],
        report["result"],
    )
    assert (True, True) == (report["round_trip"], report["view_round_trip"])
    assert sorted(gr.json_schema()["properties"]["type"]["enum"]) == report["schema_types"]
    assert _network_outputs() == pytest.approx(report["network_outputs"], rel=1e-12)  # libm's exp may differ
    assert {name: read_packaged(name).sha256 for name in packaged_models()} == report["packaged_models"]
    print(
        f"\npyodide: Python {report['python']} in Pyodide under Node; wheels built and downloaded in "
        f"{built - started:.1f} s; Pyodide loaded in {report['load_seconds']:.1f} s; a whole game "
        f"({report['rounds']} rounds, {report['actions']} actions) and its JSON round trip in "
        f"{report['game_seconds']:.1f} s; the Node script took {report['total_seconds']:.1f} s"
    )
