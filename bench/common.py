"""Small pieces the engine benchmarks share."""

from __future__ import annotations

import math
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from games.engines.base import Bot, Engine
from games.engines.rng import Rng

ROOT = Path(__file__).resolve().parents[1]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """A 95% (Wilson) interval for a win rate."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def decision_times(
    engine: Engine, bot: Bot, players: int, games: int, options: dict[str, Any]
) -> tuple[float, float, int]:
    """p50 and p99 (ms) of one bot's decisions in `games` games with the bot in every seat."""
    timings = []
    rng = Rng(1)
    for seed in range(games):
        s = engine.setup(seed, players, options)
        while acting := engine.to_act(s):
            seat = min(acting)
            legal = engine.legal_actions(s, seat)
            t = time.perf_counter()
            action = bot(engine.view(s, seat), legal, rng)
            timings.append(time.perf_counter() - t)
            s = engine.apply(s, seat, action)
    timings.sort()
    return timings[len(timings) // 2] * 1000, timings[int(len(timings) * 0.99)] * 1000, len(timings)


def clock_seed() -> int:
    """A run's first seed, from the clock (printed by the caller so the run can be repeated)."""
    return time.time_ns() // 1000 % 1_000_000_007


def run_pool(fn: Any, jobs: list[Any], workers: int = 2) -> list[Any]:
    """Runs `fn` over `jobs` in `workers` processes (the machine has 2 cores), in order."""
    if workers <= 1:
        return [fn(job) for job in jobs]
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(workers) as pool:
        return pool.map(fn, jobs, chunksize=max(1, len(jobs) // (workers * 20)))


def mean_sd(values: list[float]) -> tuple[float, float]:
    if not values:
        return 0.0, 0.0
    m = sum(values) / len(values)
    return m, math.sqrt(sum((v - m) ** 2 for v in values) / len(values))


def fresh_database(name: str, env: dict[str, str]) -> None:
    """Drops the benchmark's scratch PostgreSQL database `name`, makes it anew and migrates it
    with the benchmark's settings (`env` on top of this process's environment)."""
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env={**os.environ, **env}, check=True
    )
