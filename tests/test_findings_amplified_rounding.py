"""An op that computes its own result accurately, but from a number an earlier op rounded, passes the blame on.

slogdet of a nearly singular matrix is right to the last bit for the matrix it
is given; the digits went where ``1.0 + t`` rounded an entry of that matrix,
and the finding names that add at its line, not slogdet's gradient rule. A
difference of a float32 cumsum's entries cancels what the cumsum had already
absorbed: the cumsum is named, and never the flip of its transposed rule.
"""

import json

import mpmath
import pytest
from click.testing import CliRunner

from gradcli.checker import provenance
from gradcli.cli import cli

MODULE = '''import numpy as np


def logdet_near_singular(t):
    m = np.array([[1.0, 1.0, 0.0], [1.0, 1.0 + t, 0.5], [0.0, 0.5, 2.0]])
    sign, logdet = np.linalg.slogdet(m)
    return sign * logdet
'''
ADD_LINE = 5

CUMSUM_MODULES = {
    "numpy": '''import numpy as np


def last_step(x):
    c = np.cumsum(x)
    return (c[4] - c[3]) * x[4]
''',
    "jax": '''import jax.numpy as jnp


def moving_average_loss(x):
    c = jnp.cumsum(jnp.concatenate([jnp.zeros(1), x]))
    avg = (c[3:] - c[:-3]) / 3
    return jnp.sum(avg ** 2)
''',
}
CUMSUM_LINE = 5


def check(tmp_path, at):
    path = tmp_path / "near_singular.py"
    path.write_text(MODULE)
    result = CliRunner().invoke(cli, ["check", f"{path}:logdet_near_singular", "--at", at, "--dtype", "float64", "--json"])
    assert result.exit_code in (0, 1), result.stderr
    (point,) = json.loads(result.stdout)["results"]
    return point, str(path)


def test_a_nearly_singular_slogdet_names_the_add_whose_rounding_it_amplified(tmp_path):
    # det = 2t - 1/4 = 2e-12 here: the 1e-16 rounding of 1.0 + t is 1e-5 of it; slogdet itself is exact to 1e-16
    point, path = check(tmp_path, "t=0.125000000001")
    assert point["status"] == "unstable"
    named = [f for f in point["findings"] if f["kind"] != "fd-unreliable"]
    assert named and named[0]["op"] == "add" and named[0]["phase"] == "forward", named
    assert named[0]["location"] == f"{path}:{ADD_LINE}"
    assert "linalg.slogdet" in named[0]["message"] and "nearly singular" in named[0]["message"]
    assert not [f for f in named if f["message"].startswith("the gradient rule of")], named


@pytest.mark.parametrize("library, target", [("numpy", "last_step"), ("jax", "moving_average_loss")])
def test_a_difference_of_a_float32_cumsum_names_the_cumsum_that_absorbed_the_terms(tmp_path, library, target):
    """[1e8, 1, 2, 3, -1] in float32: 1e8 + 1 is 1e8 (ulp 8), so c[k] - c[k-1] is 0 or 8, not x[k]; JAX's backward
    graph computes the forward again and runs cumsum's rule as flip(cumsum(flip(g)))."""
    if library == "jax":
        pytest.importorskip("jax")
    path = tmp_path / f"cumsum_{library}.py"
    path.write_text(CUMSUM_MODULES[library])
    result = CliRunner().invoke(cli, ["check", f"{path}:{target}", "--at", "x=[1e8,1,2,3,-1]", "--dtype", "float32", "--json"])
    assert result.exit_code in (0, 1), result.stderr
    (point,) = json.loads(result.stdout)["results"]
    assert point["status"] == "unstable"
    named = [f for f in point["findings"] if f["kind"] != "fd-unreliable"]
    assert named and (named[0]["gradcli_op"] or named[0]["op"]) == "cumsum" and named[0]["phase"] == "forward", named
    assert named[0]["location"] == f"{path}:{CUMSUM_LINE}" and "absorbs" in named[0]["message"]
    assert not [f for f in named if "flip" in f["op"]], named


def test_a_well_conditioned_slogdet_has_nothing_to_blame(tmp_path):
    point, _ = check(tmp_path, "t=1e-12")
    assert point["status"] == "ok"
    # sign * log|det| with det = 2t - 1/4 < 0: -log(1/4 - 2t), slope 2 / (1/4 - 2t)
    assert point["exact_gradient"]["t"] == pytest.approx(2 / (0.25 - 2 * 1e-12), rel=1e-9)
    assert not [f for f in point["findings"] if f["kind"] != "fd-unreliable"], point["findings"]


def test_a_floats_own_rounding_is_an_error_at_any_context_precision():
    """1.0 + 0.125000000001 needs 56 bits; at mpmath's default 53 the exact sum would round onto the float."""
    with mpmath.workprec(200):
        exact = mpmath.mpf(1) + mpmath.mpf(0.125000000001)
    with mpmath.workprec(53):
        error = provenance._relative_error(1.0 + 0.125000000001, exact)
    assert 1e-18 < error < 2e-16
