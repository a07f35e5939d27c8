"""An input that meets a 0 * log(0) without moving it keeps its slope (round 85c's F1): a 3PL item answered right at
a guessing floor c = 1 is log P + 0 * log(1 - P) with P = 1 for every ability t, a NaN whatever t is. The slope of t
beside that NaN was NaN: the origin's rule handed log's rule a 0, and log's rule made 0 / 0 of it. The NaN's origin
passes nothing back where the slopes beside the NaN are taken."""

import math

import pytest

import gradcli

SOURCE = '''import gradcli.numpy as np


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def right_answer(t, c):
    P = c + (1.0 - c) * sigmoid(t)
    return np.log(P) + 0.0 * np.log(1.0 - P)
'''


def _checked(tmp_path, source, name, point):
    """The float64 check of ``name`` in a module holding ``source``, at ``point``."""
    path = tmp_path / "module.py"
    path.write_text(source)
    [result] = gradcli.check(f"{path}:{name}", [point], dtypes=["float64"], fixes=False).results
    return result


def test_the_ability_keeps_its_slope_beside_zero_times_log_zero(tmp_path):
    result = _checked(tmp_path, SOURCE, "right_answer", {"t": 0.5, "c": 1.0})
    assert result.status == "domain", [f.message for f in result.findings]
    assert result.exact_gradient["t"] == 0.0, result.exact_gradient  # (1 - c) s'(t) / P at c = 1
    assert result.exact_gradient_why.get("c") is not None, result.exact_gradient_why  # c moves the 0: none


ITEMS_SOURCE = '''import gradcli.numpy as np

Y = np.array([1.0, 0.0, 1.0])


def loglik(theta, a, c):
    P = c + (1.0 - c) / (1.0 + np.exp(-a * theta))
    return np.sum(Y * np.log(P) + (1.0 - Y) * np.log(1.0 - P))
'''


def test_the_right_answers_keep_their_slopes_beside_their_entries_of_zero_times_log_zero(tmp_path):
    # the origin is one multiply over the items, NaN in the right answers' entries alone (0 * log 0), -inf in the
    # wrong answer's: the right answers' a keep 0 ((1 - c) times a sigmoid's slope), the wrong answer's log(1 - c) +
    # log(1 - s(a theta)) keeps -theta s(a theta), c has none
    result = _checked(tmp_path, ITEMS_SOURCE, "loglik", {"theta": 0.3, "a": [1.2, 0.8, 1.5], "c": 1.0})
    assert result.status == "domain", [f.message for f in result.findings]
    right_0, wrong, right_2 = result.exact_gradient["a"]
    assert right_0 == right_2 == 0.0, result.exact_gradient
    assert wrong == pytest.approx(-0.3 / (1.0 + math.exp(-0.8 * 0.3)), rel=1e-12), result.exact_gradient


BOXCOX_SOURCE = '''def boxcox(x, lmbda):
    return (x ** lmbda - 1.0) / lmbda
'''


def test_a_zero_over_zero_is_no_limit_the_coordinates_through_it_keep(tmp_path):
    # (x^l - 1) / l at l = 0 is 0 / 0 for every x: x's only path to the value runs through it, and it has no slope
    result = _checked(tmp_path, BOXCOX_SOURCE, "boxcox", {"x": 2.5, "lmbda": 0.0})
    assert result.status == "domain", [f.message for f in result.findings]
    assert math.isnan(result.exact_gradient["x"]), result.exact_gradient


GPD_SOURCE = '''import gradcli.numpy as np


def gpd_logpdf(x, xi):
    return -(1.0 + 1.0 / xi) * np.log1p(xi * x)
'''


def test_a_zero_the_inputs_make_times_a_pole_is_no_zero_the_program_means(tmp_path):
    # log1p(xi x) is 0 at xi = 0 for every x, times 1 / xi's pole: the limit is -x, not the 0 a constant would mean;
    # x has no slope on the line of NaN
    result = _checked(tmp_path, GPD_SOURCE, "gpd_logpdf", {"x": 2.0, "xi": 0.0})
    assert result.status == "domain", [f.message for f in result.findings]
    assert math.isnan(result.exact_gradient["x"]), result.exact_gradient


COUNT_SOURCE = '''import gradcli.numpy as np


def negbin_kernel(k, mu, r):
    return r * np.log(r / (r + mu)) + k * np.log(mu / (r + mu))
'''


@pytest.mark.parametrize("wrt", [None, ["r"]])
def test_an_inputs_own_zero_times_log_zero_leaves_the_others_slopes(tmp_path, wrt):
    # k = 0 counts at mean mu = 0: k log(mu / (r + mu)) is 0 * log 0 whatever r is, and r log(r / (r + mu)) is r log 1:
    # r's slope is 0 (0 * -1/r from the first, log 1 + 0 from the second) with k an input too, as with k held
    path = tmp_path / "module.py"
    path.write_text(COUNT_SOURCE)
    [result] = gradcli.check(f"{path}:negbin_kernel", [{"k": 0.0, "mu": 0.0, "r": 10.0}], dtypes=["float64"],
                             wrt=wrt, fixes=False).results
    assert result.status == "domain", [f.message for f in result.findings]
    assert result.exact_gradient["r"] == 0.0, result.exact_gradient
    if wrt is None:  # k moves the 0 (k log 0 is -inf beside it), mu the log's pole: neither has a slope
        assert math.isnan(result.exact_gradient["k"]) and math.isnan(result.exact_gradient["mu"]), result.exact_gradient


RATIO_SOURCE = '''def ratio(k, mu):
    return k * (1.0 / (mu * k))
'''


def test_an_inputs_zero_times_an_infinity_made_of_it_is_no_zero_the_program_means(tmp_path):
    # k * (1 / (mu k)) is 1 / mu wherever k is not 0: at k = 0 the infinity is made of k itself, and mu's slope there
    # is no 0 held beside a NaN (the limit's -1 / mu^2 is not the program's own either): no slope for mu
    result = _checked(tmp_path, RATIO_SOURCE, "ratio", {"k": 0.0, "mu": 1.0})
    assert result.status == "domain", [f.message for f in result.findings]
    assert math.isnan(result.exact_gradient["mu"]), result.exact_gradient


WEIBULL_SOURCE = '''import gradcli.numpy as np


def log_density(t, k, lam):
    return np.log(k / lam) + (k - 1.0) * np.log(t / lam) - (t / lam) ** k
'''


def test_a_zero_made_of_another_input_is_the_zero_the_program_means(tmp_path):
    # the Weibull density's exponential case k = 1 at t = 0: (k - 1) log(t / lam) is 0 * -inf, NaN for every lam; its
    # 0 is made of k, which the log never reads, so lam keeps -1 / lam from log(k / lam), as a check --wrt lam says
    # (k and t held constants there, the term the log of an exact 0 times 0); k and t move the NaN: none
    result = _checked(tmp_path, WEIBULL_SOURCE, "log_density", {"t": 0.0, "k": 1.0, "lam": 3.0})
    assert result.status == "domain", [f.message for f in result.findings]
    assert result.exact_gradient["lam"] == pytest.approx(-1 / 3.0, rel=1e-12), result.exact_gradient
    assert math.isnan(result.exact_gradient["k"]) and math.isnan(result.exact_gradient["t"]), result.exact_gradient
    [held] = gradcli.check(f"{tmp_path / 'module.py'}:log_density", [{"t": 0.0, "k": 1.0, "lam": 3.0}],
                           dtypes=["float64"], fixes=False, wrt=("lam",)).results
    assert held.exact_gradient["lam"] == pytest.approx(-1 / 3.0, rel=1e-12), held.exact_gradient


SHARES_SOURCE = '''import gradcli.numpy as np


def shannon(n):
    p = n / np.sum(n)
    return -np.sum(p * np.log(p))


def ratio_entropy(x, y):
    r = y / x
    return r * np.log(r) + x


def ratio_times_pole(k, mu):
    return k * (1.0 / (mu * k))
'''


def test_an_absent_species_leaves_the_others_their_shannon_slopes(tmp_path):
    # p1 = 0 / N for every n0, n2: p1 log p1 is 0 * -inf whatever they do, and its limit is 0 however p1 reaches 0
    # (a logarithm's infinity), though the 0 and the log read the same shares: -sum_{k != 1} p_k log p_k keeps
    # d/dn_j = -(log p_j + H') / N terms: -(log(2/3) + H) / 15 and -(log(1/3) + H) / 15 with H = -(2/3 log 2/3 + 1/3
    # log 1/3), as the xlogy spelling says
    result = _checked(tmp_path, SHARES_SOURCE, "shannon", {"n": [10.0, 0.0, 5.0]})
    assert result.status == "domain", [f.message for f in result.findings]
    h = -(2 / 3 * math.log(2 / 3) + 1 / 3 * math.log(1 / 3))
    n0, n1, n2 = result.exact_gradient["n"]
    assert n0 == pytest.approx(-(math.log(2 / 3) + h) / 15, rel=1e-12), result.exact_gradient
    assert n2 == pytest.approx(-(math.log(1 / 3) + h) / 15, rel=1e-12), result.exact_gradient
    assert math.isnan(n1)  # n1 moves the 0: -log p1 grows without bound


def test_a_ratios_entropy_keeps_the_other_inputs_slope_and_a_pole_times_its_zero_does_not(tmp_path):
    result = _checked(tmp_path, SHARES_SOURCE, "ratio_entropy", {"x": 2.0, "y": 0.0})
    assert result.exact_gradient["x"] == 1.0, result.exact_gradient  # r log r -> 0 along x at y = 0
    result = _checked(tmp_path, SHARES_SOURCE, "ratio_times_pole", {"k": 0.0, "mu": 2.0})
    assert math.isnan(result.exact_gradient["mu"]), result.exact_gradient  # k / (mu k) is 1 / mu beside: no 0 meant


CENSORED_SOURCE = '''import gradcli.numpy as np

TIME = np.array([0.0, 2.0, 5.0])
EVENT = np.array([0.0, 1.0, 1.0])


def censored_loglik(k, lam):
    log_h = np.log(k) - np.log(lam) + (k - 1.0) * (np.log(TIME) - np.log(lam))
    return np.sum(EVENT * log_h - (TIME / lam) ** k)
'''


def test_a_held_entry_passes_nothing_back_through_a_broadcast_factor(tmp_path):
    # the subject censored at t = 0: EVENT[0] * log_h[0] = 0 * -inf for every k, lam; k reaches that entry through the
    # scalar (k - 1) times the vector log t - log lam, whose entry -inf must not make k's slope 0 * -inf. The rest:
    # d/dk = sum_{i>0} (1/k + log(t_i / lam)) - sum_i (t_i / lam)^k log(t_i / lam)
    result = _checked(tmp_path, CENSORED_SOURCE, "censored_loglik", {"k": 2.0, "lam": 3.0})
    assert result.status == "domain", [f.message for f in result.findings]
    want = sum(1 / 2 + math.log(t / 3) - (t / 3) ** 2 * math.log(t / 3) for t in (2.0, 5.0))
    assert result.exact_gradient["k"] == pytest.approx(want, rel=1e-12), result.exact_gradient


MADE_ZEROS_SOURCE = '''import gradcli.numpy as np


def absorbed(k, t, y):
    z = (1.0 + 1e-200 * k) - 1.0
    return z * np.log(t) + y * y


def picked(k, t, y):
    z = np.where(k >= 1.0, 0.0 * k, k - 1.0)
    return z * np.log(t) + y * y
'''


@pytest.mark.parametrize("name", ["absorbed", "picked"])
def test_a_zero_no_exact_arithmetic_made_keeps_its_coordinate_no_slope(tmp_path, name):
    # (1 + 1e-200 k) - 1 is 1e-200 k, 0 only to the rounding of 60 or 120 digits: k moves the -inf term. The where's
    # 0 is k - 1 from the left, whose (k - 1) log 0 is +inf there: k has no slope either. y keeps its 6
    result = _checked(tmp_path, MADE_ZEROS_SOURCE, name, {"k": 1.0, "t": 0.0, "y": 3.0})
    assert math.isnan(result.exact_gradient["k"]), result.exact_gradient
    assert result.exact_gradient["y"] == 6.0, result.exact_gradient
