"""Every write to a game goes through here: each function is one transaction that
locks the game row, checks, writes, and schedules its side effects on commit
(socket messages, machine turns, e-mails, scoring). Nothing is written on refusal.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import clocks, gates, registry, results, signals, timeouts, turns, undo
from games.engines import i18n as engine_i18n
from games.engines.base import IllegalAction, require_legal
from games.engines.rng import Rng, seed_state
from games.errors import Conflict, Forbidden, Illegal, NotFound, TooMany
from games.models import Game, Move, OnTimeout, Seat, SeatKind, Status, token_matches


def _locked(game_id: int) -> Game:
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except Game.DoesNotExist:
        raise NotFound(_("there is no such game")) from None


def _bot_levels(slug: str) -> list[str]:
    return list(getattr(registry.get(slug), "bots", {}) or ["random"])


@transaction.atomic
def create_game(
    user: Any,
    slug: str,
    players: int,
    options: dict[str, Any],
    *,
    public: bool = True,
    bots: dict[int, str] | None = None,
    rated: bool = True,
    pace: str = clocks.NO_CLOCK.key,
    on_timeout: str = OnTimeout.BOT,
    min_reliability: int = 0,
) -> Game:
    """Opens a table; the creator takes seat 0, `bots` fills {seat: level}; casual if not `rated`;
    `pace` is a key of clocks.PACES, `on_timeout` what happens to a seat whose time runs out;
    `min_reliability` the percent a player needs to join (the "join" gate enforces it)."""
    engine = registry.get(slug)
    if pace not in clocks.PACES or on_timeout not in OnTimeout.values:
        raise Illegal(
            _("the pace is one of: %(paces)s; on a timeout a bot plays or the seat loses")
            % {"paces": ", ".join(clocks.PACES)}
        )
    if not 0 <= min_reliability <= 100:
        raise Illegal(_("the least reliability to join is a percent, from 0 to 100"))
    try:
        options = engine.validate_options(players, options)  # type: ignore[attr-defined]
    except IllegalAction as exc:
        raise Illegal(exc.reason) from None
    _may_open_another(user)
    bots = bots or {}
    levels = _bot_levels(slug)
    if any(not 0 < i < players or level not in levels for i, level in bots.items()):
        raise Illegal(
            _("bots sit in seats 2 to %(players)d and play at one of: %(levels)s")
            % {"players": players, "levels": ", ".join(levels)}
        )
    game = Game.objects.create(
        engine=slug,
        options=options,
        players=players,
        public=public,
        rated=rated,
        created_by=user,
        pace=pace,
        on_timeout=on_timeout,
        min_reliability=min_reliability,
    )
    seat_count = registry.extra(engine, "seat_count", players, options, default=players)
    automata = registry.extra(engine, "automaton_seats", players, options, default=frozenset())
    assert isinstance(seat_count, int) and isinstance(automata, frozenset)
    for index in range(seat_count):
        seat = Seat(game=game, index=index)
        if index in automata:
            seat.kind = SeatKind.AUTOMATON
        elif index == 0:
            seat.user = user
        elif index in bots:
            seat.kind, seat.bot = SeatKind.BOT, bots[index]
        seat.save()
    _start_if_full(game)
    if public:
        _lobby_changed(game)
    return game


@transaction.atomic
def create_arranged_game(
    slug: str,
    options: dict[str, Any],
    seated: list[Any],
    *,
    bot: str = "heuristic",
    rated: bool = True,
    pace: str = clocks.NO_CLOCK.key,
    on_timeout: str = OnTimeout.BOT,
) -> Game:
    """A table the site arranges and starts at once (a tournament's round): `seated` gives
    each player seat in order, a user or None for a bot playing at level `bot`. Public, so
    anyone may watch; not subject to the cap on waiting tables (it never waits)."""
    engine = registry.get(slug)
    players = len(seated)
    humans = [u for u in seated if u is not None]
    if not humans or pace not in clocks.PACES or on_timeout not in OnTimeout.values:
        raise Illegal(_("an arranged table needs a player, a pace and a timeout rule from the menus"))
    try:
        options = engine.validate_options(players, options)  # type: ignore[attr-defined]
    except IllegalAction as exc:
        raise Illegal(exc.reason) from None
    levels = _bot_levels(slug)
    level = bot if bot in levels else levels[-1]
    game = Game.objects.create(
        engine=slug,
        options=options,
        players=players,
        rated=rated,
        created_by=humans[0],
        pace=pace,
        on_timeout=on_timeout,
    )
    seat_count = registry.extra(engine, "seat_count", players, options, default=players)
    automata = registry.extra(engine, "automaton_seats", players, options, default=frozenset())
    assert isinstance(seat_count, int) and isinstance(automata, frozenset)
    players_in_order = iter(seated)
    for index in range(seat_count):
        seat = Seat(game=game, index=index)
        if index in automata:
            seat.kind = SeatKind.AUTOMATON
        elif (user := next(players_in_order)) is None:
            seat.kind, seat.bot = SeatKind.BOT, level
        else:
            seat.user = user
        seat.save()
    _start(game)
    _lobby_changed(game)
    return game


def _may_open_another(user: Any) -> None:
    """A cap on the tables one player has waiting for players, so no one fills the lobby."""
    # The player's row is locked until the table is stored, so two requests at once are
    # counted one after the other and cannot both pass the cap.
    get_user_model().objects.select_for_update().filter(pk=user.pk).exists()
    waiting = Game.objects.filter(created_by=user, status=Status.OPEN).count()
    if waiting >= settings.MAX_OPEN_TABLES:
        raise TooMany(
            _("you already have %(waiting)d tables waiting for players: start or cancel one of them first")
            % {"waiting": waiting}
        )


@transaction.atomic
def join_game(user: Any, game_id: int, token: str | None = None) -> Game:
    game = _locked(game_id)
    if game.status != Status.OPEN:
        raise Conflict(_(_("this table is no longer taking players")))
    # A rematch keeps a seat for each player invited to it (games/rematch.py).
    seat = game.seats.filter(invited=user).first()
    if not game.public and not token_matches(token, game.invite_token) and seat is None:
        raise Forbidden(_("this table is private: you need its invite link"))
    if game.seats.filter(user=user).exists():
        raise Conflict(_("you already sit at this table"))
    refused = gates.refusal("join", user=user, game=game)
    if refused:
        raise Forbidden(refused)
    seat = seat or game.seats.filter(kind=SeatKind.HUMAN, user__isnull=True, invited__isnull=True).first()
    if seat is None:
        raise Conflict(_("this table is full"))
    seat.user, seat.invited = user, None
    try:
        with transaction.atomic():
            seat.save(update_fields=["user", "invited"])
    except IntegrityError:
        raise Conflict(_("you already sit at this table")) from None
    _start_if_full(game)
    _lobby_changed(game)
    return game


@transaction.atomic
def invite_player(user: Any, game_id: int, invitee_id: int) -> Game:
    """The creator keeps an open seat for another player, as a rematch does (Seat.invited):
    the table shows in their lobby, and only they may take that seat (or decline it)."""
    game = _locked(game_id)
    if game.created_by_id != user.pk:
        raise Forbidden(_("only the player who opened the table can invite to it"))
    if game.status != Status.OPEN:
        raise Conflict(_("this table is no longer taking players"))
    invitee = get_user_model().objects.filter(pk=invitee_id, is_active=True).first()
    if invitee is None:
        raise NotFound(_("there is no such player"))
    seats = list(game.seats.all())
    if any(invitee.pk in (s.user_id, s.invited_id) for s in seats):
        raise Conflict(_("that player already sits at this table or is invited to it"))
    refused = gates.refusal("invite", user=user, invitee=invitee, game=game)
    if refused:
        raise Forbidden(refused)
    seat = next(
        (s for s in seats if s.kind == SeatKind.HUMAN and s.user_id is None and s.invited_id is None), None
    )
    if seat is None:
        raise Conflict(_("this table has no open seat left"))
    seat.invited, seat.invite_emailed = invitee, False
    seat.save(update_fields=["invited", "invite_emailed"])
    _lobby_changed(game)
    from games import dispatch

    dispatch.on_task("notify_invitation", game.pk, seat.index, invitee.pk, game_id=game.pk)
    return game


@transaction.atomic
def leave_game(user: Any, game_id: int) -> Game:
    game = _locked(game_id)
    if game.status != Status.OPEN:
        raise Conflict(_("you can only leave a table before the game starts"))
    if game.created_by_id == user.pk:
        raise Forbidden(_("you opened this table: cancel it instead"))
    updated = game.seats.filter(user=user).update(user=None)
    if not updated:
        raise Conflict(_("you do not sit at this table"))
    _lobby_changed(game)
    return game


@transaction.atomic
def cancel_game(user: Any, game_id: int) -> Game:
    game = _locked(game_id)
    if game.created_by_id != user.pk:
        raise Forbidden(_("only the player who opened the table can cancel it"))
    if game.status != Status.OPEN:
        raise Conflict(_("a game that has started cannot be cancelled"))
    game.status = Status.CANCELLED
    game.save(update_fields=["status"])
    _lobby_changed(game)
    return game


@transaction.atomic
def start_game(user: Any, game_id: int, fill_with: str | None = None) -> Game:
    """The creator starts the game now; empty seats (if any) get bots."""
    game = _locked(game_id)
    if game.created_by_id != user.pk:
        raise Forbidden(_("only the player who opened the table can start it"))
    if game.status != Status.OPEN:
        raise Conflict(_("this game has already started"))
    levels = _bot_levels(game.engine)
    level = fill_with or ("heuristic" if "heuristic" in levels else levels[0])
    if level not in levels:
        raise Illegal(_("bots play at one of: %(levels)s") % {"levels": ", ".join(levels)})
    game.seats.filter(kind=SeatKind.HUMAN, user__isnull=True).update(kind=SeatKind.BOT, bot=level)
    _start(game)
    _lobby_changed(game)
    return game


def _lobby_changed(game: Game) -> None:
    """After commit: the lobby's lists and the table's waiting room redraw themselves."""
    from games import dispatch

    dispatch.on_lobby_changed(game.pk)


def _start_if_full(game: Game) -> None:
    if not game.seats.filter(kind=SeatKind.HUMAN, user__isnull=True).exists():
        _start(game)


def _start(game: Game) -> None:
    engine = registry.get(game.engine)
    game.seed = secrets.randbits(62)
    state = engine.setup(game.seed, game.players, game.options)
    game.state = engine.dump(state)
    game.status = Status.ACTIVE
    game.started_at = timezone.now()
    game.to_act = sorted(engine.to_act(state))
    game.save()
    seats = list(game.seats.all())
    turns.game_started(game, seats)
    _after_commit(game, seats, finished=False)


def submit_action(user: Any, game_id: int, seat_index: int | None, action: Any, version: int) -> Game:
    """A player's action, sent with the version their page showed.

    A move that arrives after the seat's deadline is refused, and the seat runs out of time
    there and then (that is committed: the refusal says what happened)."""
    game, late = _submit_action(user, game_id, seat_index, action, version)
    if late:
        if game.on_timeout == OnTimeout.LOSE:
            raise Conflict(
                _("your time ran out before this move arrived: the seat loses, a bot finishes its moves")
            )
        raise Conflict(
            _(
                "your time ran out before this move arrived: a bot plays your seat (you may claim it back once)"
            )
        )
    return game


@transaction.atomic
def _submit_action(
    user: Any, game_id: int, seat_index: int | None, action: Any, version: int
) -> tuple[Game, bool]:
    """(the game, whether the seat ran out of time instead of moving)."""
    game = _locked(game_id)
    seats = list(game.seats.all())
    seat = next((s for s in seats if s.user_id == user.pk), None)
    if seat is None and not game.public:
        raise NotFound(_("there is no such game"))
    if game.status != Status.ACTIVE:
        raise Conflict(
            _("this game is not in play") if game.status != Status.FINISHED else _("this game is over")
        )
    if seat is None or (seat_index is not None and seat_index != seat.index):
        raise Forbidden(_("that seat is not yours"))
    if seat.resigned:
        raise Forbidden(_("you resigned from this game"))
    if seat.timed_out:
        raise Forbidden(_("you ran out of time: a bot plays your seat"))
    if seat.index not in game.to_act:
        if version != game.version:
            raise Conflict(_moved_on)
        if undo.is_undo(action):
            raise Illegal(_(undo.NOTHING_TO_UNDO))
        raise Forbidden(_("it is not your turn"))
    if timeouts.time_out_if_due(game, seat, timezone.now()):
        return game, True
    if undo.is_undo(action):
        # Only from the page that shows the step: anything since (even a simultaneous
        # choice of another seat) may have made it final.
        if version != game.version:
            raise Conflict(_moved_on)
        _take_back(game, seats, seat.index)
        return game, False
    if version != game.version and not _still_choosing(game, seat.index, version):
        raise Conflict(_moved_on)
    _apply(game, seats, seat.index, action)
    return game, False


_moved_on = gettext_lazy("the game has moved on since your page was drawn")


def _still_choosing(game: Game, seat: int, version: int) -> bool:
    """A page drawn before the current version may still choose, if only the other seats
    moved since: in a simultaneous phase the others' choices do not change this seat's
    own (they are hidden until all have chosen), so two players choosing at the same
    moment are both accepted. The action must still be legal now (checked by _apply).

    A page that offered actions at `version` had this seat to act then; if the seat
    is to act now and has made no move since, it is the same pending choice."""
    if not 0 <= version < game.version:
        return False
    return not Move.objects.filter(game=game, number__gt=version, seat=seat).exists()


def machine_move(game_id: int, version: int) -> bool:
    """One move of a bot, automaton or resigned seat, if the game is still at `version`.

    The bot thinks outside any transaction and holds no lock while it does (a hard bot searches
    for a second): it reads the game at `version`, decides from its seat's view, and only then
    locks the row to apply the move, if the game is still at `version` and the seat has not
    changed hands since (`Seat.handovers`: its player claimed it back). Otherwise someone moved
    meanwhile (a human in a simultaneous turn, another task) or the seat is its player's again:
    the decision is dropped, and the task that move queued decides again from the new position."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Status.ACTIVE or game.version != version:
        return False  # someone else moved first: this task is stale, not an error
    seat = next((s for s in game.seats.all() if s.index in game.to_act and s.machine), None)
    if seat is None:
        return False
    engine = registry.get(game.engine)
    state = engine.load(game.stored_state())
    action = _machine_action(game, seat, engine, state)
    return _apply_machine_move(game_id, version, seat.index, seat.handovers, action)


def _machine_action(game: Game, seat: Seat, engine: Any, state: Any) -> Any:
    legal = engine.legal_actions(state, seat.index)
    if seat.kind == SeatKind.AUTOMATON:
        return legal[0]  # the rules prescribe exactly one move
    bots = getattr(engine, "bots", {})
    bot = bots.get(seat.bot) or bots.get("heuristic") or next(iter(bots.values()))
    # A bot's own chance comes from the game id and version, never from the game's seed.
    rng = Rng(seed_state(game.pk * 1_000_003 + game.version * 131 + seat.index))
    # A bot reads its view in the engines' own language, whatever the request's: its choice
    # must not depend on who happened to trigger it (Lords' bot picks its plan from its log).
    with engine_i18n.use(engine_i18n.SOURCE):
        view = engine.view(state, seat.index)  # all a bot ever gets of the game: its seat's view
        think = getattr(bot, "think", None)
        if think is not None:  # a search bot: the site sets its budget
            return think(
                view, legal, rng, seconds=settings.BOT_SECONDS, iterations=settings.BOT_ITERATIONS
            ).action
        return bot(view, legal, rng)


@transaction.atomic
def _apply_machine_move(game_id: int, version: int, seat_index: int, handovers: int, action: Any) -> bool:
    game = _locked(game_id)
    if game.status != Status.ACTIVE or game.version != version:
        return False  # a move came in while the bot thought: its decision is stale
    seats = list(game.seats.all())
    seat = seats[seat_index]
    if not seat.machine or seat.handovers != handovers:
        # Its player claimed the seat back while the bot thought (the version is the same,
        # no move was made): the seat is theirs, and so is this move.
        return False
    _apply(game, seats, seat_index, action)
    return True


@transaction.atomic
def resign(user: Any, game_id: int) -> Game:
    """A bot takes over the seat; the game counts as lost for the player."""
    game = _locked(game_id)
    if game.status != Status.ACTIVE:
        raise Conflict(_("you can only resign from a game in play"))
    seats = list(game.seats.all())
    seat = next((s for s in seats if s.user_id == user.pk), None)
    if seat is None:
        raise Forbidden(_("you do not play in this game"))
    if seat.resigned:
        raise Conflict(_("you have already resigned"))
    seat.resigned, seat.resigned_at = True, game.version
    seat.handovers += 1
    clocks.halt(seat)  # a bot plays the seat now: no clock
    seat.save(update_fields=["resigned", "resigned_at", "handovers", *clocks.CLOCK_FIELDS])
    _after_commit(game, seats, finished=False)
    return game


def _apply(
    game: Game, seats: list[Seat], seat: int, action: Any, *, engine: Any = None, state: Any = None
) -> None:
    engine = engine or registry.get(game.engine)
    state = state if state is not None else engine.load(game.stored_state())
    try:
        # The engine's own action is applied and stored, never the client's look-alike
        # (one check here for every engine: see require_legal).
        action = require_legal(engine.legal_actions(state, seat), action)
        new = engine.apply(state, seat, action)
    except IllegalAction as exc:
        raise Illegal(exc.reason) from None
    run = undo.Run.of(game.takeback).step(engine, state, seat, action, new)
    _store(game, seats, seat, action, engine, new, run)


def _take_back(game: Game, seats: list[Seat], seat: int) -> None:
    """The seat's last step taken back (games/undo.py): stored as a move of its own."""
    engine = registry.get(game.engine)
    try:
        state, run = undo.Run.of(game.takeback).undo(engine, seat)
    except IllegalAction as exc:
        raise Illegal(exc.reason) from None
    _store(game, seats, seat, undo.UNDO, engine, state, run)


def _store(
    game: Game, seats: list[Seat], seat: int, action: Any, engine: Any, new: Any, run: undo.Run
) -> None:
    """Appends the move and stores the state after it, in the transaction of the caller."""
    before = set(game.to_act)
    game.version += 1
    Move.objects.create(game=game, number=game.version, seat=seat, action=action)
    game.state = engine.dump(new)
    game.to_act = sorted(engine.to_act(new))
    game.takeback = run.to_json()
    finished = not game.to_act
    if finished:
        game.status = Status.FINISHED
        game.finished_at = timezone.now()
    game.save(update_fields=["version", "state", "to_act", "takeback", "status", "finished_at"])
    # Turns begun and ended, and their clocks: an undo leaves the seat to act, so its clock
    # runs on (the time spent on the undone step is not given back).
    turns.turns_changed(game, seats, before, seat)
    _after_commit(game, seats, finished=finished)


def _after_commit(game: Game, seats: list[Seat], *, finished: bool) -> None:
    """Schedules the side effects, with what they need, so they query nothing."""
    from games import dispatch  # the side effects live there; imported late to keep this module pure

    game_id, version = game.pk, game.version
    notes = [dispatch.SeatNote.of(s, game) for s in seats if s.index in game.to_act]
    dispatch.on_game_moved(game_id, version, finished, notes, dispatch.page_seats(seats))


@transaction.atomic
def finalize(game_id: int) -> bool:
    """Stores scores and places on the seats (as games/results.py decides them) and counts the
    game in the statistics and ratings, all in this one transaction: `finalized` makes it
    happen once per game."""
    from ratings.record import record_game  # ratings build on games; imported late

    game = _locked(game_id)
    if game.status != Status.FINISHED or game.finalized:
        return False
    engine = registry.get(game.engine)
    outcome = engine.outcome(engine.load(game.stored_state()))
    assert outcome is not None
    seats = list(game.seats.all())
    decided = results.decide(outcome["ranks"], seats)  # lost seats last (resigned, out of time)
    for seat in seats:
        seat.score = outcome["scores"][seat.index]
        seat.rank = decided[seat.index].place
        seat.breakdown = outcome["breakdown"][seat.index]
        seat.save(update_fields=["score", "rank", "breakdown"])
    record_game(game, seats)  # PlayerStats, ratings, solo records, site statistics
    game.finalized = True
    game.save(update_fields=["finalized"])
    # The apps built on games (tournaments) react here, in this transaction (games/signals.py).
    signals.game_finished.send(sender=Game, game=game)
    return True
