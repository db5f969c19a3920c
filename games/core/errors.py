"""Typed errors raised by the rule engines.

Every refusal carries a stable machine code (used by the web layer, the analytics and the
tests) and the same message in Japanese and English, so both languages say the same thing
(DESIGN.md "Languages").
"""
from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules do not allow now; the state it was tried on is unchanged.

    Attributes:
        code: stable identifier such as ``"not_your_turn"`` or ``"too_weak"``.
        ja: the reason in Japanese, shown to the player by the hand.
        en: the same reason in English.
        details: optional JSON-safe facts (for logs and tests), never secrets.
    """

    def __init__(self, code: str, ja: str, en: str, **details):
        super().__init__(f"{code}: {en}")
        self.code = code
        self.ja = ja
        self.en = en
        self.details = details

    def message(self, lang: str = "ja") -> str:
        """The reason in ``lang`` (``"ja"`` or ``"en"``; anything else gives English)."""
        return self.ja if lang == "ja" else self.en

    def as_dict(self) -> dict:
        """``{"code", "ja", "en"}`` plus details: what the web layer sends back."""
        return {"code": self.code, "ja": self.ja, "en": self.en, **self.details}


# Refusals every game shares; game modules add their own with the same constructor.
def malformed(what: str) -> IllegalAction:
    """An action that is not of the expected shape (hostile or broken client)."""
    return IllegalAction("malformed", "操作の形式が正しくありません。",
                         "The action is malformed.", what=what)


def not_your_turn() -> IllegalAction:
    """The seat may not act now."""
    return IllegalAction("not_your_turn", "あなたの番ではありません。", "It is not your turn.")


def not_in_hand() -> IllegalAction:
    """The action names a card the seat does not hold (or names one twice)."""
    return IllegalAction("not_in_hand", "持っていないカードが含まれています。",
                         "You do not hold one of those cards.")


def no_cards() -> IllegalAction:
    """A play that selects no card (passing has its own button: Dou Dizhu seed 001 §21,
    Guandan seed 003 §2)."""
    return IllegalAction("no_cards", "札が選ばれていません。", "No cards are selected.")


def game_over() -> IllegalAction:
    """The game has ended; only starting the next one is possible."""
    return IllegalAction("game_over", "このゲームは終了しています。", "This game is over.")


class Unsupported(Exception):
    """Raised by a conformance adapter (``games.<game>.oracle``) for a game or op it does not
    answer; ``python -m games.oracle`` answers ``{"error": "unsupported"}``."""
