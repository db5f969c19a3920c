"""The Jinja2 environment of the table's fragments: the same on the server and in the
browser (Pyodide), so both render a seat's parts byte for byte alike.

Templates: each game's own folder (``tables/<game>/templates/``, names ``"<game>/…"``)
and the shared parts (``tables/core/templates/parts/``, names ``"parts/…"``), through
Jinja2's stock :class:`~jinja2.PrefixLoader`. On the server, Django's Jinja2 backend
(settings ``TEMPLATES[1]``) builds the environment with :func:`environment` and its own
loader for the pages' other fragments (the waiting room, ``templates/jinja2/``), searched
after these; in the browser :func:`default` builds it alone. Nothing here imports Django.

What differs from a bare Jinja2 environment, so that a fragment renders what the Django
template rendered, byte for byte:

- **Escaping is Django's.** markupsafe writes ``"`` and ``'`` as ``&#34;`` and ``&#39;``;
  Django as ``&quot;`` and ``&#x27;``. :func:`finalize` escapes every plain string printed
  by ``{{ … }}`` with :func:`html.escape` (what :func:`django.utils.html.escape` does)
  and hands it on marked safe, so autoescaping passes it through unchanged; values that
  are already safe (``SafeString``, ``Markup``) are printed as they are. ``join`` of
  plain strings (names) gives a plain string, escaped here like any other; filters that
  escape by themselves (``e``, ``join`` with a safe item) would write markupsafe's
  entities: the fragments use neither.
- **A missing name or attribute prints nothing** and chains (``notice.code`` with no
  notice), as Django's variable lookups do (:class:`jinja2.ChainableUndefined`; Django's
  backend would use ``DebugUndefined``, which prints ``{{ name }}``, under ``DEBUG``).
- **The file's last newline is kept**, as Django keeps it.

Template syntax differences to keep in mind when editing: ``{% else %}`` in a for loop
(Django's ``{% empty %}``), ``loop`` (``forloop``), ``is not none``, ``dict.items()``,
filters with arguments in parentheses, and ``x or ""`` for Django's ``|default:""``
(Jinja2's ``default`` replaces only undefined values, not ``None``).
"""
from __future__ import annotations

import html
from pathlib import Path

from jinja2 import ChainableUndefined, ChoiceLoader, Environment, FileSystemLoader, ModuleLoader, PrefixLoader

from .. import GAMES
from . import i18n
from .markup import CARD_MARKUP

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
#: The templates compiled to Python modules beside the package, in the browser's bundle
#: (scripts/build_bundle.py, Jinja2's ``compile_templates``): no template is parsed there
COMPILED = ROOT.parent / "tables_compiled"


class _Escaped(str):
    """A string :func:`finalize` escaped: autoescaping takes it as it is (``__html__``)."""

    __slots__ = ()

    def __html__(self) -> str:
        return str.__str__(self)  # a plain str: markupsafe's Markup() takes it without a second __html__


def finalize(value, _str=str, _escape=html.escape, _escaped=_Escaped):
    """Escape a plain string as Django does (see the module doc); anything else is left to
    autoescaping (numbers, ``None`` → ``"None"``, safe strings unchanged)."""
    if value.__class__ is _str:
        return _escaped(_escape(value))
    if isinstance(value, _str) and not hasattr(value, "__html__"):  # str subclasses (choices)
        return _escaped(_escape(value))
    return value


class FragmentEnvironment(Environment):
    """Jinja2's environment with Django's order of lookups for ``a.b`` on a dict, and the
    one card markup of :mod:`tables.core.markup` as globals (``card_face``, ``card_back``,
    ``hand_card``)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.globals.update(CARD_MARKUP)

    def getattr(self, obj, attribute):
        """``a.b``: a dict's item first, as Django looks it up (Jinja2 tries the attribute
        first: for a dict that is an ``AttributeError`` raised and caught at every lookup,
        most of a card loop's time), else Jinja2's own lookup (attribute, then item)."""
        if obj.__class__ is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


def table_loader() -> PrefixLoader:
    """``"<game>/<part>.html"`` from ``tables/<game>/templates/``, ``"parts/…"`` from
    ``tables/core/templates/parts/``."""
    folders = {game: FileSystemLoader(ROOT / game / "templates") for game in GAMES}
    folders["parts"] = FileSystemLoader(HERE / "templates" / "parts")
    return PrefixLoader(folders)


def _with_i18n(env: Environment) -> Environment:
    """``_("…")``, ``ngettext``, ``pgettext`` in the templates: :mod:`tables.core.i18n`'s,
    in the language of the render (newstyle: ``_("%(n)s 枚", n=3)`` escapes ``n``)."""
    env.add_extension("jinja2.ext.i18n")
    env.install_gettext_callables(i18n.gettext, i18n.ngettext, newstyle=True,
                                  pgettext=i18n.pgettext, npgettext=i18n.npgettext)
    return env


def environment(**options) -> Environment:
    """The fragments' environment. Django's Jinja2 backend calls it with its options
    (``OPTIONS["environment"]``: autoescape, ``auto_reload`` under DEBUG, a loader of its
    ``DIRS``, searched after the tables' own templates); the browser calls :func:`default`.
    """
    options.setdefault("undefined", ChainableUndefined)
    options.setdefault("keep_trailing_newline", True)
    options.setdefault("autoescape", True)
    extra = options.pop("loader", None)
    loader = table_loader() if extra is None else ChoiceLoader([table_loader(), extra])
    return _with_i18n(FragmentEnvironment(finalize=finalize, loader=loader, **options))


_default: Environment | None = None


def default() -> Environment:
    """This process's environment when no host configured one (the browser, tests, and
    scripts): :func:`environment` with no extra templates, made once; in the browser's
    bundle it loads the precompiled templates (:data:`COMPILED`, Jinja2's
    :class:`~jinja2.ModuleLoader`), which render the same."""
    global _default
    if _default is None:
        if COMPILED.is_dir():
            _default = _with_i18n(FragmentEnvironment(
                finalize=finalize, loader=ModuleLoader(str(COMPILED)), undefined=ChainableUndefined,
                keep_trailing_newline=True, autoescape=True, auto_reload=False))
        else:
            _default = environment(auto_reload=False)
    return _default


def compile_all(target: Path) -> list[str]:
    """Compile every table template into ``target`` (a folder of Python modules for
    :data:`COMPILED`); returns the template names."""
    env = environment(auto_reload=False)
    names = env.list_templates()
    env.compile_templates(str(target), zip=None, ignore_errors=False)
    return names
