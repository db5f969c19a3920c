"""The conformance adapter answers every Guandan case of ../shared/conformance (when that
folder is present) and refuses unknown ops with Unsupported."""
import json
import pathlib

import pytest

from games.oracle import Unsupported, answer

CASES = pathlib.Path(__file__).resolve().parents[3] / "shared" / "conformance" / "guandan.jsonl"


def load():
    if not CASES.exists():
        return []
    return [json.loads(line) for line in CASES.read_text().splitlines() if line.strip()]


@pytest.mark.skipif(not CASES.exists(), reason="shared conformance cases not present")
@pytest.mark.parametrize("case", load(), ids=lambda c: c["id"])
def test_conformance_case(case):
    import importlib.util
    spec = importlib.util.spec_from_file_location("gd_check", CASES.parent / "check.py")
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    got = answer({k: v for k, v in case.items() if k not in ("expect", "source", "topic")})
    assert check.judge(case, got) is None


def test_unsupported_op():
    with pytest.raises(Unsupported):
        answer({"game": "guandan", "op": "legal", "hand": [], "previous": None})


def test_classify_lists_every_reading_strongest_first():
    got = answer({"game": "guandan", "op": "classify", "level": "2",
                  "cards": ["S9", "D9", "C9", "H2", "H2"]})["readings"]
    assert got[0] == {"type": "bomb", "rank_key": "9", "bomb_size": 5}
    assert {"type": "full_house", "rank_key": "9"} in got
