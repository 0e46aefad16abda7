from __future__ import annotations

from django.contrib import admin

from accounts.models import Profile


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ["display_name", "user", "timezone", "notify"]
    search_fields = ["display_name", "user__email"]
