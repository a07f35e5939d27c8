"""A product with an exact 0 among its factors is 0 by that factor, not by underflow: the root cause named for the
0 / 0 it feeds is the division, never "multiply underflowed (its true value is nonzero)" (round 74c's probe: 0.0 *
exp(x) summed over y = 0). A product of nonzero numbers that rounds to 0 is still named as the underflow it is."""

import gradcli
import gradcli.numpy as gnp


def zero_gain_over_zero(x, y):
    return gnp.sum(0.0 * gnp.exp(x)) / y


def tiny_product_over_itself(x):
    p = gnp.exp(x) * 1e-300
    return gnp.log(p)


def test_a_zero_factor_is_not_called_an_underflow():
    [result] = gradcli.check(zero_gain_over_zero, [{"x": [0.5, 1.0], "y": 0.0}], dtypes=["float64"], wrt=["x"],
                             fixes=False).results
    assert result.status == "domain"
    assert not any(f.kind == "underflow" for f in result.findings), [f.message for f in result.findings]
    # the sum of zeros over y = 0 is 0 / 0 whatever x is: the division is named as where the NaN comes from
    assert any(f.kind == "domain" and "the NaN comes from divide at test_zero_factor_not_underflow.py:10" in f.message
               for f in result.findings), [f.message for f in result.findings]


def test_a_product_of_nonzero_numbers_rounding_to_0_is_an_underflow():
    [result] = gradcli.check(tiny_product_over_itself, [{"x": -100.0}], dtypes=["float64"], fixes=False).results
    assert result.status == "unstable"
    underflows = [f for f in result.findings if f.kind == "underflow"]
    assert underflows and "multiply" in underflows[0].message and "its true value is nonzero" in underflows[0].message
