from typing import Any

from django.db import migrations, models


def fill_takeback(apps: Any, schema_editor: Any) -> None:
    """Games in play get the steps their seat to act may take back now, as a replay of their
    moves finds them (games/undo.py), so `replay --verify` agrees with what is stored."""
    from games import registry, undo

    Game = apps.get_model("games", "Game")
    for game in Game.objects.filter(status="active", seed__isnull=False).iterator():
        try:
            engine = registry.get(game.engine)
            state, run = engine.setup(game.seed, game.players, game.options), undo.Run()
            for move in game.moves.order_by("number"):
                state, run = undo.play(engine, state, run, move.seat, move.action)
        except Exception:  # a game that does not replay keeps none: `replay --verify` says why
            continue
        if run.steps:
            game.takeback = run.to_json()
            game.save(update_fields=["takeback"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0010_seat_handovers"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="takeback",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(fill_takeback, migrations.RunPython.noop),
    ]
