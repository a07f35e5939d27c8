"""Round 34c's findings, each as a class.

Z1: Hurwitz's zeta(s, q) lost its slope in s where its value is its first term to many digits. The slope was
mpmath's difference quotient of the values (94 bits in a float dtype, the working precision in an exact run), and
zeta(300, 1) = 1 + 2^-300 + ...: the two values a step apart agree in every bit those precisions hold, so the slope
came out 0 where it is -log 2 2^-300 = -3.4e-91 (a float64 number), and an exact run climbed for more digits until
--max-time ran out (a Zipf law's first share 1 / zeta(s) at s = 300 and 1000: verdict `error`, and a phantom 0 in
the program's own gradient). The slope is now mpmath's own derivative of the series, -sum log(n + q) (n + q)^-s,
which keeps every digit at any s; Riemann's zeta(s) (q omitted) took it so already. Truths: mpmath.zeta(s, q, 1)
at 60 digits, and the derivative of a sum of the series' terms written here.
"""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps
from gradcli.autodiff import grad


def _series_slope(s, q, terms=40):
    """-sum log(n + q) (n + q)^-s over its first 40 terms: the rest is below 60 digits of the first at s >= 60."""
    with mpmath.workdps(60):
        s, q = mpmath.mpf(s), mpmath.mpf(q)
        return -mpmath.fsum(mpmath.log(n + q) * (n + q) ** -s for n in range(terms))


@pytest.mark.parametrize("s, q", [(300.0, 1.0), (1000.0, 1.0), (300.0, 0.5), (60.0, 1.5)])
def test_hurwitz_zeta_keeps_its_slope_in_s_where_it_is_its_first_term(s, q):
    got = grad(lambda v: gnp.sum(sps.zeta(v, q)))(np.array([s]))[0]
    truth = _series_slope(s, q)
    # one rounding of a 94-bit answer: float64's half ulp
    assert abs(mpmath.mpf(float(got)) - truth) <= abs(truth) * 2 ** -52


def _zipf_first_share(s):
    return gnp.sum(1 / sps.zeta(s, 1.0))


def test_a_zipf_laws_first_share_has_its_exact_slope_at_s_300():
    (result,) = gradcli.check(_zipf_first_share, [{"s": [300.0]}], dtypes=("float64",)).results
    assert result.status == "ok"
    with mpmath.workdps(60):
        truth = -mpmath.zeta(300, 1, 1) / mpmath.zeta(300) ** 2  # 3.4e-91
    exact = mpmath.mpf(float(np.ravel(result.exact_gradient["s"])[0]))
    assert abs(exact - truth) <= abs(truth) * 1e-15


# R1: a root of an exact 0 at one input hid another input's proven-0 slope. The Hellinger distance
# sum((sqrt(p) - sqrt(q))^2) / 2 at p = [0, 0.5], q = [0.25, 0.5] has the slope -inf in p[0] (sqrt's at 0, the edge
# of its domain) and exactly 0 in p[1] and q[1] (sqrt(0.5) - sqrt(0.5) = 0). Only a run on proof numbers proves
# those 0s, and in the run at the point's own numbers sqrt(0) is a cone's tip with no slope along any seed, p[1]'s
# too, which leaves p[0] where it is: the proof failed, differences never settle a 0, and the check ended with no
# exact reference (verdict `error`). An input's own seed of 0 now stands still through the tip (slope 0 along it),
# so the 0s are proven and the point is `domain`, its infinite slope at sqrt's edge.

HELLINGER = """import gradcli.numpy as gnp


def hellinger(p, q):
    return gnp.sum((gnp.sqrt(p) - gnp.sqrt(q)) ** 2) / 2
"""


def test_a_proven_zero_slope_beside_a_square_root_at_zero(tmp_path):
    path = tmp_path / "divergences.py"
    path.write_text(HELLINGER)
    (result,) = gradcli.check(f"{path}:hellinger", [{"p": [0.0, 0.5], "q": [0.25, 0.5]}], dtypes=("float64",)).results
    assert result.status == "domain"
    p, q = (np.ravel(result.exact_gradient[name]) for name in ("p", "q"))
    assert p[0] == -np.inf and p[1] == 0 and q[1] == 0  # the 0s proven, so exact
    assert q[0] == 0.5  # (1 - sqrt(p0 / q0)) / 2, a binary number


def _soft_argmax(scores, temperature):
    return gnp.sum(sps.softmax(scores / temperature) * np.array([0.0, 1.0, 2.0]))


def test_a_finding_whose_inputs_lost_every_digit_says_so_not_nan_times():
    """Soft-argmax at a temperature of 1e-3: softmax's backward subtracts from inputs that lost all their digits
    already, where no ratio of errors is finite; the finding says what happened, in words and numbers that mean it."""
    (result,) = gradcli.check(_soft_argmax, [{"scores": np.array([0.0, 1.0, 0.5]), "temperature": 1e-3}],
                              dtypes=("float64",), fixes=False).results
    assert result.status == "unstable"
    messages = [f.message for f in result.findings]
    assert messages and not any(" nan times" in m or "error inf" in m or "error nan" in m for m in messages), messages
