"""python manage.py repair_moves [GAME_ID ...] [--fix]

Finds stored moves whose values only look like the legal action's (`1.0` or `true`
where the rules have `1`), stored before actions were matched exactly. Such a value
can reach the state and break the game later (a list indexed with 1.0). Without
--fix it reports them; with --fix each such move is replaced by the engine's own
action and the game's state and seats to act are rebuilt from the repaired moves.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from games import registry
from games.models import Game, Move
from games.replay import audit


class Command(BaseCommand):
    help = "Reports (or with --fix repairs) stored moves whose values only look like legal actions."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game_ids", nargs="*", type=int, help="these games only (default: every game)")
        parser.add_argument("--fix", action="store_true", help="replace them by the engine's own actions")

    def handle(self, *args: Any, **opts: Any) -> None:
        games = Game.objects.filter(seed__isnull=False).order_by("pk")
        if opts["game_ids"]:
            games = games.filter(pk__in=opts["game_ids"])
        aliased = repaired = 0
        for game_id in games.values_list("pk", flat=True):
            found = audit(Game.objects.get(pk=game_id))
            if not found.aliases:
                continue
            aliased += 1
            for _, number, action in found.aliases:
                self.stdout.write(f"game {game_id} move {number}: stands for {action}")
            if opts["fix"]:
                repaired += self._repair(game_id)
        verb = f"{repaired} repaired" if opts["fix"] else "run with --fix to repair them"
        self.stdout.write(f"{aliased} game(s) with aliased moves; {verb}")

    @transaction.atomic
    def _repair(self, game_id: int) -> int:
        game = Game.objects.select_for_update().get(pk=game_id)  # no move lands meanwhile
        found = audit(game)
        for move_id, _, action in found.aliases:
            # Moves are append-only for the site (Move.save refuses); this is the one correction.
            Move.objects.filter(pk=move_id).update(action=action)
        if found.state is None:
            self.stderr.write(f"game {game_id}: moves repaired, but the replay stops: {found.problems[-1]}")
            return 1
        engine = registry.get(game.engine)
        game.state = engine.dump(found.state)
        game.to_act = sorted(engine.to_act(found.state))
        game.takeback = found.run.to_json()
        game.save(update_fields=["state", "to_act", "takeback"])
        self.stdout.write(f"game {game_id}: {len(found.aliases)} move(s) repaired; state rebuilt")
        return 1
