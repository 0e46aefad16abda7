"""The sums behind the site statistics, the solo records and the players' played/won
counts, for one game or for many.

`Tallies.add` reads a finalized game. The live update adds one game and bumps the stored
rows by it; the recompute command adds every game and writes the rows afresh. Sums and
maxima do not depend on the order the games come in. Each count's fields are the model's.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from games import registry, results
from games.models import Game, Seat, SeatKind
from ratings.ledger import placings, who, winners


@dataclass
class CategoryCount:  # CategoryTotal: seats people played to the end
    seats: int = 0
    points: int = 0


@dataclass
class SeatCount:  # SeatWins
    games: int = 0
    wins: int = 0


@dataclass
class BotCount:  # BotRecord: at tables with people only
    games: int = 0
    wins: int = 0
    ahead: int = 0
    behind: int = 0
    level: int = 0


@dataclass
class SoloCount:  # SoloRecord
    played: int = 0
    wins: int = 0
    scored: int = 0
    total: int = 0
    best: int | None = None


@dataclass
class PlayedCount:  # games.PlayerStats
    played: int = 0
    won: int = 0


@dataclass
class MeetingCount:  # Meeting: at public multiplayer tables
    met: int = 0
    won: int = 0
    lost: int = 0
    tied: int = 0


def solo_mode(game: Game) -> str:
    """The solo record a one-player game counts in (the engine says; "" if it has one mode)."""
    engine = registry.engines().get(game.engine)
    return str(registry.extra(engine, "solo_mode", game.options, default="")) if engine else ""


def _person(seat: Seat) -> bool:
    return seat.kind == SeatKind.HUMAN and seat.user_id is not None


@dataclass
class Tallies:
    categories: dict[tuple[str, int, str], CategoryCount] = field(
        default_factory=lambda: defaultdict(CategoryCount)
    )
    seats: dict[tuple[str, int, int], SeatCount] = field(default_factory=lambda: defaultdict(SeatCount))
    bots: dict[tuple[str, str], BotCount] = field(default_factory=lambda: defaultdict(BotCount))
    solo: dict[tuple[int, str, str], SoloCount] = field(default_factory=lambda: defaultdict(SoloCount))
    players: dict[tuple[int, str], PlayedCount] = field(default_factory=lambda: defaultdict(PlayedCount))
    # (user, engine, the opponent's user id or None, its bot level or "")
    meetings: dict[tuple[int, str, int | None, str], MeetingCount] = field(
        default_factory=lambda: defaultdict(MeetingCount)
    )

    def add(self, game: Game, seats: Sequence[Seat]) -> None:
        slug, n = game.engine, game.players
        people = [s for s in seats if _person(s)]
        first = winners(seats)
        place = placings(seats)
        for s in people:
            counts = self.players[(s.user_id, slug)]  # type: ignore[index]
            counts.played += 1
            counts.won += s.index in first
            if not results.why(s):
                for category, points in (s.breakdown or {}).items():
                    total = self.categories[(slug, n, category)]
                    total.seats += 1
                    total.points += int(points)
        if n == 1:
            for s in people:
                self._solo(s, s.index in first, slug, solo_mode(game))
            return
        for s in seats:
            if s.kind != SeatKind.AUTOMATON:
                row = self.seats[(slug, n, s.index)]
                row.games += 1
                row.wins += s.index in first
        if game.public:
            self._meetings(people, [s for s in seats if who(s) is not None], place, slug)
        if people:
            for bot in (s for s in seats if s.kind == SeatKind.BOT):
                self._bot(bot, bot.index in first, [place[p.index] for p in people], place[bot.index], slug)

    def _meetings(self, people: list[Seat], others: list[Seat], place: dict[int, int], slug: str) -> None:
        """Each person against each other person's and bot's seat, by final place."""
        for person in people:
            for other in others:
                if other.index == person.index:
                    continue
                row = self.meetings[(person.user_id, slug, other.user_id, other.bot)]  # type: ignore[index]
                mine, theirs = place[person.index], place[other.index]
                row.met += 1
                row.won += mine < theirs
                row.lost += mine > theirs
                row.tied += mine == theirs

    def _solo(self, seat: Seat, won: bool, slug: str, mode: str) -> None:
        row = self.solo[(seat.user_id, slug, mode)]  # type: ignore[index]
        row.played += 1
        row.wins += won
        if not results.why(seat) and seat.score is not None:
            row.scored += 1
            row.total += seat.score
            row.best = seat.score if row.best is None else max(row.best, seat.score)

    def _bot(self, bot: Seat, won: bool, people: list[int], mine: int, slug: str) -> None:
        """`people`: the places of the people at the table; `mine`: the bot's."""
        row = self.bots[(slug, bot.bot)]
        row.games += 1
        row.wins += won
        for theirs in people:
            if mine < theirs:
                row.ahead += 1
            elif mine > theirs:
                row.behind += 1
            else:
                row.level += 1
