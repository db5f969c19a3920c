"""How static files are collected (tefuda_site.static_files): a file is compressed once,
again only when it changed; what no page loads is not collected."""
import os

from django.apps import apps

from tefuda_site.static_files import _FreshOnly


def test_a_file_is_compressed_again_only_when_it_changed(tmp_path):
    path = tmp_path / "big.js"
    path.write_text("var cards = 1;\n" * 2000)
    compressor = _FreshOnly(quiet=True)
    made = compressor.compress(str(path))
    assert sorted(os.path.basename(p) for p in made) == ["big.js.br", "big.js.gz"]
    (tmp_path / "big.js.br").write_bytes(b"kept")  # a second pass must not rewrite it
    os.utime(tmp_path / "big.js.br", (path.stat().st_atime, path.stat().st_mtime))
    assert sorted(compressor.compress(str(path))) == sorted(made)
    assert (tmp_path / "big.js.br").read_bytes() == b"kept"

    path.write_text("var cards = 2;\n" * 2000)
    os.utime(path, (path.stat().st_atime, path.stat().st_mtime + 5))  # changed since
    compressor.compress(str(path))
    assert (tmp_path / "big.js.br").read_bytes() != b"kept"


def test_source_maps_and_type_declarations_are_not_collected():
    patterns = apps.get_app_config("staticfiles").ignore_patterns
    assert {"*.map", "*.d.ts", "CVS", "*~"} <= set(patterns)  # Django's own patterns stay
