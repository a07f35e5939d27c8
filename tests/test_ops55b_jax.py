"""JAX's owens_t and hyp2f1 replayed as gradcli's ops (trials19a's finding F1), and a wrong rule named at the call
whose own value is JAX's approximation (F1b: bessel_jn's recurrence, blamed on the line reading its result).

Replayed step by step, owens_t's 13-point quadrature and hyp2f1's series were the exact reference: their seams and
their divergence past z = -1 read as the function's. As gradcli's ops they are Owen's T and Gauss's 2F1: JAX's rule
for T is right; its hyp2f1 at z = -8.3 sums a divergent series (-1.6e222 for 0.99), and its slope in a is the
series of digamma terms at any z, summed past the unit disc where it diverges.
"""

import os

import pytest

import gradcli

pytest.importorskip("jax")

TRIALS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials")
SOURCE = '''
import jax.numpy as jnp
from jax.scipy.special import hyp2f1, owens_t


def owen(h, a):
    return jnp.sum(owens_t(h, a))


def gauss_in_a(a, z):
    return hyp2f1(a, 0.5, 1.0, z)
'''


def _check(target, points, dtypes=("float64",), **options):
    return gradcli.check(target, points, dtypes=dtypes, fixes=False, **options).results


def test_owens_t_is_judged_ok_in_both_arguments(tmp_path):
    path = tmp_path / "owen.py"
    path.write_text(SOURCE)
    (result,) = _check(f"{path}:owen", [{"h": [0.5, -2.0, 40.0], "a": [2.0, 0.3, 0.5]}])
    assert result.status.value == "ok", result.findings
    assert result.exact_gradient_text["h"][2].startswith("-7.31635")  # T's slope at h = 40: -7.3e-349


def test_jaxs_slope_of_hyp2f1_in_a_is_ok_in_the_disc_and_wrong_where_its_series_diverges(tmp_path):
    path = tmp_path / "gauss.py"
    path.write_text(SOURCE)
    # in a alone: JAX's program then sums one digamma series, not three
    near, far = _check(f"{path}:gauss_in_a", [{"a": 3.0, "z": 0.3}, {"a": 3.0, "z": -1.5}], wrt=("a",))
    assert near.status.value == "ok", near.findings
    assert far.status.value == "wrong", far.findings
    assert abs(far.exact_gradient["a"] - -0.07833244803082149) < 1e-12 * 0.08  # mpmath.diff of 2F1(a, 1/2; 1; -1.5)


def test_the_trial_of_students_t_by_hyp2f1():
    """trials19a: Student's t CDF by 2F1 (30 s of piece-by-piece replay before)."""
    module = os.path.join(TRIALS, "jax_lib19a.py")
    inside, outside = _check(f"{module}:student_t_cdf", [{"t": 0.5}, {"t": 5.0}])  # JAX answers -1.6e222 at 5
    assert inside.status.value == "ok" and abs(inside.exact_gradient["t"] - 0.3131809) < 1e-7, inside.findings
    assert outside.status.value == "unstable" and abs(outside.exact_value - 0.9923037810) < 1e-10, outside.findings


def test_a_wrong_rule_of_a_library_approximation_is_named_at_its_call():
    """F1b: JAX's J_1(60) is -0.333 (the recurrence's), J_1's is 0.0466; the line reading it was named."""
    module = os.path.join(TRIALS, "jax_lib19a.py")
    (result,) = _check(f"{module}:airy_intensity", [{"x": [60.0]}])
    assert result.status.value == "wrong"
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    with open(module) as source:
        line = next(n for n, text in enumerate(source, 1) if "bessel_jn(x, v=1)" in text)
    assert finding.location.endswith(f"jax_lib19a.py:{line}"), finding
    assert "computes its value otherwise than the function" in finding.message
