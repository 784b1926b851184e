// The rules in the browser with no server: the pure-Python wheel runs in Pyodide under Node.
//
// Usage: node tests/pyodide_check.mjs PYODIDE_DIR WHEEL...
//
// PYODIDE_DIR is the npm package's directory (node_modules/pyodide); the wheels are ginrummy's
// and its two dependencies' (attrs, typing-extensions), unpacked into Pyodide's site-packages
// straight from the files, so nothing is fetched from the network. The script plays a whole
// game between two bots, checks a JSON round trip and the schema, runs a small network through
// its model file and reads the packaged models, and prints one JSON line: what it played and
// how long each part took.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, ...wheels] = process.argv.slice(2);
if (!pyodideDir || wheels.length === 0) {
  console.error("usage: node pyodide_check.mjs PYODIDE_DIR WHEEL...");
  process.exit(2);
}

const started = performance.now();
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
for (const wheel of wheels) pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
const loaded = performance.now();

const played = pyodide.runPython(`
import json, sys, time
import ginrummy as gr
from ginrummy.neural import Layer, Network, dump_model, packaged_models, parse_model, read_packaged

started = time.perf_counter()
game = gr.Game.new(gr.PAGAT, seed=2024, dealer=0)
bots = (gr.GreedyBot(), gr.GreedyBot())
while not game.is_over:
    game = game.apply(bots[game.to_act].act(game.round.view(game.to_act)))
text = gr.dumps(game)
hidden = Layer(weights=[[0.5, -1.0], [1.0, 0.25], [-0.75, 2.0]], biases=[0.1, -0.2], activation="relu")
head = Layer(weights=[[1.5, -0.5, 0.0], [0.25, 1.0, -2.0]], biases=[0.0, 0.5, 1.0], activation="softmax")
network = parse_model(dump_model(Network(layers=(hidden, head)), name="probe", feature_version=1)).network
json.dumps({
    "python": sys.version.split()[0],
    "platform": sys.platform,
    "ginrummy": gr.__version__,
    "actions": len(game.actions),
    "rounds": len(game.results),
    "result": gr.dumps(game.result),
    "round_trip": gr.loads(text) == game,
    "view_round_trip": gr.loads(gr.dumps(game.view(1))) == game.view(1),
    "schema_types": sorted(gr.json_schema()["properties"]["type"]["enum"]),
    "network_outputs": network.forward([0, 2], [(1, 0.5)]),
    "packaged_models": {name: read_packaged(name).sha256 for name in packaged_models()},
    "game_seconds": time.perf_counter() - started,
})
`);
const report = JSON.parse(played);
report.load_seconds = (loaded - started) / 1000;
report.total_seconds = (performance.now() - started) / 1000;
console.log(JSON.stringify(report));
