"""The site as `make run` starts it, in a subprocess on a free port, with nothing else
started: the embedded worker runs the scheduled jobs and the bots' turns outside the
requests (config/embedded.py).

Scheduled jobs run every second here (EMBEDDED_BEAT_EVERY, a test-only pace) instead of
every 30-60 s; everything else is `make run` unchanged. Alice's clock is moved forward by
the set-up (tests/e2e/tables.py) so that its last call is due at once; once it has been
sent, the test moves the deadline to now.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[2]
WAIT = 60  # seconds: a guard against a hang on a loaded machine, not a measure
CSRF = "e2e" * 10 + "xy"  # any 32 characters: Django compares the cookie with the header


class Site:
    """`make run` in its own session (so that Ctrl-C reaches everything it started)."""

    def __init__(self, tmp: Path) -> None:
        self.db = tmp / "site.sqlite3"
        self.env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
        self.env.update(
            DJANGO_SETTINGS_MODULE="config.settings",
            DATABASE_URL=f"sqlite:///{self.db}",
            EMBEDDED_BEAT_EVERY="1",
            PYTHONUNBUFFERED="1",
        )
        self.env.pop("SITE_URL", None)
        self.port = free_port()
        self.lines: list[str] = []
        self.proc: subprocess.Popen[str] | None = None

    def prepare(self, kind: str) -> dict[str, Any]:
        python = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv").is_dir() else sys.executable
        run = dict(cwd=ROOT, env=self.env, check=True, capture_output=True, text=True, timeout=WAIT)
        subprocess.run([python, "manage.py", "migrate", "--noinput"], **run)  # type: ignore[call-overload]
        out = subprocess.run([python, "-m", "tests.e2e.tables", kind], **run)  # type: ignore[call-overload]
        return json.loads(out.stdout.strip().splitlines()[-1])

    def start(self) -> None:
        self.proc = subprocess.Popen(
            ["make", "run", f"PORT={self.port}"],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        threading.Thread(target=self._read, daemon=True).start()
        self.wait_for("Application startup complete")

    def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line)

    def output(self) -> str:
        return "".join(self.lines)

    def wait_for(self, pattern: str) -> re.Match[str]:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if found := re.search(pattern, self.output()):
                return found
            assert self.proc is not None and self.proc.poll() is None, self.output()
            time.sleep(0.1)
        raise AssertionError(f"{pattern!r} never appeared in the output:\n{self.output()[-4000:]}")

    def query(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        with sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, timeout=10) as db:
            return db.execute(sql, args).fetchall()

    def run_clock_out(self, game: int, seat: int) -> None:
        """Moves the seat's deadline to now, as the clock would in 20 s (the site's own sweep
        must notice: nothing else is asked of it)."""
        now = datetime.now(UTC).replace(tzinfo=None).isoformat(" ")
        with sqlite3.connect(self.db, timeout=20) as db:
            db.execute(
                "UPDATE games_seat SET deadline = ? WHERE game_id = ? AND [index] = ?", (now, game, seat)
            )

    def wait_until_finished(self, game: int) -> None:
        deadline = time.monotonic() + WAIT
        while self.query("SELECT status FROM games_game WHERE id = ?", game) != [("finished",)]:
            assert time.monotonic() < deadline, f"game {game} never finished:\n{self.output()[-4000:]}"
            time.sleep(0.2)

    def stop(self) -> None:
        """Ctrl-C, as a player would: the server stops cleanly and nothing is left running."""
        assert self.proc is not None
        os.killpg(self.proc.pid, signal.SIGINT)
        assert self.proc.wait(timeout=20) in (0, -signal.SIGINT)  # make itself dies of the Ctrl-C
        with pytest.raises(ProcessLookupError):
            os.killpg(self.proc.pid, 0)  # no process of the group is left
        self.wait_for("Application shutdown complete")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    site = Site(tmp_path)
    yield site
    site.kill()  # only if a test failed before stopping it


def test_the_clock_runs_out_a_bot_takes_over_and_the_game_finishes(site: Site) -> None:
    table = site.prepare("clock")
    game = table["game"]
    site.start()
    site.wait_for(rf"Subject: Last call: \d+ seconds? left in Architectura \(game {game}\)")
    site.run_clock_out(game, seat=0)
    site.wait_for(rf"Subject: Alice ran out of time in Architectura \(game {game}\)")
    assert site.query("SELECT timed_out FROM games_seat WHERE game_id = ? AND [index] = 0", game) == [(1,)]
    assert resign(site, game, table["sessions"]["bob"]) < 1.0  # the bots play both seats to the end
    site.wait_until_finished(game)
    assert "Traceback" not in site.output()
    site.stop()


def resign(site: Site, game: int, session: str) -> float:
    """Resigns from `game` as the player of `session`; returns how long the answer took."""
    conn = http.client.HTTPConnection("127.0.0.1", site.port, timeout=WAIT)
    origin = f"http://127.0.0.1:{site.port}"
    started = time.monotonic()
    conn.request(
        "POST",
        f"/game/{game}/resign",
        headers={
            "Cookie": f"sessionid={session}; csrftoken={CSRF}",
            "X-CSRFToken": CSRF,
            "Origin": origin,
            "Referer": origin + "/",
        },
    )
    answer = conn.getresponse()
    took = time.monotonic() - started
    assert answer.status == 302, answer.read()[:500]
    return took


def test_resign_answers_at_once_and_the_bots_moves_follow_live(site: Site) -> None:
    table = site.prepare("resign")
    game, session = table["game"], table["sessions"]["alice"]
    site.start()
    with connect(
        f"ws://127.0.0.1:{site.port}/ws/game/{game}/",
        additional_headers={"Cookie": f"sessionid={session}", "Origin": f"http://127.0.0.1:{site.port}"},
        open_timeout=WAIT,
    ) as page:
        assert json.loads(page.recv(WAIT))["type"] == "version"
        took = resign(site, game, session)
        assert took < 1.0, f"resign took {took:.2f} s"
        versions: list[int] = []
        while len(versions) < 10:  # the bots play both seats now; their moves reach the page live
            message = json.loads(page.recv(WAIT))
            if message["type"] == "moved":
                versions.append(message["version"])
        assert versions == sorted(versions)
    site.wait_until_finished(game)
    assert "Traceback" not in site.output()
    site.stop()
