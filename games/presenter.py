"""Turns a game record and the engine's per-seat view into what a page shows.

Everything here starts from `engine.view(state, seat)` for the viewer's own seat
(None for spectators): a page can only ever show what that seat may see.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from django.contrib.staticfiles import finders
from django.db.models import OuterRef, QuerySet, Subquery
from django.template import TemplateDoesNotExist
from django.template.loader import get_template, select_template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from accounts.models import Vacation
from games import registry, results, undo
from games.models import Game, Seat, Status
from games.results import SeatResult

_SEAT_REF = re.compile(r"\{p(\d+)\}")


@dataclass
class ActionChoice:
    label: str
    payload: str  # the action as JSON text, posted back as it is
    # The board elements clicked, in order, to make it (JSON list of data-target keys):
    # the board and this list are drawn from the same legal action, so they agree.
    targets: str = "[]"


@dataclass
class Table:
    """Everything one viewer's page needs, built once per request."""

    game: Game
    seats: list[Seat]
    seat: int | None
    view: dict[str, Any]
    names: list[str]
    outcome: dict[str, Any] | None
    actions: dict[str, list[ActionChoice]] = field(default_factory=dict)
    log: list[SafeString] = field(default_factory=list)
    # Each seat's result once the game is over (games/results.py), by index.
    results: dict[int, SeatResult] = field(default_factory=dict)
    # Whether the viewer may take back their last step now (games/undo.py), and its action.
    can_undo: bool = False
    undo_payload: str = json.dumps(undo.UNDO)

    @property
    def places(self) -> list[SeatResult]:
        """The results in seat order, for the score sheet's "Place" row."""
        return [self.results[i] for i in sorted(self.results)]

    @property
    def winners(self) -> list[int]:
        return [i for i, r in sorted(self.results.items()) if r.won]

    @property
    def move_count(self) -> int:
        return sum(len(choices) for choices in self.actions.values())

    @property
    def has_targets(self) -> bool:
        """Whether any of the viewer's moves can be made by clicking the board."""
        return any(c.targets != "[]" for choices in self.actions.values() for c in choices)


def viewer_seat(game: Game, seats: list[Seat], user: Any) -> int | None:
    if not user.is_authenticated:
        return None
    return next((s.index for s in seats if s.user_id == user.pk), None)


def names_of(seats: list[Seat]) -> list[str]:
    return [s.name() + _left_by_player(s) for s in seats]


def _left_by_player(seat: Seat) -> str:
    if seat.resigned:
        return " " + gettext("(resigned)")
    return " " + gettext("(out of time)") if seat.timed_out else ""


def sentence(text: str, names: list[str]) -> SafeString:
    """A log line with {pN} replaced by seat names, everything else escaped."""
    parts: list[str] = []
    last = 0
    for m in _SEAT_REF.finditer(text):
        parts.append(escape(text[last : m.start()]))
        index = int(m.group(1))
        parts.append(f"<b>{escape(names[index] if index < len(names) else '?')}</b>")
        last = m.end()
    parts.append(escape(text[last:]))
    return mark_safe("".join(parts))


def plain_sentence(text: str, names: list[str]) -> str:
    """A log line with {pN} replaced by seat names, as plain text (for e-mails)."""
    return _SEAT_REF.sub(lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else "?", text)


def seats_of(game: Game) -> QuerySet[Seat]:
    """The game's seats with their players' names; at a table open or in play, each also
    with the day its player comes back from a vacation now taken (`away_until`, None if not
    away), which the seat's clock shows: all in one query, however many seats."""
    seats = game.seats.select_related("user__profile")
    if game.status in (Status.OPEN, Status.ACTIVE):
        current = Vacation.objects.filter(user=OuterRef("user_id"), ended_at__isnull=True).order_by("pk")
        seats = seats.annotate(away_until=Subquery(current.values("until")[:1]))
    return seats


def build(game: Game, user: Any) -> Table:
    seats = list(seats_of(game))
    seat = viewer_seat(game, seats, user)
    names = names_of(seats)
    if game.state is None:
        return Table(game, seats, seat, {}, names, None)
    engine = registry.get(game.engine)
    state = engine.load(game.state)
    view = engine.view(state, seat)
    outcome = engine.outcome(state)
    table = Table(game, seats, seat, view, names, outcome, results=results.of_outcome(outcome, seats))
    table.log = [sentence(line, names) for line in view.get("log", [])]
    if game.status == Status.ACTIVE:
        table.log += _took_back(game, names)
    me = seats[seat] if seat is not None else None
    if (
        seat is not None
        and me is not None
        and game.status == Status.ACTIVE
        and not me.machine  # resigned or out of time: a bot plays the seat
        and seat in game.to_act
    ):
        describe = getattr(engine, "describe", None)
        targets = getattr(engine, "targets", None)
        for action in engine.legal_actions(state, seat):
            group, label = describe(state, seat, action) if describe else (gettext("Actions"), action["type"])
            keys = targets(state, seat, action) if targets else []
            # Labels may name seats as {pN}, like log lines.
            table.actions.setdefault(group, []).append(
                ActionChoice(sentence(label, names), json.dumps(action), json.dumps(keys))
            )
        table.can_undo = undo.Run.of(game.takeback).can_undo(seat)
    return table


def _took_back(game: Game, names: list[str]) -> list[SafeString]:
    """The undone step's own log line went with it: the table reads who took a step back
    (the line stays until the next move)."""
    seat = undo.Run.of(game.takeback).took_back
    if seat is None:
        return []
    return [sentence("{p%d} took back their last step." % seat, names)]


@cache
def game_css(slug: str) -> str | None:
    """The game's own stylesheet under static/, if it has one."""
    path = f"css/{slug}.css"
    return path if finders.find(path) else None


def game_template(slug: str, part: str) -> Any:
    """The game's own template for a region, or the generic one."""
    return get_template(_template_name(slug, part))


@cache
def key_template(slug: str) -> str | None:
    """The game's key to its icons and numbers (games/<slug>/key.html), if it has one."""
    name = f"games/{slug}/key.html"
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return None
    return name


@cache
def _template_name(slug: str, part: str) -> str:
    # Looked up once: each miss raises (and drops) an exception with its traceback, on
    # every page, for every region a game draws with the generic template.
    return select_template([f"games/{slug}/{part}.html", f"games/generic/{part}.html"]).origin.template_name
