"""The program as meant is asked for only where the exact replay held a constant that rounds one of mathematics.

A value off its exact reference is judged again against the program as meant,
each float constant that rounds a constant of mathematics (``math.log(2.0)``,
``np.pi``, a float32 program's float32 ln 2) taken as that number. A program
with no such constant (log(1 + exp(x)) at -40: its constants are 1) is the
program as meant already, so its reference is computed once. The exact replay
notes what it meets (`exact_constants.watching`), in a bridged graph's lifted
constants, a copy of them kept for later points included, and in the floats the
user's code hands gradcli's ops. Truths: math.log(2.0) is the float64 nearest
ln 2 (mpmath at 50 digits says so here), and 1.0, 2.0 and 0.5 are exact binary
numbers that stand for no constant.
"""

import math

import mpmath
import numpy as np
import pytest

from gradcli.capture import exact_constants
from reference_counting import asked_references

NUMPY_CODE = '''import math
import numpy as np


def softplus_minus_ln2(x):
    return np.log1p(np.exp(x)) - math.log(2.0)


def naive_softplus(x):
    return np.log(1.0 + np.exp(x))


def naive_softplus_scaled(x):
    return 2.0 * np.log(1.0 + np.exp(x)) * 0.5
'''

JAX_CODE = '''import math
import jax.numpy as jnp


def softplus_minus_ln2(x):
    return jnp.log1p(jnp.exp(x)) - math.log(2.0)


def naive_softplus(x):
    return jnp.log(1.0 + jnp.exp(x))
'''


def _asked(tmp_path, monkeypatch, code, name, xs):
    """The points at which the exact reference was computed, in order, for a float64 check of ``name`` at ``xs``."""
    path = tmp_path / f"sightings_{abs(hash(code))}.py"
    path.write_text(code)
    return asked_references(monkeypatch, f"{path}:{name}", xs)


def test_math_log_2_is_the_float_nearest_ln_2():
    with mpmath.workdps(50):
        ln2 = mpmath.log(2)
        assert abs(mpmath.mpf(math.log(2.0)) - ln2) <= mpmath.mpf(2) ** -54  # half an ulp of a number in [0.5, 1)


@pytest.mark.parametrize("value, stands", [
    (math.log(2.0), True),
    (math.pi, True),
    (np.float32(math.log(2.0)), True),  # a float32 program's ln 2
    (np.array(math.pi), True),  # a 0-d constant of a graph
    (1.0, False),
    (2.0, False),
    (0.5, False),
    (np.float32(4.0), False),
    (0.1, False),
    (np.array([math.pi, 1.0]), False),  # `meant` reads scalars alone
])
def test_a_lifted_constant_is_seen_where_it_stands_for_one(value, stands):
    with exact_constants.watching() as watch:
        exact_constants.lift(value, exact_constants.MP)
    assert watch.seen is stands


def test_a_users_float_handed_an_op_is_seen_only_where_it_stands_for_one():
    with exact_constants.watching() as watch:
        exact_constants.moved_scalars([mpmath.mpf(1), 2.0, math.log(2.0)], {1})
    assert not watch.seen  # the ln 2 is at no position the user's code handed over
    with exact_constants.watching() as watch:
        exact_constants.moved_scalars([mpmath.mpf(1), 2.0, math.log(2.0)], {1, 2})
    assert watch.seen


def test_nothing_is_seen_outside_a_watch_nor_while_the_constants_are_meant():
    exact_constants.lift(math.pi, exact_constants.MP)  # no watch running: nothing to note, nothing raised
    with exact_constants.watching() as watch, exact_constants.meant():
        exact_constants.lift(math.pi, exact_constants.MP)
    assert not watch.seen


def test_a_python_function_with_no_such_constant_is_asked_once(tmp_path, monkeypatch):
    # log(1 + exp(-40)) is 0 in float64, off its exact 4.2e-18: its constants are 1, so nothing more is asked.
    asked, (r,) = _asked(tmp_path, monkeypatch, NUMPY_CODE, "naive_softplus", [-40.0])
    assert r.value == 0.0 and r.exact_value and float(r.exact_value) > 0
    assert asked == [(-40.0,)]
    asked, _ = _asked(tmp_path, monkeypatch, NUMPY_CODE, "naive_softplus_scaled", [-40.0])
    assert asked == [(-40.0,)]  # 0.5 and 2.0 are exact binary numbers: no constant's rounding


def test_a_python_function_handing_an_op_ln_2_is_asked_as_meant(tmp_path, monkeypatch):
    asked, (r,) = _asked(tmp_path, monkeypatch, NUMPY_CODE, "softplus_minus_ln2", [0.0])
    assert asked == [(0.0,), (0.0,)]  # the program as written, then as meant
    assert r.status == "ok", r.findings


def test_a_jax_graph_with_no_such_constant_is_asked_once(tmp_path, monkeypatch):
    asked, (r,) = _asked(tmp_path, monkeypatch, JAX_CODE, "naive_softplus", [-40.0])
    assert r.value == 0.0
    assert asked == [(-40.0,)]


def test_a_jax_graphs_kept_constants_are_seen_at_every_point(tmp_path, monkeypatch):
    # The second point replays the lifted constants the first kept: it still asks the program as meant.
    # At 1e-300 the float value is 0 and the exact one ln(1 + e^1e-300) - math.log(2.0), 2.3e-17 above 0.
    asked, results = _asked(tmp_path, monkeypatch, JAX_CODE, "softplus_minus_ln2", [0.0, 1e-300])
    assert sorted(asked) == sorted([(0.0,), (0.0,), (1e-300,), (1e-300,)])
    assert results[0].status == "ok", results[0].findings
