"""Events games/ announces to the apps built on it (docs/architecture.md, "Events between apps").

games/ imports none of those apps: they connect receivers to these signals in their own
AppConfig.ready, so the dependency points one way.
"""

from __future__ import annotations

from django.dispatch import Signal

# Sent once per game, by games.services.finalize, after the seats' scores and places
# (Seat.score, Seat.rank) and the ratings are stored, inside that same transaction: what
# a receiver writes commits with the result or not at all. A receiver that raises rolls
# the finalization back; the game stays unfinalized and wake_stalled_games tries again
# within two minutes. Arguments: `game` (the Game, locked, its seats saved).
game_finished = Signal()
