"""The Sites framework's record of this site, kept equal to the settings.

allauth names the site in its e-mails ("Hello from ...") from that record, which Django
creates as "example.com"; after each `migrate` it takes SITE_NAME and SITE_URL's host.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.conf import settings


def sync_site(**kwargs: Any) -> None:
    from django.contrib.sites.models import Site

    domain = urlsplit(settings.SITE_URL).netloc or "localhost"
    Site.objects.using(kwargs.get("using", "default")).update_or_create(
        pk=settings.SITE_ID, defaults={"domain": domain, "name": settings.SITE_NAME}
    )
    Site.objects.clear_cache()
