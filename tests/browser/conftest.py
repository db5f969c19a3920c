"""Browser tests: a Daphne live server in a child process (the channels
ChannelsLiveServerTestCase recipe, as a pytest fixture) and Debian's Chromium via Playwright
(never a downloaded browser)."""
from __future__ import annotations

import os
from functools import partial
from types import SimpleNamespace

import pytest
from channels.testing.live import make_application, set_database_connection
from daphne.testing import DaphneProcess
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

CHROMIUM = "/usr/bin/chromium"
ASYNC_UNSAFE = "DJANGO_ALLOW_ASYNC_UNSAFE"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run", "--disable-sync"]


def _child_setup() -> None:
    """In the forked server process, drop what earlier tests of this pytest process left:
    asgiref's one thread for thread-sensitive calls (every consumer's database call) does
    not survive the fork, so the inherited executor would queue work forever; channel
    layers and the room driver task belong to event loops that are gone. Then use the
    test database."""
    from concurrent.futures import ThreadPoolExecutor

    from asgiref.sync import SyncToAsync
    from channels.layers import channel_layers

    from rooms import driver

    os.environ.pop(ASYNC_UNSAFE, None)  # the server is held to Django's async safety (see _chromium)
    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)
    channel_layers.backends = {}
    driver._task = None
    set_database_connection()


@pytest.fixture(scope="session")
def python_bundle():
    """The practice pages' Python bundle, built from this tree (scripts/build_bundle.py:
    rewritten only when its bytes change), so the browser runs the code under test."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    subprocess.run([sys.executable, str(root / "scripts" / "build_bundle.py")], check=True, capture_output=True)


@pytest.fixture
def daphne_server(transactional_db, settings, python_bundle):
    """A daphne process serving the test database: ``.url`` (``http://127.0.0.1:<port>``)
    and ``.process`` (a test may stop it: the offline practice tests play on with no server)."""
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "127.0.0.1"]
    server = DaphneProcess("127.0.0.1", partial(make_application, static_wrapper=ASGIStaticFilesHandler),
                           setup=_child_setup)
    server.start()
    if not server.ready.wait(timeout=30):
        server.terminate()
        raise RuntimeError("daphne did not start")
    yield SimpleNamespace(url=f"http://127.0.0.1:{server.port.value}", process=server)
    if server.is_alive():
        server.terminate()
        server.join(10)


@pytest.fixture
def live_server_url(daphne_server):
    """``http://127.0.0.1:<port>`` of :func:`daphne_server`."""
    return daphne_server.url


@pytest.fixture(scope="module")
def _chromium():
    """One Chromium for a test module's tests (launching Playwright's driver and Chromium
    took 2–3 s a test under a full run's load); each test has contexts of its own
    (:func:`browser`), which share no cookies, storage or service workers.
    Playwright's sync API leaves its event loop marked running in this thread while it
    lives, so Django would refuse the test database's flush between tests; that loop never
    touches the database, so the test process allows it (``DJANGO_ALLOW_ASYNC_UNSAFE``) for
    as long as Chromium is up. The server process does not (:func:`_child_setup`), and the
    tests' own database calls still go through ``steps.on_server``."""
    playwright = pytest.importorskip("playwright.sync_api")
    with pytest.MonkeyPatch.context() as env, playwright.sync_playwright() as p:
        env.setenv(ASYNC_UNSAFE, "true")
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def browser(_chromium):
    """The module's Chromium (:func:`_chromium`) for one test, as :class:`JapaneseFirst`;
    the contexts the test opened are closed after it, so the next test starts with none."""
    yield JapaneseFirst(_chromium)
    for context in list(_chromium.contexts):
        context.close()


class JapaneseFirst:
    """The browser, whose contexts and pages read the site in Japanese unless a test asks
    for another ``locale`` (Chromium's own default is en-US, and the site follows the
    browser's Accept-Language: issue 14). Everything else is the Browser's."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **options):
        options.setdefault("locale", "ja-JP")
        return self._browser.new_context(**options)

    def new_page(self, **options):
        options.setdefault("locale", "ja-JP")
        return self._browser.new_page(**options)

    def __getattr__(self, name):
        return getattr(self._browser, name)
