"""Records of finished hands and their replay by the engine (issue 17).

A *record* is the whole story of one hand (a Daifugō game, a Guandan hand, a Dou Dizhu
hand), JSON-safe::

    {"format": 1, "game": str, "config": dict, "no": int,
     "seed": str | int,            # the deal's seed (revealed once the hand is over)
     "secret": str,                # the hand's server secret (revealed with it)
     "commitment": str,            # sha256(f"{secret}:{seed}"), shown while the hand was dealt
     "before": dict | None,        # None: the hand is engine.new(config, seed); else the state
                                   # between hands, its seed set to ``seed`` (:func:`reseed`),
                                   # on which actions[0] deals (next_game / next_hand)
     "actions": [[seat | None, action], ...],  # every action the engine applied, in order,
                                   # out-of-turn moves and window closes (seat None) included
     "final": str,                 # digest (:func:`digest`) of the state the hand ended in
     "result": dict,               # :func:`result_of` that state
     "count": int}                 # optional, never checked: the game's own number of the hand
                                   # (tables.core.history.count), a label for lists of records

:func:`replay` recomputes every state from the deal with the engine alone; a record that
does not replay to exactly its final state and result, or whose seed does not hash to its
commitment, is refused with :class:`RecordError` (a clear message, in Japanese and
English). The engine's own refusal of a tampered action is wrapped in it.

The fair shuffle: a hand's ``seed`` is drawn fresh at its deal (:func:`reseed`), so
revealing one hand's seed tells nothing of the next deal; ``commitment`` is published
before anyone plays, and the revealed ``seed`` + ``secret`` prove the deal was fixed then.
"""
from __future__ import annotations

import hashlib
import json

from .engine import Engine, clone
from .errors import IllegalAction

FORMAT = 1
#: The phases in which a hand has ended (Daifugō ``over``; Guandan and Dou Dizhu
#: ``hand_over``, or ``match_over`` when that hand also won the match).
HAND_ENDS = ("over", "hand_over", "match_over")
#: What :func:`result_of` keeps of a final state (whichever the game has).
RESULT_KEYS = ("places", "totals", "levels", "winner", "scores")


class RecordError(ValueError):
    """A record that is not a faithful account of a hand. ``code`` is stable
    (``format``, ``commitment``, ``illegal``, ``final``, ``result``, ``unfinished``),
    ``ja``/``en`` say what is wrong; ``at`` is the index of the refused action, if any."""

    def __init__(self, code: str, ja: str, en: str, at: int | None = None):
        super().__init__(f"{code}: {en}")
        self.code, self.ja, self.en, self.at = code, ja, en, at

    def as_dict(self) -> dict:
        """``{"code", "ja", "en", "at"}`` for a page to show."""
        return {"code": self.code, "ja": self.ja, "en": self.en, "at": self.at}


def hand_ended(state: dict) -> bool:
    """True when the hand of ``state`` is over (its phase is one of :data:`HAND_ENDS`)."""
    return isinstance(state, dict) and state.get("phase") in HAND_ENDS


def commitment(secret: str, seed) -> str:
    """The published commitment to a deal: hex SHA-256 of ``"<secret>:<seed>"`` (UTF-8)."""
    return hashlib.sha256(f"{secret}:{seed}".encode()).hexdigest()


def digest(state: dict) -> str:
    """Hex SHA-256 of ``state`` as canonical JSON (sorted keys, no spaces): two states have
    the same digest exactly when they are the same JSON data."""
    text = json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def reseed(state: dict, seed) -> dict:
    """A copy of a between-hands ``state`` whose next deal draws from ``seed`` (the
    engines draw with :func:`games.core.rng.draw` from ``state["seed"]``/``rng_n``)."""
    new = clone(state)
    new["seed"], new["rng_n"] = seed, 0
    return new


def result_of(state: dict) -> dict:
    """The result of a finished hand: the :data:`RESULT_KEYS` the state has, and the hand's
    own entry of ``results`` (Guandan, Dou Dizhu) as ``hand``."""
    out = {k: state[k] for k in RESULT_KEYS if k in state}
    if state.get("results"):
        out["hand"] = state["results"][-1]
    return out


def start_state(engine: Engine, record: dict) -> dict:
    """The state a record's first action applies to (see the module doc)."""
    before = record.get("before")
    if before is None:
        return engine.new(record["config"], record["seed"])
    if not isinstance(before, dict) or before.get("seed") != record["seed"] or before.get("rng_n") != 0 \
            or before.get("game") != record["game"] or not hand_ended(before):
        raise _bad("format", "局の始まりの状態が正しくありません。", "The state before the deal is not valid.")
    return clone(before)


def states(record: dict, get_engine) -> list[dict]:
    """Every state of the hand: the start, then one after each action (``len(actions)+1``),
    computed by the engine (``get_engine(name) -> Engine``). The record is checked as it
    goes: see :func:`replay`. Raises :class:`RecordError`."""
    _check_shape(record)
    if record["commitment"] != commitment(record["secret"], record["seed"]):
        raise _bad("commitment", "シードと秘密の値がコミットメントと一致しません。",
                   "The seed and secret do not hash to the commitment.")
    try:
        engine = get_engine(record["game"])
        state = start_state(engine, record)
    except RecordError:
        raise
    except Exception as exc:  # a config the engine refuses, an unknown game
        raise _bad("format", f"配り直せません: {exc}", f"The deal cannot be made: {exc}") from None
    out = [state]
    last = len(record["actions"]) - 1
    for i, (seat, action) in enumerate(record["actions"]):
        try:
            state, _events = engine.apply(state, seat, action)
        except IllegalAction as exc:
            raise _bad("illegal", f"{i + 1}手目が規則に反します: {exc.ja}",
                       f"Action {i + 1} breaks the rules: {exc.en}", at=i) from None
        except Exception as exc:  # a shape the engine cannot read
            raise _bad("illegal", f"{i + 1}手目が読めません。", f"Action {i + 1} cannot be read: {exc}", at=i) from None
        if hand_ended(state) and i < last:
            raise _bad("illegal", f"{i + 1}手目で局が終わっています。", f"The hand ended at action {i + 1}.", at=i + 1)
        out.append(state)
    if not hand_ended(state):
        raise _bad("unfinished", "局が終わっていません。", "The hand does not end.")
    if digest(state) != record["final"]:
        raise _bad("final", "再生した最終状態が記録と一致しません。", "The replayed final state differs from the record.")
    if result_of(state) != record["result"]:
        raise _bad("result", "結果が記録と一致しません。", "The result differs from the record.")
    return out


def replay(record: dict, get_engine) -> dict:
    """The final state of a record, recomputed by the engine; raises :class:`RecordError`
    if the record is malformed, its seed does not hash to its commitment, an action is
    refused by the engine, the hand does not end exactly at the last action, or the final
    state or result differ from the recorded ones."""
    return states(record, get_engine)[-1]


def _check_shape(record) -> None:
    ok = (isinstance(record, dict) and record.get("format") == FORMAT
          and isinstance(record.get("game"), str) and isinstance(record.get("config"), dict)
          and isinstance(record.get("seed"), (str, int)) and isinstance(record.get("secret"), str)
          and isinstance(record.get("commitment"), str) and isinstance(record.get("final"), str)
          and isinstance(record.get("result"), dict) and isinstance(record.get("actions"), list)
          and all(isinstance(a, list) and len(a) == 2 and (a[0] is None or isinstance(a[0], int))
                  and isinstance(a[1], dict) for a in record["actions"]))
    if not ok:
        raise _bad("format", "局の記録ではありません（形式が違います）。", "This is not a hand record of this format.")


def _bad(code: str, ja: str, en: str, at: int | None = None) -> RecordError:
    return RecordError(code, ja, en, at)
