"""A table's options, chosen by the host in the waiting room or on the practice screen
(online and in the browser alike), and their limits.

``{"players": 4–6, "speed": "slow"|"normal"|"fast", "turn_limit": 0|30|60}`` for Daifugō;
other games take their player range from the engine (:data:`PLAYERS`); :data:`GAMES`
lists the games that have a table.
"""
from __future__ import annotations

from collections.abc import Mapping

from games import get_engine as engine_for

from .errors import Refused
from .i18n import gettext_noop
from .speeds import DISCONNECT_GRACE, SPEEDS  # noqa: F401 (the rooms' names for them)


class _Players(Mapping):
    """``PLAYERS[game]`` → ``(min, max)`` seats, read from the engine (min/max_players)."""

    def __getitem__(self, game: str) -> tuple[int, int]:
        engine = engine_for(game)
        return engine.min_players, engine.max_players

    def __iter__(self):
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


#: Games a host (or the practice screen) can pick, with their table's name. Every visible
#: label in this module is a msgid (Japanese, marked with ``gettext_noop``): templates show
#: it as ``{{ _(label) }}`` (Jinja2) or ``{% translate label %}`` (Django), in the reader's
#: language (issue 14).
GAMES = {"daifugo": gettext_noop("オリジナル大富豪"), "doudizhu": gettext_noop("闘地主"),
         "guandan": gettext_noop("掼蛋")}
PLAYERS = _Players()
SPEED_LABELS = {"slow": gettext_noop("ゆっくり"), "normal": gettext_noop("ふつう"), "fast": gettext_noop("はやい")}
#: The CPU levels' names (the keys are :data:`games.core.engine.LEVELS`), for the waiting
#: room's and the practice screen's level pickers.
LEVEL_LABELS = {"easy": gettext_noop("やさしい"), "normal": gettext_noop("ふつう"), "strong": gettext_noop("つよい")}
TURN_LIMITS = (0, 30, 60)


#: Daifugō's rule switches in the waiting room (rules/daifugo.md "Special cards": each
#: default special card can be switched off; 5スキップ and 10捨て are house rules, off by
#: default). ``options["specials"]`` holds them and goes to the engine as data
#: (:func:`engine_config`); the defaults come from the engine's own rule set.
RULE_SWITCHES = {"daifugo": {
    "stop": gettext_noop("♥3・♠3 無効化"), "seven_pass": gettext_noop("7渡し"), "eight_cut": gettext_noop("8切り"),
    "nine_interrupt": gettext_noop("9割り込み"), "eleven_back": gettext_noop("11バック"), "revolution_stop": gettext_noop("♥Q×2 革命止め"),
    "redeal": gettext_noop("♠A×2 配り直し"), "five_skip": gettext_noop("5スキップ"), "ten_discard": gettext_noop("10捨て"),
}}
HOUSE_RULES = ("five_skip", "ten_discard")

#: One line on what each rule switch and rule choice does, shown next to it wherever it is
#: switched (the waiting room, the practice screen): rules/daifugo.md "Special cards",
#: rules/guandan.md "A-rule switch" (seeds/004 §4–§6, seeds/003 §1, §4).
DESCRIPTIONS = {
    "stop": gettext_noop("効果が出された直後、♥3か♠3で順番に関係なく止められる（♥3は止め返しも）"),
    "seven_pass": gettext_noop("7を出した枚数だけ、好きな札を次の人に渡す"),
    "eight_cut": gettext_noop("8を出すと場が流れ、出した人から始める"),
    "nine_interrupt": gettext_noop("場の7以下（逆転中は10以上）の札に、同じ枚数の9を順番に関係なく出せる"),
    "eleven_back": gettext_noop("Jを出すと、場が流れるまで強さが逆になる"),
    "revolution_stop": gettext_noop("革命の直後だけ、♥Q2枚で革命を止められる"),
    "redeal": gettext_noop("♠A2枚で、まだ上がっていない人の手札を集めて配り直す"),
    "five_skip": gettext_noop("5を出した枚数だけ、次の人を飛ばす"),
    "ten_discard": gettext_noop("10を出した枚数だけ、好きな札を墓地に捨てる"),
    "a_required": gettext_noop("Aの局を1・2位か1・3位で勝つまで、何度でもAで戦う（公式の競技ルール）"),
    "three_fail_reset": gettext_noop("自分たちのAの局で3回勝ち抜けないと、レベル2に戻る"),
}


#: One-of-several rule choices per game (chips on the start screen and in the waiting
#: room), handed to the engine as config keys; the first choice is the default.
#: Guandan's A rule (seeds/003 §1, §4; rules/guandan.md "A-rule switch").
CHOICES = {"guandan": {"a_rule": {"a_required": gettext_noop("A必須 · 競技"), "three_fail_reset": gettext_noop("3回失敗で2に戻る")}}}
#: the waiting room's name for each setting of an options message (templates/jinja2/rooms/
#: lobby/lobby.html): a refusal names the setting so (``bad_option``; :func:`field_label`)
FIELD_LABELS = {"game": gettext_noop("ゲーム"), "players": gettext_noop("人数"), "speed": gettext_noop("CPUの速さ"),
                "turn_limit": gettext_noop("持ち時間"), "a_rule": gettext_noop("Aのルール"), "rules": gettext_noop("特殊カード")}


def field_label(key: str) -> str | None:
    """The untranslated name a person sees for the options message's ``key`` (a setting,
    or a rule switch ``rule_<name>``: its switch's words); ``None`` for a key no form has."""
    if key.startswith("rule_"):
        return next((r[key[5:]] for r in RULE_SWITCHES.values() if key[5:] in r), None)
    return FIELD_LABELS.get(key)


def choice_fields(game: str, options: dict) -> list[dict]:
    """The chips of :data:`CHOICES` for a form: ``[{"key", "current", "options": [(value,
    label)], "descriptions": {value: one line}}]`` (:data:`DESCRIPTIONS`)."""
    return [{"key": key, "current": options.get(key, next(iter(choices))), "options": list(choices.items()),
             "descriptions": {v: DESCRIPTIONS.get(v, "") for v in choices}}
            for key, choices in CHOICES.get(game, {}).items()]


def _default_specials(game: str) -> dict | None:
    if game not in RULE_SWITCHES:
        return None
    from games.daifugo.rules import DEFAULT_SPECIALS
    return {name: DEFAULT_SPECIALS[name] for name in RULE_SWITCHES[game]}


def defaults(game: str) -> dict:
    """The options of a new room."""
    out = {"players": PLAYERS[game][0], "speed": "normal", "turn_limit": 60}
    specials = _default_specials(game)
    if specials is not None:
        out["specials"] = specials
    for key, choices in CHOICES.get(game, {}).items():
        out[key] = next(iter(choices))
    return out


def engine_config(game: str, options: dict) -> dict:
    """The config handed to ``engine.new``: the player count and, for Daifugō, the rule
    switches of the room."""
    config = {"players": options["players"]}
    for key, choices in CHOICES.get(game, {}).items():
        config[key] = options.get(key) if _one_of(options.get(key), choices) else next(iter(choices))
    if game in RULE_SWITCHES:
        config["rules"] = {"specials": {**_default_specials(game), **(options.get("specials") or {})}}
    return config


def rule_rows(game: str, options: dict) -> list[dict]:
    """The waiting room's switches: ``[{"name", "label", "on", "house", "description"}]``
    (empty for games without switches; the description from :data:`DESCRIPTIONS`)."""
    if game not in RULE_SWITCHES:
        return []
    on = {**_default_specials(game), **(options.get("specials") or {})}
    return [{"name": name, "label": label, "on": on[name], "house": name in HOUSE_RULES,
             "description": DESCRIPTIONS.get(name, "")}
            for name, label in RULE_SWITCHES[game].items()]


def parse_rules(game: str, data: dict, current: dict) -> dict:
    """Rule switches from a form: ``rules`` marks a form that carries them; each switch is
    a checkbox ``rule_<name>`` (absent = off, as browsers send checkboxes)."""
    if game not in RULE_SWITCHES or not data.get("rules"):
        return current
    return {name: bool(data.get(f"rule_{name}")) for name in RULE_SWITCHES[game]}


def player_range(game: str) -> range:
    lo, hi = PLAYERS[game]
    return range(lo, hi + 1)


def _is_scalar(value) -> bool:
    """A form value as a browser or room.js sends one: a short string, a bool, a whole number
    (not NaN/Infinity, not a list or object), or nothing."""
    if value is None or isinstance(value, bool):
        return True
    if isinstance(value, int):
        return -1000 < value < 1000
    return isinstance(value, str) and len(value) <= 32


def _one_of(value, allowed) -> bool:
    return isinstance(value, str) and value in allowed


def _number_in(value, allowed) -> bool:
    """A whole number (int, or a string of at most 3 ASCII digits) in ``allowed``."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 3:
        value = int(value)
    return isinstance(value, int) and not isinstance(value, bool) and value in allowed


def validate(data: dict) -> dict:
    """Check a waiting room's options message (socket ``options``) field by field, by type and
    range, before anything reads it; returns ``data`` unchanged.

    ``game`` one of :data:`GAMES`; ``players`` a whole number of seats that some game takes
    (the chosen game's range is applied by :func:`parse`); ``speed`` one of :data:`SPEEDS`;
    ``turn_limit`` one of :data:`TURN_LIMITS`; the :data:`CHOICES` chips one of their
    values; ``rules`` and ``rule_<name>`` switches scalar flags. Raises
    :class:`tables.core.errors.Refused` (code ``bad_option``, naming the field) for anything else:
    lists, objects, NaN/Infinity, huge numbers, unknown values.
    """
    seats = range(min(PLAYERS[g][0] for g in GAMES), max(PLAYERS[g][1] for g in GAMES) + 1)
    checks = {"game": lambda v: _one_of(v, GAMES), "players": lambda v: _number_in(v, seats),
              "speed": lambda v: _one_of(v, SPEEDS), "turn_limit": lambda v: _number_in(v, TURN_LIMITS)}
    for choices in CHOICES.values():
        checks.update({key: (lambda v, c=values: _one_of(v, c)) for key, values in choices.items()})
    for key, value in data.items():
        check = checks.get(key, _is_scalar if key == "rules" or key.startswith("rule_") else None)
        if check is None or not check(value):
            raise Refused("bad_option", f"設定「{key[:20]}」の値が正しくありません。",
                          f"The setting '{key[:20]}' has an invalid value.", field=key[:20])
    return data


def parse(game: str, data: dict, current: dict) -> dict:
    """New options from form data (strings); unknown or out-of-range values are ignored."""
    out = dict(current)
    try:
        players = int(data.get("players", out["players"]))
        if players in player_range(game):
            out["players"] = players
    except (TypeError, ValueError, OverflowError):
        pass
    if _one_of(data.get("speed"), SPEEDS):
        out["speed"] = data["speed"]
    try:
        limit = int(data.get("turn_limit", out["turn_limit"]))
        if limit in TURN_LIMITS:
            out["turn_limit"] = limit
    except (TypeError, ValueError, OverflowError):
        pass
    if game in RULE_SWITCHES:
        out["specials"] = parse_rules(game, data, out.get("specials") or _default_specials(game))
    for key, choices in CHOICES.get(game, {}).items():
        if _one_of(data.get(key), choices):
            out[key] = data[key]
    return out
