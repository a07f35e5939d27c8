"""The exact run of logsumexp's slope shifts its exps as the float run does, so the provenance pairs them op for op.

A gravity share by softmax, o * softmax(log D - beta d)[0] at d = [800, 900, 1000], loses D and d's slopes p0 (1 - p0)
to the cancellation in the softmax's gradient, whose two paths from one value add up to 1 - p0 = 7e-44 from 1 and
-1. The float run computes the shares as e^(x - max x) (1, 7.4e-44, 4.2e-87); the exact run took e^x itself
(3.7e-348, ...), so the provenance paired the exps, called their inputs "off by 1.0 (relative)" and named exp. The
exact run now shifts by the largest finite entry too; the finding names the add that cancelled.
"""

import textwrap

import mpmath
import numpy as np

import gradcli
from gradcli.autodiff import mp as gmp
from gradcli.autodiff.values import raw

SOURCE = '''
    import gradcli.numpy as np
    from gradcli.scipy import special


    def share(o, D, d, beta):
        return o * special.softmax(np.log(D) - beta * d)[0]
'''


def test_the_lost_slopes_are_told_as_the_gradients_cancellation_not_as_exp(tmp_path):
    path = tmp_path / "gravity.py"
    path.write_text(textwrap.dedent(SOURCE))
    point = {"o": 100.0, "D": np.array([1.0, 2.0, 3.0]), "d": np.array([800.0, 900.0, 1000.0]), "beta": 1.0}
    [result] = gradcli.check(f"{path}:share", [point], dtypes=("float64",)).results
    assert result.status == "unstable"
    messages = [f.message for f in result.findings]
    assert any(m.startswith("cancellation: add(") for m in messages), messages
    assert not any("exp(" in m and "off by" in m for m in messages), messages


def test_the_exact_softmax_weights_are_the_shifted_ones_to_every_digit():
    from gradcli.autodiff.ops_array import _softmax_weights

    gmp.enable()
    with mpmath.workdps(50):
        x = np.array([mpmath.log(200) - 800, mpmath.log(300) - 900, mpmath.mpf("-inf")], dtype=object)
        weights = raw(_softmax_weights(x, None))
        total = mpmath.exp(x[0]) + mpmath.exp(x[1])
        for got, want in zip(weights, [mpmath.exp(x[0]) / total, mpmath.exp(x[1]) / total, mpmath.mpf(0)]):
            assert abs(got - want) <= mpmath.mpf(10) ** -45 * abs(want)
