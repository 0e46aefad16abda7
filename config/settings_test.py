"""Test settings: the embedded default, plus the tests' own engine (Highcard).

DATABASE_URL and REDIS_URL still switch to the real services (CI runs both ways).
"""

from __future__ import annotations

from config.settings import *  # noqa: F403
from config.settings import BASE_DIR, TEMPLATES, env

EXTRA_ENGINES = ["tests.testgame.engine"]
TEMPLATES[0]["DIRS"] = [BASE_DIR / "templates", BASE_DIR / "tests" / "templates"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
LOGGING = {"version": 1, "disable_existing_loggers": False}

# Rate limits (games/limits.py) are off, except in the tests that check them (the
# `rate_limits` fixture): a suite that plays whole games would trip them.
RATELIMIT_ENABLE = False

# Tasks run eagerly in tests; the real-worker test switches this off itself (and its
# worker process gets CELERY_TASK_ALWAYS_EAGER=false, so each move is a real task).
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=True)

# Hard bots search a fixed few iterations: quick, and the same game every run.
BOT_ITERATIONS = env.int("BOT_ITERATIONS", default=4)

# With real Redis, each test run (each xdist worker) keeps its keys apart from any other run's.
import os  # noqa: E402

from config.settings import CACHES, CELERY_TASK_ROUTES, CHANNEL_LAYERS, REDIS_URL  # noqa: E402

# The prefix goes into the environment so that the processes a run starts (a Celery
# worker, a server) share it: otherwise their messages would never meet.
# pytest-xdist's controller reads these settings too and its workers inherit its environment:
# each worker adds its own name, or their channel groups and cache keys (which name games and
# players by id, the same ids in each worker's database) would meet.
_RUN = os.environ.setdefault("REDIS_PREFIX", f"test-{os.getpid()}")
_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
if _WORKER and not _RUN.endswith(f"-{_WORKER}"):
    _RUN = os.environ["REDIS_PREFIX"] = f"{_RUN}-{_WORKER}"
if REDIS_URL:
    for _cache in CACHES.values():
        _cache["KEY_PREFIX"] = _RUN
    # And its own task queue: a worker started by one run must not take another's tasks
    # (they would name games of another test database).
    CELERY_TASK_DEFAULT_QUEUE = f"games-{_RUN}"
    CELERY_BOT_QUEUE = f"bots-{_RUN}"
    CELERY_TASK_ROUTES = {task: {"queue": CELERY_BOT_QUEUE} for task in CELERY_TASK_ROUTES}
    CHANNEL_LAYERS["default"]["CONFIG"]["prefix"] = _RUN  # type: ignore[index]

if env.bool("BENCH_LOG", default=False):
    # The benchmark's server prints server errors (tests keep logs quiet).
    LOGGING = {
        "version": 1,
        "disable_existing_loggers": False,  # the server's own errors too
        "handlers": {"err": {"class": "logging.StreamHandler"}},
        "loggers": {"django.request": {"handlers": ["err"], "level": "ERROR"}},
    }
