// The rules in the browser with no server: the pure-Python wheel runs in Pyodide under Node.
//
// Usage: node tests/pyodide_check.mjs PYODIDE_DIR WHEEL...
//
// PYODIDE_DIR is the npm package's directory (node_modules/pyodide); the wheels are ginrummy's
// and its two dependencies' (attrs, typing-extensions), unpacked into Pyodide's site-packages
// straight from the files, so nothing is fetched from the network. The script plays a whole
// game between two bots, checks a JSON round trip and the schema, and prints one JSON line:
// what it played and how long each part took.
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

started = time.perf_counter()
game = gr.Game.new(gr.PAGAT, seed=2024, dealer=0)
bots = (gr.GreedyBot(), gr.GreedyBot())
while not game.is_over:
    game = game.apply(bots[game.to_act].act(game.round.view(game.to_act)))
text = gr.dumps(game)
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
    "game_seconds": time.perf_counter() - started,
})
`);
const report = JSON.parse(played);
report.load_seconds = (loaded - started) / 1000;
report.total_seconds = (performance.now() - started) / 1000;
console.log(JSON.stringify(report));
