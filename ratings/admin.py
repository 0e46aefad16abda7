"""Ratings in the admin, read-only: they are derived from the games (`recompute_ratings`)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from ratings.models import Rating


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ["engine", "user", "bot", "display", "mu", "sigma", "games"]
    list_filter = ["engine"]
    search_fields = ["user__profile__display_name", "bot"]
    ordering = ["engine", "-display"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
