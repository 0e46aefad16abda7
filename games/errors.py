"""Why a request to change a game was refused; each carries its HTTP status."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class GameError(Exception):
    status = 400

    def __init__(self, message: StrOrPromise) -> None:
        # Read now, in the language of the request that is refused.
        super().__init__(str(message))
        self.message = str(message)


class Illegal(GameError):
    """The rules do not allow it (the engine's reason)."""


class Forbidden(GameError):
    """Not your seat, not your turn, not your table."""

    status = 403


class NotFound(GameError):
    """No such game, or a private one the user does not sit at (invisible, not forbidden)."""

    status = 404


class Conflict(GameError):
    """The page is out of date, or the game is not in a state for this."""

    status = 409


class TooMany(GameError):
    """Over a limit: requests in a short time (games/limits.py), or tables open at once."""

    status = 429
