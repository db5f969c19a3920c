"""The room socket: one consumer per browser tab, grouped by room (doorbells only).

Protocol (client → server, JSON; forms come through the htmx ws extension):

- ``{"act": "hello", "token": str|null}`` first: binds the seat (token, else this
  browser's disconnected seat), joins the group and sends a full render with the seat's
  new token (every claim rotates it: a copied token stops working). A seat held by a live
  socket is never taken: the holder's *browser* is probed (a :data:`PROBE` frame down its
  socket) and only its answer within :data:`PROBE_WAIT` keeps the seat there.
- ``{"act": "ping"}`` (every 10 s, and in answer to a probe) renews the presence lease and
  is answered with :data:`PONG` (the page shows a banner when its pings go unanswered). A
  socket heard from holds its seat: a lease that lapsed meanwhile is taken up again.
- lobby: ``add_cpu``, ``remove`` (``seat``), ``move_up`` (``id``: the seat's id), ``options`` (``game``/``players``/``speed``/
  ``turn_limit``), ``start``; table: ``play`` (``card``…, ``mode``), ``exchange``
  (``card``…), ``pick`` (``index`` into the legal non-card actions), ``hint``, ``lobby``,
  ``ffwd``, ``auto`` (the CPU's move for this seat), ``new_match``; ``leave``. All but
  hint/leave/stamp carry the ``version`` they were made on: a
  stale or duplicate one is refused without effect.
- ``stamp`` (``code``, one of tables.core.stamps.CODES): shown on the sender's seat to the
  whole room (``<template id="stamp" …>``); past the seat's limit dropped quietly.

Server → client: HTML whose top-level elements are swapped by id (``#stage`` on a change
of screen, else only the parts that changed; ``#ver`` holds the version). Refusals show in
``#msg`` by the hand. Close codes: 4403 removed by the host, 4000 left; 1000 when a bug
leaves the socket unusable (the page reconnects and resyncs); :data:`FLOODED` for a socket
that kept sending past its budget (the page waits, then reconnects).

Limits (issue 15 #2, :mod:`rooms.ratelimit`): a message over the socket's budget, or past
the :data:`~rooms.ratelimit.SOCKET_LIMITS` ``queue`` of messages waiting, is counted and
dropped as it arrives (never decoded, queued or answered); so is every message but hello
and ping from a socket without a seat, and a seated message past its client address's
budget. Sockets per client address are limited at the handshake.
"""
from __future__ import annotations

import asyncio
import collections
import functools
import json
import logging
import time

from autobahn.exception import Disconnected
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.core.exceptions import SynchronousOnlyOperation
from django.db import transaction
from django.utils import timezone

from games.core import IllegalAction

from analytics import record
from tables.core import errors, i18n, intents, moves, options as opts, stamps
from tables.core.frames import Frames
from tables.core.screen import left_stage, rate_limited_msg
from tefuda_site.throttle import TokenBucket

from . import actions, driver, language, lobby, outofturn, ratelimit, store, tokens
from .engines import engine_for
from .models import Room, Seat
from .presence import LEASE, PING_EVERY
from .ratelimit import Bucket
from .render import screen

log = logging.getLogger(__name__)
#: Notices of the room itself: each reader sees its words by code, in their own language
#: (tables.core.words.REFUSALS); ja/en stay for logs, as an engine's refusal.
SERVER_TROUBLE = {"code": "server_error", "ja": "サーバーで問題が起きました。もう一度お試しください。",
                  "en": "Something went wrong on the server; please try again."}
SEAT_EXPIRED = {"code": "seat_expired", "ja": "通信が長く切れていたため、席がなくなりました。もう一度入ってください。",
                "en": "Your connection was gone too long and your place was let go; please join again."}
REMOVED = {"code": "removed", "ja": "ホストにより部屋から外されました。", "en": "The host removed you from the room."}
REMOVED_HERE = errors.removed_here().as_dict()
SEAT_TAKEN = {"code": "seat_taken", "ja": "その席はほかの画面で遊ばれています。", "en": "That seat is in use on another screen."}
PROBE_WAIT = 2.0  # seconds a holder's browser has to answer a probe (a phone's round trip or two)
#: A seated socket heard from renews its lease at most this often (a ping always does).
RENEW_EVERY = PING_EVERY
#: The answer to a ping, and the server's question to a browser (room.js answers it with a
#: ping); neither touches the page (room.js takes them before htmx sees them).
PONG = '<template id="pong"></template>'
PROBE = '<template id="probe"></template>'
FLOODED = 4008  # close code: the socket kept sending past its budget
#: Bytes read from a socket's connection at a time (twisted reads 64 KiB: some 3,000 of a
#: flooder's frames, all parsed by daphne before this socket's budget could say a word;
#: a tab's messages are a few hundred bytes).
READ_SIZE = 4096
#: Seconds before the page tries again after a refusal that can clear (room.js doubles them
#: on every retry in a row): the seat in use on another screen, a game in progress.
RETRY_TAKEN, RETRY_REFUSED = 3, 30


#: What a hint or a new selection can change when the room has not moved on.
HAND_PARTS = ("hand", "msg")


def _stage(room) -> tuple:
    """Which screen of the room a 退出する？ was asked on: (status, hand settled). A press
    counts only on that screen; at a hand's result or back in the waiting room 退出 asks
    again (a tester armed it during a hand and left from the result with one tap)."""
    return (room.status, engine_for(room.game).is_over(room.state) if room.state else None)


class RoomConsumer(AsyncWebsocketConsumer):
    async def __call__(self, scope, receive, send):
        """Run the socket with its messages read as they arrive (:class:`_Inbox`): the
        budget is checked there, so a flood waits in no queue and costs no decoding."""
        self.address: ratelimit.Address | None = None
        self.closing = False
        self.transport = _transport(send)
        self.limits = limits = ratelimit.socket_limits()
        self.bucket = Bucket(limits["burst"], limits["rate"])
        self.strikes = TokenBucket(limits["strikes"], limits["strike_rate"])
        self.over = False  # in a run of messages dropped over the budget
        inbox = _Inbox(receive, self.admit)
        try:
            await super().__call__(scope, inbox.get, send)
        finally:
            inbox.stop()
            self._release()

    async def connect(self):
        self.room_id = self.scope["url_route"]["kwargs"]["room_id"]
        self.seat_pk: int | None = None
        self.group = f"room.{self.room_id.hex}"
        self.frames = Frames()  # what this tab was last sent
        self.version = -1
        self.greeted = self.probed = self.unbound = False
        #: (act, screen, time.monotonic()): 退出する？ ("leave") or ロビーへ戻る？ ("lobby")
        #: asked on that screen (_stage) at that time; None: nothing asked
        self.asked: tuple | None = None
        self.touched = 0.0  # when this socket last renewed its seat's lease (monotonic)
        self.selection: list[int] = []  # this tab's selected cards, as last told or hinted
        self.language = language.of_scope(self.scope)  # each person reads the room in their own
        self.last_move: tuple | None = None  # moves.fingerprint of this tab's last applied move
        cookie = self.scope.get("cookies", {}).get(tokens.BROWSER_COOKIE)
        self.bid_hash = tokens.digest(cookie)
        self.address = ratelimit.open_socket(_client_address(self.scope), self.limits)
        if self.address is None:  # too many sockets from this address: refused at the handshake
            self.closing = True
            await self.close()
            return
        await self.accept()
        if isinstance(getattr(self.transport, "bufferSize", None), int):
            self.transport.bufferSize = READ_SIZE
        actions.use_loop(asyncio.get_running_loop())
        driver.ensure_started()

    def _release(self) -> None:
        if self.address is not None:
            ratelimit.close_socket(self.address)
            self.address = None

    def admit(self, waiting: int) -> bool:
        """Whether a message that just arrived may wait for its handler (``waiting``: how
        many wait already). Not once the socket is closing, past its credit bucket or past
        the queue's bound: such a message is only counted. A socket that keeps sending past
        its budget (its strikes run out) is closed with :data:`FLOODED`."""
        if self.closing:
            ratelimit.count("closing")
            return False
        if waiting < self.limits["queue"] and self.bucket.take():
            self.over = False
            return True
        ratelimit.count("socket_rate" if waiting < self.limits["queue"] else "queue")
        if not self.strikes.take():
            self.closing = True
            ratelimit.count("flood_closed")
            self._closer = asyncio.ensure_future(self._close_flooded())
        elif not self.over and getattr(self, "seat_pk", None) and self._screen() in ("table", "lobby"):
            self.over = True  # once a run of dropped messages: a fixed notice, nothing rendered
            self._closer = asyncio.ensure_future(self._say(self.too_fast()))
        return False

    def too_fast(self) -> str:
        """What a seated tab is told, once, when its messages start being dropped over its
        budget: a fixed ``#msg`` in its reader's language (nothing is rendered for it)."""
        with i18n.use(self.language):
            return rate_limited_msg()

    def _screen(self) -> str:
        """The kind of screen this tab shows ("" before its first render)."""
        frames = getattr(self, "frames", None)
        return frames.kind if frames else ""

    async def _say(self, html: str) -> None:
        self.frames.forget("msg")  # the next render shows its own message again
        try:
            await self.send(text_data=html)
        except Exception:  # gone meanwhile
            pass

    async def _close_flooded(self) -> None:
        """Close with :data:`FLOODED`, then stop reading the connection at once: a flooder
        has more frames on their way than it sent so far, and daphne would parse every one
        of them while it waits for the closing handshake (issue 15 #2: 16 such sockets kept
        the process busy for good). The close frame still goes out first."""
        try:
            await self.close(code=FLOODED)
        except Exception:  # already gone
            pass
        lose = getattr(self.transport, "loseConnection", None)
        if lose is not None:
            try:
                lose()  # twisted: flush what is written, read nothing more, close
            except Exception:
                log.warning("could not drop a flooding connection", exc_info=True)

    async def dispatch(self, message):
        """Route a message to its handler. Unlike channels' own ``dispatch`` this does not
        run ``close_old_connections`` in a thread hop before every message (a tenth of the
        server's time under bench/ws_load.py): every database call here goes through
        ``database_sync_to_async``, which closes old connections itself around each call."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def disconnect(self, code):
        self.closing = True
        self._release()
        if not getattr(self, "greeted", False) and not getattr(self, "seat_pk", None):
            return  # refused at the handshake, or gone before its hello: nothing to undo
        try:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        except Exception:  # Redis away: the seat must still be let go at once (not a lease later)
            log.warning("room socket could not leave its room's group", exc_info=True)
        if self.seat_pk:
            await database_sync_to_async(lobby.disconnect_seat)(self.room_id, self.channel_name)

    # --- incoming ------------------------------------------------------------------------
    async def receive(self, text_data=None, bytes_data=None):
        msg = None
        try:
            try:
                msg = self._decode(text_data)
            except IllegalAction:
                if not self.seat_pk:  # nobody's seat: counted, never answered
                    ratelimit.count("unseated")
                    return
                raise
            await self.handle(msg)
        except IllegalAction as exc:
            if moves.repeats(self.last_move, msg, exc):  # a double click: the move is in
                await self.refresh()
                return
            exc = moves.explained(msg, exc)  # a stop or an interrupt too late says so
            await self.refresh(notice=exc.as_dict(), selected=getattr(exc, "selected", None))
        except Exception:
            # A bug must not cost the player the table: log it, re-render this seat with a
            # notice; if even that fails, close normally (1000) so the page reconnects.
            log.exception("room socket failed on a message")
            try:
                await self.refresh(notice=SERVER_TROUBLE)
            except Exception:
                log.exception("room socket could not recover")
                await self.close(code=1000)

    @staticmethod
    def _decode(text: str | None) -> dict:
        if not text or len(text) > intents.MAX_MESSAGE:
            raise errors.bad_request("size")
        try:
            msg = json.loads(text, parse_constant=int)  # NaN/Infinity: int("NaN") raises ValueError
        except (ValueError, RecursionError):  # RecursionError: hostile nesting like [[[[…]]]]
            raise errors.bad_request("json") from None
        if not isinstance(msg, dict) or not isinstance(msg.get("act"), str):
            raise errors.bad_request("act")
        return msg

    async def handle(self, msg: dict) -> None:
        act = msg["act"]
        if act == "hello":
            return await self.hello(msg.get("token"))
        if not self.greeted:
            ratelimit.count("unseated")
            return
        if act == "ping":
            return await self.ping()
        if not self.seat_pk:  # a socket without a seat only watches: counted, never answered
            ratelimit.count("unseated")
            return
        if self.address is not None and not self.address.work.take():  # this address did enough for now
            ratelimit.count("address_work")
            return
        handler = getattr(self, f"act_{act}", None)
        if handler is None:
            raise errors.bad_request("act")
        try:
            await handler(msg)
        finally:
            if self.seat_pk and (self.probed or time.monotonic() - self.touched >= RENEW_EVERY):
                await self.renew()  # heard from: the seat's lease goes on (after the answer)

    async def ping(self) -> None:
        """The browser is there: a seat's lease is renewed, then :data:`PONG` answers. A
        socket without a seat costs nothing more."""
        if self.seat_pk:
            await self.renew()
        if not self.closing:
            try:
                await self.send(text_data=PONG)
            except Disconnected:
                pass

    async def renew(self) -> None:
        """Renew this socket's seat lease. A lapsed lease is taken up again (housekeeping may
        have let the seat go meanwhile; the socket is open and heard from, issue 15 #1)
        unless another socket holds the seat now: then this tab is told it lost it. A socket
        behind the room's version (a doorbell lost in a Redis restart) renders it."""
        self.probed = False
        self.touched = time.monotonic()
        version, held = await database_sync_to_async(_touch)(self.room_id, self.seat_pk, self.channel_name)
        if held == "lost":
            self.seat_pk = None
            await self.refresh(full=True, taken=True)
        elif held == "gone":  # a waiting room let the seat go after the grace (lobby.expire_absent)
            self.seat_pk = None
            await self.refresh(full=True, notice=SEAT_EXPIRED)
        elif version is not None and version > self.version:  # a doorbell was lost: catch up
            await self.refresh(at=version)

    # --- hello / seat binding --------------------------------------------------------------
    async def hello(self, token) -> None:
        if self.greeted:
            return
        now = timezone.now()
        seat = await database_sync_to_async(lobby.seat_for_token)(self.room_id, token if isinstance(token, str) else None)
        if seat is None:
            seat = await database_sync_to_async(lobby.seat_for_browser)(self.room_id, self.bid_hash, now)
        fresh = await self.claim(seat) if seat else None
        if fresh:
            self.seat_pk, self.touched = seat.pk, time.monotonic()
        try:
            await self.channel_layer.group_add(self.group, self.channel_name)
        except Exception:  # not in the group: this socket would never hear a change
            log.exception("room socket could not join its room's group; closing it")
            await self.close(code=1000)  # the page reconnects and says hello again
            return
        self.greeted = True
        # a socket without a seat (a newcomer, or one of a flood) is shown this process's
        # recent load of the room if there is one, on the loop: it waits for no database hop
        # and the players' moves do not wait behind it
        await self.refresh(full=True, token=fresh, taken=bool(seat and not self.seat_pk),
                           at=None if self.seat_pk else 0)

    async def claim(self, seat: Seat) -> str | None:
        """Bind ``seat`` to this socket unless a live browser holds it; returns the seat's
        new token (the old one stops working: issue 15 #3), or None if refused.

        A holding socket is asked to probe its browser (:meth:`seat_probe`); only the
        browser's answer within :data:`PROBE_WAIT` renews the holder's lease and keeps the
        seat there. A frozen client (its socket open, its browser silent) or a dead process
        answers nothing, and the seat comes here."""
        holder = seat.channel_name
        if holder and holder != self.channel_name:
            asked = timezone.now()
            try:
                await self.channel_layer.send(holder, {"type": "seat.probe"})
            except Exception:  # the layer refused (a full channel, Redis away): no answer then
                log.warning("could not probe a seat's holder", exc_info=True)
            await asyncio.sleep(PROBE_WAIT)
            seat = await database_sync_to_async(Seat.objects.filter(pk=seat.pk).first)()
            if seat is None or (seat.channel_name and seat.seen_at and seat.seen_at >= asked):
                return None
            holder = seat.channel_name
        token = tokens.new_token()
        ok = await database_sync_to_async(lobby.connect_seat)(self.room_id, seat.pk, self.channel_name, holder,
                                                              token=token)
        return token if ok else None

    async def seat_probe(self, event):
        """Someone asks whether this socket's browser still holds its seat (a claim of the
        seat, or housekeeping before a lease lapses): ask the browser. Its answer (a ping)
        renews the lease; the consumer itself never does (issue 15 #3)."""
        if not self.closing and self.seat_pk:
            self.probed = True
            try:
                await self.send(text_data=PROBE)
            except Disconnected:
                pass

    # --- lobby actions -----------------------------------------------------------------------
    async def act_add_cpu(self, msg):
        await self._do(lambda: lobby.add_cpu(self.room_id, self._host_order(), intents.version(msg)))

    async def act_cpu_level(self, msg):
        """The host sets a CPU seat's level (やさしい / ふつう / つよい) in the waiting room."""
        await self._do(lambda: lobby.set_cpu_level(self.room_id, self._host_order(), intents.small_int(msg, "seat"),
                                                   msg.get("level"), intents.version(msg)))

    async def act_remove(self, msg):
        await self._do(lambda: lobby.remove(self.room_id, self._host_order(), intents.small_int(msg, "seat"), intents.version(msg)))

    async def act_move_up(self, msg):
        await self._do(lambda: lobby.move_up(self.room_id, self._host_order(), intents.seat_id(msg)))

    async def act_options(self, msg):
        data = {k: msg.get(k) for k in ("game", "players", "speed", "turn_limit") if k in msg}
        data.update({k: v for k, v in msg.items() if k == "rules" or k.startswith("rule_")})  # switches
        data.update({k: msg[k] for c in opts.CHOICES.values() for k in c if k in msg})  # rule chips
        await self._do(lambda: lobby.set_options(self.room_id, self._host_order(), data, intents.version(msg)))

    async def act_start(self, msg):
        await self._do(lambda: lobby.start(self.room_id, self._host_order(), intents.version(msg)))

    async def act_lobby(self, msg):
        """The host's ロビーへ: while the match would go on, asks first (ロビーへ戻る？: one tap
        ended everyone's match, try52), then ends it for everyone (rooms.lobby.to_lobby)."""
        room = await database_sync_to_async(Room.objects.filter(pk=self.room_id).first)()
        going_on = room and lobby.match_goes_on(room)
        if going_on and self._asks("lobby", msg, room):
            return await self.refresh()
        await self._do(lambda: lobby.to_lobby(self.room_id, self._host_order(), intents.version(msg)))

    def _asks(self, act: str, msg: dict, room) -> bool:
        """True when this press of ``act``'s button only asks its question (or asks again): it
        is not the asking button's own press a moment after it was shown
        (:func:`tables.core.intents.confirms`). The question holds on this screen only."""
        asked = self.asked if self.asked and self.asked[0] == act else None
        if intents.confirms(msg, asked[2] if asked else None, time.monotonic()):
            return False
        self.asked = asked or (act, _stage(room), time.monotonic())
        return True

    async def act_new_match(self, msg):
        await self._do(lambda: lobby.new_match(self.room_id, self._order(), intents.version(msg)))

    async def act_resume(self, msg):
        """おまかせをやめる: take this seat back from the CPU."""
        await self._do(lambda: lobby.resume(self.room_id, self._order()))

    async def act_ffwd(self, msg):
        await self._do(lambda: lobby.fast_forward(self.room_id, self._order(), intents.version(msg)))

    async def act_leave(self, msg):
        """退出: asks once (退出する？) while the match goes on — during a hand, and at a hand's
        result when another hand is still to come (anyone may start it: the engine still
        waits for someone) — then, answered by a press of 退出する？ a moment later
        (:meth:`_asks`: not a double click's second press),
        gives the seat to a CPU for good (seed 004: a started room takes no newcomers, the
        leaver included)."""
        room = await database_sync_to_async(Room.objects.filter(pk=self.room_id).first)()
        playing = room and lobby.match_goes_on(room)
        if playing and self._asks("leave", msg, room):
            return await self.refresh()
        await database_sync_to_async(lobby.leave)(self.room_id, await self.order())
        self.seat_pk = None
        with i18n.use(self.language):
            await self.send(text_data=left_stage("/"))
        await self.close(code=4000)

    # --- game actions ------------------------------------------------------------------------
    async def act_play(self, msg):
        action = moves.play_action(msg)
        await self._play(msg, lambda order: action, action["cards"])

    async def act_select(self, msg):
        """The tab's selection changed: re-render its hand (badges, the play's name, the
        wild-reading chips) for exactly these cards; a quiet one is only kept (the next
        render of the hand shows it)."""
        self.selection, quiet = moves.selection(msg)
        if not quiet:
            await self.refresh(only=HAND_PARTS)

    async def act_exchange(self, msg):
        action = moves.choice_action(msg)
        await self._play(msg, lambda order: action, action["cards"])

    async def act_pick(self, msg):
        index, version = intents.small_int(msg, "index"), intents.version(msg)
        await self._play(msg, lambda order: _pick(self.room_id, order, index, version), [])

    async def act_auto(self, msg):
        """自動プレイ (seed 001 §21): the browser asks, at its chosen interval, for the
        CPU's move on its own turn; refused like any move when it is not that turn."""
        version = intents.version(msg)
        # not this person's own move: a 退出する？ asked for stays asked
        await self._play(msg, lambda order: _auto(self.room_id, order, version), None, disarm=False)

    async def act_hint(self, msg):
        current = list(self.selection)  # each press the next hint, cheapest first

        def hint():  # (notice, selection, (room, seats)): in the render's thread hop
            # the newest load of this process if it is at least what this tab shows and
            # recent (as for a doorbell), else the database; the render reuses it
            loaded = _snapshot(self.room_id, self.version if self.version >= 0 else None)
            me = next((s for s in loaded[1] if s.pk == self.seat_pk), None)
            if me is None:
                raise errors.not_seated()
            room = loaded[0]
            if room is None or room.status != Room.Status.PLAYING or not room.state:
                return moves.NO_HINT, None, loaded
            notice, chosen = moves.next_hint(room.game, engine_for(room.game), room.state, me.order, current)
            return notice, chosen, loaded

        # not on the loop: the つよい CPU behind the first hint thinks up to ~150 ms (issue 16),
        # which would stall every socket of this process
        await self.refresh(before=hint, only=HAND_PARTS)

    async def act_interrupt(self, msg):
        """9割り込み by the button of one eligible set of 9s (``index``)."""
        index, version = intents.small_int(msg, "index"), intents.version(msg)
        await self._play(msg, lambda order: outofturn.interrupt_at(self.room_id, order, index, version), [])

    async def _play(self, msg, decide, cards: list | None, disarm: bool = True) -> None:
        """Play ``decide(order)`` (the action, resolved in the database thread) for this
        seat at the message's version, and render the result in the same thread hop; an
        out-of-turn action goes through :func:`rooms.outofturn.submit` instead. A person's
        own move (``disarm``) takes back a 退出する？ they were asked."""
        if disarm:
            self.asked = None
        self.selection = []
        version = intents.version(msg)
        deferred = []

        def move() -> int:
            order = self._order(version)
            action = decide(order)
            if outofturn.is_out_of_turn(action):  # ordered with simultaneous ones (rooms.outofturn)
                deferred.append((order, action))
                raise _Deferred
            try:
                room, _ = actions.play(self.room_id, order, version, action)
            except IllegalAction as exc:
                exc.selected = action.get("cards", []) if cards is None else cards  # stay selected
                raise
            return room.version  # rendered from the commit's own load (actions.committed)

        try:
            await self.refresh(before=move)  # show the result at once; the doorbell is then a no-op
            self.last_move = moves.fingerprint(msg)
        except _Deferred:
            order, action = deferred[0]
            apply = lambda: database_sync_to_async(actions.play)(self.room_id, order, version, action)  # noqa: E731
            try:
                await outofturn.submit(self.room_id, version, order, action, apply)
            except IllegalAction as exc:
                exc.selected = action.get("cards", []) if cards is None else cards
                raise
            self.last_move = moves.fingerprint(msg)
            await self.refresh()

    async def _do(self, change) -> None:
        """Make ``change()`` and render the result in one database thread hop."""
        def run() -> None:
            change()

        await self.refresh(before=run)  # show the result at once; the doorbell is then a no-op

    def _order(self, version: int | None = None) -> int:
        """This socket's seat number (refused, ``not_seated``, once a CPU took the seat over: the
        host removed this person); at ``version`` from this process's load of exactly that
        version if it has one (a seat's number changes only with a new version, and the
        move is refused as stale unless the room is still at ``version``)."""
        snap = _snapshots.get(self.room_id)
        if version is not None and snap and snap[0] == version:
            order = next((s.order for s in snap[3] if s.pk == self.seat_pk and s.is_human), None)
            if order is None:
                raise errors.not_seated()
            return order
        order = next(iter(Seat.objects.filter(pk=self.seat_pk, kind=Seat.Kind.HUMAN).values_list("order", flat=True)), None)
        if order is None:
            raise errors.not_seated()
        return order

    async def order(self) -> int:
        return await database_sync_to_async(self._order)()

    def _host_order(self) -> int:
        """This socket's seat number if it is the host's; anyone else is refused as not the
        host before the rest of the message is read (no version, an old one, a hostile
        option value: still ``not_host``, never the generic ``malformed``)."""
        row = Seat.objects.filter(pk=self.seat_pk).values_list("order", "is_host").first()
        if row is None:
            raise errors.not_seated()
        if not row[1]:
            raise errors.not_host()
        return row[0]

    # --- stamps (issue 17) -------------------------------------------------------------------
    async def act_stamp(self, msg):
        """A stamp from this seat to everyone in the room (tables.core.stamps): an unknown
        code is refused; past the seat's limit it is dropped quietly (counted, unanswered)."""
        code = msg.get("code")
        if not stamps.known(code):
            raise errors.bad_request("stamp")
        if not STAMP_LIMIT.allow(self.seat_pk, time.monotonic()):
            ratelimit.count("stamp")
            return
        order = await database_sync_to_async(_stamp)(self.room_id, self.seat_pk, code)
        if order is None:
            return
        try:
            await self.channel_layer.group_send(self.group, {"type": "room.stamp", "seat": order, "code": code})
        except Exception:  # a lost stamp is nothing to mend
            log.warning("a stamp could not be sent to the room", exc_info=True)

    async def room_stamp(self, event):
        """Show a stamp of the room to this tab (the page's script puts it on the seat)."""
        if self.greeted and not self.closing and stamps.known(event.get("code")):
            try:
                await self.send(text_data=stamps.message(event["seat"], event["code"]))
            except Disconnected:
                pass

    # --- outgoing ------------------------------------------------------------------------------
    async def room_changed(self, event):
        if event.get("version", 0) > self.version and self.greeted and not self.closing:
            if not self.seat_pk and self.frames.kind == "refused":
                return  # a game this socket has no seat in: its screen says so whatever moves
            await self.refresh(at=event["version"])

    async def refresh(self, *, notice=None, selected=None, full=False, token=None, taken=False,
                      force_hand=False, at: int | None = None, before=None, only: tuple | None = None,
                      on_loop: bool = False) -> None:
        """Render this seat's screen and send what changed since the last message (``at``:
        the doorbell's version, which a snapshot shared in this process may serve).
        ``before()`` runs first in the same database thread hop (an action, a hint); a hint
        returns ``(notice, selection)``. ``only``: the parts that can have changed if the
        room is still at the version this tab shows (else the whole screen is rendered).
        ``on_loop``: ``before`` reads only this process's recent load (a hint), so when
        there is one it all runs on the event loop, without a thread hop."""
        if selected is not None:
            self.selection = list(selected)
        if force_hand:
            self.frames.forget("hand")
        if notice:
            self.frames.forget("msg")  # the same refusal twice is still shown
            if self.frames.kind == "lobby":
                # a refused option leaves the room as it was, but the host's select shows
                # the refused choice: the waiting room is sent again with the room's own
                self.frames.forget("lobby")

        loaded = None
        moved = False  # a move whose commit this process holds: rendered on the loop

        def render():
            return self._render(notice, self.selection, full, token, taken, at, loaded, only)

        def work():
            nonlocal notice, at, loaded, moved
            if before is not None:
                got = before()
                if isinstance(got, int):  # a move: the version it made, as the commit loaded it
                    at = max(at or 0, got)
                    if not (full or token or taken) and _shared(self.room_id, at) is not None:
                        moved = True
                        return None
                elif got is not None:  # a hint: its notice, the cards it selects, its load
                    notice, chosen, loaded = got
                    self.frames.forget("msg")
                    if chosen is not None:
                        self.selection = list(chosen)
                        self.frames.forget("hand")
            return render()

        # a doorbell (``at``) or a hint of the version this tab shows: on the event loop when
        # this process holds a recent load of it, else (or if it reads the database after
        # all) in the database thread. A move's own render too leaves the database thread
        # (where every step waits for the GIL the loop holds: that thread is the one queue
        # of every socket's moves in the process) and runs on the loop from the commit's load.
        if before is None and not (token or taken) and (not full or not self.seat_pk):
            shown = at
        else:
            shown = max(self.version, 0) if on_loop else None
        done = None
        if _shared(self.room_id, shown) is not None:
            done = _on_loop(work)
        if done is None and not moved:
            done = await database_sync_to_async(work)()
        if moved:
            done = _on_loop(render) or await database_sync_to_async(render)()
        out, version, kicked = done
        self.version = max(self.version, version)
        if out:
            try:
                await self.send(text_data=out)
            except Disconnected:  # the browser left while this rendered; its disconnect follows
                return
        if kicked:
            await self.close(code=4403)

    def _render(self, notice, selected, full, token, taken, at=None, loaded=None,
                only: tuple | None = None) -> tuple[str, int, bool]:
        now = timezone.now()
        room, seats = loaded or _snapshot(self.room_id, at)
        if room is None or room.version != self.version or self.frames.kind != "table" or full:
            only = None  # something else may have changed: the whole screen
        me = next((s for s in seats if s.pk == self.seat_pk), None)
        if me is not None and not me.is_human:
            me = None  # a CPU took the seat over: the host removed this person mid-match
        if me is not None and me.channel_name and me.channel_name != self.channel_name:
            # another socket claimed the seat (this browser missed the probe: a frozen
            # client whose page reconnected): this one only watches from now on
            me, self.seat_pk, taken = None, None, True
        elif me is not None:
            self.unbound = me.channel_name is None  # its lease lapsed meanwhile
        kicked = bool(self.seat_pk and me is None and room and room.status != Room.Status.CLOSED)
        if kicked and self.unbound and room.status == Room.Status.WAITING:
            # not the host: the place was let go after the grace (lobby.expire_absent); the
            # socket stays, on the join screen
            self.seat_pk, kicked, notice = None, False, SEAT_EXPIRED
        elif kicked:
            self.seat_pk, room = None, None
            notice = REMOVED
        if taken and notice is None:
            notice = SEAT_TAKEN
        if me is None and notice is None and room is not None and self.bid_hash in (room.removed or []):
            notice = REMOVED_HERE  # a removed person's browser at the door: told so, not "wait" (try39)
        if self.asked and (room is None or _stage(room) != self.asked[1]):
            self.asked = None  # the screen moved on (a hand's result, the waiting room): ask again
        with i18n.use(self.language):
            s = screen(room, seats, me, now, notice=notice, selected=selected, asking=self.asked and self.asked[0],
                       only=only)
            version = room.version if room else 0
            retry = (RETRY_TAKEN if taken else RETRY_REFUSED) if s.kind == "refused" and not token else None
            out = self.frames.message(s, full=full, version=version, now_ms=int(now.timestamp() * 1000),
                                      token=token, retry=retry)
        return out, version, kicked


#: room id → (version, loaded at, room, seats): the newest state this process loaded or
#: committed. A doorbell rings every socket of the room; those here render one load of that
#: version instead of one each (bench/ws_load.py: a fifth of the server's CPU). Used for
#: SNAPSHOT_TTL seconds (presence leases inside it may be that old) by doorbells, hints,
#: a pick's button list and a move's seat number at the version the move names (the
#: commit's compare-and-set refuses the move if the room has moved on); the commit itself
#: and a socket's first render read the database.
_snapshots: dict = {}
SNAPSHOT_TTL = 0.5


def _on_loop(fn):
    """``fn()`` on the event loop, or None if it turned out to need the database."""
    try:
        return fn()
    except SynchronousOnlyOperation:
        log.warning("a render on the loop read the database; rendering in the thread instead")
        return None


class _Deferred(Exception):
    """An out-of-turn action leaves the thread hop for :func:`rooms.outofturn.submit`."""


def _shared(room_id, at: int | None) -> tuple[Room, list] | None:
    """This process's recent load of at least version ``at`` of the room, if it has one."""
    snap = _snapshots.get(room_id)
    if at is not None and snap and snap[0] >= at and time.monotonic() - snap[1] < SNAPSHOT_TTL:
        return snap[2], snap[3]
    return None


def _snapshot(room_id, at: int | None) -> tuple[Room | None, list]:
    """The room and its seats: for a doorbell (``at``) a shared load of that version if
    one is recent, else the database."""
    clock = time.monotonic()
    snap = _snapshots.get(room_id)
    shared = _shared(room_id, at)
    if shared is not None:
        return shared
    room = store.load_room(room_id)
    seats = store.load_seats(room_id) if room else []
    if len(_snapshots) > 512:  # forget old rooms
        for key in [k for k, v in _snapshots.items() if clock - v[1] > SNAPSHOT_TTL]:
            del _snapshots[key]
    if room is None:
        _snapshots.pop(room_id, None)
    elif snap is None or room.version >= snap[0]:
        _snapshots[room_id] = (room.version, clock, room, seats)
    return room, seats


def _committed(room: Room, seats: list) -> None:
    """A change committed in this process: its room and seats (loaded in its transaction,
    seat writes included) are the newest load of that version (see rooms.actions.commit)."""
    snap = _snapshots.get(room.pk)
    if snap is None or room.version > snap[0]:
        _snapshots[room.pk] = (room.version, time.monotonic(), room, seats)


actions.committed.append(_committed)


#: stamps per seat (in this process: a seat's tabs are on one server behind a sticky proxy
#: as a rule; two processes would let a seat send twice the stamps, never more)
STAMP_LIMIT = stamps.SeatLimit()


def _stamp(room_id, seat_pk, code: str) -> int | None:
    """The seat number of a person's seat that may send a stamp now (counted by its kind for
    analytics), or None: the seat is gone or is not a person's."""
    row = Seat.objects.filter(pk=seat_pk, room_id=room_id, kind=Seat.Kind.HUMAN).values_list(
        "order", "room__game").first()
    if row is None:
        return None
    record.stamp(row[1], code)
    return row[0]


def _touch(room_id, seat_pk, channel) -> tuple[int | None, str]:
    """Renew the presence lease of this socket's seat (in a transaction: it queues with the
    other writers instead of sleeping in SQLite's busy handler, tefuda_site.sqlite).

    Returns ``(version, held)``: the room's version (None if the room is gone: a socket
    behind it missed a doorbell, lost in a Redis restart say, and renders again, at most a
    ping late) and what became of the seat: ``"held"`` (renewed), ``"rebound"`` (the
    lease had lapsed; the seat is this socket's again, through a commit that recomputes the
    timers and the empty-room clock), ``"lost"`` (another socket holds it), ``"gone"`` (no
    such seat) or ``""`` (no seat asked)."""
    held = ""
    if seat_pk:
        now = timezone.now()
        with transaction.atomic():
            renewed = Seat.objects.filter(pk=seat_pk, channel_name=channel, seen_at__gt=now - LEASE).update(seen_at=now)
        held = "held" if renewed else _rebind(room_id, seat_pk, channel)
    return next(iter(Room.objects.filter(pk=room_id).values_list("version", flat=True)), None), held


def _rebind(room_id, seat_pk, channel) -> str:
    """A socket heard from whose lease lapsed (housekeeping let its seat go, or the seat
    counts as away): bind the seat to it again unless another socket holds it."""
    holders = list(Seat.objects.filter(pk=seat_pk).values_list("channel_name", flat=True))
    if not holders:
        return "gone"
    if holders[0] not in (None, channel):
        return "lost"
    return "rebound" if lobby.connect_seat(room_id, seat_pk, channel, holders[0]) else "lost"


def _client_address(scope) -> str | None:
    """The socket's client address (daphne's ``--proxy-headers`` puts the forwarded one
    there), or None when the server gives none (a Unix socket without proxy headers, a test
    communicator): then people cannot be told apart and no per-address limit applies."""
    client = scope.get("client")
    return str(client[0]) if client and client[0] else None


def _transport(send):
    """The connection under daphne's ``send`` (``functools.partial(server.handle_reply,
    protocol)``; the middleware in tefuda_site.asgi passes it on as is), or None under
    another server or a test communicator."""
    protocol = send.args[0] if isinstance(send, functools.partial) and send.args else None
    return getattr(protocol, "transport", None)


class _Inbox:
    """A socket's incoming messages, read from daphne as they arrive (issue 15 #2).

    Channels' consumer takes the next message only when the last one is handled, so a
    flood used to wait, unbounded, in daphne's queue and was handled message by message.
    Here a reader task takes each message at once and asks ``admit(waiting)``: a refused
    message is dropped there (counted by the consumer), so what waits for the handler is
    bounded by the ``queue`` limit. Other messages (connect, disconnect) always pass.
    """

    def __init__(self, receive, admit):
        self.receive, self.admit = receive, admit
        self.queue: collections.deque = collections.deque()
        self.ready = asyncio.Event()
        self.reader: asyncio.Task | None = None
        self.failed: BaseException | None = None

    async def get(self) -> dict:
        """The next admitted message (what channels' consumer awaits as ``receive``)."""
        if self.reader is None:
            self.reader = asyncio.ensure_future(self._read())
        while not self.queue:
            if self.failed is not None:
                raise RuntimeError("the socket's reader failed") from self.failed
            self.ready.clear()
            await self.ready.wait()
        return self.queue.popleft()

    async def _read(self) -> None:
        try:
            while True:
                message = await self.receive()
                if message["type"] != "websocket.receive" or self.admit(len(self.queue)):
                    self.queue.append(message)
                    self.ready.set()
                if message["type"] == "websocket.disconnect":
                    return
        except BaseException as exc:
            self.failed = exc
            self.ready.set()
            raise

    def stop(self) -> None:
        if self.reader is not None and not self.reader.done():
            self.reader.cancel()


def _pick(room_id, seat_no: int, index: int, version: int) -> dict:
    """The ``index``-th legal action without cards (pass, next round, …) at ``version``
    (from a recent load of that version: the commit's compare-and-set refuses it if the
    room has moved on since)."""
    room, _ = _snapshot(room_id, version)
    if room is None or room.version != version or not room.state:
        raise errors.stale()
    return moves.pick(engine_for(room.game), room.state, seat_no, index)


def _auto(room_id, seat_no: int, version: int) -> dict:
    """The CPU's choice for ``seat_no`` at ``version`` (never the next hand: people press it)."""
    room = Room.objects.filter(pk=room_id).first()
    if room is None or room.version != version or not room.state:
        raise errors.stale()
    return moves.auto(engine_for(room.game), room.state, seat_no)
