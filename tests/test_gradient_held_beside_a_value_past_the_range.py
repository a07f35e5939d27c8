"""A gradient the dtype holds is judged beside a value past the dtype's range, and its verdict is the point's.

A perplexity exp(mean NLL) at a mean NLL of 89 in float32 is 4.49e38, past float32's largest number 3.4e38: no
float32 program can return it, the dtype's limit (domain). Its slopes, 0.5 and +-2.24e38, are float32 numbers, and
the program's exp overflow turns them into inf and NaN: that loss is the program's, as a value the dtype holds lost
beside a slope it cannot hold is (README). At a mean NLL of 90 some slopes (6.1e38) lie past the range too: those
are set apart, as entries without a derivative are, and the 0.5s are judged. Where the slopes the dtype holds come
out right (x^2 at 2e19: the value 4e38 past the range, the slope 4e19 computed exactly), the point stays domain and
fails nothing.
"""

from __future__ import annotations

import textwrap

import pytest

import gradcli

pytest.importorskip("mpmath")

SOURCE = textwrap.dedent(
    """
    import gradcli.numpy as np
    from gradcli.scipy.special import logsumexp

    TARGETS = np.array([2, 0])


    def perplexity(z):
        logp = z - logsumexp(z, axis=-1, keepdims=True)
        nll = -logp[np.arange(2), TARGETS]
        return np.exp(np.mean(nll))


    def square(x):
        return x * x
    """
)


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("past_the_range") / "losses.py"
    path.write_text(SOURCE)
    return path


def _check(module, name, point):
    [result] = gradcli.check(f"{module}:{name}", [point], dtypes=("float32",)).results
    return result


@pytest.mark.parametrize("nll", [89.0, 90.0])
def test_lost_slopes_the_dtype_holds_make_the_point_unstable(module, nll):
    row = [0.0, nll, 0.0, 0.0]
    result = _check(module, "perplexity", {"z": [row, row]})
    assert result.value_status == "domain"  # the value itself is past float32's range
    assert result.status == "unstable", (result.status, [f.message for f in result.findings])
    assert any("beyond float32's range" in f.message for f in result.findings)
    assert any(f.op == "exp" and f"exp({nll}) overflowed" in f.message for f in result.findings), \
        [(f.kind, f.op, f.message) for f in result.findings]
    # the 0.5 slopes (targets 2 and 0 against the logits of 0 they lose to)
    exact = result.exact_gradient["z"]
    assert float(exact[0][0]) == pytest.approx(0.5, rel=1e-12) and float(exact[1][2]) == pytest.approx(0.5, rel=1e-12)


def test_slopes_computed_right_beside_a_value_past_the_range_fail_nothing(module):
    result = _check(module, "square", {"x": 2e19})
    assert result.status == "domain" and result.gradient_status == "ok", (result.status, result.gradient_status)
    assert float(result.exact_gradient["x"]) == pytest.approx(2 * float(__import__("numpy").float32(2e19)), rel=1e-12)
