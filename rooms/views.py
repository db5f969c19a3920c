"""HTTP side of rooms: enter by passphrase, join by link, practice, and the room page.

The room page is a shell: everything on it comes over the socket, rendered for the seat
(one render path, :mod:`rooms.render`). A new seat's token is handed to the tab once, by a
one-time ``claim`` in the redirect URL; the page moves it to sessionStorage.
"""
from __future__ import annotations

import secrets

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext, gettext_noop
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games.core import IllegalAction

from analytics import record
from tables.core import i18n, options as opts, replay

from . import bundle, lobby, ratelimit, render as render_screen, tokens
from .models import HandRecord, Room, Seat
from .passphrase import InvalidInput, clean_name, normalise, room_key
from .presence import is_live

MAX_CLAIMS = 8
TOO_MANY = gettext_noop("入室の試行が多すぎます。1分ほど待ってからもう一度どうぞ。")


def _why(exc: Exception) -> str:
    """Why a name, a passphrase or a room refused (``InvalidInput`` or a refusal by its
    code, :mod:`tables.core.words`) in the request's language."""
    if isinstance(exc, InvalidInput):
        return exc.text
    with i18n.use(get_language() or i18n.DEFAULT):
        return render_screen.notice_text(None, exc.as_dict())


def browser_id(request: HttpRequest) -> str:
    """This browser's id (cookie value), minted on first use and set by :func:`_with_bid`."""
    bid = request.COOKIES.get(tokens.BROWSER_COOKIE)
    if not tokens.digest(bid):
        bid = getattr(request, "_new_bid", None) or tokens.new_token()
        request._new_bid = bid
    return bid


def _with_bid(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    if getattr(request, "_new_bid", None):
        response.set_cookie(tokens.BROWSER_COOKIE, request._new_bid, max_age=tokens.BROWSER_COOKIE_AGE,
                            httponly=True, samesite="Lax", secure=request.is_secure())
    return response


def _seat_name(room: Room, token: str) -> str | None:
    """The name of ``room``'s seat that seat token ``token`` holds, None if none does."""
    return Seat.objects.filter(room=room, token_hash=tokens.digest(token)).values_list("name", flat=True).first()


def _to_room(request: HttpRequest, room: Room, token: str | None, asked: str = "") -> HttpResponse:
    """The redirect to ``room``'s page carrying a one-time claim of the new seat's ``token``
    (kept in the session) and whether the seat's name is not the ``asked`` one (somebody in
    the room had it: the page says which name the person got, :func:`lobby.unique_name`;
    the session keeps the flag only, never a name)."""
    url = f"/rooms/{room.id}/"
    if token:
        claim = secrets.token_urlsafe(12)
        claims = dict(list(request.session.get("claims", {}).items())[-MAX_CLAIMS:])
        given = _seat_name(room, token)
        claims[claim] = [str(room.id), token, bool(asked and given and given != asked)]
        request.session["claims"] = claims
        url += f"?claim={claim}"
    response = HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    return _with_bid(request, response)


@sensitive_post_parameters("passphrase", "name")
@require_http_methods(["GET", "HEAD", "POST"])
def enter(request: HttpRequest) -> HttpResponse:
    """POST name + passphrase → the room of that passphrase (created if new). A GET (the
    address of a refused form, opened again or reached with Back) goes to the top page,
    where the form is: never a bare 405 (try14)."""
    if request.method != "POST":
        return redirect("/")
    name = request.POST.get("name", "")
    # a refused form comes back as typed, so the person corrects it (never stored or logged)
    typed = {"name": name, "passphrase": request.POST.get("passphrase", "")[:64]}
    if not ratelimit.allow_join(request):
        return _refused(request, gettext(TOO_MANY), typed, 429)
    try:
        clean = clean_name(name)
        key = room_key(normalise(typed["passphrase"]))
        room, token = lobby.enter(key, clean, tokens.digest(browser_id(request)))
    except (InvalidInput, IllegalAction) as exc:
        return _refused(request, _why(exc), typed, 400)
    return _to_room(request, room, token, clean)


def _refused(request: HttpRequest, error: str, typed: dict, status: int) -> HttpResponse:
    """The top page's form refused: the reason alone for htmx (swapped into the form's
    #enter-error; what was typed stays in the fields), else the top page again with the
    reason and what was typed (a browser without scripts)."""
    if request.htmx:
        return _with_bid(request, render(request, "rooms/_join_error.html", {"error": error}, status=status))
    return _with_bid(request, render(request, "top.html", {"error": error, **typed}, status=status))


@sensitive_post_parameters("name")
@require_POST
def join(request: HttpRequest, room_id) -> HttpResponse:
    """POST name on a room's link page → a seat in that waiting room."""
    if not ratelimit.allow_join(request):
        return render(request, "rooms/_join_error.html", {"error": gettext(TOO_MANY)}, status=429)
    try:
        clean = clean_name(request.POST.get("name", ""))
        room, token = lobby.join(room_id, clean, tokens.digest(browser_id(request)))
    except (InvalidInput, IllegalAction) as exc:
        return render(request, "rooms/_join_error.html", {"error": _why(exc)}, status=400)
    return _to_room(request, room, token, clean)


def _rule_switches(game: str, defaults: dict) -> str:
    """The practice form's rule switches at ``game``'s ``defaults``, in the page's language:
    the waiting room's own template (templates/jinja2/rooms/rule_switches.html), not live."""
    with i18n.use(get_language() or i18n.DEFAULT):
        html = render_to_string("rooms/rule_switches.html", {"rule_switches": opts.rule_rows(game, defaults),
                                                             "live": False}, using="jinja2")
    return mark_safe(html)  # noqa: S308 (Jinja2 escaped it: autoescape)


@require_http_methods(["GET", "HEAD"])
def practice(request: HttpRequest, game: str = "daifugo") -> HttpResponse:
    """The practice screen of ``game``: its rules card and options, and the table, which
    runs in this browser (static/app/practice.js, tables/practice.py on Pyodide; DESIGN.md
    "Offline practice"). Nothing about the visitor is in the page, so the service worker
    keeps it for offline use; saves live in the browser."""
    if game not in opts.GAMES:
        raise Http404("no such game")
    defaults = opts.defaults(game)
    ctx = {"players": opts.player_range(game), "speeds": opts.SPEED_LABELS, "defaults": defaults,
           "rule_choices": opts.choice_fields(game, defaults), "rule_switches_html": _rule_switches(game, defaults),
           "game": game, "game_label": opts.GAMES[game], "boot": bundle.boot_files()}
    return render(request, "rooms/practice.html", ctx)


@csrf_exempt  # a beacon (no headers); it only adds anonymous counts, and is rate limited
@require_POST
def practice_started(request: HttpRequest, game: str) -> HttpResponse:
    """A practice game started in a browser that was online: counted as a practice room
    and a game started, as the server's rooms are (analytics; offline play sends nothing).
    The body is the number of players (1 person + CPUs)."""
    if game not in opts.GAMES:
        raise Http404("no such game")
    if ratelimit.allow_join(request, "practice"):
        try:
            players = int(request.body[:2] or 0)
        except ValueError:
            players = 0
        if players not in opts.player_range(game):
            players = opts.defaults(game)["players"]
        record.room_created(game, practice=True)
        record.game_started(game, 1, players - 1)
    return HttpResponse(status=204)


def room_page(request: HttpRequest, room_id) -> HttpResponse:
    """The room shell; takes the one-time claim (if any) out of the session."""
    room = Room.objects.filter(pk=room_id).exclude(status=Room.Status.CLOSED).first()
    if room is None:  # the socket's closed screen, in a page (one template for both)
        with i18n.use(get_language() or i18n.DEFAULT):
            closed = render_screen.stage(render_screen.screen(None, [], None, timezone.now()))
        return render(request, "rooms/gone.html", {"closed_stage": closed}, status=404)
    token = renamed = None
    claim = request.GET.get("claim")
    if claim:
        claims = request.session.get("claims", {})
        entry = claims.pop(claim, None)
        request.session["claims"] = claims
        if entry and entry[0] == str(room.id):
            token = entry[1]
            if len(entry) > 2 and entry[2]:  # the name the seat got instead of the one typed
                renamed = _seat_name(room, token)
    browser_id(request)
    response = render(request, "rooms/room.html", {"room": room, "seat_token": token, "renamed": renamed,
                                                   "link": request.build_absolute_uri(f"/rooms/{room.id}/")})
    response["Cache-Control"] = "no-store"
    # the room's address (a secret link) never goes to another site; our own forms (the
    # language switch) still carry their origin, which Django's CSRF check asks for
    # ("no-referrer" makes Chromium send "Origin: null" with a form's POST)
    response["Referrer-Policy"] = "same-origin"
    return _with_bid(request, response)


@require_http_methods(["GET", "HEAD"])
def hand_page(request: HttpRequest, room_id, no: int) -> HttpResponse:
    """A finished hand's replay viewer (issue 17; :mod:`tables.core.replay`), for a browser
    that holds a seat in the room (404 for anyone else, and once the room is gone).
    ``?step=k``: the step shown; ``&frag=1``: only the viewer (the page's script steps
    through the hand with it); ``?held=1``: whether this browser's seat is held by a live
    tab ("1"/"0"; 部屋に戻る closes the replay's tab then, static/replay.js). Reading a
    record never changes the live game."""
    bid = tokens.digest(request.COOKIES.get(tokens.BROWSER_COOKIE))
    seats = list(Seat.objects.filter(room_id=room_id).order_by("order"))
    mine = [s for s in seats if bid and s.browser_hash == bid]
    if not mine:
        raise Http404("no such hand")
    hand = HandRecord.objects.filter(room_id=room_id, no=no).first()
    if hand is None:
        raise Http404("no such hand")
    if request.GET.get("held"):  # 部屋に戻る asks: is this browser's seat held by a live tab?
        response = HttpResponse("1" if any(is_live(s, timezone.now()) for s in mine) else "0",
                                content_type="text/plain")
        response["Cache-Control"] = "no-store"
        return response
    step = request.GET.get("step", "0")
    step = int(step) if step.isascii() and step.isdigit() and len(step) < 6 else 0
    render_screen.use_environment()  # Django's Jinja2 backend, as the sockets render with
    # the room's own people see the names of the seats that played the hand while those
    # seats are still in the room; a seat gone since (or a record older than its seat ids)
    # keeps the CPU's own name the record kept (CPU 1: try50, the CPUs removed to change the
    # game were 席3, 席4), else its label (席N): never the name of someone who sat there
    # later. (A saved file keeps labels and CPU names unless asked.)
    by_id = {s.pk: s.name for s in seats}
    n = replay.players(hand.record)
    played = (list(hand.seats or []) + [None] * n)[:n]  # a record older than its seat ids: None
    with i18n.use(get_language() or i18n.DEFAULT):
        names = replay.names_of(hand.record, [by_id.get(seat_id) for seat_id in played])
        html = replay.viewer(hand.record, step, names=names, offer_names=True)
        title = replay.title(hand.record)
    if request.GET.get("frag"):
        response = HttpResponse(html)
    else:
        response = render(request, "rooms/replay.html", {"viewer": html, "file": replay.file_of(hand.record),
                                                         "names": names, "title": title,
                                                         "room_url": f"/rooms/{room_id}/"})
    response["Cache-Control"] = "no-store"
    response["Referrer-Policy"] = "same-origin"  # never to another site; our own forms keep their origin
    return response
