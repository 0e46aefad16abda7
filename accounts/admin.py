from __future__ import annotations

from django.contrib import admin

from accounts.models import Profile, Vacation


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ["display_name", "user", "timezone", "notify"]
    search_fields = ["display_name", "user__email"]


@admin.register(Vacation)
class VacationAdmin(admin.ModelAdmin):
    list_display = ["user", "started_at", "until", "ended_at", "days"]
    search_fields = ["user__email", "user__profile__display_name"]
