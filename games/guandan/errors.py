"""Guandan refusals: every :class:`IllegalAction` the engine raises, with its stable code
and the same reason in Japanese and English (DESIGN.md "Languages")."""
from __future__ import annotations

from games.core.errors import IllegalAction, game_over, malformed, no_cards, not_in_hand, not_your_turn

__all__ = ["IllegalAction", "game_over", "malformed", "no_cards", "not_in_hand", "not_your_turn",
           "wrong_phase", "not_a_combination", "too_weak", "bad_reading", "must_lead",
           "tribute_not_highest", "bad_return"]


def wrong_phase(phase: str) -> IllegalAction:
    """The action does not belong to the current phase (e.g. a play during tribute)."""
    return IllegalAction("wrong_phase", "今はその操作はできません。",
                         "That action is not possible now.", phase=phase)


def not_a_combination() -> IllegalAction:
    """The selected cards form no combination (000 §5–§11)."""
    return IllegalAction("not_a_combination", "その組み合わせは役になりません。",
                         "Those cards are not a combination.")


def too_weak(table: str, table_en: str, token: str = "", cards: list | None = None) -> IllegalAction:
    """The play does not beat the table: not the same type and size with a higher rank,
    nor a higher bomb (000 §12). Details: ``table``, the reading token of the play on the
    table (``"pair:9"``), and ``cards``, its card ids (the table names it from these)."""
    return IllegalAction("too_weak", f"場の{table}に勝てません。",
                         f"That does not beat the {table_en} on the table.", table=token, cards=list(cards or []))


def bad_reading(token: str) -> IllegalAction:
    """The requested wild reading is not a legal reading of these cards now (000 §4)."""
    return IllegalAction("bad_reading", "その組み方はできません。",
                         "Those cards cannot be read that way now.", reading=token)


def must_lead() -> IllegalAction:
    """The leader of an empty trick may not pass (000 §13)."""
    return IllegalAction("must_lead", "場が空なのでパスできません。何か出してください。",
                         "You lead this trick and cannot pass.")


def tribute_not_highest() -> IllegalAction:
    """A tribute must be the giver's highest card other than the heart level wilds
    (000 §18)."""
    return IllegalAction("tribute_not_highest",
                         "献上はワイルドを除く一番強い札でなければなりません。",
                         "The tribute must be your highest card other than the wilds.")


def bad_return(received: bool) -> IllegalAction:
    """A return must be a 2–10 non-level card (else the lowest card) and never the card
    received (000 §20)."""
    if received:
        return IllegalAction("return_received", "受け取った札そのものは返せません。",
                             "You cannot return the very card you received.")
    return IllegalAction("bad_return",
                         "お返しは10以下の級札以外の札です（なければ一番弱い札）。",
                         "Return a non-level card of 10 or lower (or your lowest card if you have none).")
