from __future__ import annotations

from django.urls import path

from games import chat_views, table_views, views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("games/", views.catalogue, name="catalogue"),
    path("games/<slug:slug>/how-to-play/", views.how_to_play, name="how_to_play"),
    path("games/<slug:slug>/new/", views.new_game, name="new_game"),
    path("game/<int:pk>/", views.game, name="game"),
    path("game/<int:pk>/act", views.act, name="act"),
    path("game/<int:pk>/state.json", views.state_json, name="state_json"),
    path("game/<int:pk>/join", views.join, name="join"),
    path("game/<int:pk>/leave", views.leave, name="leave"),
    path("game/<int:pk>/start", views.start, name="start"),
    path("game/<int:pk>/cancel", views.cancel, name="cancel"),
    path("game/<int:pk>/invite", views.invite_player, name="invite_player"),
    path("game/<int:pk>/resign", views.resign, name="resign"),
    path("game/<int:pk>/reclaim", views.reclaim, name="reclaim"),
    path("game/<int:pk>/replay/", views.replay, name="replay"),
    path("game/<int:pk>/record.json", views.record, name="record"),
    path("game/<int:pk>/analysis", views.analysis, name="analysis"),
    path("invite/<str:token>/", views.invite, name="invite"),
    path("next/", table_views.next_game, name="next_game"),
    path("me/turns.json", table_views.turns_count, name="turns_count"),
    path("game/<int:pk>/clock", table_views.clock_ran_out, name="clock_ran_out"),
    path("game/<int:pk>/rematch", table_views.ask_rematch, name="rematch"),
    path("game/<int:pk>/rematch/decline", views.rematch_decline, name="rematch_decline"),
    path("game/<int:pk>/chat/", chat_views.lines, name="chat"),
    path("game/<int:pk>/chat/write", chat_views.write, name="chat_write"),
    path("game/<int:pk>/chat/mute", chat_views.mute, name="chat_mute"),
]
