"""A negative power of an input's own 0.0 inside a sum: the infinity IEEE makes, a constant all around the point.

n / s**-8 at s = 0 is 0 for every n, and its slopes in s and n are exact 0s.
Summed with a block whose terms are 1e19, those 0s sit within the rounding of
the other terms at every precision, so only a proof settles them: the proof
reads 0.0**-8 as IEEE's +inf (as it reads a quotient by an input's 0.0), and
n / inf is 0 along n, proven. The program's gradient rule gives NaN for s[0]
(0 times pow's inf): `wrong`, as for the block alone.
"""

import math

import pytest

import gradcli

MODEL = '''
import gradcli.numpy as np


def miner(s, n):
    return np.sum(n / s ** (-8.0))


def miner_cubed(s, n):
    return np.sum(n / s ** (-3.0))


def miner_scaled(s, n, m):
    return np.sum(n / (s / 900.0) ** (-m))


def one_block(s, n):
    return n / s ** (-8.0)
'''


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    path = tmp_path_factory.mktemp("power_pole") / "power_pole.py"
    path.write_text(MODEL)
    return str(path)


def check(model, name, point, dtype="float64"):
    return gradcli.check(f"{model}:{name}", [point], dtypes=(dtype,), fixes=False).results[0]


@pytest.mark.parametrize("name, big", [("miner", 300.0 ** 8), ("miner_cubed", 300.0 ** 3)])
def test_a_block_at_zero_beside_a_large_one_has_exact_zero_slopes(model, name, big):
    result = check(model, name, {"s": [0.0, 300.0], "n": [1.0, 1.0]})
    assert result.error is None
    assert result.status.value == "wrong"
    assert result.exact_gradient["n"][0] == 0.0 and result.exact_gradient["s"][0] == 0.0
    assert result.exact_gradient["n"][1] == pytest.approx(big, rel=1e-14)


def test_a_computed_zero_under_an_even_power_too(model):
    """s / 900 at s = 0 is a 0 the program computes, which has no sign; under the power -8 it needs none."""
    result = check(model, "miner_scaled", {"s": [0.0, 300.0], "n": [1e6, 1e5], "m": 8.0})
    assert result.error is None
    assert result.status.value == "wrong"
    assert result.exact_gradient["n"][0] == 0.0 and result.exact_gradient["s"][0] == 0.0
    assert result.exact_gradient["m"] == pytest.approx(1e5 * 3.0 ** -8 * math.log(1 / 3), rel=1e-12)


def test_the_block_alone_agrees(model):
    result = check(model, "one_block", {"s": 0.0, "n": 1.0})
    assert result.status.value == "wrong"
    assert result.exact_gradient == {"s": 0.0, "n": 0.0}


def test_away_from_zero_the_sum_is_ok(model):
    result = check(model, "miner", {"s": [100.0, 300.0], "n": [1.0, 1.0]})
    assert result.status.value == "ok"
    assert result.exact_gradient["n"][0] == pytest.approx(100.0 ** 8, rel=1e-14)
    assert not math.isnan(result.exact_gradient["s"][0])
