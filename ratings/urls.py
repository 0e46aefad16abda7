from __future__ import annotations

from django.urls import path

from ratings import views

urlpatterns = [
    path("players/<str:name>/<slug:slug>/", views.player_game, name="player_game"),
    path("games/<slug:slug>/leaderboard/", views.leaderboard, name="leaderboard"),
    path("games/<slug:slug>/statistics/", views.statistics, name="game_statistics"),
    path("accounts/export/games.json", views.export_games, name="export_games"),
    path("accounts/export/statistics.csv", views.export_statistics, name="export_statistics"),
]
