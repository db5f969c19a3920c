"""Refusals specific to Dou Dizhu, each an :class:`games.core.errors.IllegalAction` with a
stable code and the same reason in Japanese and English (seed 001 §21: an invalid or weak
play is refused with the reason and the cards stay in hand).

Codes: ``wrong_phase``, ``bid_too_low``, ``cannot_pass``,
``not_a_combination``, ``type_mismatch``, ``too_weak``, ``hand_over``, ``hand_not_over``;
shared ones come from :mod:`games.core.errors` (``malformed``, ``not_your_turn``,
``not_in_hand``, ``no_cards``, ``game_over``).
"""
from __future__ import annotations

from games.core.errors import IllegalAction

from .combos import Combo


def wrong_phase() -> IllegalAction:
    """A bid during play, or a play or pass during bidding."""
    return IllegalAction("wrong_phase", "今はその操作はできません。",
                         "That action is not possible at this stage of the hand.")


def bid_too_low(highest: int) -> IllegalAction:
    """§3: a bid must be higher than the current highest (or a pass)."""
    return IllegalAction("bid_too_low", f"現在の最高入札は{highest}です。それより高い値か不入札を選んでください。",
                         f"The highest bid is {highest}: bid higher or pass.", highest=highest)


def cannot_pass() -> IllegalAction:
    """§15: the free leader may not pass."""
    return IllegalAction("cannot_pass", "自由な先手ではパスできません。",
                         "You lead this trick and cannot pass.")


def not_a_combination() -> IllegalAction:
    """§5–§13: the selected cards form none of the 14 combinations."""
    return IllegalAction("not_a_combination", "その組み合わせは役になりません。",
                         "Those cards are not a combination.")  # (Guandan's words: one refusal, one wording)


def type_mismatch(prev: Combo) -> IllegalAction:
    """§14: only the same type and card count (or a bomb/rocket) can answer."""
    ja, en = prev.names()
    return IllegalAction("type_mismatch",
                         f"場は{ja}（{prev.size}枚）です。同じ役・同じ枚数かボム・ロケットで出してください。",
                         f"The table shows a {en} of {prev.size} cards: answer with the same "
                         f"type and count, a bomb or the rocket.",
                         type=prev.type, size=prev.size)


def too_weak(prev: Combo) -> IllegalAction:
    """§14: the same type but not a higher key (no ties, no suit order)."""
    ja, en = prev.names()
    return IllegalAction("too_weak", f"場の{ja}（{prev.rank_key}）より強くありません。",
                         f"That does not beat the {en} ({prev.rank_key}).",
                         type=prev.type, rank_key=prev.rank_key)


def hand_over() -> IllegalAction:
    """The hand is settled; only the next hand can start (§21)."""
    return IllegalAction("hand_over", "この局は終了しました。次の局へ進んでください。",
                         "This hand is over: start the next hand.")


def hand_not_over() -> IllegalAction:
    """``next_hand`` while a hand is still being bid or played."""
    return IllegalAction("hand_not_over", "局はまだ終わっていません。", "The hand is not over yet.")
