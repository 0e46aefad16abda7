"""Recomputes every rating (and the statistics kept beside them) from the game records."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from ratings.record import rebuild


class Command(BaseCommand):
    help = (
        "Rebuilds ratings, rating histories, solo records, site statistics and played/won counts "
        "from the finished games, in the order they were rated. Stop the workers first."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--engine", help="only this game (its slug)")

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.perf_counter()
        done = rebuild(options["engine"])
        seconds = time.perf_counter() - started
        self.stdout.write(f"{done['games']} games, {done['ratings']} ratings in {seconds:.1f} s")
