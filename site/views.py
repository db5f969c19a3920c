"""Site-wide pages, and what makes the site an installable app (issue 12, seed 004 §1): the
web app manifest, the service worker (generated into build/sw.js by scripts/build_sw.mjs)
and the page a navigation gets when offline."""
import hashlib

from django.conf import settings
from django.utils import translation
from django.http import FileResponse, Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.utils.translation import get_language, gettext_noop
from django.views.decorators.http import condition, require_safe

from rooms import lobby, tokens
from tables.core.options import GAMES

THEME_COLOR = "#0f3b2e"  # tefuda.css --bg
ICONS = [  # static/icons (scripts/make_icons.py)
    ("icons/icon-192.png", 192, "any"),
    ("icons/icon-512.png", 512, "any"),
    ("icons/maskable-512.png", 512, "maskable"),
]
#: The app's one line (a msgid): the manifest carries it in every language
DESCRIPTION = gettext_noop("大富豪・掼蛋・闘地主を友だちとブラウザで。1人練習はオフラインでも遊べます。")
#: The app's name on a home screen: 手札 (a hand of cards) reads as is in Japanese and
#: Chinese; English readers get the romanisation alone (a msgid, like the page's brand)
SHORT_NAME = gettext_noop("手札")


def _in_every_language(message: str) -> dict:
    """``{code: {"value": message translated}}`` for each of settings.LANGUAGES (the
    manifest's ``*_localized`` members)."""
    out = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            out[code] = {"value": translation.gettext(message)}
    return out


def top(request):
    """The top page: enter a room by name + passphrase, or practise alone; and back to a
    room where this browser has a seat (rooms.lobby.rooms_of_browser), the page then kept
    from shared caches (it names this browser's rooms)."""
    mine = lobby.rooms_of_browser(tokens.digest(request.COOKIES.get(tokens.BROWSER_COOKIE)))
    back = [{"url": f"/rooms/{room.id}/", "game": GAMES.get(room.game, room.game), "name": seat.name,
             "playing": room.status == room.Status.PLAYING} for room, seat in mine]
    response = render(request, "top.html", {"my_rooms": back})
    if back:
        response["Cache-Control"] = "private, no-store"
    return response


def favicon(request):
    """/favicon.ico, which browsers ask for on pages that name no icon (the admin's): the
    site's SVG icon."""
    return redirect(static("favicon.svg"), permanent=True)


@require_safe
def manifest(request):
    """/manifest.webmanifest: the web app manifest (W3C Web App Manifest). One file for
    every reader (an installed app keeps the copy it was installed with): the name stays
    "手札 Tefuda" in every language; the short name and the description are in the
    request's language, and in all three under ``short_name_localized`` /
    ``description_localized`` (the W3C manifest's localization members).
    Starts on the practice page, standalone; icons from static/icons."""
    lang = get_language() or settings.LANGUAGE_CODE
    data = {
        "id": "/practice/",
        "name": "手札 Tefuda",
        "short_name": translation.gettext(SHORT_NAME),
        "short_name_localized": _in_every_language(SHORT_NAME),
        "description": translation.gettext(DESCRIPTION),
        "description_localized": _in_every_language(DESCRIPTION),
        "lang": lang,
        "dir": "ltr",
        "start_url": "/practice/",
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOR,
        "background_color": THEME_COLOR,
        "categories": ["games"],
        "icons": [{"src": static(name), "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
                  for name, size, purpose in ICONS],
    }
    return JsonResponse(data, content_type="application/manifest+json",
                        json_dumps_params={"ensure_ascii": False, "indent": 1})


def _sw_etag(request) -> str | None:
    path = settings.BUILD_DIR / "sw.js"
    return hashlib.md5(path.read_bytes()).hexdigest() if path.is_file() else None


@require_safe
@condition(etag_func=_sw_etag)
def service_worker(request):
    """/sw.js: the Workbox service worker built by ``scripts/setup`` (build/sw.js), at the
    site root so its scope is the whole site; revalidated on every check (no-cache, an
    ETag: 304 when unchanged) so an update is seen on the next launch. 404 with a hint when
    the build is missing."""
    path = settings.BUILD_DIR / "sw.js"
    if not path.is_file():
        raise Http404("build/sw.js is missing: run scripts/setup (npm ci, then scripts/build_sw.mjs)")
    response = FileResponse(path.open("rb"), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


#: The games with a rules page (/rules/<game>/, templates/rules/<game>.html), and their names
RULES_GAMES = {"daifugo": gettext_noop("オリジナル大富豪"), "guandan": gettext_noop("掼蛋 Guandan"),
               "doudizhu": gettext_noop("闘地主 Dou Dizhu")}  # shown in the reader's language (issue 14)


@require_safe
def rules(request, game: str):
    """/rules/<game>/: how to play ``game`` (issue 13, "Helping new players"), written from
    rules/<game>.md and the seeds. The same for everyone (the service worker keeps a copy
    for offline practice). Raises ``Http404`` for a game that has no page."""
    if game not in RULES_GAMES:
        raise Http404("no such game")
    return render(request, f"rules/{game}.html", {"game": game, "game_label": RULES_GAMES[game],
                                                  "games": RULES_GAMES})


@require_safe
def replay_page(request):
    """/replay/: the replay viewer of a saved hand file or of a practice hand kept in this
    browser (issue 17). Client-only, like the practice pages (nothing about the visitor in
    it; the service worker keeps it for offline use): static/replay.js hands the file to
    the practice worker, which renders it with tables/core/replay.py on Pyodide."""
    from rooms.bundle import boot_files
    from tables.core import history, i18n
    from tables.core.options import GAMES
    from tables.practice import YOU

    with i18n.use(get_language() or i18n.DEFAULT):
        labels = history.hand_labels(GAMES)  # each hand named by its game, number and match (try50)
    return render(request, "replay.html", {"boot": boot_files(), "practice_seat": YOU, "games": labels})


@require_safe
def offline(request):
    """/offline/: what any page but practice shows without a connection (the service worker
    answers with its precached copy): online play needs a connection, practice does not."""
    return render(request, "offline.html")


EXPIRED = gettext_noop("ページの有効期限が切れました。ページを読み込み直してから、もう一度どうぞ。")


def csrf_failure(request, reason: str = ""):
    """A refused CSRF check (settings.CSRF_FAILURE_VIEW): for an htmx form a short message
    the form shows in place (base.html's htmx-config swaps 403 into the form's target),
    else the site's page saying the same. The reason is never shown (it helps no player)."""
    if request.headers.get("HX-Request") == "true":
        return HttpResponse(translation.gettext(EXPIRED), status=403, content_type="text/plain; charset=utf-8")
    return render(request, "403_csrf.html", {"message": translation.gettext(EXPIRED)}, status=403)
