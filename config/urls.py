from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from accounts import views as account_views

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("allauth.urls")),
    path("players/<str:name>/", account_views.player, name="player"),
    path("", include("games.urls")),
]
