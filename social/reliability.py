"""Reliability: the share of a player's finished games they played to the end.

A finished game counts against it when the player's seat ran out of time in it (even if
they claimed the seat back afterwards) or when they resigned early: before half of the
game's moves were made (`Seat.resigned_at` * 2 < the game's final version). Resigning in
the second half of a game, when it is decided, is fair play. A resignation recorded before
the site kept its moment counts as late (the benefit of the doubt). With no finished game
the share is 100%: nothing was left unfinished. Bots, automata and cancelled tables never
count. docs/social.md gives the same rule in words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Exists, OuterRef

from games.models import Notice, Seat, SeatKind, Status


@dataclass
class Share:
    finished: int = 0
    kept: int = 0  # played to the end
    timeouts: int = 0
    early_resignations: int = 0

    @property
    def percent(self) -> int:
        """Rounded down, so a player who left one game of 200 is not shown as 100%."""
        return 100 if not self.finished else 100 * self.kept // self.finished


@dataclass
class Reliability:
    overall: Share = field(default_factory=Share)
    per_game: dict[str, Share] = field(default_factory=dict)


def early(resigned_at: int | None, final_version: int) -> bool:
    return resigned_at is not None and resigned_at * 2 < final_version


def of(user: Any) -> Reliability:
    timed = Notice.objects.filter(game=OuterRef("game"), seat=OuterRef("index"), kind=Notice.Kind.TIMEOUT)
    rows = (
        Seat.objects.filter(user=user, kind=SeatKind.HUMAN, game__status=Status.FINISHED)
        .annotate(ran_out=Exists(timed))
        .values_list("game__engine", "timed_out", "ran_out", "resigned", "resigned_at", "game__version")
    )
    found = Reliability()
    for engine, timed_out, ran_out, resigned, resigned_at, version in rows:
        share = found.per_game.setdefault(engine, Share())
        left_early = resigned and early(resigned_at, version)
        for s in (share, found.overall):
            s.finished += 1
            s.timeouts += timed_out or ran_out
            s.early_resignations += left_early
            s.kept += not (timed_out or ran_out or left_early)
    return found


def percent(user: Any) -> int:
    return of(user).overall.percent


def recent_timeouts(user: Any, count: int = 5) -> list[Notice]:
    """The player's last timeouts at public tables (a private table stays invisible)."""
    mine = Seat.objects.filter(game=OuterRef("game"), index=OuterRef("seat"), user=user)
    return list(
        Notice.objects.filter(Exists(mine), kind=Notice.Kind.TIMEOUT, game__public=True)
        .select_related("game")
        .order_by("-created_at")[:count]
    )
