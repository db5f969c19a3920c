"""Longer property-test runs on demand, without slowing CI.

``TEFUDA_HYPOTHESIS_SCALE=N`` multiplies every property test's ``max_examples`` by N (unset
or 1: the CI budget) and lets hypothesis pick fresh random examples (so ``--hypothesis-seed``
and repeated runs explore different matches even where CI derandomizes). For example::

    TEFUDA_HYPOTHESIS_SCALE=40 .venv/bin/python -m pytest -q -p no:cacheprovider \\
        tests/daifugo/test_properties.py --hypothesis-seed=7
"""
import os

SCALE = max(1, int(os.environ.get("TEFUDA_HYPOTHESIS_SCALE") or 1))
LONG = SCALE > 1


def examples(n: int) -> int:
    """``n`` examples in CI, ``n × SCALE`` in a long local run."""
    return n * SCALE
