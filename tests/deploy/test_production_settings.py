"""The production settings, each read by a fresh process with DEBUG off (the way a
deploy starts): config/settings.py, scripts/release."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PRODUCTION = {
    "DJANGO_SETTINGS_MODULE": "config.settings",
    "DEBUG": "false",
    "SECRET_KEY": "a-long-random-production-key-" + "x" * 40,
    "EMAIL_URL": "smtp+tls://tables:secret@mail.example.com:587",
    "SITE_URL": "https://tables.example.com",
    "ALLOWED_HOSTS": "tables.example.com",
    "CSRF_TRUSTED_ORIGINS": "https://tables.example.com",
}
SERVICES = ("DATABASE_URL", "REDIS_URL", "SITE_PREFIX", "WEBSOCKET_ORIGINS", "CELERY_VISIBILITY_TIMEOUT")


def run(args: list[str], tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in SERVICES and not k.startswith("SECURE_")}
    environment = {
        **base,
        **PRODUCTION,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'site.sqlite3'}",
        "STATIC_ROOT": str(tmp_path / "static"),  # empty: collectstatic has not run
        **env,
    }
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120
    )


def settings_of(tmp_path: Path, *names: str, **env: str) -> dict:
    code = "import json, django; django.setup(); from django.conf import settings as s; "
    code += f"print(json.dumps({{n: getattr(s, n, None) for n in {list(names)!r}}}, default=str))"
    done = run(["-c", code], tmp_path, **env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_migrate_works_before_collectstatic_with_debug_off(tmp_path):
    """The favicon's address was looked up in collectstatic's manifest when the URLs were
    first loaded, which `migrate` does: a fresh deploy failed before writing it."""
    done = run(["manage.py", "migrate", "--noinput", "-v0"], tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]


def test_check_deploy_is_clean_with_production_settings(tmp_path):
    done = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "no issues" in done.stdout


def test_a_site_without_email_url_refuses_to_start_and_says_why(tmp_path):
    done = run(["manage.py", "check"], tmp_path, EMAIL_URL="")
    assert done.returncode != 0
    assert "EMAIL_URL must be set when DEBUG is off" in done.stderr


def test_https_settings_come_from_the_environment(tmp_path):
    names = ("SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "SECURE_PROXY_SSL_HEADER", "SESSION_COOKIE_SECURE")
    default = settings_of(tmp_path, *names)
    assert default["SECURE_SSL_REDIRECT"] is True and default["SECURE_HSTS_SECONDS"] == 31_536_000
    assert default["SECURE_PROXY_SSL_HEADER"] is None  # trusted only when a proxy is named
    behind_a_proxy = settings_of(
        tmp_path, *names, SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto", SECURE_HSTS_SECONDS="600"
    )
    assert behind_a_proxy["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert behind_a_proxy["SECURE_HSTS_SECONDS"] == 600


def test_two_sites_on_one_redis_server_get_socket_groups_of_their_own(tmp_path):
    """Publish/subscribe ignores the db number: the group prefix must differ."""
    first = settings_of(tmp_path, "CHANNEL_LAYERS", "CACHES", REDIS_URL="redis://127.0.0.1:6379/3")
    second = settings_of(tmp_path, "CHANNEL_LAYERS", REDIS_URL="redis://127.0.0.1:6379/4")
    named = settings_of(tmp_path, "CHANNEL_LAYERS", REDIS_URL="redis://127.0.0.1:6379/4", SITE_PREFIX="north")
    prefixes = [s["CHANNEL_LAYERS"]["default"]["CONFIG"]["prefix"] for s in (first, second, named)]
    assert len(set(prefixes)) == 3 and prefixes[2] == "north"
    assert first["CACHES"]["presence"]["KEY_PREFIX"] == prefixes[0]


@pytest.mark.parametrize(
    "site, origins",
    [
        ("https://tables.example.com", ["https://tables.example.com"]),
        ("https://tables.example.com:8443/", ["https://tables.example.com:8443"]),
    ],
)
def test_the_socket_origins_are_the_site_s_own(tmp_path, site, origins):
    found = settings_of(tmp_path, "WEBSOCKET_ORIGINS", SITE_URL=site, CSRF_TRUSTED_ORIGINS="")
    assert found["WEBSOCKET_ORIGINS"] == origins


def release(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {
        **{k: v for k, v in os.environ.items() if k not in SERVICES and not k.startswith("SECURE_")},
        **PRODUCTION,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'site.sqlite3'}",
        "STATIC_ROOT": str(tmp_path / "static"),
        "PYTHON": sys.executable,
        **env,
    }
    return subprocess.run(
        [str(ROOT / "scripts" / "release")],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_release_on_plain_http_staging_releases_and_says_only_the_checks_failed(tmp_path):
    staging = {"SITE_URL": "http://staging.example.com", "CSRF_TRUSTED_ORIGINS": "http://staging.example.com"}
    plain_http = {
        "SESSION_COOKIE_SECURE": "false",
        "CSRF_COOKIE_SECURE": "false",
        "SECURE_SSL_REDIRECT": "false",
    }
    done = release(tmp_path, **staging, **plain_http)
    assert done.returncode == 3, done.stderr[-2000:]
    assert "deployment checks" in done.stderr
    assert (tmp_path / "site.sqlite3").exists() and (tmp_path / "static" / "staticfiles.json").exists()


def test_release_that_cannot_migrate_exits_1(tmp_path):
    done = release(tmp_path, DATABASE_URL=f"sqlite:///{tmp_path / 'no-such-dir' / 'site.sqlite3'}")
    assert done.returncode == 1, done.stderr[-2000:]
