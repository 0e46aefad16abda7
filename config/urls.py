from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from accounts import views as account_views
from config import health


def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    # Browsers ask for /favicon.ico whatever the page says. The address is looked up when
    # asked, not at import: with DEBUG off it comes from collectstatic's manifest, which
    # does not exist yet when `migrate` first loads the URLs of a new deploy.
    return HttpResponsePermanentRedirect(static("favicon.svg"))


urlpatterns = [
    path("admin/", admin.site.urls),
    path("favicon.ico", favicon),
    # The scripts' texts in the page's language (static/js uses gettext from here).
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("healthz", health.healthz, name="healthz"),
    path("readyz", health.readyz, name="readyz"),
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("allauth.urls")),
    path("players/<str:name>/", account_views.player, name="player"),
    path("tournaments/", include("tournaments.urls")),
    path("", include("social.urls")),
    path("", include("ratings.urls")),
    path("", include("games.urls")),
]

# A database that drops connections or is overloaded answers 503 with Retry-After, not 500.
handler500 = health.server_error
