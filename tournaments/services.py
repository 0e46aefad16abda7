"""Every write to a tournament: one transaction each, the tournament row locked first.

The tables themselves are games: seated through games.services.create_arranged_game,
and counted when games/ announces they are finished (games.signals.game_finished), in
the transaction that stores their result. docs/tournaments.md gives the rules.
"""

from __future__ import annotations

import contextlib
import random
from collections import defaultdict
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from games import clocks, registry
from games import services as tables
from games.engines.base import IllegalAction
from games.errors import Conflict, Forbidden, GameError, Illegal, NotFound, TooMany
from games.models import Game, OnTimeout, SeatKind
from tournaments import effects, pairing
from tournaments.models import STANDING, Entry, Format, Stage, Table, TableSeat, Tournament

MAX_ROUNDS = 20
MAX_ENTRIES = 2000
MAX_ROUND_ROBIN = 40  # everyone meets everyone: 39 rounds at tables of 2
MAX_DAYS_AHEAD = 90  # a tournament starts within this many days of its creation
MIN_PLAYERS = 2  # fewer signed up at the start: the tournament is cancelled


def _locked(tournament_id: int) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except Tournament.DoesNotExist:
        raise NotFound(_("there is no such tournament")) from None


@transaction.atomic
def create_tournament(
    user: Any,
    name: str,
    slug: str,
    table_size: int,
    options: dict[str, Any],
    *,
    format: str = Format.SWISS,
    rounds: int = 3,
    pace: str = clocks.DEFAULT_PACE,
    on_timeout: str = OnTimeout.BOT,
    rated: bool = True,
    starts_at: datetime,
    signup_opens: datetime | None = None,
) -> Tournament:
    """A tournament taking sign-ups from `signup_opens` (now if not given) until `starts_at`."""
    try:
        engine = registry.get(slug)
    except KeyError:
        raise Illegal(_("there is no such game")) from None
    now = timezone.now()
    name = name.strip()
    if not name or len(name) > 80:
        raise Illegal(_("a tournament needs a name of at most 80 characters"))
    if not max(2, engine.min_players) <= table_size <= engine.max_players:
        raise Illegal(
            _("tables of %(title)s seat %(least)d to %(most)d players")
            % {"title": engine.title, "least": max(2, engine.min_players), "most": engine.max_players}
        )
    if format not in Format.values:
        raise Illegal(_("a tournament is Swiss or a round-robin"))
    if format == Format.SWISS and not 1 <= rounds <= MAX_ROUNDS:
        raise Illegal(_("a Swiss tournament has 1 to %(most)d rounds") % {"most": MAX_ROUNDS})
    if pace not in clocks.PACES or on_timeout not in OnTimeout.values:
        raise Illegal(_("choose the tables' clock and timeout rule from the menus"))
    if not now < starts_at <= now + timedelta(days=MAX_DAYS_AHEAD):
        raise Illegal(_("the start must be in the next %(days)d days") % {"days": MAX_DAYS_AHEAD})
    signup_opens = signup_opens or now
    if not signup_opens < starts_at:
        raise Illegal(_("sign-up must open before the start"))
    try:
        options = engine.validate_options(table_size, options)  # type: ignore[attr-defined]
    except IllegalAction as exc:
        raise Illegal(exc.reason) from None
    return Tournament.objects.create(
        name=name,
        engine=slug,
        options=options,
        table_size=table_size,
        format=format,
        rounds=rounds if format == Format.SWISS else 0,
        pace=pace,
        on_timeout=on_timeout,
        rated=rated,
        signup_opens=signup_opens,
        starts_at=starts_at,
        created_by=user,
    )


@transaction.atomic
def sign_up(user: Any, tournament_id: int) -> Entry:
    t = _locked(tournament_id)
    now = timezone.now()
    if t.stage != Stage.SIGNUP or now >= t.starts_at:
        raise Conflict(_("sign-up for this tournament is closed"))
    if now < t.signup_opens:
        raise Conflict(_("sign-up for this tournament has not opened yet"))
    if t.entries.filter(user=user).exists():
        raise Conflict(_("you have already signed up"))
    most = MAX_ROUND_ROBIN if t.format == Format.ROUND_ROBIN else MAX_ENTRIES
    if t.entries.count() >= most:
        raise TooMany(_("this tournament is full (%(most)d players)") % {"most": most})
    entry = Entry.objects.create(tournament=t, user=user, name=user.profile.display_name)
    effects.changed(t.pk)
    return entry


def withdraw(user: Any, tournament_id: int) -> None:
    """Before the start the entry goes; after, the player is paired no more, and a bot
    finishes their table in play (they resign it: it counts as lost)."""
    for game_id in _withdraw(user, tournament_id):
        # The game may have ended meanwhile, or they had resigned it already.
        with contextlib.suppress(GameError):
            tables.resign(user, game_id)


@transaction.atomic
def _withdraw(user: Any, tournament_id: int) -> list[int]:
    """The ids of the player's games in play in this tournament."""
    t = _locked(tournament_id)
    entry = t.entries.filter(user=user).first()
    if entry is None:
        raise Conflict(_("you are not signed up for this tournament"))
    effects.changed(t.pk)
    if t.stage == Stage.SIGNUP:
        entry.delete()
        return []
    if t.stage != Stage.RUNNING:
        raise Conflict(_("this tournament is over"))
    if entry.withdrawn_at is not None:
        raise Conflict(_("you have already withdrawn"))
    entry.withdrawn_at = timezone.now()
    entry.save(update_fields=["withdrawn_at"])
    return list(
        Table.objects.filter(tournament=t, done=False, seats__entry=entry).values_list("game_id", flat=True)
    )


def start_due(now: datetime) -> int:
    """Starts the tournaments whose start has come (beat: every minute)."""
    due = Tournament.objects.filter(stage=Stage.SIGNUP, starts_at__lte=now).values_list("pk", flat=True)
    started = 0
    for pk in list(due):
        try:
            start(pk)
            started += 1
        except Conflict:
            pass  # another worker started it first
    return started


@transaction.atomic
def start(tournament_id: int, user: Any = None) -> Tournament:
    """The draw and the first round; `user`, if given, is the creator starting it early."""
    t = _locked(tournament_id)
    if user is not None and t.created_by_id != user.pk:
        raise Forbidden(_("only the player who created the tournament can start it early"))
    if t.stage != Stage.SIGNUP:
        raise Conflict(_("this tournament has already started"))
    t.entries.filter(user__isnull=True).delete()  # accounts deleted before the start
    entries = [e for e in t.entries.select_related("user").order_by("pk") if _still_in(e)]
    effects.changed(t.pk)
    if len(entries) < MIN_PLAYERS:
        t.stage = Stage.CANCELLED
        t.save(update_fields=["stage"])
        return t
    random.Random(t.seed).shuffle(entries)
    for i, entry in enumerate(entries, 1):
        entry.draw = i
    Entry.objects.bulk_update(entries, ["draw"])
    t.stage = Stage.RUNNING
    if t.format == Format.ROUND_ROBIN:
        t.rounds = (
            pairing.round_robin_rounds(len(entries))
            if t.table_size == 2
            else len(pairing.round_robin_schedule([e.pk for e in entries], t.table_size))
        )
    _next_round(t)
    return t


def _still_in(entry: Entry) -> bool:
    """Paired in the next round: not withdrawn, and the account still there and active
    (a deleted, suspended or deactivated account is treated as withdrawn)."""
    return entry.withdrawn_at is None and entry.user is not None and entry.user.is_active


def _next_round(t: Tournament) -> None:
    """Plans the next round that has a table to play, or ends the tournament. The tables are
    seated after the commit, a chunk per task (seat_tables): a round of a thousand players
    is hundreds of games to create, too long for the transaction of one game's result."""
    while t.round < t.rounds:
        t.round += 1
        planned = plan_for(t)
        if planned:
            t.plan = [{"number": n, "seats": seats} for n, seats in enumerate(planned, 1)]
            t.save(update_fields=["stage", "round", "rounds", "plan"])
            effects.seat(t.pk)
            return
    _finish(t)


SEATING_CHUNK = 40  # tables a seating task creates (about a second and a half on the 2-core machine)


@transaction.atomic
def seat_tables(tournament_id: int) -> int:
    """Seats the next chunk of the round's planned tables; queues itself again while some
    are left. Safe to run twice: each chunk leaves the plan as it seats it."""
    t = _locked(tournament_id)
    if t.stage != Stage.RUNNING or not t.plan:
        return 0  # seated already (a task delivered twice)
    chunk, t.plan = t.plan[:SEATING_CHUNK], t.plan[SEATING_CHUNK:]
    entries = {e.pk: e for e in t.entries.select_related("user").filter(pk__in=_ids(chunk))}
    made = 0
    for table in chunk:
        # A player who withdrew since the plan was made: a bot takes the seat.
        seated = [entries[pk] if pk in entries and _still_in(entries[pk]) else None for pk in table["seats"]]
        if any(seated):
            _seat_table(t, table["number"], seated)
            made += 1
    t.save(update_fields=["plan"])
    effects.changed(t.pk)
    if t.plan:
        effects.seat(t.pk)
    elif not t.tables.filter(round=t.round).exists():
        _next_round(t)  # everyone planned had withdrawn meanwhile
    elif not t.tables.filter(round=t.round, done=False).exists():
        _round_over(t)  # every table of the round ended while it was being seated
    return made


def _ids(chunk: list[dict[str, Any]]) -> list[int]:
    return [pk for table in chunk for pk in table["seats"] if pk is not None]


def _seat_table(t: Tournament, number: int, seated: list[Entry | None]) -> None:
    game = tables.create_arranged_game(
        t.engine,
        t.options,
        [e.user if e else None for e in seated],
        rated=t.rated,
        pace=t.pace,
        on_timeout=t.on_timeout,
    )
    table = Table.objects.create(tournament=t, round=t.round, number=number, game=game)
    seat_of = {s.user_id: s.index for s in game.seats.all() if s.user_id is not None}
    TableSeat.objects.bulk_create(
        [TableSeat(table=table, entry=e, seat=seat_of[e.user_id]) for e in seated if e and e.user_id]
    )


def plan_for(t: Tournament) -> list[list[int | None]]:
    """Who sits at each table of round `t.round`, in seat order: entry ids, None for a bot.
    Reads plain rows (no model objects): at a thousand players the pairing is mostly this."""
    rows = list(t.entries.order_by(*STANDING).values_list("pk", "draw", "withdrawn_at", "user__is_active"))
    # Still in: not withdrawn, the account there (a deleted one reads None) and active.
    still_in = {pk for pk, _draw, withdrawn, active in rows if withdrawn is None and active}
    if t.format == Format.ROUND_ROBIN:
        drawn = [row[0] for row in sorted(rows, key=lambda row: row[1] or 0)]
        if t.table_size == 2:
            groups: list[list[int]] = [list(pair) for pair in pairing.round_robin(drawn, t.round - 1)]
        else:
            groups = pairing.round_robin_schedule(drawn, t.table_size)[t.round - 1]
        # A withdrawn player's games are still played: a bot takes the seat.
        groups_in: list[list[int | None]] = [[pk if pk in still_in else None for pk in g] for g in groups]
        return _seated([g for g in groups_in if any(g)], t, shuffle=t.table_size > 2)
    ranked = [row[0] for row in rows if row[0] in still_in]
    if len(ranked) < MIN_PLAYERS:
        t.round = t.rounds  # too few players left to pair: the tournament ends here
        return []
    return _seated(list(pairing.swiss(ranked, t.table_size, _meetings(t))), t, shuffle=True)


def _seated(groups: list[list[Any]], t: Tournament, *, shuffle: bool) -> list[list[int | None]]:
    """The groups as tables: bots fill the short ones; who sits first is drawn per table
    from the tournament's seed (a 2-player round-robin alternates by itself)."""
    plan: list[list[int | None]] = []
    for number, group in enumerate(groups):
        seated: list[int | None] = [*group, *[None] * (t.table_size - len(group))]
        if shuffle:
            random.Random(f"{t.seed}:{t.round}:{number}").shuffle(seated)
        plan.append(seated)
    return plan


def _meetings(t: Tournament) -> dict[frozenset[Any], int]:
    """How often each pair of entries has sat at one table so far."""
    met: dict[frozenset[Any], int] = defaultdict(int)
    for members in _tables_of(t).values():
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                met[pairing.met_key(a, b)] += 1
    return met


def _tables_of(t: Tournament) -> dict[int, list[int]]:
    """Each table's entries (ids), by table id."""
    members: dict[int, list[int]] = defaultdict(list)
    for table_id, entry_id in TableSeat.objects.filter(table__tournament=t).values_list(
        "table_id", "entry_id"
    ):
        members[table_id].append(entry_id)
    return members


def on_game_finished(sender: Any, game: Game, **kwargs: Any) -> None:
    """games.signals.game_finished: a tournament table's places become points, and the
    round's last table starts the next round (or ends the tournament)."""
    found = Table.objects.filter(game_id=game.pk).values_list("pk", "tournament_id").first()
    if found is None:
        return  # not a tournament's table
    t = _locked(found[1])
    table = Table.objects.get(pk=found[0])
    if table.done:
        return
    _count(table, game)
    effects.changed(t.pk)
    if t.stage != Stage.RUNNING or table.round != t.round or t.plan:
        return  # still seating this round: the last chunk checks whether it is over
    if not t.tables.filter(round=t.round, done=False).exists():
        _round_over(t)


def _round_over(t: Tournament) -> None:
    _tie_breaks(t)
    _next_round(t)


def table_points2(places: dict[int, int], seat: int) -> tuple[int, int]:
    """(place among the table's players, points doubled) for a seat, from every player
    seat's place: at a table of N the k-th place earns N - k points, and players sharing
    places share their points (two tied first of three earn 1.5 each)."""
    mine = places[seat]
    place = 1 + sum(p < mine for p in places.values())
    tied = sum(p == mine for p in places.values())
    n = len(places)
    return place, 2 * n - 2 * place - (tied - 1)


def _count(table: Table, game: Game) -> None:
    """Stores each entry's place and points at this finished table."""
    places = {s.index: s.rank or 0 for s in game.seats.all() if s.kind != SeatKind.AUTOMATON}
    for ts in table.seats.all():
        ts.place, ts.points2 = table_points2(places, ts.seat)
        ts.save(update_fields=["place", "points2"])
        Entry.objects.filter(pk=ts.entry_id).update(
            points2=F("points2") + ts.points2,
            played=F("played") + 1,
            wins=F("wins") + int(ts.place == 1),
        )
    table.done = True
    table.save(update_fields=["done"])


def _tie_breaks(t: Tournament) -> None:
    """The first tie-break, the points of everyone met at a table (counted at each round's end)."""
    entries = {e.pk: e for e in t.entries.all()}
    totals = dict.fromkeys(entries, 0)
    for members in _tables_of(t).values():
        for entry_id in members:
            totals[entry_id] += sum(entries[o].points2 for o in members if o != entry_id)
    changed = [e for pk, e in entries.items() if e.opponents2 != totals[pk]]
    for e in changed:
        e.opponents2 = totals[e.pk]
    Entry.objects.bulk_update(changed, ["opponents2"], batch_size=500)


def _finish(t: Tournament) -> None:
    """The last round is over: the best placed player still in wins (the best placed of
    all if everyone withdrew), and everyone is told."""
    standings = t.entries.select_related("user").order_by(*STANDING)
    t.winner = next((e for e in standings if _still_in(e)), None) or standings.first()
    t.stage = Stage.FINISHED
    t.finished_at = timezone.now()
    t.round = min(t.round, t.rounds)
    t.save(update_fields=["winner", "stage", "finished_at", "round", "rounds"])
    effects.finished(t.pk)
