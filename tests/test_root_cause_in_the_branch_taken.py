"""A 0 that reached a log is traced back through a where into the branch the where took, never the one it dropped.

JAX's ndtr computes both 0.5 erfc(-x / sqrt 2) and 0.5 (1 + erf(x / sqrt 2)) and picks by x: at x = -40 the log of
norm.cdf was said to break by the cancellation 1 + erf(x) = 0 of the branch not taken, the erfc's underflow, the
real root cause, named third (round 62d's note). `provenance._branches_taken` follows each zero entry of a where's
result into the branch chosen there.
"""

import numpy as np
import pytest

import gradcli

SOURCE = '''import gradcli.numpy as np
from gradcli.scipy.special import erf, erfc


def log_cdf(x):
    p = np.where(x < -1.0, 0.5 * erfc(-x / np.sqrt(2.0)), 0.5 * (1.0 + erf(x / np.sqrt(2.0))))
    return np.sum(np.log(p))
'''

JAX = '''import jax.numpy as jnp
from jax.scipy.stats import norm


def log_cdf(x):
    return jnp.sum(jnp.log(norm.cdf(x)))
'''


def _first_finding(tmp_path, source):
    path = tmp_path / "cdf.py"
    path.write_text(source)
    (result,) = gradcli.check(f"{path}:log_cdf", [{"x": np.array([-40.0, 1.0])}], dtypes=["float64"]).results
    assert result.status == "unstable"
    return next(f for f in result.findings if f.phase == "forward")


def test_the_underflow_in_the_branch_taken_is_the_root_cause(tmp_path):
    finding = _first_finding(tmp_path, SOURCE)
    assert finding.kind == "underflow" and "erfc" in finding.message, finding.message
    assert "cancel" not in finding.message


def test_jax_ndtr_names_its_erfc(tmp_path):
    pytest.importorskip("jax")
    finding = _first_finding(tmp_path, JAX)
    assert "erfc" in finding.message and "underflowed" in finding.message, finding.message
