from __future__ import annotations

from django.urls import path

from tournaments import views

urlpatterns = [
    path("", views.tournament_list, name="tournaments"),
    path("new/<slug:slug>/", views.tournament_new, name="tournament_new"),
    path("<int:pk>/", views.tournament, name="tournament"),
    path("<int:pk>/join", views.join, name="tournament_join"),
    path("<int:pk>/withdraw", views.withdraw, name="tournament_withdraw"),
    path("<int:pk>/start", views.start, name="tournament_start"),
]
