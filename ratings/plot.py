"""The rating history as an SVG line, drawn on the server (no script, no chart library)."""

from __future__ import annotations

import math
from dataclasses import dataclass

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 28  # margins for the axis labels


@dataclass
class Plot:
    width: int
    height: int
    points: str  # the polyline's "x,y x,y ..."
    last: tuple[float, float]
    y_ticks: list[tuple[float, str]]  # (y, label)
    x_ticks: list[tuple[float, str]]  # (x, label): game numbers
    left: int = LEFT
    right: int = WIDTH - RIGHT
    bottom: int = HEIGHT - BOTTOM


def nice_step(span: float, ticks: int = 4) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving about `ticks` intervals."""
    raw = max(span, 1e-9) / ticks
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw)


def rating_plot(values: list[float]) -> Plot | None:
    """values[0] is the rating before the first game, values[i] after the i-th."""
    if len(values) < 2:
        return None
    low, high = min(values), max(values)
    step = nice_step(high - low)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    if high == low:
        high = low + step
    width, height = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    games = len(values) - 1

    def x(i: float) -> float:
        return round(LEFT + width * i / games, 1)

    def y(v: float) -> float:
        return round(TOP + height * (high - v) / (high - low), 1)

    # No more points than the line has pixels across: a long history keeps the last value of
    # each column (the first and the last point always), and the page stays small.
    shown = (
        sorted({0, games, *(round(games * (c + 1) / width) for c in range(width))})
        if games > width
        else range(games + 1)
    )
    coords = [(x(i), y(values[i])) for i in shown]
    y_ticks = [(y(low + k * step), f"{low + k * step:g}") for k in range(round((high - low) / step) + 1)]
    x_step = max(1, int(nice_step(games, 5)))
    x_ticks = [(x(i), str(i)) for i in range(0, games + 1, x_step)]
    return Plot(
        width=WIDTH,
        height=HEIGHT,
        points=" ".join(f"{a},{b}" for a, b in coords),
        last=coords[-1],
        y_ticks=y_ticks,
        x_ticks=x_ticks,
    )
