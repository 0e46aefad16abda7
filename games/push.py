"""Each seat's page, pushed over its socket after a move: no refetch round trip.

After a move commits, the play page's regions (games/_update.html) are drawn once for
each seat whose player has the game open, in that player's language and time zone, and
sent in the "moved" message to that seat's own group. Only that seat's player's sockets
join its group (games/consumers.py), and each drawing starts from the engine's view for
that seat alone, so a message holds what its seat may see and nothing more: the very
regions the page would have fetched.

Spectators' pages hear the version in a group of their own and fetch their regions: a
spectator's page is drawn in the language and time zone of their browser or settings,
which no one drawing could share. A page that heard no drawing (its player's page was not
open when it was drawn, the game ended, the game moved on before the effect ran, a message
was lost: a gap in versions) fetches `?part=update` as before (static/js/play.js). The
drawings carry a stand-in for the CSRF token, which the page replaces with its own.
"""

from __future__ import annotations

import logging
import threading
import zoneinfo

from django.template.loader import render_to_string
from django.utils import timezone, translation

from games import outbox, presence, presenter
from games.models import Game, Seat, Status
from games.publisher import Message

log = logging.getLogger(__name__)

UPDATE = "games/_update.html"  # every region at once, as out-of-band swaps
CSRF_STAND_IN = "page-token"  # the page puts its own token in (play.js)

_local = threading.local()


def seat_group(game_id: int, seat: int) -> str:
    return f"game-{game_id}-seat-{seat}"


def watch_group(game_id: int) -> str:
    return f"game-{game_id}-watch"


def page_seats(seats: list[Seat]) -> list[list[int]]:
    """[user id, seat] for each player: the seat their pages show (their first, as
    presenter.viewer_seat), as JSON for the outbox."""
    pages: dict[int, int] = {}
    for s in sorted(seats, key=lambda s: s.index):
        if s.user_id is not None:
            pages.setdefault(s.user_id, s.index)
    return [[user, seat] for user, seat in pages.items()]


def moved(game_id: int, version: int, finished: bool, pages: list[list[int]] | None) -> list[Message]:
    """The "moved" messages of a new version, one per seat's group, with its regions drawn
    when its player's page is open, and one for the spectators. Nobody watching costs no
    query."""
    seats: list[Seat] | None = None
    if pages is None:
        seats = list(Seat.objects.filter(game_id=game_id))
        pages = page_seats(seats)
    plain = {"type": "game.moved", "game_id": game_id, "version": version}
    groups: dict[int | None, str] = {seat: seat_group(game_id, seat) for _, seat in pages}
    groups[None] = watch_group(game_id)
    drawn: dict[int | None, str] = {}
    # At the end the page changes more than its regions (results, the rematch box, which
    # read the viewer): every page fetches it.
    present = set() if finished else presence.watching(game_id, [u for u, _ in pages])
    who = [seat for user, seat in pages if user in present]
    if who:
        try:
            drawn = _draw_if_current(game_id, version, who)
        except Exception:  # a drawing that fails must not stop the move's messages
            log.exception("the pages of game %s at version %s could not be drawn", game_id, version)
    _local.drawn = {(game_id, version, seat): html for seat, html in drawn.items()}
    return [
        (group, {**plain, "html": drawn[seat]} if seat in drawn else plain) for seat, group in groups.items()
    ]


def _draw_if_current(game_id: int, version: int, who: list[int]) -> dict[int | None, str]:
    game = Game.objects.filter(pk=game_id).first()
    # Moved on since (a late retry): the pages fetch the version they hear of next.
    if game is None or game.version != version or game.status != Status.ACTIVE:
        return {}
    return draw(game, list(presenter.seats_of(game)), who)


def draw(game: Game, seats: list[Seat], who: list[int]) -> dict[int | None, str]:
    """The regions of each of these seats' pages, each in its player's language and time
    zone (seats read with presenter.seats_of, so their profiles come with them)."""
    if not who:
        return {}
    delayed = outbox.delayed(game.pk)  # asked once for all the pages
    drawn: dict[int | None, str] = {}
    for seat in who:
        player = seats[seat].user
        assert player is not None  # `who` holds only seats with a player (page_seats)
        profile = player.profile
        table = presenter.build_for(game, seats, seat)
        context = presenter.page_context(table, delayed=delayed, csrf_token=CSRF_STAND_IN)
        with translation.override(profile.language), timezone.override(zoneinfo.ZoneInfo(profile.timezone)):
            drawn[seat] = render_to_string(UPDATE, context)
    return drawn


def drawn_here(game_id: int, version: int, seat: int | None) -> str | None:
    """The regions this thread drew for the seat with its last push, if any: the mover's
    answer is the drawing its page's socket would have received."""
    found: dict[tuple[int, int, int | None], str] = getattr(_local, "drawn", {})
    return found.pop((game_id, version, seat), None)
