"""The standings page's socket: "the tournament changed", nothing more (the page fetches
its standings over HTTP). Tournaments are public: any visitor may listen."""

from __future__ import annotations

from typing import Any

from games.consumers import JsonSocket
from tournaments.effects import group


class TournamentConsumer(JsonSocket):
    async def connect(self) -> None:
        self.group = group(int(self.scope["url_route"]["kwargs"]["pk"]))
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        pass  # pings keep the socket open; nothing else is expected

    async def tournament_changed(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "tournament", "id": event["id"]})
