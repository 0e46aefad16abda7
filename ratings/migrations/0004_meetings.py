"""Meeting: the head-to-head of the player pages, kept as games end; counted here for the games before."""

from __future__ import annotations

from collections import defaultdict
from itertools import groupby
from typing import Any

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def count_meetings(apps: Any, schema_editor: Any) -> None:
    """The meetings of the games finalized so far, from their Results (as
    ratings.tallies.Tallies counts them for each game from now on)."""
    Result = apps.get_model("ratings", "Result")
    Meeting = apps.get_model("ratings", "Meeting")
    counts: dict[tuple[Any, ...], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    rows = (
        Result.objects.filter(players__gte=2, public=True)
        .order_by("game_id", "seat")
        .values_list("game_id", "user_id", "bot", "place", "engine")
    )
    for _, table in groupby(rows.iterator(chunk_size=5000), key=lambda row: row[0]):
        seats = list(table)
        for i, (_, user, _, mine, engine) in enumerate(seats):
            if user is None:
                continue  # a bot's seat: meetings are counted for people
            for j, (_, other, bot, theirs, _) in enumerate(seats):
                if i != j:
                    row = counts[(user, engine, other, bot)]
                    row[0] += 1
                    row[1] += mine < theirs
                    row[2] += mine > theirs
                    row[3] += mine == theirs
    Meeting.objects.bulk_create(
        [
            Meeting(user_id=u, engine=e, opponent_id=o, bot=b, met=met, won=won, lost=lost, tied=tied)
            for (u, e, o, b), (met, won, lost, tied) in counts.items()
        ],
        batch_size=5000,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("ratings", "0003_result_why"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Meeting",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("engine", models.SlugField(max_length=32)),
                (
                    "bot",
                    models.CharField(
                        blank=True, help_text="the bot level, when the opponent is a bot", max_length=20
                    ),
                ),
                ("met", models.PositiveIntegerField(default=0)),
                (
                    "won",
                    models.PositiveIntegerField(default=0, help_text="meetings the player finished ahead"),
                ),
                (
                    "lost",
                    models.PositiveIntegerField(default=0, help_text="meetings the player finished behind"),
                ),
                ("tied", models.PositiveIntegerField(default=0)),
                (
                    "opponent",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="meetings",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "indexes": [models.Index(fields=["user", "engine", "-met"], name="meeting_most_met")],
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("opponent__isnull", False)),
                        fields=("user", "engine", "opponent"),
                        name="meeting_one_per_person",
                    ),
                    models.UniqueConstraint(
                        condition=models.Q(("opponent__isnull", True)),
                        fields=("user", "engine", "bot"),
                        name="meeting_one_per_bot",
                    ),
                ],
            },
        ),
        migrations.RunPython(count_meetings, migrations.RunPython.noop),
    ]
