"""Waiting-room changes: entering, host controls, starting, leaving, presence.

Every function goes through :func:`rooms.actions.commit` (versioned, logged, doorbell).
Host-only functions raise ``errors.not_host()`` for anyone else.
"""
from __future__ import annotations

from datetime import datetime

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from analytics import record
from games.core.engine import DEFAULT_LEVEL, LEVELS

from tables.core import errors, history, options as opts

from . import tokens
from .actions import clear_auto, commit
from .engines import engine_for
from .models import Room, Seat
from .presence import GRACE, is_live

HUMAN = Seat.Kind.HUMAN
CPU = Seat.Kind.CPU


def _seat(seats: list, order: int, key: str = "order") -> Seat:
    """The seat of ``seats`` whose ``key`` (``"order"``: its place; ``"pk"``: its id) is
    ``order``; refused (``not_seated``) if none is."""
    seat = next((s for s in seats if getattr(s, key) == order), None)
    if seat is None:
        raise errors.not_seated()
    return seat


def _host(seats: list, order: int) -> Seat:
    seat = _seat(seats, order)
    if not seat.is_host:
        raise errors.not_host()
    return seat


def _waiting(room: Room, refusal=errors.in_progress) -> None:
    """Refuses (``refusal()``: joining's in_progress by default) unless the room waits."""
    if room.status != Room.Status.WAITING:
        raise refusal()


def _next_order(room: Room) -> int:
    return (room.seats.aggregate(m=Max("order"))["m"] or 0) + 1 if room.seats.exists() else 0


def unique_name(name: str, seats: list) -> str:
    """``name``, or ``name (2)``, ``name (3)``… when someone in the room already has it (so
    「…の番です」 and the log never mean two people). The number is in brackets: a bare
    ``Alice 2`` read as a card at the table ("Alice 2: ♥4", 2 is a rank: try42)."""
    taken = {s.name for s in seats}
    n, candidate = 1, name
    while candidate in taken:
        n += 1
        candidate = f"{name} ({n})"
    return candidate


def cpu_name(seats: list) -> str:
    """A new CPU seat's name: ``CPU n`` with the smallest n no seat of the room is named
    (a CPU removed and another added made two "CPU 2"; a person may have typed "CPU 1")."""
    taken = {s.name for s in seats}
    n = 1
    while f"CPU {n}" in taken:
        n += 1
    return f"CPU {n}"


def _add_human(room: Room, seats: list, name: str, bid_hash: str | None, now: datetime) -> str:
    """Seat a new human (host if first); returns the fresh seat token."""
    _waiting(room)
    if len(seats) >= opts.PLAYERS[room.game][1]:
        raise errors.room_full()
    token = tokens.new_token()
    Seat.objects.create(room=room, order=_next_order(room), kind=HUMAN, name=unique_name(name, seats),
                        is_host=not any(s.is_human for s in seats),
                        token_hash=tokens.digest(token), browser_hash=bid_hash, left_at=now)
    record.seat_taken(room.game, "human")
    # the table grows with the people in it (as with add_cpu): never more seats than 人数
    room.options = {**room.options, "players": max(room.options["players"], len(seats) + 1)}
    return token


def enter(key: str, name: str, bid_hash: str | None, *, game: str = "daifugo") -> tuple[Room, str | None]:
    """Enter the room of passphrase hash ``key``, creating it if nobody has.

    Returns ``(room, seat_token)``; the token is ``None`` when this browser already holds a
    disconnected seat in a game in progress (the room page takes it back by the browser
    cookie). Raises ``in_progress``/``room_full``/``removed_here`` (this browser's person was
    removed from the room by its host).
    """
    room = Room.objects.filter(key=key).exclude(status=Room.Status.CLOSED).first()
    if room is None:
        room = _create(key, game)
    return join(room.id, name, bid_hash)


def _create(key: str, game: str) -> Room:
    try:
        with transaction.atomic():
            room = Room.objects.create(key=key, game=game, options=opts.defaults(game))
    except IntegrityError:  # someone created it a moment ago
        return Room.objects.get(key=key)
    record.room_created(game)
    return room


def join(room_id, name: str, bid_hash: str | None) -> tuple[Room, str | None]:
    """Take a new seat in a waiting room (by passphrase or link); see :func:`enter`."""
    room = Room.objects.filter(pk=room_id).exclude(status=Room.Status.CLOSED).first()
    if room is None:
        raise errors.closed()
    if bid_hash and bid_hash in (room.removed or []):
        raise errors.removed_here()
    if room.status == Room.Status.PLAYING:
        if bid_hash and room.seats.filter(kind=HUMAN, browser_hash=bid_hash).exists():
            return room, None
        raise errors.in_progress()
    if bid_hash and seat_for_browser(room.id, bid_hash, timezone.now()) is not None:
        return room, None  # this browser's own seat (a closed tab, Back): the page takes it back
    box = {}

    def change(room, seats, now):
        box["token"] = _add_human(room, seats, name, bid_hash, now)
        return [{"type": "joined"}]

    room, _ = commit(room.id, None, change, by="human", action={"type": "join"})
    return room, box["token"]


def current_practice(bid_hash: str | None, game: str) -> Room | None:
    """This browser's practice room of ``game`` still in play (to continue it), if any."""
    if not bid_hash:
        return None
    return (Room.objects.filter(solo=True, game=game, status=Room.Status.PLAYING,
                                seats__kind=HUMAN, seats__browser_hash=bid_hash)
            .order_by("-updated_at").first())


def practice(name: str, bid_hash: str | None, data: dict, *, game: str = "daifugo",
             seed: str | None = None) -> tuple[Room, str]:
    """A solo room (no passphrase): you + CPUs, started at once. This browser's earlier
    practice rooms of the same game are closed (a new match replaces the saved one). The
    CPUs play at ``data["level"]`` (やさしい / ふつう / つよい; ふつう when absent or unknown)."""
    while (old := current_practice(bid_hash, game)) is not None:
        commit(old.id, None, _close, by="system", action={"type": "close"})
    room = Room.objects.create(game=game, solo=True, options=opts.parse(game, data, opts.defaults(game)))
    record.room_created(game, practice=True)
    room, token = join(room.id, name, bid_hash)
    level = data.get("level") if data.get("level") in LEVELS else DEFAULT_LEVEL
    start(room.id, 0, room.version, seed=seed, cpu_level=level)
    return room, token


def add_cpu(room_id, by: int, version: int) -> Room:
    """Host adds a CPU seat (level ふつう; :func:`set_cpu_level` changes it)."""
    def change(room, seats, now):
        _host(seats, by)
        _waiting(room, errors.playing)
        if len(seats) >= opts.PLAYERS[room.game][1]:
            raise errors.room_full()
        Seat.objects.create(room=room, order=_next_order(room), kind=CPU, name=cpu_name(seats))
        record.seat_taken(room.game, "cpu")
        room.options = {**room.options, "players": max(room.options["players"], len(seats) + 1)}
    return commit(room_id, version, change, by="host", seat=by, action={"type": "add_cpu"})[0]


def set_cpu_level(room_id, by: int, target: int, level, version: int) -> Room:
    """Host sets the level of CPU seat ``target`` (one of games.core.engine.LEVELS) while
    the room waits; a person's seat, an unknown level or a non-host is refused."""
    def change(room, seats, now):
        _host(seats, by)
        _waiting(room, errors.playing)
        seat = _seat(seats, target)
        if seat.kind != CPU:
            raise errors.Refused("not_cpu", "CPUの席ではありません。", "That seat is not a CPU.")
        if level not in LEVELS:
            raise errors.bad_request("level")
        Seat.objects.filter(pk=seat.pk).update(level=level)
    return commit(room_id, version, change, by="host", seat=by,
                  action={"type": "cpu_level", "seat": target, "level": level})[0]


#: the most browsers a room keeps out (:func:`remove`): the oldest is let in again past it
MAX_REMOVED = 64


def remove(room_id, by: int, target: int, version: int) -> Room:
    """Host removes seat ``target``; the person's socket is told and closed (a seat that is
    no longer theirs: rooms/consumers.py, close code 4403).

    While the room waits, a CPU or a person, whose seat goes. During a match, a person
    only: a CPU takes their seat over for good, as when they leave (:func:`leave`; seed 004
    人数とホスト: the host removes people, and a started room takes no newcomers, so the
    seat cannot wait for them), and the match goes on. ``version`` is the page's: in the
    waiting room the removal names a place in a list that may have moved since (↑, a seat
    gone), so it must be the room's; during a match the places are fixed, and the removal
    stands whatever moved meanwhile (try30: the CPUs' plays while the host read 外す's
    question made it stale, and it was lost). A removed person's browser cannot join the
    room again (:func:`join` refuses it ``removed_here``, try38: they came straight back by
    the passphrase). Refused (:class:`errors.Refused`): not the
    host (``not_host``), an old page in the waiting room (``stale``), the host's own seat
    (``self``), a CPU during a match (``playing``), no such seat (``not_seated``)."""
    def change(room, seats, now):
        _host(seats, by)
        if room.status == Room.Status.WAITING and room.version != version:
            raise errors.stale()
        seat = _seat(seats, target)
        if seat.is_host:
            raise errors.Refused("self", "ホスト自身は外せません。", "The host cannot remove themselves.")
        if room.status != Room.Status.WAITING and not seat.is_human:
            raise errors.playing()
        if seat.is_human:  # a person (a CPU taken away is not someone leaving: try18)
            record.removed(room.game, room.status, room.state)
            if seat.browser_hash and seat.browser_hash not in room.removed:  # kept out (try38)
                room.removed = [*room.removed, seat.browser_hash][-MAX_REMOVED:]
        if room.status == Room.Status.WAITING:
            seat.delete()
        else:
            _stand_in(room, seat, removed=True)
    return commit(room_id, None, change, by="host", seat=by, action={"type": "remove", "seat": target})[0]


def move_up(room_id, by: int, seat_id: int) -> Room:
    """Host moves the seat whose id is ``seat_id`` (``Seat.pk``) one place up the waiting
    room's list, swapping it with the seat above: the order of play, and Guandan's pairs
    (the 1st and 3rd seats against the 2nd and 4th, rules/guandan.md), follow the list, so
    the host seats two friends as partners. The seat is named by its id, not its place,
    and on any version: a second quick ↑ from a page the first one has not yet redrawn
    moves the same seat up again, as the host meant, rather than being refused as stale.
    Refused (:class:`errors.Refused`): not the host (``not_host``), a game on
    (``playing``), no such seat in this room (``not_seated``), the first seat
    (``malformed``)."""
    def change(room, seats, now):
        _host(seats, by)
        _waiting(room, errors.playing)
        seat = _seat(seats, seat_id, "pk")
        above = [s for s in seats if s.order < seat.order]
        if not above:
            raise errors.bad_request("seat")
        other = max(above, key=lambda s: s.order)
        Seat.objects.filter(pk=seat.pk).update(order=100000 + seat.order)  # (room, order) stays unique
        Seat.objects.filter(pk=other.pk).update(order=seat.order)
        Seat.objects.filter(pk=seat.pk).update(order=other.order)
    return commit(room_id, None, change, by="host", seat=by, action={"type": "move_up", "seat_id": seat_id})[0]


#: the end of a stand-in CPU's name: the name of the person whose seat it plays (the rest of
#: the match), and the mark :func:`to_lobby` knows it by
STAND_IN = " (CPU)"


def _cpu_takes_over(seat: Seat) -> None:
    """A CPU plays ``seat`` for the rest of the match (its person left or was removed): its
    name says so (:data:`STAND_IN`), and no token, browser or socket can claim it again."""
    Seat.objects.filter(pk=seat.pk).update(kind=CPU, name=f"{seat.name}{STAND_IN}", token_hash=None,
                                           browser_hash=None, channel_name=None, is_host=False)


def _stand_in(room, seat: Seat, *, removed: bool) -> None:
    """A CPU takes ``seat`` over for the rest of the match (:func:`_cpu_takes_over`), and the
    others are told who left or was removed, until their next move of this hand
    (``room.options["left"]``: the name, ``removed``, the hand's commitment and its move
    count; tables.core.screen; try52: only "(CPU)" on the seat said so)."""
    _cpu_takes_over(seat)
    room.options = {**room.options, "left": {"name": seat.name, "removed": removed, "hand": history.commitment(room.hand),
                                             "at": len((room.hand or {}).get("actions", []))}}


def set_options(room_id, by: int, data: dict, version: int) -> Room:
    opts.validate(data)  # hostile values refused before anything reads them
    def change(room, seats, now):
        _host(seats, by)
        _waiting(room, errors.playing)
        game, changed = data.get("game"), []
        if game in opts.GAMES and game != room.game:  # the host picks another game
            lo, hi = opts.PLAYERS[game]
            seats = _make_room_for(seats, hi)
            if len(seats) > hi:
                raise errors.Refused("too_many_for_game", f"{opts.GAMES[game]}は{hi}人までです。先に席を外してください。",
                                     f"That game seats at most {hi}: remove seats first.",
                                     game=game, least=lo, most=hi, seats=len(seats))
            Room.objects.filter(pk=room.pk).update(game=game)
            room.game = game
            base = {**opts.defaults(game), "speed": room.options.get("speed", "normal"),
                    "turn_limit": room.options.get("turn_limit", 60)}
            room.options = {**base, "players": max(lo, min(hi, len(seats)))}
            changed.append(game)
        new = opts.parse(room.game, {k: v for k, v in data.items() if not (changed and k == "players")},
                         room.options)
        if new["players"] < len(seats):
            raise errors.Refused("too_many", "席の数より少ない人数にはできません。先に席を外してください。",
                                 "Remove seats before choosing fewer players.")
        room.options = new
    return commit(room_id, version, change, by="host", seat=by, action={"type": "options"})[0]


def _make_room_for(seats: list, most: int) -> list:
    """The seats left once the CPUs added last have gone to bring them down to ``most``
    (a game that seats fewer: try50, 5 seats for Guandan's 4 were refused with "remove seats
    first" when a CPU could simply go); none goes when that is not enough (people are never
    removed by a change of game: the refusal says so). Deletes the CPU seats' rows."""
    over = len(seats) - most
    cpus = sorted((s for s in seats if not s.is_human), key=lambda s: -s.order)
    if over <= 0 or len(cpus) < over:
        return seats
    gone = {s.pk for s in cpus[:over]}
    Seat.objects.filter(pk__in=gone).delete()
    return [s for s in seats if s.pk not in gone]


def start(room_id, by: int, version: int, *, seed: str | None = None,
          cpu_level: str = DEFAULT_LEVEL) -> Room:
    """Host starts: empty seats become CPUs (of ``cpu_level``), seats are numbered 0…n-1,
    the game is dealt with the room's rule switches (``seed``: tests choose the deal, and the
    later hands follow from it: tables.core.history.deal ``chained``)."""
    def change(room, seats, now):
        _host(seats, by)
        _waiting(room, errors.playing)
        n = room.options["players"]
        names = list(seats)
        for i in range(len(seats), n):
            names.append(Seat.objects.create(room=room, order=1000 + i, kind=CPU, level=cpu_level, name=cpu_name(names)))
        _renumber(room)
        # おまかせ lasts until its person acts again, a new game too (rules/daifugo.md "Time";
        # try39: two more turn limits at every start); the waiting room shows it and offers
        # おまかせをやめる (templates/jinja2/rooms/lobby/lobby.html)
        room.seed = seed or history.new_seed()
        config = opts.engine_config(room.game, room.options)
        room.state = engine_for(room.game).new(config, room.seed)
        room.hand = history.deal(room.game, config, room.seed, history.past(room.hand), chained=bool(seed))
        room.status = Room.Status.PLAYING
        room.options = {**room.options, "fast_forward": False, "ended_by": None}
        humans = sum(1 for s in seats if s.is_human)
        record.game_started(room.game, humans, n - humans)
        return [{"type": "started", "players": n}]
    return commit(room_id, version, change, by="host", seat=by, action={"type": "start"})[0]


def resume(room_id, by: int) -> Room:
    """A person takes their seat back from おまかせ (the CPU played it after two time-outs)."""
    def change(room, seats, now):
        seat = _seat(seats, by)
        if not seat.auto:
            raise errors.Refused("not_auto", "おまかせ中ではありません。", "This seat is not on auto-play.")
        clear_auto([seat])
        return [{"type": "resumed", "seat": by}]
    return commit(room_id, None, change, by="human", seat=by, action={"type": "resume"})[0]


def new_match(room_id, by: int, version: int) -> Room:
    """A new match from 0 points (seed 001 §21, §23): in practice at any time (the hand in
    play scores nothing), online by the host once the hand is settled."""
    def change(room, seats, now):
        _seat(seats, by)
        engine = engine_for(room.game)
        if room.status != Room.Status.PLAYING or not room.state:
            raise errors.Refused("not_playing", "ゲーム中ではありません。", "No game is in progress.")
        if not room.solo:
            _host(seats, by)
            if not engine.is_over(room.state):
                raise errors.Refused("not_over", "局の途中です。", "The hand is not over yet.")
        room.seed = history.new_seed()
        config = opts.engine_config(room.game, room.options)
        room.state = engine.new(config, room.seed)
        room.hand = history.deal(room.game, config, room.seed, history.past(room.hand))
        room.options = {**room.options, "fast_forward": False}
        humans = sum(1 for s in seats if s.is_human)
        record.game_started(room.game, humans, len(seats) - humans)  # a new match from 0 points
        return [{"type": "new_match"}]
    return commit(room_id, version, change, by="host", seat=by, action={"type": "new_match"})[0]


def _close(room, seats, now):
    room.status, room.key = Room.Status.CLOSED, None
    return [{"type": "closed"}]


def _renumber(room: Room) -> None:
    seats = list(room.seats.order_by("order"))
    for s in seats:  # two passes keep (room, order) unique at every step
        Seat.objects.filter(pk=s.pk).update(order=s.order + 10000)
    for i, s in enumerate(seats):
        Seat.objects.filter(pk=s.pk).update(order=i)


def to_lobby(room_id, by: int, version: int) -> Room:
    """Host ends the match and returns everyone to the waiting room, without the CPUs that
    stood in for people who left (their seats free again). A match ended before
    it was won keeps the host's name in ``options["ended_by"]`` until the next start: the
    waiting room tells the others who ended it (try52: they were dropped there without a
    word, their levels gone)."""
    def change(room, seats, now):
        host = _host(seats, by)
        if room.status == Room.Status.PLAYING and not _between_hands(room):
            raise errors.Refused("not_over", "ラウンドの途中です。", "The round is not over yet.")
        room.options = {**room.options, "ended_by": host.name if match_goes_on(room) else None}
        room.status, room.state = Room.Status.WAITING, None
        # the stand-ins played their people's seats to the end of the match: their seats are
        # free again (try53: a friend who had left found the room full at 3 / 3)
        Seat.objects.filter(pk__in=[s.pk for s in seats if not s.is_human and s.name.endswith(STAND_IN)]).delete()
    return commit(room_id, version, change, by="host", seat=by, action={"type": "lobby"})[0]


def match_goes_on(room) -> bool:
    """True while ``room`` plays a match with a hand being played or, at its result, the
    engine waiting for someone to start the next one (``actors``: every seat between hands,
    nobody once the match is won): what 退出 and the host's ロビーへ ask about first, and
    what makes an ended match "ended early" (``options["ended_by"]``)."""
    if room.status != Room.Status.PLAYING:
        return False
    engine = engine_for(room.game)
    return not engine.is_over(room.state) or bool(engine.actors(room.state))


def _between_hands(room) -> bool:
    """A finished game or match, or a hand's result on screen with the match going on (a
    Guandan hand: the host may end the match there, as after a Daifugō game)."""
    return engine_for(room.game).is_over(room.state) or room.state.get("phase") == "hand_over"


def fast_forward(room_id, by: int, version: int) -> Room:
    """Practice only: CPUs play at once until the result (after your place is decided)."""
    def change(room, seats, now):
        _seat(seats, by)
        if not room.solo or room.status != Room.Status.PLAYING:
            raise errors.Refused("no_ffwd", "早送りは1人練習だけです。", "Fast-forward is for practice only.")
        room.options = {**room.options, "fast_forward": True}
    return commit(room_id, version, change, by="human", seat=by, action={"type": "fast_forward"})[0]


def leave(room_id, by: int) -> Room | None:
    """A person leaves for good. Waiting: the seat goes. Playing: a CPU takes it over.
    When no person is left the room closes at once. Returns the room, or None if closed."""
    def change(room, seats, now):
        seat = _seat(seats, by)
        record.left(room.game, room.status, room.state)  # the phase they left in
        if room.status == Room.Status.WAITING:
            seat.delete()
        else:
            _stand_in(room, seat, removed=False)
        humans = [s for s in seats if s.is_human and s.pk != seat.pk]
        if not humans:
            room.status, room.key = Room.Status.CLOSED, None
        elif seat.is_host:
            Seat.objects.filter(pk=humans[0].pk).update(is_host=True)
        return [{"type": "left", "seat": by}]
    room, _ = commit(room_id, None, change, by="human", seat=by, action={"type": "leave"})
    return None if room.status == Room.Status.CLOSED else room


# --- presence ---------------------------------------------------------------------------

def connect_seat(room_id, seat_pk: int, channel: str, expected: str | None, *, token: str | None = None) -> bool:
    """Bind ``seat_pk`` to socket ``channel`` if its socket is still ``expected`` (CAS);
    ``token``: the seat's new token (a claim rotates it, so a copied one stops working).

    Returns False if another socket got there first (or the room is closed)."""
    box = {"ok": False}
    rotate = {"token_hash": tokens.digest(token)} if token else {}

    def change(room, seats, now):
        before = next((s for s in seats if s.pk == seat_pk), None)
        n = Seat.objects.filter(pk=seat_pk, channel_name=expected).update(
            channel_name=channel, seen_at=now, left_at=None, **rotate)
        if not n:
            raise errors.Refused("seat_taken", "この席はほかの画面で使われています。",
                                 "This seat is in use on another screen.")
        box["ok"] = True
        if before is not None and before.seen_at:  # it had a socket before: taken back
            record.reclaimed(room.game, room.status, room.state)
    try:
        commit(room_id, None, change, by="system", action={"type": "connect"})
    except errors.Refused:
        return False
    return box["ok"]


def disconnect_seat(room_id, channel: str) -> None:
    """The socket ``channel`` went away: its seat becomes 通信待ち (CPU after a grace)."""
    def change(room, seats, now):
        if Seat.objects.filter(room=room, channel_name=channel).update(channel_name=None, left_at=now):
            record.disconnected(room.game, room.status, room.state)
    try:
        commit(room_id, None, change, by="system", action={"type": "disconnect"})
    except errors.Refused:
        pass


def seat_for_token(room_id, token: str | None) -> Seat | None:
    d = tokens.digest(token)
    return Seat.objects.filter(room_id=room_id, kind=HUMAN, token_hash=d).first() if d else None


def seat_for_browser(room_id, bid_hash: str | None, now: datetime) -> Seat | None:
    """This browser's most recently disconnected seat in the room; while a game is played,
    else its seat that still looks live (the caller probes the holder: a tab reopened
    after its connection died silently finds its seat held for up to a lease, and in a
    game no other seat is open to it). In a waiting room a live seat is never returned:
    another tab there is another player."""
    if not bid_hash:
        return None
    seats = list(Seat.objects.filter(room_id=room_id, kind=HUMAN, browser_hash=bid_hash).order_by("-left_at"))
    gone = next((s for s in seats if not is_live(s, now)), None)
    if gone is not None or not seats:
        return gone
    playing = Room.objects.filter(pk=room_id, status=Room.Status.PLAYING).exists()
    return seats[0] if playing else None


# --- the absent (issue 15 #5, seed 004 §2) ---------------------------------------------------

class _Unchanged(errors.Refused):
    """Nothing to do after all (another process did it, or someone came back)."""

    def __init__(self):
        super().__init__("unchanged", "", "")


def absent_rooms(now: datetime) -> set:
    """Rooms (not practice) where :func:`expire_absent` has something to do: a person in a
    waiting room, or a host, without a socket for :data:`~rooms.presence.GRACE`, a game
    with no connected person for as long, or a connected person and no host."""
    cutoff = now - GRACE
    away = Seat.objects.filter(kind=HUMAN, channel_name__isnull=True, left_at__lt=cutoff, room__solo=False)
    rooms = set(away.filter(room__status=Room.Status.WAITING).values_list("room_id", flat=True))
    rooms |= set(away.filter(is_host=True, room__status=Room.Status.PLAYING).values_list("room_id", flat=True))
    rooms |= set(Room.objects.filter(status=Room.Status.PLAYING, solo=False, empty_since__lt=cutoff)
                 .values_list("pk", flat=True))
    hostless = (Room.objects.filter(solo=False, status__in=(Room.Status.WAITING, Room.Status.PLAYING),
                                    seats__kind=HUMAN, seats__channel_name__isnull=False)
                .exclude(seats__is_host=True))  # the host's place went while nobody was connected
    return rooms | set(hostless.values_list("pk", flat=True))


def expire_absent(room_id) -> Room | None:
    """Let the absent go, after :data:`~rooms.presence.GRACE` without a socket:

    - a waiting room: their seats go (they no longer count toward the room's size; a tab
      that comes back enters again), and the room closes when no person is left;
    - the host role passes to the connected person who came first (seat order follows
      arrival);
    - a game with no connected person ends: the room closes and its passphrase is free
      (seed 004 §2: 試合中に人間が全員いなくなると、その試合は終わります).

    One commit (a new version) when something changed; returns the room, or None if
    nothing did."""
    def change(room, seats, now):
        cutoff = now - GRACE

        def gone(s):
            return s.is_human and not s.channel_name and s.left_at is not None and s.left_at < cutoff

        events = []
        if room.status == Room.Status.WAITING:
            ghosts = [s for s in seats if gone(s)]
            if ghosts:
                Seat.objects.filter(pk__in=[s.pk for s in ghosts]).delete()
                for s in ghosts:
                    record.left(room.game, room.status, room.state)
                    events.append({"type": "absent", "seat": s.order})
                seats = [s for s in seats if s not in ghosts]
        humans = [s for s in seats if s.is_human]
        connected = [s for s in humans if s.channel_name]
        deserted = room.status == Room.Status.PLAYING and room.empty_since and room.empty_since < cutoff
        if not connected and (deserted or (room.status == Room.Status.WAITING and not humans)):
            Seat.objects.filter(room=room, is_host=True).update(is_host=False)
            return events + _close(room, seats, now)
        host = next((s for s in humans if s.is_host), None)
        if connected and (host is None or gone(host)):
            heir = min(connected, key=lambda s: s.order)
            Seat.objects.filter(room=room, is_host=True).update(is_host=False)
            Seat.objects.filter(pk=heir.pk).update(is_host=True)
            events.append({"type": "host", "seat": heir.order})
        if not events:
            raise _Unchanged()
        return events
    try:
        return commit(room_id, None, change, by="system", action={"type": "absent"})[0]
    except errors.Refused:  # unchanged, or the room closed meanwhile
        return None


def rooms_of_browser(bid_hash: str | None, most: int = 3) -> list[tuple[Room, Seat]]:
    """The rooms (not practice) where this browser (``bid_hash``: the digest of its
    cookie, rooms.tokens) has a person's seat, waiting or playing, newest first, at most
    ``most``, each with that seat: the top page offers the way back to them (try43: Back
    from a game landed on the top page with nothing that led back to it)."""
    if not bid_hash:
        return []
    seats = (Seat.objects.filter(browser_hash=bid_hash, kind=HUMAN, room__solo=False,
                                 room__status__in=(Room.Status.WAITING, Room.Status.PLAYING))
             .select_related("room").order_by("-room__updated_at"))
    out, seen = [], set()
    for seat in seats:
        if seat.room_id not in seen:
            seen.add(seat.room_id)
            out.append((seat.room, seat))
        if len(out) == most:
            break
    return out
