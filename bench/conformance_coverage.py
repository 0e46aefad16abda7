"""Which seeds of the conformance playouts reach engine code that earlier seeds did not.

Plays 200 seeds of every configuration the conformance test of each game plays, through the
test module's own `conform` (tests/engines/<game>/test_conformance.py, so the checks are
exactly the test's), under coverage.py with branch measurement, in blocks of 50 seeds, one process per block, each seed's playout in a coverage context of
its own. Prints, for each configuration (player count and option) and for all of a game's
configurations together, the branches (arcs) of games/engines/<game>/ reached by the first
50, 100, 150 and 200 seeds, and which later seeds reach arcs that the first N (`--keep`)
do not. The result is recorded in bench/README.md ("`make test`: where the time goes").

    .venv/bin/python bench/conformance_coverage.py [--games lords] [--jobs 2] [--keep 50]
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import itertools
import json
import os
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the tests' package, run from anywhere
GAMES = ["stonespine", "architectura", "thunderstone", "lords"]
BLOCK = 50
SEEDS = 200  # the size measured: the tests' size before they were cut


def configurations(game: str) -> list[dict[str, Any]]:
    """Every parametrisation of the game's conformance test, read from its markers."""
    test = _test(game)
    axes = {
        mark.args[0]: list(mark.args[1])
        for mark in getattr(test, "pytestmark", [])
        if mark.name == "parametrize"
    }
    names = list(axes)
    return [dict(zip(names, values, strict=True)) for values in itertools.product(*axes.values())]


def _test(game: str) -> Any:
    module = importlib.import_module(f"tests.engines.{game}.test_conformance")
    return next(f for name, f in inspect.getmembers(module) if name.startswith("test_it_conforms"))


def run_block(
    game: str, config: dict[str, Any], first: int, size: int = BLOCK
) -> tuple[dict[int, list[str]], float]:
    """Plays `size` seeds from `first` as the test does, under coverage; returns the arcs
    ("file:from:to") each seed reached, and the block's CPU seconds."""
    import coverage
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")
    django.setup()
    module: Any = sys.modules[_test(game).__module__]
    cov = coverage.Coverage(branch=True, data_file=None, source=[str(ROOT / "games" / "engines" / game)])
    from tests.engines.conformance import playout as real

    def playout(engine: Any, seed: int, *args: Any, **kwargs: Any) -> Any:
        cov.switch_context(str(seed))
        return real(engine, seed, *args, **kwargs)

    module.playout = playout  # the test calls it by this global name
    started = time.process_time()
    cov.start()
    module.conform(**config, seeds=range(first, first + size))
    cov.stop()
    cpu = time.process_time() - started
    module.playout = real  # this process may play another block next
    data = cov.get_data()
    reached: dict[int, list[str]] = {}
    for context in data.measured_contexts():
        if not context.isdigit():
            continue
        data.set_query_contexts([f"^{re.escape(context)}$"])
        reached[int(context)] = [
            f"{Path(f).relative_to(ROOT)}:{a}:{b}"
            for f in data.measured_files()
            for a, b in data.arcs(f) or ()
        ]
    return reached, cpu


def _union(per_seed: dict[int, list[str]], below: int) -> set[str]:
    return {arc for seed, arcs in per_seed.items() if seed < below for arc in arcs}


def pinned(per_seed: dict[int, list[str]], keep: int) -> list[int]:
    """The fewest later seeds (greedily, earliest first on ties) that reach every arc the
    first `keep` seeds miss."""
    missing = _union(per_seed, SEEDS) - _union(per_seed, keep)
    chosen = []
    while missing:
        seed = max(sorted(s for s in per_seed if s >= keep), key=lambda s: len(missing & set(per_seed[s])))
        chosen.append(seed)
        missing -= set(per_seed[seed])
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=GAMES, choices=GAMES)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", type=int, nargs="+", default=[50, 100])
    parser.add_argument("--json", help="also write each seed's arcs to this file")
    parser.add_argument("--load", help="print the tables from a file --json wrote, running nothing")
    args = parser.parse_args()
    blocks = [(g, c, f) for g in args.games for c in configurations(g) for f in range(0, SEEDS, BLOCK)]
    per_config: dict[str, dict[int, list[str]]] = {}
    if args.load:
        per_config = {
            k: {int(s): a for s, a in v.items()} for k, v in json.loads(Path(args.load).read_text()).items()
        }
        cpu = 0.0
    else:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(run_block, *zip(*blocks, strict=True)))
        for (game, config, _), (reached, _) in zip(blocks, results, strict=True):
            per_config.setdefault(json.dumps([game, config]), {}).update(reached)
        cpu = sum(c for _, c in results)
    if args.json:
        Path(args.json).write_text(json.dumps(per_config))
    sizes = range(BLOCK, SEEDS + 1, BLOCK)
    print(
        "| game | configuration | "
        + " | ".join(f"{n} seeds" for n in sizes)
        + " | "
        + " | ".join(f"seeds past {k} that reach more" for k in args.keep)
        + " |"
    )
    print("|---|---|" + "---|" * (len(sizes) + len(args.keep)))
    for game in args.games:
        together: dict[int, list[str]] = {}
        for config in configurations(game):
            per_seed = per_config[json.dumps([game, config])]
            for seed, arcs in per_seed.items():
                together.setdefault(seed, []).extend(arcs)
            label = ", ".join(f"{k}={v}" for k, v in config.items())
            counts = [len(_union(per_seed, n)) for n in sizes]
            pins = [", ".join(map(str, pinned(per_seed, k))) or "none" for k in args.keep]
            print(f"| {game} | {label} | " + " | ".join(map(str, counts)) + " | " + " | ".join(pins) + " |")
        counts = [len(_union(together, n)) for n in sizes]
        print(f"| {game} | all together | " + " | ".join(map(str, counts)) + " |" + " |" * len(args.keep))
    if cpu:
        print(f"\nCPU of the blocks under coverage: {cpu:.0f} s")


if __name__ == "__main__":
    main()
