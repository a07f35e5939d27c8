"""The relations between SciPy's special functions are seen by the proof of 0, so an identity built of them is exact.

ndtr is erfc(-x / sqrt 2) / 2 with erf odd, and the 1/sqrt 2 of every rule is
one exact number of the proof (its square 1/2); log_ndtr is the log of that;
gammaln, digamma and trigamma at arguments a whole number apart are related by
the gamma recurrence (gammaln(x + 1) = gammaln(x) + log(x) for x > 0);
log_softmax is z - logsumexp(z) along its axis. A true 0 built of these is
proven 0 (value and slopes); a near miss (a step of 2 where the recurrence has
one log, a different argument) is not.
"""

from __future__ import annotations

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as gsc


def _proven(function, point):
    """``(value proven 0, every slope proven 0)`` of ``function`` at ``point`` (a list of arguments)."""
    from gradcli.autodiff import arb as arb_core
    from gradcli.checker import python_zero
    from gradcli.checker.exact_python import _traced

    arb_core.enable()
    value, slopes = python_zero.proven(lambda *t: _traced(function, t), point)
    return value, all(slopes)


Z = np.array([1.0, 2.0, 3.0])
M = np.array([[1.0, -2.0], [0.5, 4.0]])

IDENTITIES = [
    ("ndtr odd", lambda x: gsc.ndtr(x) + gsc.ndtr(-x) - 1, [3.0]),
    ("ndtr odd, left", lambda x: gsc.ndtr(x) + gsc.ndtr(-x) - 1, [-0.4]),
    ("gamma recurrence", lambda x: gsc.gammaln(x + 1) - gsc.gammaln(x) - gnp.log(x), [2.5]),
    ("gamma recurrence, three steps", lambda x: gsc.gammaln(x + 3) - gsc.gammaln(x) - gnp.log(x * (x + 1) * (x + 2)), [0.7]),
    ("gamma recurrence, downwards", lambda x: gsc.gammaln(x) - gsc.gammaln(x + 2) + gnp.log(x) + gnp.log1p(x), [1.5]),
    ("digamma recurrence", lambda x: gsc.digamma(x + 1) - gsc.digamma(x) - 1 / x, [2.5]),
    ("log_softmax", lambda z: gnp.sum(gsc.log_softmax(z) - z) + 3 * gsc.logsumexp(z), [Z]),
    ("log_softmax along an axis",
     lambda m: gnp.sum(gsc.log_softmax(m, axis=1) - m + gsc.logsumexp(m, axis=1, keepdims=True)), [M]),
    ("log_ndtr", lambda x: gsc.log_ndtr(x) - gnp.log(gsc.ndtr(x)), [0.5]),
    ("log_ndtr, left", lambda x: gsc.log_ndtr(x) - gnp.log(gsc.ndtr(x)), [-3.0]),
    ("log_expit", lambda x: gsc.log_expit(x) - gnp.log(gsc.expit(x)), [1.5]),
]

NEAR_MISSES = [
    ("a step of 2, one log", lambda x: gsc.gammaln(x + 2) - gsc.gammaln(x) - gnp.log(x), [2.5]),
    ("ndtr at another argument", lambda x: gsc.ndtr(x) + gsc.ndtr(-x / 2) - 1, [3.0]),
    ("digamma, the wrong sign", lambda x: gsc.digamma(x + 1) - gsc.digamma(x) + 1 / x, [2.5]),
]


@pytest.mark.parametrize("function, point", [pytest.param(f, p, id=name) for name, f, p in IDENTITIES])
def test_an_identity_of_special_functions_is_proven_0(function, point):
    assert _proven(function, point) == (True, True)


@pytest.mark.parametrize("function, point", [pytest.param(f, p, id=name) for name, f, p in NEAR_MISSES])
def test_a_near_miss_is_not_proven_0(function, point):
    assert _proven(function, point) == (False, False)


MODULE = """
import numpy as np
from scipy import special


def ndtr_pair(x):
    return special.ndtr(x) + special.ndtr(-x)


def gamma_recurrence(x):
    return special.gammaln(x + 1) - special.gammaln(x) - np.log(x)


def log_softmax_sum(z):
    return np.sum(special.log_softmax(z) - z) + z.size * special.logsumexp(z)
"""


@pytest.mark.parametrize("name, point, value, slope", [
    ("ndtr_pair", {"x": 3.0}, 1.0, 0.0),
    ("gamma_recurrence", {"x": 2.5}, 0.0, 0.0),
    ("log_softmax_sum", {"z": Z}, 0.0, [0.0, 0.0, 0.0]),
])
def test_a_scipy_program_of_an_identity_is_ok_with_its_exact_value(tmp_path, name, point, value, slope):
    path = tmp_path / "identities.py"
    path.write_text(MODULE)
    (result,) = gradcli.check(f"{path}:{name}", [point], dtypes=("float64",), fixes=False).results
    assert result.status == "ok", [f.message for f in result.findings]
    assert result.exact_value == value
    (exact,) = result.exact_gradient.values()
    assert list(np.ravel(exact)) == list(np.ravel(slope))
