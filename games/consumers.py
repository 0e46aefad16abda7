"""Websockets. Thin: authenticate, join a group, pass on "game N is at version V".

No game data is sent: each page fetches its own seat's partials over HTTP.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from games import gates, presence
from games.dispatch import LOBBY_GROUP, game_group, user_group
from games.models import Game

# Close codes (RFC 6455): the frame was of a kind we do not take; its data was not what
# its kind promises.
UNSUPPORTED_DATA, INVALID_PAYLOAD = 1003, 1007


class JsonSocket(AsyncJsonWebsocketConsumer):
    """A socket that takes JSON text frames only, and closes on anything else.

    Channels' JSON consumer raises on a binary frame or text that is not JSON, which
    drops the socket without a close code: here the client is told what was wrong.
    """

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        if text_data is None:
            await self.close(code=UNSUPPORTED_DATA)
            return
        try:
            content = await self.decode_json(text_data)
        except (ValueError, RecursionError):  # not JSON, or nested deeper than the parser goes
            await self.close(code=INVALID_PAYLOAD)
            return
        await self.receive_json(content, **kwargs)


@database_sync_to_async
def _may_watch(game_id: int, user: Any) -> tuple[bool, bool, int]:
    """(may watch, sits at the table, the game's version now)."""
    game = Game.objects.filter(pk=game_id).only("public", "version").first()
    if game is None:
        return False, False, 0
    seated = bool(user.is_authenticated and game.seats.filter(user=user).exists())
    return game.public or seated, seated, game.version


@database_sync_to_async
def _hidden_from(user: Any) -> set[int]:
    return gates.players("hidden", user)


class GameConsumer(JsonSocket):
    async def connect(self) -> None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["pk"])
        self.user = self.scope.get("user")
        allowed, self.seated, version = await _may_watch(self.game_id, self.user)
        if not allowed:
            await self.close(code=4403)
            return
        await self.channel_layer.group_add(game_group(self.game_id), self.channel_name)
        if self.seated:
            await database_sync_to_async(presence.opened)(self.game_id, self.user.pk)
        await self.accept()
        # The version now: a page drawn at it fetches nothing; an older one (a move landed
        # while it loaded, or while the socket was down) catches up once.
        await self.send_json({"type": "version", "game_id": self.game_id, "version": version})

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "seated"):
            await self.channel_layer.group_discard(game_group(self.game_id), self.channel_name)
            if self.seated:
                await database_sync_to_async(presence.closed)(self.game_id, self.user.pk)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if self.seated and isinstance(content, dict) and content.get("type") == "ping":
            await database_sync_to_async(presence.still_open)(self.game_id, self.user.pk)

    async def game_moved(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "moved", "game_id": event["game_id"], "version": event["version"]})

    async def game_table(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "table", "game_id": event["game_id"]})

    async def game_chat(self, event: dict[str, Any]) -> None:
        author = event.get("author")
        if author is not None and author in await _hidden_from(self.user):
            return  # this viewer never sees that player's lines, nor hears that one was written
        await self.send_json({"type": "chat", "game_id": event["game_id"], "id": event["id"]})


class PlayerConsumer(JsonSocket):
    """One per logged-in page: "your turn in game N", whatever page is open."""

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        self.group = user_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def your_turn(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "your_turn", "game_id": event["game_id"], "version": event["version"]})

    async def turns_changed(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "turns"})


class LobbyConsumer(JsonSocket):
    """The lobby page: "the lists changed" (no data: the page fetches them again)."""

    async def connect(self) -> None:
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "lobby"})


class NoSuchSocket(JsonSocket):
    """Any other websocket address: refused cleanly (4404), not a server error."""

    async def connect(self) -> None:
        await self.close(code=4404)
