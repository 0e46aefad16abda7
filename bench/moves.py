"""POST-an-action latency under 16 concurrent clients, beside a trivial view.

Runs the full stack on this machine: PostgreSQL (a scratch database `bench_moves`),
Redis, an ASGI server (uvicorn) and a Celery worker for the automaton's moves. Each
client plays its own Highcard games (the tests' engine: the platform's cost, not a
game's) for both human seats, as two open pages would: each holds the game's socket,
fetches its state after each message and acts when it may. Right before each action
the client also calls /healthz (no database) on the same connection, so the action
and the trivial view are timed side by side, under the same load. `--think` makes
each player look at the board before acting, for a random time around that mean
(0: as fast as the machine allows); one run per value given, by default a brisk live
game (0.5 s) and then saturation (0). Each run prints the CPU each part of the stack
used per action. The clients are asyncio tasks in one thread; their own cost is small.

    .venv/bin/python bench/moves.py [--clients 16] [--games 12] [--think 0.5 0] [--web-workers 2]
                                    [--handlers site onethread stock a2wsgi]
    .venv/bin/python bench/moves.py --pages [...]      # the clients act as play pages
    .venv/bin/python bench/moves.py --queries [--games 20] [--show-sql] [--profile]

`--pages`: each seat's client reads its regions off the socket as play.js does (fetching
`?part=update` only when a message brings none, or skips a version) and posts its moves as the
page's form; the run also times the other page's update, from a POST to the other seat's page
showing that version.

`--queries` starts no server: it plays Highcard games through the site's own URLs in this
process and counts the SQL statements of each kind of request (a POSTed move, an open page's
refetch, state.json) and of each task the move queues; `--show-sql` prints one of each,
`--profile` says where each request's CPU goes. BENCH_PG, BENCH_REDIS and BENCH_PORT choose
the database (dropped and made anew), the Redis database and the port.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import pstats
import random
import re
import secrets
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.common import fresh_database  # noqa: E402 (after the path is set)

PG = os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432/bench_moves")
REDIS = os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379/5")
PORT = int(os.environ.get("BENCH_PORT", "8765"))
ENV = {
    **os.environ,
    "DJANGO_SETTINGS_MODULE": "config.settings_test",
    "DATABASE_URL": PG,
    "REDIS_URL": REDIS,
    "CELERY_TASK_ALWAYS_EAGER": "false",
    "DEBUG": "false",
    "SECRET_KEY": "bench-" + secrets.token_hex(8),
    "BENCH_LOG": "1",
    "REDIS_PREFIX": "bench",  # one namespace for the server's processes and the worker
    "EMAIL_URL": "dummymail://",  # required with DEBUG off; the test settings keep mail in memory
    "SECURE_SSL_REDIRECT": "false",  # plain HTTP on this machine
    "WEBSOCKET_ORIGINS": f"http://127.0.0.1:{PORT}",
}
# --handlers: the site's application, or one of bench/asgi_variants.py's.
APPS = {"site": "config.asgi:application"}
APPS.update({name: f"bench.asgi_variants:{name}" for name in ("onethread", "stock", "a2wsgi")})


PYTHON_M = [sys.executable, "-m"]
QUIET_SERVER = ["--port", str(PORT), "--log-level", "warning", "--no-access-log"]
QUIET_WORKER = ["-l", "warning", "--without-gossip", "--without-heartbeat"]
WARM_UP = 2  # games per client played before timing starts


def prepare_database() -> None:
    fresh_database(PG.rpartition("/")[2], ENV)  # BENCH_PG's database: dropped and made anew


def setup_django() -> None:
    os.environ.update(ENV)
    import django

    django.setup()


def make_players(clients: int, games: int, run: int) -> list[dict]:
    """Per client: two users with sessions, and `games` started 2-player tables."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.contrib.sessions.backends.db import SessionStore

    from games import services

    users = get_user_model().objects
    out = []
    for c in range(clients):
        pair = [users.create_user(f"b{run}-{c}{x}", f"b{run}-{c}{x}@example.com", "pw") for x in "ab"]
        cookies = []
        for user in pair:
            session = SessionStore()
            session["_auth_user_id"] = str(user.pk)
            session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
            session["_auth_user_hash"] = user.get_session_auth_hash()
            session.create()
            token = secrets.token_hex(16)  # an unmasked 32-character CSRF secret
            cookies.append(
                (f"{settings.SESSION_COOKIE_NAME}={session.session_key}; csrftoken={token}", token)
            )
        ids = []
        for _ in range(WARM_UP + games):
            game = services.create_game(pair[0], "highcard", 2, {})
            services.join_game(pair[1], game.pk)
            ids.append(game.pk)
        out.append({"cookies": cookies, "warm-up": ids[:WARM_UP], "games": ids[WARM_UP:]})
    return out


class Connection:
    """A minimal keep-alive HTTP/1.1 client on asyncio."""

    def __init__(self) -> None:
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.headers: dict[str, str] = {}  # the last answer's

    async def request(
        self,
        method: str,
        path: str,
        cookie: str = "",
        token: str = "",
        body: bytes | None = None,
        form: bool = False,
    ) -> tuple[int, bytes]:
        """`form`: as the play page sends it (a form, HX-Request), answered with its regions."""
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}\r\n"
        if form:
            head += "HX-Request: true\r\n"
        if body is not None:
            kind = "application/x-www-form-urlencoded" if form else "application/json"
            head += f"Content-Type: {kind}\r\nX-CSRFToken: {token}\r\nContent-Length: {len(body)}\r\n"
        for _ in range(2):  # the server closes a connection idle for 5 s: open a new one once
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", PORT)
            assert self.reader is not None
            self.writer.write((head + "\r\n").encode() + (body or b""))
            if status_line := await self.reader.readline():
                break
            self.writer.close()
            self.writer = None
        assert self.reader is not None
        headers = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            headers[name.strip().lower()] = value.strip()
        self.headers = headers
        if headers.get("transfer-encoding") == "chunked":
            data = b""
            while size := int((await self.reader.readline()).strip(), 16):
                data += (await self.reader.readexactly(size + 2))[:-2]
            await self.reader.readline()
        else:
            data = await self.reader.readexactly(int(headers.get("content-length", 0)))
        return int(status_line.split()[1]), data


@dataclass
class Timings:
    actions: list[float] = field(default_factory=list)
    trivial: list[float] = field(default_factory=list)
    when: list[float] = field(default_factory=list)
    dealer: list[float] = field(default_factory=list)  # a human's last pick to the Dealer's move heard
    # --pages: from a seat's POST to the other seat's page holding that version (pushed or fetched).
    opponent: list[float] = field(default_factory=list)
    refetches: int = 0  # --pages: updates a page had to fetch (no regions pushed, or a gap)


async def play(
    client: dict, think: float, timings: Timings, errors: list[str], key: str = "games", pages: bool = False
) -> None:
    """Plays the client's games as open pages would: each seat's page holds the game's
    socket, and after each message fetches its state and acts if it may. Right before
    each action the same connection also calls the trivial view: the two are timed
    side by side, under the same load."""
    conn = Connection()
    origin = f"http://127.0.0.1:{PORT}"
    for game in client[key]:
        sockets = [
            await websockets.connect(
                f"ws://127.0.0.1:{PORT}/ws/game/{game}/", additional_headers={"Cookie": c, "Origin": origin}
            )
            for c, _ in client["cookies"]
        ]
        try:
            if pages:
                shown: dict[tuple[int, int], float] = {}  # (seat, version): when its page showed it
                posted: dict[int, tuple[int, float]] = {}  # version: (seat, when it was POSTed)
                await asyncio.gather(
                    *(
                        play_page(
                            Connection(), cookie, seat, game, socket, think, timings, errors, posted, shown
                        )
                        for seat, (cookie, socket) in enumerate(zip(client["cookies"], sockets, strict=True))
                    )
                )
                # The other page's update: from the POST to the other seat's page showing that version.
                timings.opponent += [
                    shown[(1 - seat, v)] - t for v, (seat, t) in posted.items() if (1 - seat, v) in shown
                ]
            else:
                await play_game(conn, client["cookies"], game, sockets[0], think, timings, errors)
        finally:
            for socket in sockets:
                await socket.close()


async def play_game(
    conn: Connection, cookies: list, game: int, socket: Any, think: float, timings: Timings, errors: list[str]
) -> None:
    seen = -1
    posted = 0.0  # when this game's last action was POSTed
    while True:
        moved = False
        for cookie, token in cookies:
            status, raw = await conn.request("GET", f"/game/{game}/state.json", cookie)
            if status != 200:
                errors.append(f"GET state: {status} {raw[:300]!r}")
                return
            state = json.loads(raw)
            seen = max(seen, state["version"])
            if state["status"] != "active":
                return
            if not state["actions"]:
                continue
            if think:
                # The player reads the board: players take their own time, so they drift apart
                # instead of all acting in the same instant.
                await asyncio.sleep(random.uniform(0, 2 * think))
            started = time.perf_counter()
            await conn.request("GET", "/healthz")
            timings.trivial.append(time.perf_counter() - started)
            body = json.dumps({"action": state["actions"][0], "version": state["version"]}).encode()
            started = time.perf_counter()
            status, raw = await conn.request("POST", f"/game/{game}/act", cookie, token, body)
            timings.actions.append(time.perf_counter() - started)
            timings.when.append(started)
            posted = started
            if status not in (200, 409):  # 409: the other seat moved first, as in real life
                errors.append(f"{status} {raw[:200]!r}")
            moved = True
        if not moved:  # the Dealer's move is with the worker: wait for the socket to say so
            try:
                while json.loads(await asyncio.wait_for(socket.recv(), timeout=10))["version"] <= seen:
                    pass
                if posted:
                    timings.dealer.append(time.perf_counter() - posted)
            except TimeoutError:
                _, raw = await conn.request("GET", f"/game/{game}/state.json", cookies[0][0])
                now = json.loads(raw)["version"]
                errors.append(f"game {game}: no socket message after version {seen} within 10 s (now {now})")


ACTION = re.compile(r'name="action" value="([^"]*)"')
UNDO = '{"type": "undo"}'


class Page:
    """What a play page shows: the version its regions were drawn at, and the regions."""

    def __init__(self, version: int, html: str) -> None:
        self.version, self.html = version, html
        self.behind = version  # the newest version heard of that came without regions
        self.changed = asyncio.Event()


async def listen(page: Page, seat: int, socket: Any, shown: dict[tuple[int, int], float]) -> None:
    """The page's socket, as play.js reads it: regions that follow what the page shows are
    swapped in; a message without them, or one that skips a version, marks the page behind."""
    async for raw in socket:
        message = json.loads(raw)
        version = message.get("version", -1)
        if message.get("type") not in ("moved", "version") or version <= page.version:
            continue
        if "html" in message and version == page.version + 1:
            page.version, page.html = version, message["html"]
            shown.setdefault((seat, version), time.perf_counter())
        else:
            page.behind = max(page.behind, version)
        page.changed.set()


async def play_page(
    conn: Connection,
    cookie: tuple[str, str],
    seat: int,
    game: int,
    socket: Any,
    think: float,
    timings: Timings,
    errors: list[str],
    posted: dict[int, tuple[int, float]],
    shown: dict[tuple[int, int], float],
) -> None:
    """One seat's play page, as play.js keeps it: its regions come with each socket message
    (fetched only when a message brings none, or skips a version); a move is a form post
    answered with the regions. Records when each version was POSTed and when this page
    showed each version, so that the other page's update can be timed."""
    session, token = cookie

    async def fetch() -> None:
        status, raw = await conn.request("GET", f"/game/{game}/?part=update", session, form=True)
        if status != 200:
            errors.append(f"GET update: {status} {raw[:200]!r}")
            return
        version = int(conn.headers.get("x-game-version", -1))
        if version > page.version:
            page.version, page.html = version, raw.decode()
            shown.setdefault((seat, version), time.perf_counter())

    page = Page(-1, "")
    await fetch()
    listener = asyncio.create_task(listen(page, seat, socket, shown))
    try:
        while True:
            page.changed.clear()  # before looking: a message landing meanwhile wakes the wait below
            if page.behind > page.version:
                timings.refetches += 1
                await fetch()
            html = page.html
            moves = [m for m in (unescape(a) for a in ACTION.findall(html)) if m != UNDO]
            if "data-my-turn" in html and moves:
                if think:
                    await asyncio.sleep(random.uniform(0, 2 * think))
                started = time.perf_counter()
                await conn.request("GET", "/healthz")
                timings.trivial.append(time.perf_counter() - started)
                body = urlencode({"action": moves[0], "version": page.version, "seat": seat}).encode()
                started = time.perf_counter()
                status, raw = await conn.request("POST", f"/game/{game}/act", session, token, body, form=True)
                timings.actions.append(time.perf_counter() - started)
                timings.when.append(started)
                drawn = int(conn.headers.get("x-game-version", -1))
                if status == 200:
                    posted[drawn] = (seat, started)
                elif status != 409:  # 409: the other seat moved first, as in real life
                    errors.append(f"{status} {raw[:200]!r}")
                if drawn > page.version:
                    page.version, page.html = drawn, raw.decode()
                    shown.setdefault((seat, drawn), time.perf_counter())
                continue
            if "Game over" in html:
                return
            try:
                await asyncio.wait_for(page.changed.wait(), timeout=10)
            except TimeoutError:
                errors.append(
                    f"game {game}: seat {seat} heard nothing after version {page.version} within 10 s"
                )
                await fetch()
    finally:
        listener.cancel()


async def ping() -> None:
    await Connection().request("GET", "/healthz")


def run_clients(coroutines: list) -> float:
    async def all_of() -> None:
        await asyncio.gather(*coroutines)

    started = time.perf_counter()
    asyncio.run(all_of())
    return time.perf_counter() - started


def cpu_by_process() -> dict[str, float]:
    """CPU seconds used so far by the processes of the stack, grouped by role."""
    roles = {
        "uvicorn": "web",
        "multiprocessing": "web",  # uvicorn's worker processes
        "celery": "worker",
        "postgres": "postgres",
        "redis-server": "redis",
    }
    used: dict[str, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue  # gone meanwhile
        role = next((r for key, r in roles.items() if key in cmdline), None)
        if role:
            used[role] = used.get(role, 0.0) + (int(fields[11]) + int(fields[12])) / tick
    return used


# Where a request's CPU goes: the stages of a request, each the cumulative time of the function
# that does it (file, function name); the rest is Django's request handling and middleware.
STAGES = {
    "session+user": ("django/contrib/auth/__init__.py", "get_user"),
    "the move": ("games/services.py", "_apply"),  # the engine's step, the writes, the turns
    "after commit": ("django/db/backends/base/base.py", "run_and_clear_commit_hooks"),  # the outbox
    "presenter": ("games/presenter.py", "build"),
    "templates": ("django/template/backends/django.py", "render"),
}


def cpu_by_stage(stats: pstats.Stats) -> dict[str, float]:
    """Seconds per stage (cumulative), and the rest; the total is the functions' own time."""
    rows = stats.stats  # type: ignore[attr-defined]
    spent = dict.fromkeys(STAGES, 0.0)
    for (filename, _, name), row in rows.items():
        for stage, (where, function) in STAGES.items():
            if filename.endswith(where) and name == function:
                spent[stage] += row[3]
    total = sum(row[2] for row in rows.values())
    spent["the rest"] = total - sum(spent.values())
    return spent


def count_statements(games: int, show: bool, profile: bool) -> None:
    """--queries: the SQL statements of a move, counted in this process through the site's
    own URLs, middleware and services (a Django test client on the bench's database and
    Redis), so the count is exact whatever the machine's load. Per POSTed action as the
    bench sends it (JSON) and as a page sends it (answered with the page's regions), per
    refetch of an open page's regions, and per task the worker runs for the move (the
    Dealer's reveal). Statements after the commit (the outbox's own) are counted with the
    request that caused them."""
    from collections import defaultdict

    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from games import dispatch, presence, services

    queued: list[tuple[Any, tuple]] = []
    dispatch.enqueue = lambda task, *args: queued.append((task, args))  # run below, counted apart
    pair = [get_user_model().objects.create_user(f"q-{x}", f"q-{x}@example.com", "pw") for x in "ab"]
    clients = []
    for user in pair:
        client = Client()
        client.force_login(user)
        clients.append(client)
    counts: dict[str, list[int]] = defaultdict(list)
    cpu: dict[str, float] = defaultdict(float)  # this process's CPU seconds (PostgreSQL's not included)
    profilers: dict[str, cProfile.Profile] = defaultdict(lambda: cProfile.Profile(time.process_time))
    sample: dict[str, list[str]] = {}

    def counted(kind: str, call: Any, *args: Any, **kwargs: Any) -> Any:
        with CaptureQueriesContext(connection) as seen:
            started = time.process_time()
            if profile:
                profilers[kind].enable()
            result = call(*args, **kwargs)
            if profile:
                profilers[kind].disable()
            cpu[kind] += time.process_time() - started
        counts[kind].append(len(seen.captured_queries))
        sample.setdefault(kind, [q["sql"] for q in seen.captured_queries])
        return result

    for number in range(games):
        game = services.create_game(pair[0], "highcard", 2, {})
        services.join_game(pair[1], game.pk)
        queued.clear()
        # In turn: JSON posts; posts as a page with nobody's page open (each page refetches
        # its regions after a move); posts as a page with both pages open (the move pushes
        # each page its regions, drawn by the POST, or by the worker after the Dealer's move).
        as_page, pages_open = number % 3 != 0, number % 3 == 2
        for user in pair if pages_open else []:
            presence.opened(game.pk, user.pk)
        mark = ", both pages open (pushed)" if pages_open else ""
        while True:
            game.refresh_from_db()
            if game.status != "active":
                break
            movers = [i for i in game.to_act if i < 2]
            if not movers:
                while queued:  # the worker's part: the Dealer's move, turn e-mails
                    task, args = queued.pop(0)
                    counted(f"task {task.name.rpartition('.')[2]}{mark}", task.apply, args=args)
                continue
            seat = movers[0]
            url = f"/game/{game.pk}/"
            state = json.loads(clients[seat].get(url + "state.json").content)
            body = {"action": state["actions"][0], "version": state["version"], "seat": seat}
            if as_page:
                body["action"] = json.dumps(body["action"])
                kind, kwargs = (
                    "POST action, as a page" + (mark or " (answered with its regions)"),
                    {"HX-Request": "true"},
                )
                response = counted(kind, clients[seat].post, url + "act", body, headers=kwargs)
            else:
                kind, data = "POST action, JSON", json.dumps(body)
                response = counted(
                    kind, clients[seat].post, url + "act", data, content_type="application/json"
                )
            assert response.status_code == 200, response.content[:300]
            if not pages_open:  # each open page refetches its regions once the move is announced
                for client in clients:
                    counted("page refetch (?part=update)", client.get, url + "?part=update")
            if not as_page:
                counted("state.json", clients[1 - seat].get, url + "state.json")
    print(f"\n== SQL statements per request, {games} Highcard games (min / median / max over n)")
    for kind, values in counts.items():
        print(
            f"{kind:52} {min(values):3} / {statistics.median(values):5.1f} / {max(values):3}  (n={len(values)})"
            f"  CPU here {cpu[kind] / len(values) * 1000:5.2f} ms each"
        )
    if profile:
        print("\n== Where the CPU goes (cProfile of this process's CPU; share of each request's own)")
        columns = [*STAGES, "the rest"]
        print(f"{'':52} " + " ".join(f"{c[:12]:>12}" for c in columns))
        for kind, profiler in profilers.items():
            spent = cpu_by_stage(pstats.Stats(profiler))
            total = sum(spent.values())
            print(f"{kind:52} " + " ".join(f"{spent[c] / total * 100:11.0f}%" for c in columns))
    if show:
        for kind, statements in sample.items():
            print(f"\n-- {kind}, the first one:")
            for q in statements:
                print("   ", q[:160])


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument(
        "--think",
        type=float,
        nargs="+",
        default=[0.5, 0.0],
        help="mean seconds a player looks before acting; one run per value (0: as fast as possible)",
    )
    parser.add_argument("--web-workers", type=int, default=2, help="uvicorn worker processes")
    parser.add_argument(
        "--pages",
        action="store_true",
        help="clients act as play pages (regions pushed over the socket, form posts) instead of API clients",
    )
    parser.add_argument(
        "--handlers",
        nargs="+",
        default=["site"],
        choices=list(APPS),
        help="HTTP handlers to compare, one server each (bench/asgi_variants.py)",
    )
    parser.add_argument(
        "--queries",
        action="store_true",
        help="count the SQL statements per move instead of timing (no server started)",
    )
    parser.add_argument("--show-sql", action="store_true", help="with --queries: print one move's statements")
    parser.add_argument(
        "--profile", action="store_true", help="with --queries: cProfile the requests and tasks"
    )
    args = parser.parse_args()
    if args.queries:
        prepare_database()
        setup_django()
        count_statements(args.games, args.show_sql, args.profile)
        return
    print(f"machine load before the runs: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    prepare_database()
    setup_django()
    run = 0
    for handler in args.handlers:
        args.handler = handler
        run = measure(args, run)


def measure(args: argparse.Namespace, run: int) -> int:
    """One server with `args.handler`, one run per think time; returns the next run number."""
    server, worker = start_stack(args.web_workers, APPS[args.handler])
    try:
        for think in args.think:
            run += 1
            clients = make_players(args.clients, args.games, run)
            # Untimed games first, as a running site would have served: every server process
            # has its database connections open and its templates and code loaded.
            run_clients([play(c, think, Timings(), [], key="warm-up", pages=args.pages) for c in clients])
            timings = Timings()
            errors: list[str] = []
            cpu_before, clients_before = cpu_by_process(), time.process_time()
            wall = run_clients([play(c, think, timings, errors, pages=args.pages) for c in clients])
            cpu = {k: v - cpu_before.get(k, 0.0) for k, v in cpu_by_process().items()}
            cpu["bench clients"] = time.process_time() - clients_before
            report(args, think, timings, errors, wall, cpu)
    finally:
        server.terminate()
        worker.terminate()
        server.wait()
        worker.wait()
    return run


def start_stack(web_workers: int, app: str) -> tuple[subprocess.Popen, subprocess.Popen]:
    """uvicorn and a Celery worker, as the Procfile runs them; returns once the server answers."""
    server = subprocess.Popen(
        [*PYTHON_M, "uvicorn", app, "--workers", str(web_workers), *QUIET_SERVER],
        cwd=ROOT,
        env=ENV,
    )
    from django.conf import settings

    # Both of the site's queues, as `make worker` listens: the automaton's and bots' moves go
    # to the bots' queue (the test settings name both after REDIS_PREFIX).
    queues = f"{settings.CELERY_TASK_DEFAULT_QUEUE},{settings.CELERY_BOT_QUEUE}"
    worker = subprocess.Popen(
        [*PYTHON_M, "celery", "-A", "config", "worker", "--pool=solo", "-Q", queues, *QUIET_WORKER],
        cwd=ROOT,
        env=ENV,
    )
    for _ in range(100):
        try:
            run_clients([ping()])
            break
        except OSError:
            time.sleep(0.2)
    return server, worker


def report(
    args: argparse.Namespace, think: float, timings: Timings, errors: list[str], wall: float, cpu: dict
) -> None:
    acts, plain = timings.actions, timings.trivial
    a50, a99, t50, t99 = pct(acts, 50), pct(acts, 99), pct(plain, 50), pct(plain, 99)
    print(
        f"\n== handler: {args.handler}; think time: mean {think:.2f} s; web workers: {args.web_workers}; "
        f"clients as {'play pages' if args.pages else 'API clients'}; load {os.getloadavg()[0]:.1f}"
    )
    print(f"clients: {args.clients}, POSTed actions: {len(acts)} in {wall:.1f}s, errors: {len(errors)}")
    print(f"POST action   p50 {a50:7.1f} ms   p99 {a99:7.1f} ms   mean {statistics.mean(acts) * 1000:.1f} ms")
    print(
        f"trivial view  p50 {t50:7.1f} ms   p99 {t99:7.1f} ms   (the same clients, just before each action)"
    )
    print(f"ratio (action / trivial): p50 {a50 / t50:.1f}x   p99 {a99 / t99:.1f}x")
    print(
        f"target: p99 < 100 ms -> {'met' if a99 < 100 else 'NOT met'}; within 4x of trivial at p99 -> "
        f"{'met' if a99 <= 4 * t99 else 'NOT met'}"
    )
    cores = os.cpu_count() or 1
    print(
        "CPU per POSTed action: "
        + ", ".join(f"{role} {seconds / len(acts) * 1000:.1f} ms" for role, seconds in sorted(cpu.items()))
        + f" (of {cores * wall / len(acts) * 1000:.1f} core-ms the machine had per action)"
    )
    if timings.dealer:
        d50, d99 = pct(timings.dealer, 50), pct(timings.dealer, 99)
        print(
            f"Dealer's move  p50 {d50:7.1f} ms   p99 {d99:7.1f} ms   (from the POST that woke it to the "
            "socket message, through the worker)"
        )
    if timings.opponent:
        o50, o99 = pct(timings.opponent, 50), pct(timings.opponent, 99)
        print(
            f"other page     p50 {o50:7.1f} ms   p99 {o99:7.1f} ms   (from a POST to the other seat's page "
            f"showing it; {timings.refetches} updates fetched instead of pushed)"
        )
    t0 = min(timings.when)
    slowest = sorted(zip(acts, timings.when, strict=True), reverse=True)[:8]
    print(
        "slowest actions (at s into the run):",
        ", ".join(f"{a * 1000:.0f} ms at {w - t0:.1f}" for a, w in slowest),
    )
    for e in errors[:5]:
        print("error:", e)


if __name__ == "__main__":
    main()
