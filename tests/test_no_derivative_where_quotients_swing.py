"""A point where a side's difference quotient swings without settling has no derivative: ``domain``, said so.

sign(x) 2^round(log2 |x|), power-of-two quantization, is continuous at 0, but q(h) / h = 2^(round(log2 h) - log2 h)
runs over [2^-1/2, 2^1/2] in every neighbourhood of 0: its difference quotient there has no limit, and round's
rule 0 (the slope inside each of its steps) is no derivative at a point where its steps pile up. The one-sided test
sees the quotients turn back at steps 10^10 apart, which no side with a slope does (its quotients s + a h + ... come
nearer s in order), and asks again at twice the digits before it stands.
"""

import json
import subprocess
import sys

import mpmath
import pytest

from gradcli.checker.kinks import _swings
from gradcli.checker.precision import Wavers

MODULES = {
    "gradcli": '''
import gradcli.numpy as np


def pow2(x):
    return np.sum(np.sign(x) * 2.0 ** np.round(np.log2(np.abs(x))))
''',
    "numpy": '''
import numpy as np


def pow2(x):
    return np.sum(np.sign(x) * 2.0 ** np.round(np.log2(np.abs(x))))
''',
    "jax": '''
import jax.numpy as jnp


def pow2(x):
    return jnp.sum(jnp.sign(x) * jnp.exp2(jnp.round(jnp.log2(jnp.abs(x)))))
''',
}


def _check(tmp_path, spelling, at):
    path = tmp_path / f"pow2_{spelling}.py"
    path.write_text(MODULES[spelling])
    done = subprocess.run([sys.executable, "-m", "gradcli", "check", f"{path}:pow2", "--at", at, "--dtype", "float64",
                           "--json"], capture_output=True, text=True, timeout=600)
    assert done.returncode in (0, 1), done.stderr
    return json.loads(done.stdout)["results"][0]


@pytest.mark.parametrize("spelling", sorted(MODULES))
def test_power_of_two_quantization_has_no_derivative_at_0(tmp_path, spelling):
    result = _check(tmp_path, spelling, "x=[0.0,-0.7,1.5]")
    assert result["status"] == "domain", result
    # the entries off 0 sit inside round's steps: slope 0, exactly
    assert result["exact_gradient"]["x"] == ["nan", 0.0, 0.0]
    assert "swings up and down" in result["exact_gradient_why"]["x"][0]
    said = " ".join(f["message"] for f in result["findings"])
    assert "has no derivative in x[0]" in said and "swings up and down as the step shrinks" in said, said


def _quotients(f, steps):
    return [(h, f(h) / h) for h in steps]


@mpmath.workdps(80)
def test_quotients_that_come_nearer_a_slope_in_order_do_not_swing():
    steps = [mpmath.mpf(10) ** -k for k in (20, 30, 40, 50)]
    (h1, q1), (h2, q2), *rest = _quotients(lambda h: h + 10**15 * h * h - 10**30 * h ** 3, steps)
    assert _swings([h1, h2], q1, q2, mpmath.mpf(10) ** -40, lambda: [(q, h) for h, q in rest]) is None


@mpmath.workdps(80)
def test_quotients_that_turn_back_swing_and_within_their_rounding_do_not():
    steps = [mpmath.mpf(10) ** -k for k in (20, 30, 40, 50)]
    wavy = lambda h: h * 2 ** (mpmath.nint(mpmath.log(h, 2)) - mpmath.log(h, 2))  # noqa: E731
    (h1, q1), (h2, q2), *rest = _quotients(wavy, steps)
    swung = _swings([h1, h2], q1, q2, mpmath.mpf(10) ** -40, lambda: [(q, h) for h, q in rest])
    assert isinstance(swung, Wavers) and [h for h, _ in swung.quotients] == steps
    # the same turns, but no larger than a million times the quotients' rounding: no claim
    assert _swings([h1, h2], q1, q2, mpmath.mpf(10) ** -8, lambda: [(q, h) for h, q in rest]) is None
