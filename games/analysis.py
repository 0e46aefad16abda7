"""Advice after the game: the hard bot looks back at one player's decisions.

A player of a finished game asks for it on the replay page; a Celery task on the bots' queue
replays the game from its seed and moves, and at each of that player's decisions that had a
choice it gives the hard bot (games/engines/search.py) the player's view at that moment, never
the state: the game is over, but the advice still only uses what the seat knew then. The bot
searches from that view (with the player's own choice opened first, so it is estimated too) and
the entry records both choices and their estimated chances of winning. Progress is saved after
each decision, so the page can show it.
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import registry, undo
from games.engines import i18n as engine_i18n
from games.engines.base import canonical
from games.engines.rng import Rng, seed_state
from games.engines.search import SearchBot
from games.errors import Conflict, Forbidden, NotFound
from games.models import Analysis, Game, Status

log = logging.getLogger(__name__)


def request_analysis(user: Any, game_id: int) -> Analysis:
    """The player's analysis of their own seat: created and queued once, then the same one."""
    from games import dispatch, tasks

    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise NotFound(_("there is no such game"))
    if game.status != Status.FINISHED:
        raise Conflict(_("an analysis opens when the game is over"))
    seat = game.seats.filter(user=user).first()
    if seat is None:
        raise Forbidden(_("only the game's players can ask for an analysis of their decisions"))
    if not hasattr(registry.get(game.engine), "sample"):
        raise Conflict(_("this game has no search bot to analyse it"))
    existing = Analysis.objects.filter(game=game, seat=seat.index).first()
    if existing is not None:
        return existing
    try:
        with transaction.atomic():
            analysis = Analysis.objects.create(game=game, seat=seat.index, requested_by=user)
            pk = analysis.pk
            transaction.on_commit(lambda: dispatch.enqueue(tasks.analyse_game, pk))
    except IntegrityError:  # asked twice at once: the other request made it
        return Analysis.objects.get(game=game, seat=seat.index)
    return analysis


def analyse(analysis_id: int) -> bool:
    """Runs (or resumes after a crashed worker) one analysis; False if there is nothing to do."""
    analysis = Analysis.objects.select_related("game").filter(pk=analysis_id).first()
    if analysis is None or analysis.state == Analysis.State.DONE:
        return False
    game = analysis.game
    engine = registry.get(game.engine)
    bot = SearchBot(engine)
    assert game.seed is not None
    moves = list(game.moves.order_by("number"))
    state = engine.setup(game.seed, game.players, game.options)
    decisions: list[tuple[Any, Any]] = []  # (state before, move) for each of the seat's choices
    run = undo.Run()
    for move in moves:
        if (
            move.seat == analysis.seat
            and not undo.is_undo(move.action)
            and len(engine.legal_actions(state, move.seat)) > 1
        ):
            decisions.append((state, move))
        state, run = undo.play(engine, state, run, move.seat, move.action)
    analysis.state, analysis.total = Analysis.State.RUNNING, len(decisions)
    analysis.decisions = analysis.decisions[: analysis.done]  # resume where a worker stopped
    analysis.save(update_fields=["state", "total", "decisions"])
    try:
        for before, move in decisions[analysis.done :]:
            analysis.decisions.append(_judge(engine, bot, game, before, move))
            analysis.done += 1
            analysis.save(update_fields=["decisions", "done"])
    except Exception:
        log.exception("analysis %s failed", analysis.pk)
        analysis.state = Analysis.State.FAILED
        analysis.save(update_fields=["state"])
        raise
    analysis.state, analysis.finished_at = Analysis.State.DONE, timezone.now()
    analysis.save(update_fields=["state", "finished_at"])
    return True


def _judge(engine: Any, bot: SearchBot, game: Game, before: Any, move: Any) -> dict[str, Any]:
    seat = move.seat
    legal = engine.legal_actions(before, seat)
    rng = Rng(seed_state(game.pk * 7_919 + move.number))
    with engine_i18n.use(engine_i18n.SOURCE):  # the search reads as the bots do in play (services.py)
        view = engine.view(before, seat)  # what the seat knew then: the search gets nothing else
        thought = bot.think(
            view,
            legal,
            rng,
            seconds=settings.ANALYSIS_SECONDS,
            iterations=settings.BOT_ITERATIONS,
            consider=move.action,
        )
    mine, best = thought.of(move.action), thought.of(thought.action)
    mine_win = mine.win if mine else 0.0
    best_win = best.win if best else mine_win
    differs = canonical(thought.action) != canonical(move.action)
    return {
        "move": move.number,
        "played": _words(engine, before, seat, move.action),
        "suggested": _words(engine, before, seat, thought.action),
        "played_win": round(mine_win, 3),
        "suggested_win": round(best_win, 3),
        "gain": round(best_win - mine_win, 3) if differs else 0.0,
        "differs": differs,
        "iterations": thought.iterations,
    }


def _words(engine: Any, state: Any, seat: int, action: Any) -> str:
    describe = getattr(engine, "describe", None)
    if describe is None:
        return canonical(action)
    group, label = describe(state, seat, action)
    return f"{group}: {label}"
