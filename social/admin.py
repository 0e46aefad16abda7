"""The moderators' queue: reports, newest open first, and the sanctions they lead to.

Each action acts on the reported players of the chosen reports and marks the reports
handled; the sanction's note is the report's reason (moderators may edit it afterwards).
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from social import services
from social.models import Report, Sanction


def _each(kind: str, act: Any) -> Any:
    def action(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Report]) -> None:
        done = 0
        for report in queryset.select_related("reported"):
            act(request.user, report.reported, f"Reported for: {report.get_reason_display()}", report)
            done += 1
        messages.success(request, f"{kind}: {done} report(s) handled.")

    action.__name__ = f"{kind}_reported"
    return action


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ["created_at", "state", "reported", "reason", "quoted", "reporter"]
    list_filter = ["state", "reason"]
    search_fields = ["reported__username", "reporter__username", "quoted", "details"]
    readonly_fields = [
        "reporter",
        "reported",
        "line",
        "quoted",
        "reason",
        "details",
        "created_at",
        "handled_by",
        "handled_at",
    ]
    actions = [
        admin.action(description="Mute the reported players (no chat)")(_each("mute", services.mute)),
        admin.action(description="Warn the reported players (a notice and an e-mail)")(
            _each("warn", services.warn)
        ),
        admin.action(description="Suspend the reported players (no log-in; bots take their games)")(
            _each("suspend", services.suspend)
        ),
        "dismiss",
    ]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Report]:
        return super().get_queryset(request).select_related("reported", "reporter")

    @admin.action(description="Dismiss (nothing to do)")
    def dismiss(self, request: HttpRequest, queryset: QuerySet[Report]) -> None:
        for report in queryset:
            services.dismiss(request.user, report)


@admin.register(Sanction)
class SanctionAdmin(admin.ModelAdmin):
    list_display = ["created_at", "user", "kind", "until", "lifted", "by"]
    list_filter = ["kind", "lifted"]
    readonly_fields = ["user", "kind", "report", "by", "created_at", "lifted"]
    actions = ["lift"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # sanctions come from the reports' actions, which also take their effects

    @admin.action(description="Lift (a suspended player may log in again)")
    def lift(self, request: HttpRequest, queryset: QuerySet[Sanction]) -> None:
        for sanction in queryset:
            services.lift(request.user, sanction)
