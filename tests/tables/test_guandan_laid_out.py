"""A Guandan play lies on the table in the order a player lays it out (try12: the hint's
straight 2–6 showed as 2 6 5 3 4, the engine's order by card id)."""
import pytest

from games.guandan.cards import CODE, level_index
from games.guandan.combos import classify, wild_labels
from tables.guandan.present import laid_out


def play(codes: list[str], level: str = "2", token: str | None = None) -> dict:
    """A play as the view shows it (games.guandan.engine: cards by id, reading, wilds)."""
    ids, free = [], list(range(len(CODE)))
    for code in codes:
        ids.append(next(i for i in free if CODE[i] == code and i not in ids))
    ids.sort()
    lv = level_index(level)
    pick = next(r for r in classify(ids, lv) if token is None or r.token == token)
    wilds = {str(k): {"as": v} for k, v in wild_labels(ids, pick, lv).items()}
    return {"cards": [{"id": i, "code": CODE[i]} for i in ids], "reading": pick.token, "wilds": wilds}


def shown(p: dict) -> list[str]:
    """The ranks as laid out, each wild as the rank it stands for."""
    return [(p["wilds"].get(str(c["id"])) or {"as": c["code"][1:]})["as"].lstrip("SHDC") for c in laid_out(p)]


@pytest.mark.parametrize("codes, level, token, want", [
    (["H3", "H4", "H5", "S6", "S2"], "9", None, "2 3 4 5 6"),  # try12's hint
    (["S10", "DQ", "CJ", "HA", "SK"], "2", "straight:A", "10 J Q K A"),  # the ace ends it
    (["S2", "HA", "D3", "C5", "S4"], "9", "straight:5", "A 2 3 4 5"),  # the ace starts it
    (["S5", "S6", "H9", "S8", "S9"], "9", "straight:9", "5 6 7 8 9"),  # ♥9 (wild) stands for the 7
    (["S4", "D4", "C3", "H3", "S5", "D5"], "9", None, "3 3 4 4 5 5"),  # a tube
    (["S8", "D4", "H8", "C4", "D8"], "9", "full_house:8", "8 8 8 4 4"),  # the triple, then the pair
])
def test_a_play_is_laid_out_as_a_player_would(codes, level, token, want):
    p = play(codes, level, token)
    assert shown(p) == want.split()
    assert sorted(c["code"] for c in laid_out(p)) == sorted(codes)
