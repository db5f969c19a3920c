"""The README's fair-shuffle check (section "Hand records, replays and the fair shuffle")
runs as written on a saved hand file, and fails on a tampered one."""
import json
import pathlib

import pytest

from games import get_engine
from games.core.record import RecordError, states
from tables.core import replay
from tests.records.test_record_properties import play_hands

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"
FILE = "tefuda-daifugo-1-abcd1234.json"


def snippet() -> str:
    text = README.read_text()
    section = text.split("## Hand records, replays and the fair shuffle")[1]
    return section.split("```python\n")[1].split("```")[0]


def test_the_readme_snippet_checks_a_saved_hand(tmp_path, monkeypatch, capsys):
    records = play_hands("daifugo", "readme", 2, ["normal"] * 4)
    monkeypatch.chdir(tmp_path)
    for record, _final in records:
        (tmp_path / FILE).write_text(json.dumps(replay.file_of(record)))
        exec(snippet(), {})
        every = states(record, get_engine)
        dealt = every[0] if record["before"] is None else every[1]
        assert capsys.readouterr().out.strip() == str(dealt["hands"])
    record = records[1][0]
    record["actions"][-1][1] = {"type": "pass"}
    (tmp_path / FILE).write_text(json.dumps(replay.file_of(record)))
    with pytest.raises(RecordError):
        exec(snippet(), {})
