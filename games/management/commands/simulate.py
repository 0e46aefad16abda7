"""python manage.py simulate SLUG --players N [--games K] [--seed S] [--bots a,b] [--options JSON] [--json]"""

from __future__ import annotations

import json
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games import registry
from games.engines.autoplay import play
from games.engines.base import IllegalAction


class Command(BaseCommand):
    help = "Plays full games with bots in every seat and prints the results."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug")
        parser.add_argument("--players", type=int, required=True)
        parser.add_argument("--games", type=int, default=1)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--bots", default="", help="comma-separated bot per seat, e.g. random,heuristic")
        parser.add_argument(
            "--options", default="{}", help='engine options as JSON, e.g. \'{"variant": "x"}\''
        )
        parser.add_argument("--json", action="store_true", help="one JSON object per game")

    def handle(self, *args: Any, **opts: Any) -> None:
        try:
            engine = registry.get(opts["slug"])
        except KeyError:
            raise CommandError(
                f"no game called {opts['slug']!r}; try: {', '.join(registry.engines())}"
            ) from None
        try:
            options = json.loads(opts["options"])
        except json.JSONDecodeError as exc:
            raise CommandError(f"--options is not valid JSON: {exc}") from None
        bots = [b for b in opts["bots"].split(",") if b] or ["random"]
        known = getattr(engine, "bots", {})
        unknown = [b for b in bots if b not in known]
        if unknown:
            raise CommandError(f"unknown bot {unknown[0]!r}; this game has: {', '.join(known)}")
        wins = [0] * opts["players"]
        for k in range(opts["games"]):
            try:
                started = time.perf_counter()  # timed here: the engines package never reads the clock
                result = play(engine, opts["seed"] + k, opts["players"], options, bots)
                result["seconds"] = round(time.perf_counter() - started, 4)
            except IllegalAction as exc:
                raise CommandError(exc.reason) from None
            for seat, rank in enumerate(result["ranks"][: opts["players"]]):
                wins[seat] += rank == 1
            if opts["json"]:
                self.stdout.write(json.dumps(result))
            else:
                self.stdout.write(
                    f"seed {result['seed']}: scores {result['scores']} ranks {result['ranks']} "
                    f"in {result['moves']} moves, {result['seconds']:.3f}s"
                )
        if not opts["json"]:
            self.stdout.write(f"wins by seat over {opts['games']} game(s): {wins}")
