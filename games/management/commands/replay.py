"""python manage.py replay GAME_ID --verify"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.models import Game
from games.replay import rebuild, verify


class Command(BaseCommand):
    help = (
        "Rebuilds a stored game from its seed and moves. --verify also checks each move against "
        "the legal actions at its point, that no seat to act is left without one, and the stored state."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game_id", type=int)
        parser.add_argument("--verify", action="store_true")

    def handle(self, *args: Any, **opts: Any) -> None:
        game = Game.objects.filter(pk=opts["game_id"]).first()
        if game is None:
            raise CommandError(f"no game {opts['game_id']}")
        if game.seed is None:
            raise CommandError(f"game {game.pk} has not started: nothing to replay")
        if opts["verify"]:
            problems = verify(game)
            if problems:
                raise CommandError(f"game {game.pk} does not verify: " + "; ".join(problems))
            self.stdout.write(
                f"game {game.pk}: {game.version} moves replayed, each legal; the stored state matches"
            )
        else:
            try:
                rebuild(game)
            except Exception as exc:  # a broken record: say so (--verify tells which move)
                raise CommandError(f"game {game.pk} does not replay: {type(exc).__name__}: {exc}") from None
            self.stdout.write(f"game {game.pk}: {game.version} moves replayed without error")
