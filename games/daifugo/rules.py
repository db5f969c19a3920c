"""The rule set a Daifugō table plays by: data handed to the engine, not code paths per rule
(DESIGN.md, Django's feature flags as the model).

The spec's default special cards (seed 004 §5–§6) each have a switch; 5スキップ and 10捨て
are optional house rules, off by default (rules/daifugo.md "Special cards").
"""
from __future__ import annotations

DEFAULT_SPECIALS = {
    "stop": True,          # ♥3 / ♠3 無効化 and ♥3 止め返し
    "seven_pass": True,    # 7渡し
    "eight_cut": True,     # 8切り
    "nine_interrupt": True,  # 9割り込み
    "eleven_back": True,   # 11バック
    "revolution_stop": True,  # ♥Q×2
    "redeal": True,        # ♠A×2
    "five_skip": False,    # 5スキップ (house rule)
    "ten_discard": False,  # 10捨て (house rule)
}
HAND_SIZE = {4: 20, 5: 15, 6: 13}  # seed 004 §4 「配る枚数：4人20枚・5人15枚・6人13枚」
TITLES = {
    4: ("大富豪", "富豪", "貧民", "大貧民"),
    5: ("大富豪", "富豪", "平民", "貧民", "大貧民"),
    6: ("大富豪", "富豪", "平民", "平民", "貧民", "大貧民"),
}
TITLES_EN = {"大富豪": "Grand Millionaire", "富豪": "Millionaire", "平民": "Commoner",
             "貧民": "Poor", "大貧民": "Extreme Poor"}


def make_rules(players: int, rules: dict | None = None) -> dict:
    """Validate a table's rule choices and fill the defaults.

    Returns ``{"revolution_size": 5 or 4, "specials": {name: bool}}``. Raises ``ValueError``
    for a player count outside 4–6 or an unknown rule name (seed 004 §2 「4〜6人」; §4 革命
    「4人なら5枚以上、5〜6人なら4枚以上」).
    """
    if players not in HAND_SIZE:
        raise ValueError("Daifugō is played by 4 to 6 players")
    rules = dict(rules or {})
    specials = dict(DEFAULT_SPECIALS)
    for name, on in (rules.pop("specials", None) or {}).items():
        if name not in specials:
            raise ValueError(f"unknown special card rule {name!r}")
        specials[name] = bool(on)
    if rules:
        raise ValueError(f"unknown rules {sorted(rules)}")
    return {"revolution_size": 5 if players == 4 else 4, "specials": specials}

# rules/daifugo.md "Time" [decided]: seconds of each timed window in online rooms (practice
# scales them with the CPU speed). The engine has no clock: the table closes a window by
# applying the ``close`` action that :meth:`DaifugoEngine.window` names.
WINDOW_SECONDS = {"stop": 4.0, "revolution": 4.0, "seven_pass": 20.0, "ten_discard": 20.0, "exchange": 20.0}
