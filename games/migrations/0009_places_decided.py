"""Seat.rank holds the place games/results.py decides: a seat that resigned or ran out of
time comes after every seat played to the end. Before, only seats out of time under the
"lose" rule were moved last in it (the ratings and statistics moved them all already)."""

from __future__ import annotations

from typing import Any

from django.db import migrations


def decide_places(apps: Any, schema_editor: Any) -> None:
    from games.results import stored  # the rule itself, which reads only the seats' fields

    Seat = apps.get_model("games", "Seat")
    lost = Seat.objects.filter(game__finalized=True).exclude(resigned=False, timed_out=False)
    games = set(lost.values_list("game_id", flat=True))
    for game_id in sorted(games):
        seats = list(Seat.objects.filter(game_id=game_id).order_by("index"))
        places = stored(seats)
        for s in seats:
            s.rank = places[s.index].place
        Seat.objects.bulk_update(seats, ["rank"])


class Migration(migrations.Migration):
    dependencies = [("games", "0008_emailed_once")]

    operations = [migrations.RunPython(decide_places, migrations.RunPython.noop)]
