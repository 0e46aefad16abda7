"""Real-browser fixtures: the real ASGI app (HTTP and websockets) served by uvicorn in a
background thread, and Debian's chromium driven through Playwright's sync API.

Playwright's sync API keeps an asyncio loop marked as running in the thread that started
it, for as long as it runs, and Django refuses ORM calls in a thread with a running loop
(SynchronousOnlyOperation). Starting a Chromium costs about a second of CPU, so each xdist
worker starts one Playwright and one Chromium for the whole run, in a thread of their own
(`_PlaywrightThread`), and the body of every test that uses the browser runs in that thread
(`pytest_pyfunc_call` below). The main thread, where pytest-django and the fixtures set up
and flush the database, never has a loop; in a test's body the ORM is refused as it always
was: use `orm()` below, which runs a call in a helper thread. Each test still gets fresh
browser contexts (own cookies and storage), closed when it ends. DJANGO_ALLOW_ASYNC_UNSAFE
is deliberately NOT set: it would also hide real async-safety bugs in the server.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest
import uvicorn
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from django.db import connection, connections

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "tmp" / "screenshots"  # git-ignored (/tmp/ and screenshots/)
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
TIMEOUT_MS = 10_000

T = TypeVar("T")


@dataclass
class Server:
    url: str
    port: int


class _UvicornThread:
    """uvicorn.Server on its own event loop in a daemon thread, on a socket bound here
    (port 0: the kernel picks a free port, and nobody can take it between bind and serve)."""

    def __init__(self, app: Any) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.port: int = self.sock.getsockname()[1]
        config = uvicorn.Config(
            app,
            lifespan="off",
            log_level="warning",
            ws="websockets-sansio",
            timeout_graceful_shutdown=2,
        )
        self.server = uvicorn.Server(config)
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, name=f"uvicorn-{self.port}", daemon=True)

    def _run(self) -> None:
        try:
            self.server.run(sockets=[self.sock])
        except BaseException as exc:  # reported by start()
            self.error = exc

    def start(self) -> None:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if self.error is not None or not self.thread.is_alive():
                raise RuntimeError(f"uvicorn did not start: {self.error!r}")
            if time.monotonic() > deadline:
                raise RuntimeError("uvicorn did not start within 10 s")
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        if self.thread.is_alive():
            self.server.force_exit = True
            self.thread.join(5)
        self.sock.close()


@pytest.hookimpl(trylast=True)  # after `-m`/`-k` have deselected what will not run
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Browser tests put the SQLite test database in a file (for the whole run).

    Django's in-memory test database is shared between threads (shared cache), but
    shared-cache SQLite has table locks that fail at once instead of waiting: with the
    server's request threads reading while a move is written, requests failed with
    "database table is locked: games_game". A file database locks like the real
    embedded default (`make run`), waiting for its turn. PostgreSQL needs nothing.
    """
    if not any(item.get_closest_marker("browser") for item in items):
        return
    db = connections["default"]
    if db.vendor != "sqlite":
        return
    test = db.settings_dict.setdefault("TEST", {})
    if test.get("NAME") not in (None, "", ":memory:"):
        return
    shm = Path("/dev/shm")
    folder = shm if shm.is_dir() and os.access(shm, os.W_OK) else Path(tempfile.gettempdir())
    test["NAME"] = str(folder / f"stonespine-test-{os.getpid()}.sqlite3")


def _fresh_in_memory_channel_layer() -> None:
    """The in-memory layer's queues belong to the event loop that used them first; each
    test's server has a new loop, so it gets a new layer (Redis layers are per-loop already)."""
    from channels.layers import InMemoryChannelLayer, channel_layers

    for alias, layer in list(channel_layers.backends.items()):
        if isinstance(layer, InMemoryChannelLayer):
            del channel_layers.backends[alias]


@pytest.fixture
def asgi_server(transactional_db: None, settings: Any) -> Iterator[Server]:
    """The real config.asgi.application (Django over HTTP, Channels over websockets) on
    http://127.0.0.1:<free port>; data committed by the test is visible to it (its
    request threads open their own connections to the same test database).
    """
    name = str(connection.settings_dict["NAME"])
    if connection.vendor == "sqlite" and (name == ":memory:" or "mode=memory" in name):
        pytest.fail(
            f"the test database is in memory ({name}): "
            "tests/browser/conftest.py should have moved it to a file",
            pytrace=False,
        )
    # Django's host check.
    if "*" not in settings.ALLOWED_HOSTS and "127.0.0.1" not in settings.ALLOWED_HOSTS:
        settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "127.0.0.1"]
    _fresh_in_memory_channel_layer()

    from config.asgi import application

    thread = _UvicornThread(ASGIStaticFilesHandler(application))
    thread.start()
    # Sockets open only from the site's own origin, port included (read on each connection).
    settings.WEBSOCKET_ORIGINS = [*settings.WEBSOCKET_ORIGINS, f"http://127.0.0.1:{thread.port}"]
    try:
        yield Server(url=f"http://127.0.0.1:{thread.port}", port=thread.port)
    finally:
        thread.stop()
        _fresh_in_memory_channel_layer()


@pytest.fixture
def orm() -> Iterator[Callable[..., Any]]:
    """orm(fn, *args): runs fn in a helper thread (its own DB connection), for ORM calls
    made while the browser is up."""
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="orm")

    def call(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        # A guard against a hang, not a speed test: finishing a Thunderstone game on the server
        # (some 340 moves) took over 30 s on a loaded machine.
        return pool.submit(fn, *args, **kwargs).result(timeout=180)

    yield call
    pool.submit(connections.close_all).result(timeout=30)
    pool.shutdown()


def _chromium_or_skip() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path:
        return path
    message = "chromium not installed: apt-get install chromium"
    if os.environ.get("CI"):
        pytest.fail(f"{message} (CI is set: the browser tests must run in CI)", pytrace=False)
    pytest.skip(message)


class _PlaywrightThread:
    """One Playwright and one headless Chromium for this process, owned by one thread.

    Playwright's sync objects work only in the thread that made them, and that thread has a
    running event loop for as long as Playwright runs: so every call on them goes through
    `run()`, which runs it in the owning thread, and the ORM stays usable everywhere else."""

    def __init__(self, executable: str) -> None:
        self.executable = executable
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="playwright")
        self.playwright: Any = None
        self.chromium: Any = None

    def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        return self.pool.submit(fn, *args, **kwargs).result()

    def browser(self) -> Any:
        """The shared Chromium (launched again if it died); call through run()."""
        from playwright.sync_api import sync_playwright

        if self.playwright is None:
            self.playwright = sync_playwright().start()
        if self.chromium is None or not self.chromium.is_connected():
            self.chromium = self.playwright.chromium.launch(
                executable_path=self.executable, args=CHROMIUM_ARGS, timeout=30_000
            )
        return self.chromium

    def close_contexts(self) -> None:
        """What a test opened, closed (call through run())."""
        if self.chromium is not None and self.chromium.is_connected():
            for ctx in self.chromium.contexts:
                ctx.close()

    def stop(self) -> None:
        def stop_here() -> None:
            if self.chromium is not None:
                self.chromium.close()
            if self.playwright is not None:
                self.playwright.stop()

        try:
            self.run(stop_here)
        finally:
            self.pool.shutdown()


@pytest.fixture(scope="session")
def playwright_thread() -> Iterator[_PlaywrightThread]:
    """The thread that owns this process's Playwright (started on the first browser test)."""
    owner = _PlaywrightThread(_chromium_or_skip())
    try:
        yield owner
    finally:
        owner.stop()


@pytest.hookimpl(wrapper=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> Iterator[None]:
    """The body of a test that uses the browser runs in the Playwright thread (its fixtures
    ran in the main thread, where the ORM works)."""
    owner = pyfuncitem.funcargs.get("playwright_thread")
    if "browser" not in pyfuncitem.fixturenames or not isinstance(owner, _PlaywrightThread):
        return (yield)
    test = pyfuncitem.obj

    @functools.wraps(test)
    def in_playwright_thread(**kwargs: Any) -> Any:
        return owner.run(test, **kwargs)

    pyfuncitem.obj = in_playwright_thread
    try:
        return (yield)
    finally:
        pyfuncitem.obj = test


@pytest.fixture
def browser(asgi_server: Server, playwright_thread: _PlaywrightThread) -> Iterator[Any]:
    """A headless Debian chromium through Playwright (its own browser download is not used),
    shared by the tests of this xdist worker: use it only in the test's body (which runs in
    the Playwright thread). What the test opened in it is closed when the test ends, before
    the transactional database is flushed."""
    from playwright.sync_api import expect

    expect.set_options(timeout=TIMEOUT_MS)
    chromium = playwright_thread.run(playwright_thread.browser)
    try:
        yield chromium
    finally:
        playwright_thread.run(playwright_thread.close_contexts)


# Expected misses: browsers ask for /favicon.ico, and the play page links an optional
# per-game stylesheet (static/css/<slug>.css, removed by its onerror when absent).
EXPECTED_404 = (re.compile(r"/favicon\.ico$"), re.compile(r"/static/css/[a-z0-9_-]+\.css$"))


def _console(ctx: Any, msg: Any) -> None:
    # A failed load is also seen (with its address) by _response.
    if msg.type == "error" and not msg.text.startswith("Failed to load resource"):
        ctx.problems.append(f"console error: {msg.text}")


def _response(ctx: Any, response: Any) -> None:
    if response.status < 400:
        return
    if response.status == 404 and any(p.search(response.url) for p in EXPECTED_404):
        return
    ctx.problems.append(f"HTTP {response.status} {response.request.method} {response.url}")


# Every page reports what the Content Security Policy refused as a console error (which
# `_console` records), besides keeping a list for tests that look (tests/browser/test_csp.py).
REPORT_CSP_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  const what = `${e.violatedDirective} refused ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`;
  window.cspViolations.push(what);
  console.error("CSP violation: " + what);
});
"""


@pytest.fixture
def new_context(browser: Any, asgi_server: Server) -> Iterator[Callable[[], Any]]:
    """new_context(width=1200, height=900, **playwright options) -> a fresh browser context
    (own cookies) on the test server; pages opened in it record console errors and failed
    requests in `context.problems`."""

    def make(width: int = 1200, height: int = 900, **options: Any) -> Any:
        ctx = browser.new_context(
            base_url=asgi_server.url, viewport={"width": width, "height": height}, **options
        )
        ctx.set_default_timeout(TIMEOUT_MS)
        ctx.problems = []
        ctx.add_init_script(REPORT_CSP_VIOLATIONS)

        def watch(page: Any) -> None:
            page.on("console", lambda msg: _console(ctx, msg))
            page.on("pageerror", lambda exc: ctx.problems.append(f"page error: {exc}"))
            page.on("response", lambda r: _response(ctx, r))

        ctx.on("page", watch)
        return ctx

    yield make
    # The browser fixture closes them (in the Playwright thread).


DOCS_SCREENSHOTS = ROOT / "docs" / "screenshots"


# A picture checks nothing, and taking one costs Chromium a repaint and a PNG encoding (a full
# page a few times the screen): so the tests take them only when asked (bench/README.md).
WANT_DOCS = os.environ.get("DOCS_SCREENSHOTS") == "1"
WANT_PICTURES = os.environ.get("SCREENSHOTS") == "1"


@pytest.fixture
def docs_screenshot() -> Callable[..., Path | None]:
    """docs_screenshot(page, name, full_page=False): the pictures the README links, written to
    docs/screenshots/ when DOCS_SCREENSHOTS=1 is set (to tmp/screenshots/ when SCREENSHOTS=1
    is set; not taken otherwise)."""
    folder = DOCS_SCREENSHOTS if WANT_DOCS else SCREENSHOTS

    def shoot(page: Any, name: str, full_page: bool = False) -> Path | None:
        if not (WANT_DOCS or WANT_PICTURES):
            return None
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return shoot


@pytest.fixture
def screenshot() -> Callable[[Any, str], Path | None]:
    """screenshot(page, name) -> tmp/screenshots/<name>.png (full page), when SCREENSHOTS=1
    is set: pictures of the moments a test passes through, to look at by eye."""

    def shoot(page: Any, name: str) -> Path | None:
        if not WANT_PICTURES:
            return None
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return shoot


@pytest.fixture(autouse=True)
def no_login_rate_limit(settings: Any) -> None:
    """Browser tests that log in through the form do so from 127.0.0.1: on a fast machine one
    xdist worker could make more than allauth's 30 log-ins a minute from one address and be
    refused with 429. That limit is allauth's own defence, not the subject of these tests."""
    settings.ACCOUNT_RATE_LIMITS = False
