"""Property tests of hand records (issue 17): random whole CPU hands of each game, recorded
through the one recorder (tables.core.history), replay with the engine alone to exactly
the final state; a record with a changed card, action, seed or result is refused."""
import copy
import itertools
import random
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import get_engine
from games.core.engine import LEVELS, next_move
from games.core.record import RecordError, commitment, digest, hand_ended, replay, states
from tables.core import history
from tables.core import options as opts
from tests.hypothesis_scale import examples

SETTINGS = settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES = ["daifugo", "guandan", "doudizhu"]


def play_hands(game: str, seed: str, hands: int, levels: list[str]):
    """Play ``hands`` hands of ``game`` through the recorder; the finished records and the
    final state each ended in."""
    engine = get_engine(game)
    options = opts.defaults(game)
    config = opts.engine_config(game, options)
    state = engine.new(config, seed)
    hand = history.deal(game, config, seed)
    done_list = []
    for _ in range(20_000):
        if engine.is_over(state) and not engine.legal_actions(state, 0) and game != "daifugo":
            break
        seat, action = next_move(engine, state, levels)
        state, _, hand, done = history.apply(engine, hand, state, seat, action)
        if done:
            done_list.append((done, state))
            if len(done_list) == hands:
                break
    return done_list


def cards_of(action: dict) -> list | None:
    return action.get("cards") if isinstance(action.get("cards"), list) and action["cards"] else None


@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(seed=st.text("0123456789abcdef", min_size=1, max_size=12), level=st.sampled_from(LEVELS[:2]),
       pick_seed=st.integers(0, 2**32))
def test_records_replay_exactly_and_refuse_tampering(game, seed, level, pick_seed):
    engine = get_engine(game)
    pick = random.Random(pick_seed)
    count = itertools.count()  # the next hands' seeds, deterministic for hypothesis
    with mock.patch.object(history, "new_seed", lambda: f"{seed}-{next(count)}"):
        records = play_hands(game, seed, 2, [level] * 6)
    assert len(records) == 2
    for record, final in records:
        assert replay(record, get_engine) == final
        assert digest(final) == record["final"] and hand_ended(final)
        assert record["commitment"] == commitment(record["secret"], record["seed"])
        # every action and every card is there: the states step one by one
        assert len(states(record, get_engine)) == len(record["actions"]) + 1

        # a changed card in a play: refused by the engine or by the final state
        plays = [i for i, (_, a) in enumerate(record["actions"]) if cards_of(a)]
        i = pick.choice(plays)
        bad = copy.deepcopy(record)
        held = set(bad["actions"][i][1]["cards"])
        bad["actions"][i][1]["cards"][0] = next(c for c in range(200) if c not in held)
        with pytest.raises(RecordError):
            replay(bad, get_engine)

        # a changed action: one dropped, or another seat
        bad = copy.deepcopy(record)
        del bad["actions"][pick.randrange(len(bad["actions"]))]
        with pytest.raises(RecordError):
            replay(bad, get_engine)
        bad = copy.deepcopy(record)
        # (not the next hand's deal: anyone may start the next round, seeds/004 "誰でも「次のラウンドへ」")
        j = pick.choice([k for k, (s, a) in enumerate(bad["actions"])
                         if s is not None and a["type"] not in ("next_hand", "next_game")])
        bad["actions"][j][0] = (bad["actions"][j][0] + 1) % engine.new(record["config"], 1)["players"] \
            if record["before"] is None else (bad["actions"][j][0] + 1) % record["before"]["players"]
        with pytest.raises(RecordError):
            replay(bad, get_engine)

        # another seed (the commitment no longer holds), a changed result
        bad = dict(record, seed=f"{record['seed']}x")
        with pytest.raises(RecordError) as err:
            replay(bad, get_engine)
        assert err.value.code == "commitment"
        bad = copy.deepcopy(record)
        bad["result"]["forged"] = True
        with pytest.raises(RecordError) as err:
            replay(bad, get_engine)
        assert err.value.code == "result"


def test_each_hand_has_its_own_seed_and_commitment():
    records = play_hands("daifugo", "s1", 3, ["normal"] * 4)
    assert len({r["seed"] for r, _ in records}) == 3
    assert len({r["commitment"] for r, _ in records}) == 3
    assert records[0][0]["before"] is None and records[1][0]["before"]["seed"] == records[1][0]["seed"]
    assert [r["no"] for r, _ in records] == [1, 2, 3]


def test_a_malformed_record_is_refused_with_a_message():
    with pytest.raises(RecordError) as err:
        replay({"format": 1, "game": "daifugo"}, get_engine)
    assert err.value.code == "format" and err.value.ja
    records = play_hands("doudizhu", "s2", 1, ["normal"] * 3)
    record = copy.deepcopy(records[0][0])
    record["actions"] = record["actions"][:-1]
    with pytest.raises(RecordError) as err:
        replay(record, get_engine)
    assert err.value.code == "unfinished"
