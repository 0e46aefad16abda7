"""Result.why: why a result counts as lost (resigned, out of time), from the seats."""

from __future__ import annotations

from typing import Any

from django.db import migrations, models


def fill_why(apps: Any, schema_editor: Any) -> None:
    from games.results import why  # the rule itself, which reads only the seat's fields

    Result = apps.get_model("ratings", "Result")
    Seat = apps.get_model("games", "Seat")
    for result in Result.objects.filter(lost=True).iterator():
        seat = Seat.objects.get(game_id=result.game_id, index=result.seat)
        Result.objects.filter(pk=result.pk).update(why=why(seat))


class Migration(migrations.Migration):
    dependencies = [
        ("ratings", "0002_leaderboard_order"),
        ("games", "0009_places_decided"),
    ]

    operations = [
        migrations.AddField(
            model_name="result",
            name="why",
            field=models.CharField(
                blank=True, help_text="why it counts as lost (games/results.py)", max_length=20
            ),
        ),
        migrations.AlterField(
            model_name="result",
            name="lost",
            field=models.BooleanField(
                help_text="counts as a loss whatever the score (resigned, out of time)"
            ),
        ),
        migrations.RunPython(fill_why, migrations.RunPython.noop),
    ]
