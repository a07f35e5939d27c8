"""A library call off by under 1000 ulps is named where no op broke and the gradient that exponentiates it is lost.

JAX's log_ndtr at x = -31.66 (a bit error rate at 27 dB) is 2.0e-13 off in its value, -505.56, by its asymptotic
series: too little to name beside an op that broke, but its custom rule's slope exp(-x^2/2 - log_ndtr(x)) / sqrt(2 pi)
turns that 1e-10 absolute into 1e-10 of the gradient, which float64's check does not pass. The explanation names
log_ndtr at its line, not the whole function's rule at its first line (at 26 dB, where it is 6.4e-13 off, it was
named already). Truth: log_ndtr(x) = log(erfc(-x / sqrt 2) / 2), in mpmath.
"""

import mpmath
import pytest

import gradcli

PROGRAM = """import jax.numpy as jnp
from jax.scipy.special import log_ndtr


def log_ber(ebn0_db):
    snr = 10.0 ** (ebn0_db / 10.0)
    return log_ndtr(-jnp.sqrt(2.0 * snr))
"""


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    path = tmp_path_factory.mktemp("ber") / "link.py"
    path.write_text(PROGRAM)
    return path


def test_the_library_call_is_named_at_its_line(program):
    [result] = gradcli.check(f"{program}:log_ber", [{"ebn0_db": 27.0}], dtypes=("float64",), fixes=False).results
    with mpmath.workdps(60):
        db = mpmath.mpf(27)
        snr = mpmath.power(10, db / 10)
        x = -mpmath.sqrt(2 * snr)
        dx = -mpmath.sqrt(2) * mpmath.log(10) / 20 * mpmath.sqrt(snr)  # d(-sqrt(2 snr)) / d(ebn0_db)
        slope = mpmath.exp(-x * x / 2) / mpmath.sqrt(2 * mpmath.pi) / (mpmath.erfc(-x / mpmath.sqrt(2)) / 2) * dx
    assert result.exact_gradient["ebn0_db"] == pytest.approx(float(slope), rel=1e-12)
    assert result.status == "unstable"
    [named] = [f for f in result.findings if "log_ndtr(" in f.message]
    assert named.location.endswith("link.py:7") and "JAX's own approximation lost the digits" in named.message
    assert not any(f.location.endswith("link.py:6") for f in result.findings if f.location)
