"""A softmax row with one entry left by a -inf mask has its weight exactly 1 on the exact reference.

Causal attention masks a score row with -inf; the first query's row then holds
one finite entry x. SciPy's softmax is exp(x - logsumexp(x)), and on balls
log(e^x + 0) is only a ball around x, so the weight 1 and its derivative 0 were
balls around 1 and 0 that no precision proves: no verdict. An entry whose exp is
exactly 0 (-inf) adds nothing, so a slot of a logsumexp with one such survivor
answers that entry itself, and x - logsumexp(x) is an exact 0.
"""

import flint
import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.autodiff import arb

MINIMAL = """import numpy as np
from scipy import special


def weight(x):
    return special.softmax(np.array([x, -np.inf]))[0] * 3.0


def log_weight(x):
    return special.log_softmax(np.array([x, -np.inf]))[0] * 3.0


def by_hand(x):
    e = np.exp(np.array([x, -np.inf, -np.inf]))
    return (e / np.sum(e))[0] * 3.0


def causal(s):
    scores = np.where(np.tril(np.ones((3, 3), dtype=bool)), s, -np.inf)
    return np.sum(special.softmax(scores, axis=-1) @ np.array([1.0, 2.0, 3.0]))
"""

SCORES = [[0.4, 2.0, -1.0], [1.5, -0.3, 9.0], [0.2, 0.7, -1.1]]


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("lone") / "lone_row.py"
    path.write_text(MINIMAL)
    return str(path)


@pytest.mark.parametrize("name", ["weight", "log_weight", "by_hand"])
def test_a_one_entry_row_is_ok_with_an_exact_zero_derivative(module, name):
    (result,) = gradcli.check(f"{module}:{name}", [{"x": 0.7}], dtypes=("float64",)).results
    assert result.status == "ok", result.findings
    assert result.exact_gradient["x"] == 0  # proven: an exact ball, not one near 0


def _causal_truth():
    """d/ds of sum_i softmax(row i of s over j <= i) . v, from each row's weights at 60 digits."""
    v = [1, 2, 3]
    gradient = np.zeros((3, 3))
    with mpmath.workdps(60):
        for i, row in enumerate(SCORES):
            e = [mpmath.exp(mpmath.mpf(z)) for z in row[: i + 1]]
            w = [t / sum(e) for t in e]
            mean = sum(wj * v[j] for j, wj in enumerate(w))
            gradient[i, : i + 1] = [float(wj * (v[j] - mean)) for j, wj in enumerate(w)]
    return gradient


def test_causal_rows_of_one_two_and_three_entries_are_ok_with_the_true_gradient(module):
    (result,) = gradcli.check(f"{module}:causal", [{"s": SCORES}], dtypes=("float64",)).results
    assert result.status == "ok", result.findings
    got = np.array([float(g) for g in np.ravel(result.exact_gradient["s"])]).reshape(3, 3)
    want = _causal_truth()
    assert got[0, 0] == 0 and np.all(got[np.triu_indices(3, 1)] == 0)  # the lone entry and the masked ones: proven 0
    assert np.all(np.abs(got - want) <= 1e-12 * np.abs(want).max())


def test_a_slot_with_one_survivor_answers_that_entry_itself_on_balls_and_jets():
    arb.enable()
    saved = flint.ctx.prec
    flint.ctx.prec = 128
    try:
        x, y, z = flint.arb(0.7) / 3, flint.arb(2), flint.arb(1) / 3
        rows = np.array([[x, -np.inf, y], [z, -np.inf, -np.inf]], dtype=object)
        out = arb._logsumexp(rows, axis=1, keepdims=True)
        assert out.shape == (2, 1) and out[1, 0] is z
        assert abs(float(out[0, 0].mid()) - np.logaddexp(0.7 / 3, 2.0)) < 1e-14
        by_columns = arb._logsumexp(rows, axis=0)
        assert not by_columns[1].is_finite() and by_columns[2] is y  # log(0) stays what it was; y alone in its column
        jet = arb.Jet(z, np.array([flint.arb(1)], dtype=object))
        lone = arb._jet_logsumexp(np.array([[jet, -np.inf]], dtype=object), axis=1)
        assert lone[0] is jet
    finally:
        flint.ctx.prec = saved
