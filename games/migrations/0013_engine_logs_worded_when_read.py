from typing import Any

from django.db import migrations

# The engines whose stored logs held English sentences before the engines' texts were
# translated: Lords' whole log, and Stonespine's solo lines. They now keep message ids and
# fields (or codes), worded in each reader's language when a view is built.
REWORDED = ("lords", "stonespine")


def replay_logs(apps: Any, schema_editor: Any) -> None:
    """Every stored game of those engines gets the state (and the takeback run) a replay of its
    seed and moves gives now, so its log reads in the reader's language like a new game's and
    `replay --verify` agrees with what is stored. The moves themselves do not change."""
    from games import registry, undo

    Game = apps.get_model("games", "Game")
    for game in Game.objects.filter(engine__in=REWORDED, seed__isnull=False, state__isnull=False).iterator():
        try:
            engine = registry.get(game.engine)
            state, run = engine.setup(game.seed, game.players, game.options), undo.Run()
            for move in game.moves.order_by("number"):
                state, run = undo.play(engine, state, run, move.seat, move.action)
        except Exception:  # a game that does not replay keeps its words: `replay --verify` says why
            continue
        game.state = engine.dump(state)
        if game.status == "active":
            game.takeback = run.to_json()
        game.save(update_fields=["state", "takeback"])


class Migration(migrations.Migration):
    dependencies = [("games", "0012_reliability_and_invitations")]

    operations = [migrations.RunPython(replay_logs, migrations.RunPython.noop)]
