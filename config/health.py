"""Probes for load balancers and orchestrators.

`/healthz` (liveness): the process answers; it touches nothing else, so a database
outage does not get every web process restarted. `/readyz` (readiness): PostgreSQL and
Redis answer too; a process that cannot reach them should get no traffic.
"""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache


@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain")


def _database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


def _redis() -> None:
    if not settings.REDIS_URL:
        return  # the embedded default has no Redis to wait for
    from django_redis import get_redis_connection

    # The presence cache ignores Redis errors (config/settings.py); its client does not.
    get_redis_connection("presence").ping()


CHECKS = {"database": _database, "redis": _redis}


@never_cache
def readyz(request: HttpRequest) -> HttpResponse:
    failed = []
    for name, check in CHECKS.items():
        try:
            check()
        except Exception as exc:  # any failure means "not ready"; which one is in the body
            failed.append(f"{name}: {type(exc).__name__}")
    if failed:
        return HttpResponse("not ready\n" + "\n".join(failed), content_type="text/plain", status=503)
    return HttpResponse("ok", content_type="text/plain")
