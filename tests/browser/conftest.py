"""Browser tests: a Daphne live server in a child process (the channels
ChannelsLiveServerTestCase recipe, as a pytest fixture) and Debian's Chromium via Playwright
(never a downloaded browser)."""
from __future__ import annotations

from functools import partial
from types import SimpleNamespace

import pytest
from channels.testing.live import make_application, set_database_connection
from daphne.testing import DaphneProcess
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

CHROMIUM = "/usr/bin/chromium"
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


@pytest.fixture
def browser():
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield JapaneseFirst(b)
        b.close()


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
