from __future__ import annotations

from django.urls import path

from social import views

urlpatterns = [
    path("players/me/relations/", views.relations, name="relations"),
    path("players/<int:user_id>/follow", views.follow, name="follow"),
    path("players/<int:user_id>/block", views.block, name="block"),
    path("report/", views.report, name="report"),
]
