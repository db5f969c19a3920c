"""``makemessages`` for the whole site: Django's own, plus the Jinja2 templates' messages
read by Jinja2's Babel extractor (issue 14).

Django reads ``.html`` files as Django templates, so in a Jinja2 template it finds
``_("…")`` but not a message with placeholders in Jinja2's newstyle form,
``_("%(n)s 枚", n=count)`` (measured: Django's ``templatize`` drops it). Jinja2 ships
an extractor for exactly these templates (``jinja2.ext.babel_extract``, run here through
Babel); its messages are added to the ``.pot`` before Django merges it into each
language's catalog, so ``makemessages`` stays the one command that keeps the catalogs.
"""
from __future__ import annotations

import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po
from django.conf import settings
from django.core.management.commands import makemessages

#: the Jinja2 templates: the table's fragments (tables/) and the room's stages
JINJA_DIRS = ("tables", "templates/jinja2")
JINJA_METHODS = [("**.html", "jinja2")]
JINJA_OPTIONS = {"**.html": {"extensions": "jinja2.ext.i18n", "newstyle_gettext": "true"}}
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3)}


class Command(makemessages.Command):
    help = makemessages.Command.help + " Jinja2 templates are read by Jinja2's own extractor."
    #: ``N_`` marks a message to translate later (``gettext_noop``, as tables.core.words)
    xgettext_options = makemessages.Command.xgettext_options + ["--keyword=N_"]

    def build_potfiles(self):
        potfiles = super().build_potfiles()
        if self.domain == "django":
            for potfile in potfiles:
                add_jinja_messages(Path(potfile), Path(settings.BASE_DIR))
        return potfiles


def jinja_messages(root: Path):
    """``(msgid or (singular, plural), context)`` of every message in the Jinja2 templates
    under ``root`` (:data:`JINJA_DIRS`), in file order."""
    for folder in JINJA_DIRS:
        for _file, _line, message, _comments, context in extract_from_dir(
                root / folder, JINJA_METHODS, JINJA_OPTIONS, KEYWORDS):
            yield message, context


def add_jinja_messages(potfile: Path, root: Path) -> None:
    """Append the Jinja2 templates' messages under ``root`` that ``potfile`` (the template
    catalog xgettext wrote) does not have yet; its own entries and header stay as written."""
    text = potfile.read_text(encoding="utf-8")
    # xgettext's template header has placeholders Babel cannot parse; only the ids are read
    have = read_po(io.StringIO(text.replace("nplurals=INTEGER; plural=EXPRESSION;", "nplurals=2; plural=(n != 1);")))
    extra = Catalog()
    for message, context in jinja_messages(root):
        key = message[0] if isinstance(message, tuple) else message
        if key and have.get(key, context=context) is None and extra.get(key, context=context) is None:
            extra.add(message, context=context)
    if len(extra):
        out = io.BytesIO()
        write_po(out, extra, width=0, no_location=True, omit_header=True)
        potfile.write_text(text.rstrip("\n") + "\n\n" + out.getvalue().decode("utf-8"), encoding="utf-8")
