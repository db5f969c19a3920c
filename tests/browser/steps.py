"""Steps the browser tests of rooms share."""
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path


def on_server(fn, *args):
    """``fn(*args)`` with the ORM in a thread of its own (Playwright's sync API runs an event
    loop in the test's thread, where Django refuses database calls); the thread's database
    connection is closed afterwards. Returns what ``fn`` returns; raises what it raises."""
    def run():
        from django.db import connection
        try:
            return fn(*args)
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


def route_room_sockets(page, refuse=lambda: False, mute=lambda n: False) -> list:
    """Pass ``page``'s room sockets through Playwright's WebSocket routing, so a test can play
    the network under them. Returns the routes, one per socket the page opens, in order (a
    test closes the newest: ``routes[-1].close()``). ``refuse()`` true: a new socket is
    closed at once (the network gone); ``mute(n)`` true: what the server sends to the n-th
    socket (from 0) is dropped (the network stalled under it)."""
    import re

    routes: list = []

    def route(ws):
        if refuse():
            ws.close()
            return
        server = ws.connect_to_server()
        n = len(routes)
        routes.append(ws)
        ws.on_message(lambda m: server.send(m))
        server.on_message(lambda m: None if mute(n) else ws.send(m))

    page.route_web_socket(re.compile(r"/ws/rooms/"), route)
    return routes


def shoot(page, name: str, full_page: bool = False) -> None:
    """A screenshot ``<name>.png`` of ``page`` (the whole page if ``full_page``) into the
    folder ``TEFUDA_SHOTS`` names, made if missing; nothing when it is unset (CI)."""
    folder = os.environ.get("TEFUDA_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=full_page)


def enter(page, url: str, name: str, phrase: str) -> None:
    """Type a name and a passphrase on the top page and wait for the waiting room."""
    page.goto(url + "/")
    page.fill("input[name=name]", name)
    page.fill("input[name=passphrase]", phrase)
    page.click("text=部屋に入る")
    page.wait_for_selector("#lobby")


def press_until(page, button: str, shown: str, tries: int = 3, timeout: int = 10_000) -> None:
    """Click ``button`` until ``shown`` (a selector) appears: a click on a button swapped in
    that very moment can be lost, so it is pressed again, up to ``tries`` times; raises
    Playwright's TimeoutError if ``shown`` never comes."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for attempt in range(tries):
        page.click(button)
        try:
            page.wait_for_selector(shown, timeout=timeout)
            return
        except PlaywrightTimeout:
            if attempt == tries - 1:
                raise


def read_when(page, script: str, arg=None, timeout: int = 30_000):
    """What ``script`` (a JS function of ``arg``) returns once it returns something (not
    null, false, 0 or ""): every value read in one page state. The server swaps the table's
    parts at any moment, so a wait for an element and a second call that reads it can find
    it gone or replaced (``eval_on_selector`` then throws); a script that reads everything
    at once, and returns null while a part is missing, cannot. Raises Playwright's
    TimeoutError if it never returns a value."""
    return page.wait_for_function(script, arg=arg, timeout=timeout).json_value()
