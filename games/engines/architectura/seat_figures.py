"""The seat figures the "balance later seats" option shows in the new-table form: each seat's
share of wins in the advanced game with and without the head start, as measured by
`bench/architectura_balance.py --figures` (which writes seat_figures.json beside this file)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games.engines.i18n import _, say

FILE = Path(__file__).with_name("seat_figures.json")


def load() -> dict[str, Any]:
    return dict(json.loads(FILE.read_text())) if FILE.exists() else {}


def help_text(figures: dict[str, Any] | None = None) -> str:
    """One line: the house rule and what it did to the seats' wins, per player count."""
    figures = load() if figures is None else figures
    text = _(
        "A house rule: later seats win more often (the last cards built are never answered), "
        "so each player starts with points for every player after them."
    )
    counts = figures.get("players", {})
    if not counts:
        return text
    parts = []
    for n in sorted(counts, key=int):
        row = counts[n]
        without = " / ".join(f"{x:.0%}" for x in row["without"])
        with_ = " / ".join(f"{x:.0%}" for x in row["with"])
        parts.append(
            say(
                "{n} players: {without} without, {with_} with {points} per later seat",
                n=n,
                without=without,
                with_=with_,
                points=row["points"],
            )
        )
    return say(
        "{text} Seat wins by seat order ({games} bot games each): {parts}.",
        text=text,
        games=f"{figures['games']:,}",
        parts=_("; ").join(parts),
    )
