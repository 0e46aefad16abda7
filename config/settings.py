"""Settings, all read from the environment.

With nothing set you get the embedded default: SQLite, an in-memory channel layer,
Celery's tasks and beat schedule run by the server process itself (config/embedded.py),
e-mail printed to the console (`make run`).
The full stack sets DATABASE_URL and REDIS_URL (see README.md).
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import environ
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent
env = environ.Env()

DEBUG = env.bool("DEBUG", default=True)
SECRET_KEY = env.str("SECRET_KEY", default="")
if not SECRET_KEY:
    if not DEBUG:
        # A production site must never run with a key anyone can read in the repository.
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
SITE_URL = env.str("SITE_URL", default="http://127.0.0.1:8000").rstrip("/")
# The site's name in e-mails and pages (kept in the Sites framework's record: accounts/site.py).
SITE_NAME = env.str("SITE_NAME", default="Stonespine Tables")


def _origin(url: str) -> str:
    parts = urlparse(url)
    return f"{parts.scheme}://{parts.netloc}"


# A page may open a socket only from these origins, matched exactly: scheme, host and port
# (the same host on another port is another site, which may not use our cookies).
WEBSOCKET_ORIGINS = env.list(
    "WEBSOCKET_ORIGINS", default=list(dict.fromkeys([_origin(SITE_URL), *map(_origin, CSRF_TRUSTED_ORIGINS)]))
)
if DEBUG and urlparse(SITE_URL).hostname in ("127.0.0.1", "localhost"):
    _port = urlparse(SITE_URL).port or 80
    WEBSOCKET_ORIGINS += [f"http://127.0.0.1:{_port}", f"http://localhost:{_port}"]

INSTALLED_APPS = [
    "daphne",  # first, so `runserver` serves ASGI and the websockets work
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sites",
    "channels",
    "django_htmx",
    "allauth",
    "allauth.account",
    "axes",  # log-in lockout (docs/security.md)
    "accounts",
    "games",
    "ratings",
    "tournaments",
    "social",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.middleware.refuse_nul_bytes",
    "config.middleware.DatabaseBusy",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language of the browser (Accept-Language) or of the switcher's cookie...
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "accounts.middleware.TimezoneMiddleware",
    # ...unless the logged-in player chose one in their settings (docs/i18n.md).
    "accounts.middleware.LanguageMiddleware",
    # Last, as its documentation asks: it answers a locked-out log-in with 429.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
            "libraries": {"play": "games.templatetags.play"},
        },
    }
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env.int("DB_POOL_SIZE", default=8):
    # Under ASGI each request runs in its own thread, so persistent connections
    # (CONN_MAX_AGE) pile up until PostgreSQL refuses more; a pool per process does not.
    from psycopg_pool import ConnectionPool

    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": env.int("DB_POOL_SIZE", default=8),
        "timeout": 10,
        # Each connection is tried (an empty query) as it leaves the pool: one the database
        # dropped while it sat there (a restart, a fail-over) is replaced, not handed to a
        # request. The cost is one round trip per request.
        "check": ConnectionPool.check_connection,
    }
    # A connection attempt gives up after a few seconds instead of libpq's default of never.
    DATABASES["default"]["OPTIONS"].setdefault("connect_timeout", 5)
    DATABASES["default"]["CONN_MAX_AGE"] = 0
else:
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=0)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded default as a real database for a few players at once (docs/operations.md):
    # with write-ahead logging readers never wait for the writer; a write transaction takes
    # the lock when it begins (IMMEDIATE), so two writers queue for it instead of deadlocking
    # when both try to upgrade a read lock (SQLite fails one of them at once, whatever the
    # timeout); and a writer waits up to SQLITE_TIMEOUT seconds for its turn. A lock still
    # held past that is a 503 to retry, never a 500 (config/middleware.py).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            "transaction_mode": "IMMEDIATE",
            "timeout": env.float("SQLITE_TIMEOUT", default=20),
        }
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env.str("REDIS_URL", default="")


def caches_for(redis_url: str, prefix: str) -> dict[str, Any]:
    """Three caches: in memory on the embedded default, in Redis with the full stack.

    "default" holds the log-in and sign-up rate limits (allauth) and the log-in lock-outs
    (django-axes, AXES_HANDLER below): in Redis, shared by every process, on keys that
    expire and with no database connection. axes counts with SET NX then INCR; allauth
    keeps its timestamps under a lock it takes with SET NX.
    It fails open (config/caches.py): while Redis is down every count reads as new, so
    log-in and sign-up work, unlimited, and each unanswered call is logged. A plain
    cache that ignores errors would not do: allauth takes a lock with cache.add() first,
    which would read as "taken" while Redis is down, and every log-in would be refused.

    "presence" (who has a game open, games/presence.py) is written on every socket
    connect and ping, so it lives in Redis (django-redis: one connection pool per
    process), and fails soft (IGNORE_EXCEPTIONS): while Redis is down it reads as
    "nobody is watching" and turn e-mails go out.

    "limits" holds the players' rate limits (moves, tables, chat: games/limits.py) in
    Redis, counted with INCR on a key that expires, one round trip and no database
    connection; it raises while Redis is down (no IGNORE_EXCEPTIONS, short timeouts) and
    games/limits.py lets the request through, which is what the limits want.
    """
    if not redis_url:
        return {
            name: {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": name}
            for name in ("default", "presence", "limits")
        }
    return {
        "default": {
            "BACKEND": "config.caches.FailOpenRedisCache",
            "LOCATION": redis_url,
            "KEY_PREFIX": prefix,
            # A call waits at most half a second to connect and half a second for the answer.
            "OPTIONS": {"IGNORE_EXCEPTIONS": True, "SOCKET_CONNECT_TIMEOUT": 0.5, "SOCKET_TIMEOUT": 0.5},
        },
        "presence": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": redis_url,
            "KEY_PREFIX": prefix,
            "OPTIONS": {"IGNORE_EXCEPTIONS": True, "SOCKET_CONNECT_TIMEOUT": 1, "SOCKET_TIMEOUT": 2},
        },
        "limits": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": redis_url,
            "KEY_PREFIX": prefix,
            "OPTIONS": {"SOCKET_CONNECT_TIMEOUT": 0.5, "SOCKET_TIMEOUT": 0.5},
        },
    }


# Names this site's socket groups and cache keys apart from another site's on the same
# Redis server. Publish/subscribe channels ignore the db number, so two sites given
# different db numbers would still hear each other's games: the default prefix names the
# db, and SITE_PREFIX names the site outright.
SITE_PREFIX = env.str("SITE_PREFIX", default=f"tables-db{urlparse(REDIS_URL).path.strip('/') or '0'}")
if REDIS_URL:
    # Socket messages go through Redis publish/subscribe: one PUBLISH per message, pushed
    # to each server process that has a page of that game open. The list-based layer
    # (channels_redis.core) costs four Redis round trips per message received and lost
    # about one message in 600 under load (we suspect a read cut off by a socket closing); our
    # messages are only "game N is at version V", which a page can always fetch again.
    # redis-py 8 cuts every read off after 5 s by default: a quiet connection is not dead.
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                "hosts": [{"address": REDIS_URL, "socket_timeout": None}],
                # Group names are global on a Redis server (publish/subscribe ignores the
                # db number): each site sharing one server needs a prefix of its own.
                "prefix": SITE_PREFIX,
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

CACHES = caches_for(REDIS_URL, SITE_PREFIX)
DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True  # an outage is logged, not raised

# Celery: a real broker when REDIS_URL is set. Without it the ASGI server runs the tasks and
# the beat schedule on threads of its own (config/embedded.py); a management command, which
# has no such threads, runs the tasks it causes eagerly, in the command.
CELERY_BROKER_URL = REDIS_URL or "memory://"
EMBEDDED_WORKER = env.bool("EMBEDDED_WORKER", default=not REDIS_URL)
EMBEDDED_THREADS = env.int("EMBEDDED_THREADS", default=2)  # e-mails, clocks, scoring, sweeps
EMBEDDED_BOT_THREADS = env.int("EMBEDDED_BOT_THREADS", default=1)  # bot and automaton turns
# At Ctrl-C the tasks still queued run for up to this many seconds; the rest are dropped, each
# named in the log (docs/operations.md says what comes back after the next start).
EMBEDDED_SHUTDOWN_GRACE = env.float("EMBEDDED_SHUTDOWN_GRACE", default=10)
# Test-only: run every scheduled job this many seconds apart instead of on its schedule (0: off).
EMBEDDED_BEAT_EVERY = env.float("EMBEDDED_BEAT_EVERY", default=0)
# No task returns anything anyone reads: storing results would only cost round trips.
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
# A task is acknowledged when it is done, not when it starts: a worker killed mid-task
# (SIGKILL, out of memory, a lost machine) leaves it unacknowledged, and Redis hands it to
# another worker once the visibility timeout has passed. So that timeout is kept short,
# just above the longest a task may run (its hard time limit), and the stalled-game
# sweeper (every minute) wakes a game whose task was lost some other way.
# docs/operations.md says more.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SOFT_TIME_LIMIT = env.int("CELERY_TASK_SOFT_TIME_LIMIT", default=40)
CELERY_TASK_TIME_LIMIT = env.int("CELERY_TASK_TIME_LIMIT", default=50)
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=CELERY_TASK_TIME_LIMIT + 10),
    # A running worker looks for tasks past the visibility timeout every 10 s (kombu's
    # default is every 100 s, which would add that much to the wait).
    "unacked_restore_interval": 10,
    "unacked_restore_throttle": 1,
    "socket_connect_timeout": 2,
    "socket_timeout": 5,
}
# A move must not wait long on a broker that is down: queuing gives up quickly, and the
# effect stays in the outbox (games/outbox.py) for the worker to retry.
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.2}
CELERY_TASK_DEFAULT_QUEUE = env.str("CELERY_QUEUE", default="games")
# Bot turns and post-game analyses search for a second or more: they have their own queue and
# workers, so turn e-mails, clocks and scoring never wait behind them.
CELERY_BOT_QUEUE = env.str("CELERY_BOT_QUEUE", default="bots")
CELERY_TASK_ROUTES = {
    "games.tasks.play_machine": {"queue": CELERY_BOT_QUEUE},
    "games.tasks.analyse_game": {"queue": CELERY_BOT_QUEUE},
}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

AUTHENTICATION_BACKENDS = [
    # First: it refuses a locked-out (account, client) pair before any password is checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
SITE_ID = 1
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "lobby"
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"  # after sign-up and confirmation: the profile
# Confirming the address in the browser that signed up logs the player in (allauth only does
# so when the sign-up is in that browser's session, so a leaked link logs nobody in).
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https" if SITE_URL.startswith("https") else "http"
ACCOUNT_FORMS = {"signup": "accounts.forms.SignupForm"}
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"

# Log-in throttling (docs/security.md). django-axes counts failures per account and
# client address together, so a stranger's wrong passwords never lock the owner out;
# it guards every log-in, the admin's included. With the full stack it counts in Redis
# (the "default" cache, failing open: caches_for above), so a burst of log-ins holds no
# database connection for counting; on the embedded default, one process with no Redis,
# in the database (its own table), where the admin lists the attempts.
AXES_HANDLER = (
    "axes.handlers.cache.AxesCacheHandler" if REDIS_URL else "axes.handlers.database.AxesDatabaseHandler"
)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_FAILURE_LIMIT = env.int("LOGIN_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("LOGIN_LOCKOUT_MINUTES", default=15))
AXES_RESET_ON_SUCCESS = True
AXES_DISABLE_ACCESS_LOG = True  # failures are counted; successful log-ins are nobody's record
AXES_VERBOSE = False  # no banner on every command's start; lock-outs are still logged
AXES_USERNAME_CALLABLE = "accounts.adapter.login_name"
AXES_LOCKOUT_TEMPLATE = "accounts/locked_out.html"
# Behind a reverse proxy every client has the proxy's address unless we read the header
# it sets: TRUSTED_PROXIES is how many proxies stand in front of the site (0: none).
TRUSTED_PROXIES = env.int("TRUSTED_PROXIES", default=0)
if TRUSTED_PROXIES:
    AXES_IPWARE_PROXY_COUNT = TRUSTED_PROXIES
    AXES_IPWARE_META_PRECEDENCE_ORDER = ("HTTP_X_FORWARDED_FOR", "REMOTE_ADDR")
    ALLAUTH_TRUSTED_PROXY_COUNT = TRUSTED_PROXIES
# allauth's own limit on failed log-ins counts per account too (the lock-out above,
# without the client): here it counts per client address only, against spraying.
ACCOUNT_RATE_LIMITS = {"login_failed": "20/m/ip"}

# Rate limits per player (games/limits.py, django-ratelimit on the "limits" cache): "count/period".
RATELIMIT_USE_CACHE = "limits"
RATE_LIMITS = {
    "move": env.str("RATE_LIMIT_MOVES", default="120/m"),
    "table": env.str("RATE_LIMIT_TABLES", default="10/10m"),
    "chat": env.str("RATE_LIMIT_CHAT", default="5/30s"),
    "report": env.str("RATE_LIMIT_REPORTS", default="10/h"),
}
# Tables a player may have open (waiting for players) at once.
MAX_OPEN_TABLES = env.int("MAX_OPEN_TABLES", default=10)

# EMAIL_URL, e.g. smtp+tls://user:password@mail.example.com:587 (default: print to the console).
# Sign-up needs its verification mail: a live site that would print it to a log nobody
# reads must not start.
if not DEBUG and not env.str("EMAIL_URL", default=""):
    raise ImproperlyConfigured(
        "EMAIL_URL must be set when DEBUG is off (e.g. smtp+tls://user:password@mail.example.com:587): "
        "without it no one can finish signing up"
    )
_mail = env.email_url("EMAIL_URL", default="consolemail://")
if _mail["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend":
    _mail["EMAIL_BACKEND"] = "accounts.mail.EmailBackend"  # prints links unfolded
_smtp_options = {
    "host": _mail.get("EMAIL_HOST"),
    "port": _mail.get("EMAIL_PORT"),
    "username": _mail.get("EMAIL_HOST_USER"),
    "password": _mail.get("EMAIL_HOST_PASSWORD"),
    "use_tls": _mail.get("EMAIL_USE_TLS"),
    "use_ssl": _mail.get("EMAIL_USE_SSL"),
}
MAILERS = {
    "default": {
        "BACKEND": _mail["EMAIL_BACKEND"],
        "OPTIONS": {k: v for k, v in _smtp_options.items() if v not in (None, "")}
        if _mail["EMAIL_BACKEND"].endswith("smtp.EmailBackend")
        else {},
    }
}
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Stonespine Tables <noreply@localhost>")

# The site speaks these languages (docs/i18n.md tells a translator how to add one).
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("ja", "日本語")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = env.path("STATIC_ROOT", default=str(BASE_DIR / "staticfiles"))
# In development whitenoise serves straight from static/ (no collectstatic needed).
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Engines the site shows besides games.engines.ENGINES ("module.path" exporting ENGINE);
# only the tests use this, for their own small game.
EXTRA_ENGINES: list[str] = []

# The hard bot runs each game's fixed number of search iterations per decision
# (`search_iterations`, reproducible), with BOT_SECONDS only as a safety cap on a machine far
# busier than the counts were chosen for; BOT_ITERATIONS, if set, replaces every game's count
# (tests use a few, so games with hard bots run quickly).
BOT_SECONDS = env.float("BOT_SECONDS", default=1.0)
BOT_ITERATIONS: int | None = env.int("BOT_ITERATIONS", default=None)
# The post-game analysis's search time per decision of the player (BOT_ITERATIONS applies too).
ANALYSIS_SECONDS = env.float("ANALYSIS_SECONDS", default=0.5)

# A submitted action larger than this is refused before it is parsed.
MAX_ACTION_BYTES = 4096

# HTTPS. Behind a proxy that ends TLS, SECURE_PROXY_SSL_HEADER names the header it sets
# (e.g. X-Forwarded-Proto), and only then: trusting it without such a proxy lets any client
# claim to be on HTTPS. The defaults when DEBUG is off are what `check --deploy` asks for.
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=not DEBUG)
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=not DEBUG)
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=not DEBUG)
# The load balancer's probes come over plain HTTP.
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=not DEBUG)
# Only says the site may be preloaded: nothing happens until its domain is submitted.
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=not DEBUG)
_proxy_header = env.str("SECURE_PROXY_SSL_HEADER", default="")
if _proxy_header:
    SECURE_PROXY_SSL_HEADER = ("HTTP_" + _proxy_header.upper().replace("-", "_"), "https")

# Content Security Policy (Django's own): scripts, styles, images and fonts from this
# site only, sockets and fetches to this site only, no frames, no plugins. Templates
# hold no inline script, style attribute or event handler (htmx is told not to add its
# indicator <style>, base.html). CSP_REPORT_ONLY=true sends it as report-only.
SECURE_CSP_POLICY = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "object-src": [CSP.NONE],
}
if env.bool("CSP_REPORT_ONLY", default=False):
    SECURE_CSP_REPORT_ONLY = SECURE_CSP_POLICY
else:
    SECURE_CSP = SECURE_CSP_POLICY

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    "loggers": {"django.db.backends": {"level": "WARNING"}},
}
