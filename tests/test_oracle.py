"""The conformance oracle never crashes: bad lines get an error answer and it goes on."""
import io
import json

from games import oracle


def run(lines):
    out = io.StringIO()
    oracle.main(io.StringIO("".join(lines)), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_bad_cases_answer_errors_and_the_oracle_goes_on():
    answers = run([
        "not json\n",
        json.dumps({"id": "a", "game": "chess", "op": "play"}) + "\n",
        json.dumps({"id": "b", "game": "daifugo", "op": "play", "players": 4}) + "\n",
        json.dumps({"id": "c", "game": "daifugo", "op": "play", "players": 4,
                    "state": {"field": None, "revolution": False, "eleven_back": False, "bind": None, "passed": []},
                    "play": {"by": "P1", "cards": ["H5", "JK", "H7"], "mode": "plain"}}) + "\n",
    ])
    by_id = {a["id"]: a for a in answers}
    assert by_id[None]["error"] == "bad json"
    assert by_id["a"]["error"] == "unsupported"
    assert "error" in by_id["b"]
    assert by_id["c"] == {"id": "c", "legal": True, "foul": False}
