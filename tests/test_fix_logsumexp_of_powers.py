"""The sum of powers of a number under a log (a total of decibel levels) is fixed as a log-sum-exp, in every framework.

10 log10(sum(10^(L/10))) adds sound (or radio) power levels; written as the
textbook does, 10 ** (L / 10) overflows float64 from L = 3083 dB and float32
from 385 dB, where the total is an ordinary number. b ** u is e^(u log b), so
log(sum(b ** u)) is logsumexp(u log b): offered in NumPy's, PyTorch's,
TensorFlow's and JAX's spelling and re-checked; a power whose base is the
variable (x ** 2) is no such sum. Truth: the total by mpmath.
"""

import textwrap

import mpmath
import pytest

import gradcli

SOURCES = {
    "numpy": '''
        import numpy as np


        def total_level(levels):
            return 10 * np.log(np.sum(10 ** (levels / 10))) / np.log(10.0)


        def log_sum_of_squares(x):
            return np.log(np.sum(x ** 2))
    ''',
    "torch": '''
        import torch


        def total_level(levels):
            return 10 * torch.log(torch.sum(10 ** (levels / 10), dim=0)) / 2.302585092994046
    ''',
    "tensorflow": '''
        import tensorflow as tf


        def total_level(levels):
            return 10 * tf.math.log(tf.reduce_sum(10 ** (levels / 10))) / 2.302585092994046
    ''',
    "jax": '''
        import jax.numpy as jnp


        def total_level(levels):
            return 10 * jnp.log(jnp.sum(10 ** (levels / 10))) / jnp.log(10.0)
    ''',
}
STABLE = {"numpy": "scipy.special.logsumexp(levels / 10 * 2.302585092994046)",
          "torch": "torch.logsumexp(levels / 10 * 2.302585092994046, dim=0)",
          "tensorflow": "tf.math.reduce_logsumexp(levels / 10 * 2.302585092994046)",
          "jax": "jax.scipy.special.logsumexp(levels / 10 * 2.302585092994046)"}
LEVELS = [3100.0, 3095.0, 3000.0]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("decibels")
    for name, source in SOURCES.items():
        (folder / f"levels_{name}.py").write_text(textwrap.dedent(source))
    return folder


@pytest.mark.parametrize("framework", list(SOURCES))
def test_a_decibel_total_that_overflows_is_fixed_as_a_log_sum_exp(folder, framework):
    report = gradcli.check(f"{folder / f'levels_{framework}.py'}:total_level", [{"levels": LEVELS}],
                           dtypes=["float64"])
    result, = report.results
    assert result.status == "unstable"
    with mpmath.workdps(40):
        truth = 10 * mpmath.log10(sum(mpmath.mpf(10) ** (mpmath.mpf(v) / 10) for v in LEVELS))
        assert abs(result.exact_value - truth) / truth < 1e-12
    fix = next(f for f in report.fixes if f.name == "logsumexp")
    assert STABLE[framework] in fix.diff, fix.diff
    assert set(fix.after.values()) == {"ok"} and not fix.partial


def test_a_power_of_the_variable_is_no_decibel_sum(folder):
    report = gradcli.check(f"{folder / 'levels_numpy.py'}:log_sum_of_squares", [{"x": [1e200, 2e200]}],
                           dtypes=["float64"])
    assert not any(f.name == "logsumexp" for f in report.fixes)
