"""Probes for load balancers and orchestrators.

`/healthz` (liveness): the process answers; it touches nothing else, so a database
outage does not get every web process restarted. `/readyz` (readiness): PostgreSQL and
Redis answer too; a process that cannot reach them should get no traffic.

/readyz answers within READY_WITHIN whatever is down: each check runs in a thread of its
own and a check that has not answered by then counts as failed. A database that cannot
be reached can otherwise hold a check for the pool's whole wait (10 s), longer than
probes wait. While a check is still running from an earlier probe, no new one starts:
a long outage holds one thread per check, however often the probes come.
"""

from __future__ import annotations

import sys
import threading
from concurrent.futures import Future, ThreadPoolExecutor, wait

from django.conf import settings
from django.db import OperationalError, connection
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext
from django.views import defaults
from django.views.decorators.cache import never_cache

READY_WITHIN = 0.8  # seconds: under the shortest probe timeouts in use (1 s)


@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain")


def _database() -> None:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    finally:
        connection.close()  # this thread's connection, back to the pool


def _redis() -> None:
    if not settings.REDIS_URL:
        return  # the embedded default has no Redis to wait for
    from django_redis import get_redis_connection

    # The presence cache ignores Redis errors (config/settings.py); its client does not.
    get_redis_connection("presence").ping()


CHECKS = {"database": _database, "redis": _redis}
_threads = ThreadPoolExecutor(max_workers=len(CHECKS), thread_name_prefix="readyz")
_running: dict[str, Future[None]] = {}
_lock = threading.Lock()


def _start(name: str) -> Future[None]:
    with _lock:
        future = _running.get(name)
        if future is None or future.done():
            future = _running[name] = _threads.submit(CHECKS[name])
        return future


@never_cache
def readyz(request: HttpRequest) -> HttpResponse:
    futures = {name: _start(name) for name in CHECKS}
    wait(futures.values(), timeout=READY_WITHIN)
    failed = []
    for name, future in futures.items():
        if not future.done():
            failed.append(f"{name}: no answer within {READY_WITHIN} s")
        elif future.exception() is not None:  # any failure means "not ready"; which one is in the body
            failed.append(f"{name}: {type(future.exception()).__name__}")
    if failed:
        return HttpResponse("not ready\n" + "\n".join(failed), content_type="text/plain", status=503)
    return HttpResponse("ok", content_type="text/plain")


RETRY_AFTER = 2  # seconds: long enough for the pool to open fresh connections


def server_error(request: HttpRequest) -> HttpResponse:
    """The site's answer to an error no view handled (handler500).

    A database error of the kind that passes (the database dropped the connection under
    this request, or every pooled connection stayed busy for the pool's whole wait) is
    503 with Retry-After: the same request a moment later succeeds. Anything else is the
    server's own fault: 500, as Django answers it.
    """
    if isinstance(sys.exc_info()[1], OperationalError):
        response = HttpResponse(
            gettext("The database is busy or reconnecting. Please try again in a moment."),
            content_type="text/plain",
            status=503,
        )
        response.headers["Retry-After"] = str(RETRY_AFTER)
        return response
    return defaults.server_error(request)
