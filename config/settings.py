"""Settings, all read from the environment.

With nothing set you get the embedded default: SQLite, an in-memory channel layer,
Celery tasks run eagerly after commit, e-mail printed to the console (`make run`).
The full stack sets DATABASE_URL and REDIS_URL (see README.md).
"""

from __future__ import annotations

from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

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
    "accounts",
    "games",
    "ratings",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "accounts.middleware.TimezoneMiddleware",
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
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": env.int("DB_POOL_SIZE", default=8),
        "timeout": 10,
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 0
else:
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=0)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env.str("REDIS_URL", default="")
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
            "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_timeout": None}]},
        }
    }
    # Presence (who has a game open) must be seen by the web and worker processes alike.
    CACHES = {"default": {"BACKEND": "config.cache.SharedPoolRedisCache", "LOCATION": REDIS_URL}}
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Celery: a real broker when REDIS_URL is set; otherwise tasks run in-process (eagerly).
CELERY_BROKER_URL = REDIS_URL or "memory://"
# No task returns anything anyone reads: storing results would only cost round trips.
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
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
ACCOUNT_SIGNUP_REDIRECT_URL = "profile_edit"
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https" if SITE_URL.startswith("https") else "http"

# EMAIL_URL, e.g. smtp+tls://user:password@mail.example.com:587 (default: print to the console).
_mail = env.email_url("EMAIL_URL", default="consolemail://")
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

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
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

# The hard bot's thinking time per decision, or (if set) a fixed number of search iterations
# instead (tests use a few, so games with hard bots run quickly and reproducibly).
BOT_SECONDS = env.float("BOT_SECONDS", default=1.0)
BOT_ITERATIONS: int | None = env.int("BOT_ITERATIONS", default=None)
# The post-game analysis's search time per decision of the player (BOT_ITERATIONS applies too).
ANALYSIS_SECONDS = env.float("ANALYSIS_SECONDS", default=0.5)

# A submitted action larger than this is refused before it is parsed.
MAX_ACTION_BYTES = 4096

SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    "loggers": {"django.db.backends": {"level": "WARNING"}},
}
