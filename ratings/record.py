"""Keeping ratings and statistics: live, as each game is finalized, and from scratch.

`record_game` runs inside `games.services.finalize`, in its transaction, with the game
row locked and `finalized` still false, so each game counts exactly once. `rebuild`
(the `recompute_ratings` command) replays every finalized game in the order the live
updates rated them, through the same functions, and so arrives at the same numbers.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import asdict
from typing import Any

from django.db import IntegrityError, models, transaction
from django.db.models import F, Min, Q, Value
from django.db.models.functions import Coalesce, Greatest

from games import results
from games.models import Game, PlayerStats, Seat, Status
from ratings import ledger
from ratings.models import (
    BotRecord,
    CategoryTotal,
    Meeting,
    Rating,
    RatingChange,
    Result,
    SeatWins,
    SoloRecord,
    conservative,
)
from ratings.tallies import Tallies

# Each tally: its model, and the model fields its keys fill.
TALLIES: dict[str, tuple[type[models.Model], tuple[str, ...]]] = {
    "categories": (CategoryTotal, ("engine", "players", "category")),
    "seats": (SeatWins, ("engine", "players", "seat")),
    "bots": (BotRecord, ("engine", "bot")),
    "solo": (SoloRecord, ("user_id", "engine", "mode")),
    "players": (PlayerStats, ("user_id", "engine")),
    "meetings": (Meeting, ("user_id", "engine", "opponent_id", "bot")),
}
BATCH = 5_000


def record_game(game: Game, seats: Sequence[Seat]) -> None:
    """Counts a game being finalized in the ratings and the statistics."""
    Result.objects.bulk_create(results_of(game, seats))
    found = ledger.places(game, seats)
    if found:
        _rate(game, found)
    tallies = Tallies()
    tallies.add(game, seats)
    for part, (model, keys) in TALLIES.items():
        # In key order, so that two games finalized at once never wait on each other in a circle
        # (None, a bot's missing user id, sorts first).
        for key, count in sorted(getattr(tallies, part).items(), key=_key_order):
            _bump(model, dict(zip(keys, key, strict=True)), asdict(count))


def results_of(game: Game, seats: Sequence[Seat]) -> list[Result]:
    """A Result for each seat of a person or a bot, as games/results.py decides it."""
    decided = results.stored(seats)
    return [
        Result(
            game=game,
            seat=s.index,
            user_id=s.user_id,
            bot=s.bot,
            engine=game.engine,
            players=game.players,
            public=game.public,
            rated=game.rated,
            finished_at=game.finished_at,
            place=decided[s.index].place,
            lost=decided[s.index].lost,
            why=decided[s.index].why,
            score=s.score,
            breakdown=s.breakdown,
        )
        for s in seats
        if ledger.who(s) is not None
    ]


def _key_order(item: tuple[tuple[Any, ...], Any]) -> list[tuple[bool, Any]]:
    return [(value is not None, value) for value in item[0]]


def _bump(model: type[models.Model], key: dict[str, Any], count: dict[str, Any]) -> None:
    """Adds `count` to the row for `key` (one UPDATE; the row is created the first time)."""
    changes: dict[str, Any] = {name: F(name) + value for name, value in count.items() if name != "best"}
    if count.get("best") is not None:
        best = Value(count["best"])
        changes["best"] = Greatest(Coalesce("best", best), best)
    rows = model._default_manager
    if not rows.filter(**key).update(**changes):
        try:
            with transaction.atomic():
                rows.create(**key, **count)
        except IntegrityError:  # another game created it first
            rows.filter(**key).update(**changes)


def _rate(game: Game, found: list[tuple[ledger.Who, int]]) -> None:
    whos = sorted({w for w, _ in found}, key=_order)
    for w in whos:
        Rating.objects.get_or_create(engine=game.engine, user_id=_user(w), bot=w[1])
    people = [w[0] for w in whos if w[0] is not None]
    bots = [w[1] for w in whos if w[0] is None]
    # Locked in id order: games finalized at once never wait on each other in a circle.
    rows = {
        _who(r): r
        for r in Rating.objects.select_for_update()
        .filter(Q(user_id__in=people) | Q(user=None, bot__in=bots), engine=game.engine)
        .order_by("pk")
    }
    after = ledger.rate({w: (r.mu, r.sigma) for w, r in rows.items()}, found)
    RatingChange.objects.bulk_create(
        RatingChange(
            rating=rows[w], game=game, mu_before=rows[w].mu, sigma_before=rows[w].sigma, mu=mu, sigma=sigma
        )
        for w, (mu, sigma) in after.items()
    )
    for w, (mu, sigma) in after.items():
        row = rows[w]
        row.mu, row.sigma, row.display, row.games = mu, sigma, conservative(mu, sigma), row.games + 1
    Rating.objects.bulk_update([rows[w] for w in after], ["mu", "sigma", "display", "games"])


def _user(w: ledger.Who) -> Any:
    return w[0]  # a user id, or None for a bot


def _order(w: ledger.Who) -> tuple[int, str]:
    return (w[0] or 0, w[1])


def _who(rating: Rating) -> ledger.Who:
    return (rating.user_id, rating.bot)


# -- from scratch ------------------------------------------------------------------------


def rated_order(games: models.QuerySet[Game]) -> list[int]:
    """Game ids in the order to replay them: games the live updates rated come in the order
    they were rated (their first RatingChange), which can differ from the order they ended
    when workers finalize in parallel; games never rated come first, in the order they ended
    (those finished before ratings existed, or all of them after the ratings were wiped)."""
    ordered = games.annotate(first=Min("rating_changes__id")).order_by(
        models.F("first").asc(nulls_first=True), "finished_at", "pk"
    )
    return list(ordered.values_list("pk", flat=True))


@transaction.atomic
def rebuild(engine: str | None = None) -> dict[str, int]:
    """Recomputes ratings, results, solo records, site tallies and PlayerStats from the game
    records. Run it with the workers stopped: a game finalized meanwhile would be counted twice."""
    games = Game.objects.filter(status=Status.FINISHED, finalized=True)
    if engine:
        games = games.filter(engine=engine)
    order = rated_order(games)
    _wipe(engine)
    skills: dict[tuple[str, ledger.Who], tuple[float, float, int]] = {}  # mu, sigma, games
    # (engine, who, game id, mu and sigma before, after), in the order rated
    changes: list[tuple[str, ledger.Who, int, float, float, float, float]] = []
    tallies = Tallies()
    for batch in _batches(order):
        results: list[Result] = []
        for game, seats in batch:
            tallies.add(game, seats)
            results += results_of(game, seats)
            found = ledger.places(game, seats)
            if not found:
                continue
            fresh = (ledger.MODEL.mu, ledger.MODEL.sigma, 0)
            before = {w: skills.get((game.engine, w), fresh) for w, _ in found}
            for w, (mu, sigma) in ledger.rate({w: b[:2] for w, b in before.items()}, found).items():
                changes.append((game.engine, w, game.pk, before[w][0], before[w][1], mu, sigma))
                skills[(game.engine, w)] = (mu, sigma, before[w][2] + 1)
        Result.objects.bulk_create(results)
    ratings = Rating.objects.bulk_create(
        [
            Rating(
                engine=slug,
                user_id=w[0],
                bot=w[1],
                mu=mu,
                sigma=sigma,
                display=conservative(mu, sigma),
                games=n,
            )
            for (slug, w), (mu, sigma, n) in skills.items()
        ],
        batch_size=BATCH,
    )
    ids = {(r.engine, _who(r)): r.pk for r in ratings}
    for start in range(0, len(changes), BATCH):
        # Created in the order rated: their ids keep that order for the next recompute.
        RatingChange.objects.bulk_create(
            RatingChange(
                rating_id=ids[(slug, w)], game_id=g, mu_before=mb, sigma_before=sb, mu=mu, sigma=sigma
            )
            for slug, w, g, mb, sb, mu, sigma in changes[start : start + BATCH]
        )
    for part, (model, keys) in TALLIES.items():
        model._default_manager.bulk_create(
            [
                model(**dict(zip(keys, key, strict=True)), **asdict(count))
                for key, count in getattr(tallies, part).items()
            ],
            batch_size=BATCH,
        )
    return {"games": len(order), "ratings": len(ratings)}


def _wipe(engine: str | None) -> None:
    for model in (
        RatingChange,
        Rating,
        Result,
        CategoryTotal,
        SeatWins,
        BotRecord,
        SoloRecord,
        PlayerStats,
        Meeting,
    ):
        rows = model.objects.all()
        if engine:
            rows = rows.filter(**{"rating__engine" if model is RatingChange else "engine": engine})
        rows.delete()


def _batches(order: list[int]) -> Iterator[list[tuple[Game, list[Seat]]]]:
    """The games (without their states) with their seats, in the given order, a batch at a time."""
    for start in range(0, len(order), BATCH):
        ids = order[start : start + BATCH]
        games = Game.objects.defer("state", "to_act", "takeback").in_bulk(ids)
        seats: dict[int, list[Seat]] = {}
        for seat in Seat.objects.filter(game_id__in=ids).order_by("game_id", "index"):
            seats.setdefault(seat.game_id, []).append(seat)
        yield [(games[pk], seats.get(pk, [])) for pk in ids]
