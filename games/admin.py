from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from games.models import Game, Move, PendingEffect, PlayerStats, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = [
        "index",
        "kind",
        "user",
        "bot",
        "resigned",
        "timed_out",
        "reclaimed",
        "deadline",
        "score",
        "rank",
    ]


class MoveInline(admin.TabularInline):
    model = Move
    extra = 0
    fields = ("number", "seat", "action", "created_at")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["id", "engine", "status", "players", "version", "public", "created_by", "created_at"]
    list_filter = ["engine", "status", "public"]
    inlines = [SeatInline, MoveInline]
    # The state and seed are the engine's business: shown, never edited by hand.
    readonly_fields = ["seed", "state", "version", "to_act", "takeback", "finalized"]


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    list_display = ["game", "number", "seat", "created_at"]
    readonly_fields = ["game", "number", "seat", "action", "created_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(PlayerStats)
class PlayerStatsAdmin(admin.ModelAdmin):
    list_display = ["user", "engine", "played", "won"]


@admin.register(PendingEffect)
class PendingEffectAdmin(admin.ModelAdmin):
    """The outbox (games/outbox.py): side effects waiting for Redis. Read-only: the worker's
    drain performs and deletes them."""

    list_display = ["pk", "effect", "game", "attempts", "created_at", "last_error"]
    list_filter = ["effect"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
