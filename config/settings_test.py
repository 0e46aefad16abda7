"""Test settings: the embedded default, plus the tests' own engine (Highcard).

DATABASE_URL and REDIS_URL still switch to the real services (CI runs both ways).
"""

from __future__ import annotations

from config.settings import *  # noqa: F403
from config.settings import BASE_DIR, TEMPLATES

EXTRA_ENGINES = ["tests.testgame.engine"]
TEMPLATES[0]["DIRS"] = [BASE_DIR / "templates", BASE_DIR / "tests" / "templates"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
LOGGING = {"version": 1, "disable_existing_loggers": False}
