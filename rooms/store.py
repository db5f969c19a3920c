"""The hot statements of a room change, prepared once from Django's own query compiler.

Every accepted action reads the room and its seats and writes the room (compare-and-set on
``version``) and one :class:`~rooms.models.RoomEvent`. Through the ORM those four
statements cost about 2 ms per action on this machine, nearly all of it building and
compiling the queries (bench/ws_load.py; the same rows through the cursor take ~0.1 ms).
Here each statement's SQL is compiled by Django once per database connection settings
(so it is exactly what the ORM would send, on SQLite or PostgreSQL), and each execution
converts values with the fields' own converters (``get_db_prep_save`` on the way in,
the compiler's ``get_converters``/``apply_converters`` on the way out) and builds model
instances with ``Model.from_db``: the objects are the ones the ORM would return.

Shapes::

    load_room(room_id, open_only=False) -> Room | None   (open_only: not CLOSED)
    load_seats(room_id)                  -> list[Seat]    (ordered by seat order)
    save_room(room, old_version, now)    -> bool          (False: another writer won)
    add_event(room, version, seat, by, action, events, now) -> None

tests/rooms/test_store.py checks every function against the plain ORM.
"""
from __future__ import annotations

from datetime import datetime

from django.db import connections

from .models import Room, RoomEvent, Seat

DB = "default"

#: Room columns a change may write (everything but id, game, solo and created_at, which are
#: fixed at creation; ``updated_at`` is set to the change's ``now``).
ROOM_WRITES = ("version", "status", "key", "options", "state", "seed", "hand", "timers", "deadline", "driver",
               "driver_until", "empty_since", "removed", "updated_at")
EVENT_WRITES = ("room", "version", "seat", "by", "action", "events", "created_at")

_prepared: dict = {}


def _settings_key(conn) -> tuple:
    return conn.alias, conn.vendor, conn.settings_dict.get("NAME")


def _column(conn, model, name: str) -> str:
    field = model._meta.get_field(name)
    q = conn.ops.quote_name
    return f"{q(model._meta.db_table)}.{q(field.column)}"


def _select(model, equal: tuple, unequal: tuple = (), order: tuple = ()):
    """(sql, compiler, converters, attnames): ``SELECT <every concrete field> FROM <table>
    WHERE <f> = %s AND … AND NOT (<g> = %s) … ORDER BY …``, the column list as the ORM
    compiles it; parameters in the order ``equal + unequal``."""
    conn = connections[DB]
    key = (model, equal, unequal, order, _settings_key(conn))
    got = _prepared.get(key)
    if got is None:
        compiler = model.objects.order_by().query.get_compiler(DB)
        sql, _ = compiler.as_sql()  # sets compiler.select: the concrete fields' columns
        cols = [c for c, _, _ in compiler.select]
        where = [f"{_column(conn, model, f)} = %s" for f in equal]
        where += [f"NOT ({_column(conn, model, f)} = %s)" for f in unequal]
        sql += " WHERE " + " AND ".join(where)
        if order:
            sql += " ORDER BY " + ", ".join(_column(conn, model, f) for f in order)
        got = (sql, compiler, compiler.get_converters(cols), [c.target.attname for c in cols])
        _prepared[key] = got
    return got


def _rows(model, params: list, equal: tuple, unequal: tuple = (), order: tuple = ()) -> list:
    sql, compiler, converters, attnames = _select(model, equal, unequal, order)
    with connections[DB].cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    if converters:
        rows = compiler.apply_converters(rows, converters)
    return [model.from_db(DB, attnames, tuple(row)) for row in rows]


def _pk(value) -> object:
    return Room._meta.pk.get_db_prep_value(value, connections[DB])


def load_room(room_id, *, open_only: bool = False) -> Room | None:
    """The room with primary key ``room_id`` (``open_only``: unless it is CLOSED), or None."""
    if open_only:
        rows = _rows(Room, [_pk(room_id), Room.Status.CLOSED.value], ("id",), ("status",))
    else:
        rows = _rows(Room, [_pk(room_id)], ("id",))
    return rows[0] if rows else None


def load_seats(room_id) -> list[Seat]:
    """The seats of a room in seat order (what ``room.seats.all()`` returns)."""
    return _rows(Seat, [_pk(room_id)], ("room",), order=("order",))


def _prep(model, names: tuple, values: list) -> list:
    conn = connections[DB]
    return [model._meta.get_field(n).get_db_prep_save(v, conn) for n, v in zip(names, values)]


def save_room(room: Room, old_version: int, now: datetime) -> bool:
    """Write ``room``'s changeable columns (:data:`ROOM_WRITES`, ``updated_at`` = ``now``)
    if the stored row is still at ``old_version``; False when another writer got there
    first (nothing is written then)."""
    conn = connections[DB]
    key = ("update", _settings_key(conn))
    sql = _prepared.get(key)
    if sql is None:
        sets = ", ".join(f"{conn.ops.quote_name(Room._meta.get_field(n).column)} = %s" for n in ROOM_WRITES)
        q = conn.ops.quote_name
        sql = _prepared[key] = (f"UPDATE {q(Room._meta.db_table)} SET {sets} "
                                f"WHERE {q('id')} = %s AND {q('version')} = %s")
    values = [getattr(room, n) for n in ROOM_WRITES[:-1]] + [now]
    params = _prep(Room, ROOM_WRITES, values) + [_pk(room.pk), old_version]
    with conn.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount == 1


def add_event(room: Room, version: int, seat: int | None, by: str, action: dict, events: list,
              now: datetime) -> None:
    """Append the :class:`~rooms.models.RoomEvent` of ``version`` (one INSERT)."""
    conn = connections[DB]
    key = ("insert", _settings_key(conn))
    sql = _prepared.get(key)
    if sql is None:
        q = conn.ops.quote_name
        cols = ", ".join(q(RoomEvent._meta.get_field(n).column) for n in EVENT_WRITES)
        sql = _prepared[key] = (f"INSERT INTO {q(RoomEvent._meta.db_table)} ({cols}) "
                                f"VALUES ({', '.join(['%s'] * len(EVENT_WRITES))})")
    params = _prep(RoomEvent, EVENT_WRITES, [room.pk, version, seat, by, action, events, now])
    with conn.cursor() as cursor:
        cursor.execute(sql, params)
