from __future__ import annotations

from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from accounts import views as account_views

urlpatterns = [
    path("admin/", admin.site.urls),
    # Browsers ask for /favicon.ico whatever the page says.
    path("favicon.ico", RedirectView.as_view(url=static("favicon.svg"), permanent=True)),
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("allauth.urls")),
    path("players/<str:name>/", account_views.player, name="player"),
    path("", include("ratings.urls")),
    path("", include("games.urls")),
]
