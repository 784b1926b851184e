"""The cost of a learned model's inference in plain Python (``ginrummy.neural``).

Random networks of the sizes the learned players use: 400 inputs -> 128 relu -> 64 relu -> 1
logistic (a value), the same trunk with a 52-output logistic head (a card's probability each),
and the smaller 400 -> 64 -> 32 -> 1 from 80 active inputs (0.34 ms in the figures gathered for
issue 28). For 60 active inputs (``--active``: a view's card indicators), the median
microseconds of
``forward``, of its two halves (``first_layer``, ``finish``), of ``add_inputs`` with one input
taken away and one added (a changed hand) then ``finish``, and of the later layers computed
with the plain ``sum(map(operator.mul, row, h))`` per output that ``math.dist`` replaces (see
``ginrummy/neural/network.py``); and the milliseconds to dump and to parse each model file,
with its size.

Run: ``python benchmarks/neural.py [--repeats R] [--number N]`` (``R`` timings of ``N`` calls
each; medians per call).
"""

from __future__ import annotations

import argparse
import random
import statistics
import timeit
from collections.abc import Callable
from operator import mul

from ginrummy.neural.model_file import dump_model, parse_model
from ginrummy.neural.network import Layer, Network


def random_network(sizes: list[int], activations: list[str], rng: random.Random) -> Network:
    """A network of these layer sizes (inputs first) with random weights, scaled as He's."""
    layers = []
    for inputs, outputs, activation in zip(sizes, sizes[1:], activations, strict=False):
        scale = (2.0 / inputs) ** 0.5
        weights = [[rng.gauss(0.0, scale) for _ in range(outputs)] for _ in range(inputs)]
        biases = [rng.gauss(0.0, 0.1) for _ in range(outputs)]
        layers.append(Layer(weights=weights, biases=biases, activation=activation))
    return Network(layers=tuple(layers))


def plain_finish(network: Network) -> Callable[[list[float]], list[float]]:
    """``finish`` with each later layer's output a plain ``sum(map(mul, column, h))`` (relu
    hidden layers; the last layer's activation left out), its columns made once."""
    layers = [(layer.biases, list(zip(*layer.weights, strict=True))) for layer in network.layers[1:]]

    def finish(pre: list[float]) -> list[float]:
        h = [x if x > 0.0 else 0.0 for x in pre]
        for number, (biases, columns) in enumerate(layers, 2):
            h = [b + sum(map(mul, column, h)) for b, column in zip(biases, columns, strict=True)]
            if number < len(network.layers):
                h = [x if x > 0.0 else 0.0 for x in h]
        return h

    return finish


def per_call(function: Callable[[], object], repeats: int, number: int) -> float:
    """The median microseconds of one call."""
    return statistics.median(timeit.repeat(function, repeat=repeats, number=number)) / number * 1e6


def main() -> None:
    """Parse the arguments and print one block per network."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--number", type=int, default=200)
    parser.add_argument("--active", type=int, default=60)
    args = parser.parse_args()
    rng = random.Random(20261202)
    relu = ["relu", "relu", "logistic"]
    networks = [
        ("400 -> 128 -> 64 -> 1 (value)", random_network([400, 128, 64, 1], relu, rng), args.active),
        (
            "400 -> 128 -> 64 -> 52 (52-output head)",
            random_network([400, 128, 64, 52], relu, rng),
            args.active,
        ),
        ("400 -> 64 -> 32 -> 1, 80 active (issue 28's)", random_network([400, 64, 32, 1], relu, rng), 80),
    ]
    print(f"median microseconds per call ({args.repeats} timings of {args.number} calls)")
    for title, network, count in networks:
        active = sorted(rng.sample(range(400), count))
        out, into = active[0], next(i for i in range(400) if i not in active)
        pre = network.first_layer(active)
        plain = plain_finish(network)
        figures = {
            "forward": lambda n=network, a=active: n.forward(a),
            "first_layer": lambda n=network, a=active: n.first_layer(a),
            "finish": lambda n=network, p=pre: n.finish(p),
            "add_inputs (-1 +1) + finish": lambda n=network, p=pre, o=out, i=into: n.finish(
                n.add_inputs(n.add_inputs(p, [o], sign=-1.0), [i])
            ),
            "finish with plain products": lambda f=plain, p=pre: f(p),
        }
        print(title)
        for name, function in figures.items():
            print(f"  {name:32} {per_call(function, args.repeats, args.number):9.1f}")
        text = dump_model(network, name="bench", feature_version=1)
        dump_ms = per_call(lambda n=network: dump_model(n, name="bench", feature_version=1), 3, 2) / 1000
        parse_ms = per_call(lambda t=text: parse_model(t), 3, 2) / 1000
        print(f"  model file: {len(text) / 1024:.0f} KiB, dump {dump_ms:.0f} ms, parse {parse_ms:.0f} ms")


if __name__ == "__main__":
    main()
