"""The presenter contract: what :mod:`tables.core.screen` needs of a game beyond
``engine.view``.

One presenter per game (``tables.<game>.present.PRESENTER``, found by
:func:`tables.presenter`; the Django ``features.py`` idea: differences live in one
place). A presenter turns a seat's view into the seat rows of the table
(:meth:`Presenter.seats`), adds the game's own template context
(:meth:`Presenter.context`) and orders the engine's hints (:meth:`Presenter.hints`).
Everything it reads comes from ``engine.view(state, seat)`` or from the seat's own legal
actions, so a presenter cannot leak another seat's cards either.
"""
from __future__ import annotations

from .i18n import gettext as _


class Presenter:
    """The default behaviour (a Daifugō-shaped view: ``view["seats"]`` and ``view["legal"]``).

    Subclasses set :attr:`game` and override what differs."""

    game = ""
    #: this game's own refusal codes → gettext messages (``%(detail)s`` placeholders), see
    #: :mod:`tables.core.words`; the shared codes are there
    refusals: dict[str, str] = {}

    def notice_words(self, notice: dict) -> dict:
        """The words a refusal's sentence takes from its codes (a play's type named in the
        current language), merged into its placeholders by :mod:`tables.core.words`; none
        by default."""
        return {}

    def refusal(self, notice: dict | None, legal: list[dict], my_turn: bool) -> dict | None:
        """The notice to show for ``notice`` (a refusal, a hint; None: none), given the
        seat's ``legal`` actions and whether it is its turn: a game may say a refusal more
        exactly than the engine's code can (the engine refuses the message, the table
        knows the position). ``notice`` itself by default."""
        return notice

    def action_label(self, action: dict) -> str:
        """The name of a legal ``action`` (a play, a bid, a pass…) in the current language,
        as hints and buttons show it. Games override this; the default is the engine's
        Japanese label."""
        return action.get("ja") or action.get("type", "")

    #: a hint's reason code (the engine's ``hint(...)[i]["why"]["code"]``) → its sentence,
    #: untranslated; games fill it
    hint_reasons: dict = {}

    def hint_reason(self, why: dict) -> str:
        """A hint's reason (``why``: ``{"code", **details}`` from the engine's hint; a
        ``recommended`` one takes the code ``<code>_recommended``) in the current
        language, its details filled in (a list joined by commas); ``""`` for none or an
        unknown code."""
        code = why.get("code")
        if why.get("recommended"):
            code = f"{code}_recommended"
        message = self.hint_reasons.get(code)
        if not message:
            return ""
        details = {k: ", ".join(map(str, v)) if isinstance(v, list) else v for k, v in why.items()}
        return _(message) % details

    def seats(self, view: dict) -> list[dict]:
        return view["seats"]

    def legal(self, engine, state: dict, view: dict, seat: int) -> list[dict]:
        return view.get("legal") or []

    def context(self, engine, room, view: dict, me, ctx: dict) -> dict:
        """The game's own template context (``room``: room-like, ``me``: seat-like, ``ctx``:
        the shared context of :func:`tables.core.screen.table_context`)."""
        return {}

    def hints(self, engine, state: dict, seat: int, hints: list[dict]) -> list[dict]:
        return hints

    def actors(self, engine, state: dict) -> list[int]:
        """The seats the table waits for (timers: CPU turns, time-outs, away seats)."""
        return engine.actors(state)
