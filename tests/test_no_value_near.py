"""A NaN that arithmetic makes and that no input moves is the value at every point near: the function has no value
there, so no input has a slope (rounds 74c's and 72d's F1).

A mean over an empty bag is 0 / 0 whatever the embeddings are, and NDCG with every label 0 divides a DCG of 0 by an
ideal DCG of 0 whatever the scores are. gradcli had kept the slopes of the other bags' entries (and 0 for the scores)
as "exact", and beside them called the framework's NaN a wrong rule. A NaN made by a function leaving its real
domain (log(x) at x = -1) still leaves the slopes of the inputs that never reach it (tests/
test_slopes_beside_an_infinite_value.py), and so does a 0 * -inf that one input's move resolves (p log p at p = 0),
and a 0 / 0 a move of the inputs apart resolves (a constant column's standard deviation, round 75d's F2).
"""

import math

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

ONEHOT = np.array([[1.0, 1.0, 0.0], [0.0, 0.0, 0.0], [0.0, 1.0, 1.0]])  # bag 1 is empty


def bag_means(E):
    means = (ONEHOT @ E) / ONEHOT.sum(axis=1, keepdims=True)
    return gnp.sum(gnp.tanh(means))


def ndcg_like(s, labels):
    gain = 2.0 ** labels - 1
    dcg = gnp.sum(gain / gnp.log2(2.0 + gnp.exp(-s)))
    ideal = gnp.sum(gnp.sort(gain)[::-1] / gnp.log2(gnp.arange(2.0, 2.0 + len(gain))))
    return dcg / ideal


def entropy(p):
    return -gnp.sum(p * gnp.log(p))


def _checked(fun, point, wrt=None):
    [result] = gradcli.check(fun, [point], dtypes=["float64"], wrt=wrt, fixes=False).results
    assert result.status == "domain", [f.message for f in result.findings]
    return result


def _entries(value):
    return [float(e) for e in np.ravel(np.asarray(value, dtype=object))]


def test_a_mean_over_an_empty_bag_has_no_slope_anywhere():
    result = _checked(bag_means, {"E": [[0.1, 0.2], [0.3, -0.4], [0.5, 0.6]]})
    assert all(math.isnan(e) for e in _entries(result.exact_gradient["E"])), result.exact_gradient
    domain = next(f for f in result.findings if f.kind == "domain" and f.phase == "forward")
    assert "the NaN comes from divide at test_no_value_near.py:24" in domain.message
    assert "no value anywhere near" in domain.message
    assert result.gradient_status != "wrong"


def test_ndcg_with_every_label_zero_has_no_slope_in_the_scores():
    result = _checked(ndcg_like, {"s": [0.5, 0.3, -0.2], "labels": [0.0, 0.0, 0.0]}, wrt=["s"])
    assert all(math.isnan(e) for e in _entries(result.exact_gradient["s"])), result.exact_gradient
    assert result.gradient_status != "wrong"


def test_a_nan_one_input_resolves_keeps_the_slopes_beside_it():
    # p[0] log p[0] at 0 is 0 * -inf, but p[0] = 1e-300 has a value: p[1] and p[2] keep -(log p + 1)
    result = _checked(entropy, {"p": [0.0, 0.5, 0.5]})
    p0, p1, p2 = _entries(result.exact_gradient["p"])
    assert math.isnan(p0)
    assert p1 == pytest.approx(-(math.log(0.5) + 1), rel=1e-12) and p2 == p1


def kl_divergence(p, q):
    return gnp.sum(p * gnp.log(p / q))


def ratio_of_products(x, y, z):
    return x * y / (x * y) + z ** 2


def test_a_kl_term_with_p_zero_keeps_the_slopes_beside_it_and_its_nan_rule_is_wrong():
    # 0 * log(0 / q) is NaN for every q, but its zero is the limit the program means: q keeps -p / q, and the rule's
    # NaN in q[0] (log's 1 / 0 times the upstream 0) is a wrong rule, as it always was
    [result] = gradcli.check(kl_divergence, [{"p": [0.0, 0.5, 0.5], "q": [0.2, 0.3, 0.5]}], dtypes=["float64"],
                             wrt=["q"], fixes=False).results
    assert result.gradient_status == "wrong", [f.message for f in result.findings]
    assert _entries(result.exact_gradient["q"]) == [0.0, pytest.approx(-0.5 / 0.3), pytest.approx(-1.0)]


def test_a_nan_that_moving_every_input_at_once_resolves_is_no_nan_everywhere():
    # x y / (x y) at x = y = 0 is 0 / 0 along each of x and y alone, but 1 beside them: z keeps 2 z
    result = _checked(ratio_of_products, {"x": 0.0, "y": 0.0, "z": 3.0})
    assert float(result.exact_gradient["z"]) == pytest.approx(6.0, rel=1e-12)
    assert math.isnan(float(result.exact_gradient["x"])) and math.isnan(float(result.exact_gradient["y"]))


def scipy_softmax_all_masked(s, y):
    import gradcli.scipy.special as gss

    return gnp.sum(gss.softmax(s + np.array([-np.inf] * 3)) * np.array([1.0, 2.0, 3.0])) + y ** 2


def test_scipy_s_softmax_over_a_row_all_masked_is_judged_by_the_ops_it_is_made_of():
    # SciPy's value op and its composite's -inf - (-inf) both make the NaN; the composite's op tells the kind
    result = _checked(scipy_softmax_all_masked, {"s": [0.1, 0.2, 0.3], "y": 3.0})
    assert math.isnan(float(result.exact_gradient["y"])), result.exact_gradient


def standardised_columns(z, y):
    a = (z - gnp.mean(z, axis=0)) / gnp.std(z, axis=0)
    return gnp.sum(a**2) + gnp.sum(y**2)


def test_a_constant_column_moves_off_its_0_over_0_when_its_entries_move_apart():
    # std of a constant column is 0: 0 / 0 at the point, but any move of its entries apart mends it (round 75d's F2);
    # moved by one step each, as alternating signs over a row-major array move a column, it stays constant
    result = _checked(standardised_columns, {"z": [[0.5, 0.25], [-0.3, 0.25], [0.8, 0.25]], "y": [1.0, 2.0]})
    assert [float(e) for e in result.exact_gradient["y"]] == [2.0, 4.0]
    assert not any("no value anywhere near" in f.message for f in result.findings), [f.message for f in result.findings]


def barron_as_written(x, alpha):
    b = gnp.abs(alpha - 2)
    return gnp.sum(b / alpha * ((x**2 / b + 1) ** (alpha / 2) - 1))


def test_a_zero_ops_make_of_the_inputs_times_an_infinity_is_no_value_anywhere_near():
    # at alpha = 0, |alpha - 2| / alpha = 2 / 0 is inf and pow(u, 0) - 1 is 0 for every x: inf * 0 at every x near, no
    # 0 the program means (round 101d's F1: a proof's beside-the-pole slope 0 had made x's exact gradient [0, 0])
    result = _checked(barron_as_written, {"x": [0.5, -2.0], "alpha": 0.0}, wrt=["x"])
    assert all(math.isnan(e) for e in _entries(result.exact_gradient["x"])), result.exact_gradient
    domain = next(f for f in result.findings if f.kind == "domain" and f.phase == "forward")
    assert "the NaN comes from multiply at test_no_value_near.py:" in domain.message
    assert "no value anywhere near" in domain.message
    assert result.gradient_status != "wrong"


def weibull_log_density(lam, k, t):
    return gnp.log(k / lam) + (k - 1) * gnp.log(t / lam) - (t / lam) ** k


def relu_entropy(x, y):
    r = gnp.maximum(x, 0.0)
    return r * gnp.log(r) + y**2


def masked_entropy(logits):
    masked = gnp.where(np.array([True, True, False]), logits, -np.inf)
    shifted = masked - gnp.max(masked)
    total = gnp.sum(gnp.exp(shifted))
    return -gnp.sum(gnp.exp(shifted) / total * (shifted - gnp.log(total)))


def test_a_zero_of_held_data_or_a_logarithms_zero_times_an_infinity_stays_the_zero_the_program_means():
    # (k - 1) log(t / lam) at a held k = 1 and t = 0 is 0 * -inf for every lam: the exponential case the program
    # means, lam keeps d/dlam log(1 / lam) = -1 / lam; r log r at r = relu(x) = 0 has its limit 0 however r gets there
    result = _checked(weibull_log_density, {"lam": 2.0, "k": 1.0, "t": 0.0}, wrt=["lam"])
    assert float(result.exact_gradient["lam"]) == pytest.approx(-0.5, rel=1e-12), result.exact_gradient
    # a masked action's share exp(-inf) / total times its log-share -inf, both made of the logits: the masked logit,
    # which the where drops, keeps slope 0 (round 70d)
    result = _checked(masked_entropy, {"logits": [0.5, -0.3, 1.0]})
    assert _entries(result.exact_gradient["logits"])[2] == 0.0, result.exact_gradient
    assert not any("no value anywhere near" in f.message for f in result.findings), [f.message for f in result.findings]
    result = _checked(relu_entropy, {"x": -1.0, "y": 3.0})
    assert float(result.exact_gradient["y"]) == pytest.approx(6.0, rel=1e-12), result.exact_gradient
    assert not any("no value anywhere near" in f.message for f in result.findings), [f.message for f in result.findings]


def relu_times_infinity(x, y):
    return gnp.exp(-gnp.maximum(-x, 0.0) * np.inf) + y


def product_times_infinity(x, y, z):
    return gnp.maximum(x * y, 0.0) * np.inf + z


def test_a_nan_one_side_of_the_inputs_resolves_is_no_nan_everywhere():
    # relu(-x) * inf is 0 * inf as x rises, inf below 0 (exp of -inf: 0, the value y): y keeps its slope 1 (review)
    result = _checked(relu_times_infinity, {"x": 0.0, "y": 2.0})
    assert float(result.exact_gradient["y"]) == 1.0, result.exact_gradient
    assert not any("no value anywhere near" in f.message for f in result.findings), [f.message for f in result.findings]
    # relu(x y) * inf stays 0 * inf where x and y move apart, and is inf where they move alike, whichever way both go
    result = _checked(product_times_infinity, {"x": 0.0, "y": 0.0, "z": 1.5})
    assert float(result.exact_gradient["z"]) == 1.0, result.exact_gradient
