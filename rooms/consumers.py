"""The room socket: one consumer per browser tab, grouped by room (doorbells only).

Protocol (client → server, JSON; forms come through the htmx ws extension):

- ``{"act": "hello", "token": str|null}`` first: binds the seat (token, else this
  browser's disconnected seat), joins the group and sends a full render. A seat held by a
  live socket is never taken (the holder is probed first; only a dead holder loses it).
- ``{"act": "ping"}`` renews the presence lease.
- lobby: ``add_cpu``, ``remove`` (``seat``), ``options`` (``game``/``players``/``speed``/
  ``turn_limit``), ``start``; table: ``play`` (``card``…, ``mode``), ``exchange``
  (``card``…), ``pick`` (``index`` into the legal non-card actions), ``hint``, ``lobby``,
  ``ffwd``, ``auto`` (the CPU's move for this seat), ``new_match``; ``leave``. All but
  hint/leave carry the ``version`` they were made on: a
  stale or duplicate one is refused without effect.

Server → client: HTML whose top-level elements are swapped by id (``#stage`` on a change
of screen, else only the parts that changed; ``#ver`` holds the version). Refusals show in
``#msg`` by the hand. Close codes: 4403 removed by the host, 4000 left; 1000 when a bug
leaves the socket unusable (the page reconnects and resyncs).
"""
from __future__ import annotations

import asyncio
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

from . import actions, driver, errors, intents, lobby, options as opts, outofturn, store, tables, tokens
from .engines import engine_for
from .models import Room, Seat
from .ratelimit import Bucket
from .render import is_button, screen, stage

log = logging.getLogger(__name__)
SERVER_TROUBLE = {"code": "server_error", "ja": "サーバーで問題が起きました。もう一度お試しください。",
                  "en": "Something went wrong on the server; please try again."}

PROBE_WAIT = 1.0  # seconds a live holder has to answer a probe


#: What a hint or a new selection can change when the room has not moved on.
HAND_PARTS = ("hand", "msg")


class RoomConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        self.room_id = self.scope["url_route"]["kwargs"]["room_id"]
        self.seat_pk: int | None = None
        self.group = f"room.{self.room_id.hex}"
        self.sent: dict[str, str] = {}
        self.kind = ""
        self.version = -1
        self.greeted = self.closing = self.leave_armed = False
        self.bucket = Bucket()
        self.selection: list[int] = []  # this tab's selected cards, as last told or hinted
        cookie = self.scope.get("cookies", {}).get(tokens.BROWSER_COOKIE)
        self.bid_hash = tokens.digest(cookie)
        await self.accept()
        actions.use_loop(asyncio.get_running_loop())
        driver.ensure_started()

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
        try:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        except Exception:  # Redis away: the seat must still be let go at once (not a lease later)
            log.warning("room socket could not leave its room's group", exc_info=True)
        if self.seat_pk:
            await database_sync_to_async(lobby.disconnect_seat)(self.room_id, self.channel_name)

    # --- incoming ------------------------------------------------------------------------
    async def receive(self, text_data=None, bytes_data=None):
        try:
            msg = self._decode(text_data)
            if not self.bucket.take():
                raise errors.too_fast()
            await self.handle(msg)
        except IllegalAction as exc:
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
            msg = json.loads(text)
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
            return
        if act == "ping":
            version = await database_sync_to_async(_touch)(self.room_id, self.seat_pk, self.channel_name)
            if version is not None and version > self.version:  # a doorbell was lost: catch up
                await self.refresh(at=version)
            return
        if not self.seat_pk:
            raise errors.not_seated()
        handler = getattr(self, f"act_{act}", None)
        if handler is None:
            raise errors.bad_request("act")
        await handler(msg)

    # --- hello / seat binding --------------------------------------------------------------
    async def hello(self, token) -> None:
        if self.greeted:
            return
        now = timezone.now()
        seat = await database_sync_to_async(lobby.seat_for_token)(self.room_id, token if isinstance(token, str) else None)
        by_browser = False
        if seat is None:
            seat = await database_sync_to_async(lobby.seat_for_browser)(self.room_id, self.bid_hash, now)
            by_browser = seat is not None
        fresh = None
        if seat and await self.claim(seat):
            self.seat_pk = seat.pk
            if by_browser:
                fresh = await database_sync_to_async(lobby.rotate_token)(seat.pk)
        try:
            await self.channel_layer.group_add(self.group, self.channel_name)
        except Exception:  # not in the group: this socket would never hear a change
            log.exception("room socket could not join its room's group; closing it")
            await self.close(code=1000)  # the page reconnects and says hello again
            return
        self.greeted = True
        await self.refresh(full=True, token=fresh, taken=bool(seat and not self.seat_pk))

    async def claim(self, seat: Seat) -> bool:
        """Bind ``seat`` to this socket unless a live socket holds it."""
        holder = seat.channel_name
        if holder and holder != self.channel_name:
            asked = timezone.now()
            await self.channel_layer.send(holder, {"type": "seat.probe"})
            await asyncio.sleep(PROBE_WAIT)
            seat = await database_sync_to_async(Seat.objects.filter(pk=seat.pk).first)()
            if seat is None or (seat.channel_name and seat.seen_at and seat.seen_at >= asked):
                return False
            holder = seat.channel_name
        return await database_sync_to_async(lobby.connect_seat)(self.room_id, seat.pk, self.channel_name, holder)

    async def seat_probe(self, event):
        """Another socket asks whether this one still holds its seat: answer by touching."""
        if not self.closing and self.seat_pk:
            await database_sync_to_async(_touch)(self.room_id, self.seat_pk, self.channel_name)

    # --- lobby actions -----------------------------------------------------------------------
    async def act_add_cpu(self, msg):
        await self._do(lambda: lobby.add_cpu(self.room_id, self._order(), intents.version(msg)))

    async def act_cpu_level(self, msg):
        """The host sets a CPU seat's level (やさしい / ふつう / つよい) in the waiting room."""
        await self._do(lambda: lobby.set_cpu_level(self.room_id, self._order(), intents.small_int(msg, "seat"),
                                                   msg.get("level"), intents.version(msg)))

    async def act_remove(self, msg):
        await self._do(lambda: lobby.remove(self.room_id, self._order(), intents.small_int(msg, "seat"), intents.version(msg)))

    async def act_options(self, msg):
        data = {k: msg.get(k) for k in ("game", "players", "speed", "turn_limit") if k in msg}
        data.update({k: v for k, v in msg.items() if k == "rules" or k.startswith("rule_")})  # switches
        data.update({k: msg[k] for c in opts.CHOICES.values() for k in c if k in msg})  # rule chips
        await self._do(lambda: lobby.set_options(self.room_id, self._order(), data, intents.version(msg)))

    async def act_start(self, msg):
        await self._do(lambda: lobby.start(self.room_id, self._order(), intents.version(msg)))

    async def act_lobby(self, msg):
        await self._do(lambda: lobby.to_lobby(self.room_id, self._order(), intents.version(msg)))

    async def act_new_match(self, msg):
        await self._do(lambda: lobby.new_match(self.room_id, self._order(), intents.version(msg)))

    async def act_resume(self, msg):
        """おまかせをやめる: take this seat back from the CPU."""
        await self._do(lambda: lobby.resume(self.room_id, self._order()))

    async def act_ffwd(self, msg):
        await self._do(lambda: lobby.fast_forward(self.room_id, self._order(), intents.version(msg)))

    async def act_leave(self, msg):
        room = await database_sync_to_async(Room.objects.filter(pk=self.room_id).first)()
        playing = room and room.status == Room.Status.PLAYING and not engine_for(room.game).is_over(room.state)
        if playing and not self.leave_armed:
            self.leave_armed = True
            return await self.refresh()
        await database_sync_to_async(lobby.leave)(self.room_id, await self.order())
        self.seat_pk = None
        await self.send(text_data='<div id="stage" data-goto="/"><p class="notice">退出しました。</p></div>')
        await self.close(code=4000)

    # --- game actions ------------------------------------------------------------------------
    async def act_play(self, msg):
        cards = intents.cards(msg)
        action = {"type": "play", "cards": cards, "mode": intents.mode(msg)}
        if msg.get("reading"):  # a wild-reading chip (Guandan, seed 003 §2)
            action["reading"] = intents.reading(msg)
        await self._play(msg, lambda order: action, cards)

    async def act_select(self, msg):
        """The tab's selection changed: re-render its hand (badges, the play's name, the
        wild-reading chips) for exactly these cards."""
        self.selection = intents.cards(msg)
        await self.refresh(only=HAND_PARTS)

    async def act_exchange(self, msg):
        cards = intents.cards(msg)
        action = {"type": intents.choice(msg), "cards": cards}
        await self._play(msg, lambda order: action, cards)

    async def act_pick(self, msg):
        index, version = intents.small_int(msg, "index"), intents.version(msg)
        await self._play(msg, lambda order: _pick(self.room_id, order, index, version), [])

    async def act_auto(self, msg):
        """自動プレイ (seed 001 §21): the browser asks, at its chosen interval, for the
        CPU's move on its own turn; refused like any move when it is not that turn."""
        version = intents.version(msg)
        await self._play(msg, lambda order: _auto(self.room_id, order, version), None)

    async def act_hint(self, msg):
        current = sorted(self.selection)  # each press the next hint, cheapest first

        def hint():  # (notice, selection, (room, seats)): in the render's thread hop
            # the newest load of this process if it is at least what this tab shows and
            # recent (as for a doorbell), else the database; the render reuses it
            loaded = _snapshot(self.room_id, self.version if self.version >= 0 else None)
            me = next((s for s in loaded[1] if s.pk == self.seat_pk), None)
            if me is None:
                raise errors.not_seated()
            hints = _room_hints(loaded[0], me.order)
            if not hints:
                return {"code": "hint", "ja": "今は出せるおすすめがありません。", "en": "No suggestion now."}, None, loaded
            at = next((i for i, h in enumerate(hints) if current and sorted(h["action"].get("cards", [])) == current), -1)
            top = hints[(at + 1) % len(hints)]
            return ({"code": "hint", "ja": f"ヒント：{top['ja']}", "en": f"Hint: {top['en']}"},
                    top["action"].get("cards", []), loaded)

        # not on the loop: the つよい CPU behind the first hint thinks up to ~150 ms (issue 16),
        # which would stall every socket of this process
        await self.refresh(before=hint, only=HAND_PARTS)

    async def act_interrupt(self, msg):
        """9割り込み by the button of one eligible set of 9s (``index``)."""
        index, version = intents.small_int(msg, "index"), intents.version(msg)
        await self._play(msg, lambda order: outofturn.interrupt_at(self.room_id, order, index, version), [])

    async def _play(self, msg, decide, cards: list | None) -> None:
        """Play ``decide(order)`` (the action, resolved in the database thread) for this
        seat at the message's version, and render the result in the same thread hop; an
        out-of-turn action goes through :func:`rooms.outofturn.submit` instead."""
        self.leave_armed = False
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
        except _Deferred:
            order, action = deferred[0]
            apply = lambda: database_sync_to_async(actions.play)(self.room_id, order, version, action)  # noqa: E731
            try:
                await outofturn.submit(self.room_id, version, order, action, apply)
            except IllegalAction as exc:
                exc.selected = action.get("cards", []) if cards is None else cards
                raise
            await self.refresh()

    async def _do(self, change) -> None:
        """Make ``change()`` and render the result in one database thread hop."""
        def run() -> None:
            change()

        await self.refresh(before=run)  # show the result at once; the doorbell is then a no-op

    def _order(self, version: int | None = None) -> int:
        """This socket's seat number; at ``version`` from this process's load of exactly that
        version if it has one (a seat's number changes only with a new version, and the
        move is refused as stale unless the room is still at ``version``)."""
        snap = _snapshots.get(self.room_id)
        if version is not None and snap and snap[0] == version:
            order = next((s.order for s in snap[3] if s.pk == self.seat_pk), None)
            if order is None:
                raise errors.not_seated()
            return order
        order = next(iter(Seat.objects.filter(pk=self.seat_pk).values_list("order", flat=True)), None)
        if order is None:
            raise errors.not_seated()
        return order

    async def order(self) -> int:
        return await database_sync_to_async(self._order)()

    # --- outgoing ------------------------------------------------------------------------------
    async def room_changed(self, event):
        if event.get("version", 0) > self.version and self.greeted:
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
            self.sent.pop("hand", None)
        if notice:
            self.sent.pop("msg", None)  # the same refusal twice is still shown

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
                    self.sent.pop("msg", None)
                    if chosen is not None:
                        self.selection = list(chosen)
                        self.sent.pop("hand", None)
            return render()

        # a doorbell (``at``) or a hint of the version this tab shows: on the event loop when
        # this process holds a recent load of it, else (or if it reads the database after
        # all) in the database thread. A move's own render too leaves the database thread
        # (where every step waits for the GIL the loop holds: that thread is the one queue
        # of every socket's moves in the process) and runs on the loop from the commit's load.
        if before is None and not (full or token or taken):
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
        if room is None or room.version != self.version or self.kind != "table" or full:
            only = None  # something else may have changed: the whole screen
        me = next((s for s in seats if s.pk == self.seat_pk), None)
        kicked = bool(self.seat_pk and me is None and room and room.status != Room.Status.CLOSED)
        if kicked:
            self.seat_pk, room = None, None
            notice = {"code": "removed", "ja": "ホストにより部屋から外されました。", "en": "The host removed you from the room."}
        if taken and notice is None:
            notice = {"code": "seat_taken", "ja": "その席はほかの画面で遊ばれています。", "en": "That seat is in use on another screen."}
        s = screen(room, seats, me, now, notice=notice, selected=selected, leave_armed=self.leave_armed, only=only)
        pieces = []
        if full or s.kind != self.kind or not s.parts:
            pieces.append(stage(s))
            self.sent = dict(s.parts)
        else:
            for name, html in s.parts.items():
                if self.sent.get(name) != html:
                    pieces.append(html)
                    self.sent[name] = html
        self.kind = s.kind
        version = room.version if room else 0
        pieces.append(f'<div id="ver" data-version="{version}" data-now="{int(now.timestamp() * 1000)}">'
                      f'<input type="hidden" name="version" value="{version}"></div>')
        if token:
            pieces.append(f'<div id="seat-token" hidden data-token="{token}"></div>')
        return "".join(pieces), version, kicked


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


def _touch(room_id, seat_pk, channel) -> int | None:
    """Renew the presence lease of this socket's seat (in a transaction: it queues with the
    other writers instead of sleeping in SQLite's busy handler, tefuda_site.sqlite), and
    return the room's version (None if the room is gone): a socket behind it missed a
    doorbell (lost in a Redis restart, say) and renders again, at most a ping late."""
    if seat_pk:
        with transaction.atomic():
            Seat.objects.filter(pk=seat_pk, channel_name=channel).update(seen_at=timezone.now())
    return next(iter(Room.objects.filter(pk=room_id).values_list("version", flat=True)), None)


def _pick(room_id, seat_no: int, index: int, version: int) -> dict:
    """The ``index``-th legal action without cards (pass, next round, …) at ``version``
    (from a recent load of that version: the commit's compare-and-set refuses it if the
    room has moved on since)."""
    room, _ = _snapshot(room_id, version)
    if room is None or room.version != version or not room.state:
        raise errors.stale()
    simple = [a for a in engine_for(room.game).legal_actions(room.state, seat_no) if is_button(a)]
    if index >= len(simple):
        raise errors.stale()
    return simple[index]


def _room_hints(room: Room | None, seat_no: int) -> list:
    if room is None or room.status != Room.Status.PLAYING or not room.state:
        return []
    engine = engine_for(room.game)
    return tables.presenter(room.game).hints(engine, room.state, seat_no, engine.hint(room.state, seat_no))


def _auto(room_id, seat_no: int, version: int) -> dict:
    """The CPU's choice for ``seat_no`` at ``version`` (never the next hand: people press it)."""
    room = Room.objects.filter(pk=room_id).first()
    if room is None or room.version != version or not room.state:
        raise errors.stale()
    engine = engine_for(room.game)
    if engine.is_over(room.state) or seat_no not in engine.actors(room.state):
        raise errors.Refused("not_your_turn", "あなたの番ではありません。", "It is not your turn.")
    return engine.choose(room.state, seat_no, "strong")  # おまかせ plays つよい (issue 16)
