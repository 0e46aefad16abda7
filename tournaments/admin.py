from __future__ import annotations

from django.contrib import admin

from tournaments.models import Entry, Table, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ("name", "user", "draw", "points2", "opponents2", "wins", "played", "withdrawn_at")
    readonly_fields = ("points2", "opponents2", "wins", "played")
    raw_id_fields = ("user",)


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    fields = ("round", "number", "game", "done")
    readonly_fields = fields
    can_delete = False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "engine", "format", "table_size", "stage", "round", "rounds", "starts_at")
    list_filter = ("stage", "format", "engine")
    search_fields = ("name",)
    readonly_fields = ("seed", "winner", "finished_at", "announced")
    raw_id_fields = ("created_by",)
    inlines = [EntryInline, TableInline]
