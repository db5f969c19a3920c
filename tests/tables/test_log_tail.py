"""tables.core.logtail: the last lines a log shows and where they start (the ids the page
morphs the log by)."""
from hypothesis import given, strategies as st

from tables.core.logtail import tail


def test_the_last_lines_and_the_first_ones_position():
    assert tail(["a", "b", "c"], 2) == (["b", "c"], 1)
    assert tail(["a"], 8) == (["a"], 0)
    assert tail([], 8) == ([], 0)


@given(st.lists(st.integers(), max_size=60), st.integers(min_value=1, max_value=50))
def test_each_shown_line_is_at_its_position(lines, shown):
    last, first = tail(lines, shown)
    assert len(last) == min(shown, len(lines))
    assert all(lines[first + i] == line for i, line in enumerate(last))
    assert first + len(last) == len(lines)
