"""A spectral decomposition meeting a repeated value decides an order at a tie: the one-sided test runs there.

cond [[1, t], [t, 1]] = (1 + |t|) / (1 - |t|): its singular values are |1 + t| and |1 - t|, sorted, so at t = 0,
where they are equal, it has a kink (slopes -2 from the left, 2 from the right). The function is even in t: every
central difference is exactly 0, at every precision, and gradcli's rule there gives 0 too, so nothing disagreed and
the point was `ok`. The upper eigenvalue 1 + |t| by eigvalsh had no verdict. A decomposition whose spectrum repeats at
the point now calls for the one-sided test, as a sort meeting equal entries does; where the function of the spectrum
is smooth there (its trace, log det as a sum of logs, the Frobenius norm), the test finds both slopes 0 and the
point stays `ok`. Truth: the closed forms above.
"""

import pytest

import gradcli

PROGRAM = """import gradcli.numpy as gnp


def _a(t):
    return gnp.array([[1.0, t], [t, 1.0]])


def condition_number(t):
    return gnp.linalg.cond(_a(t))


def by_svd(t):
    s = gnp.linalg.svd(_a(t), compute_uv=False)
    return s[0] / s[-1]


def top(t):
    return gnp.linalg.eigvalsh(_a(t))[1]


def trace(t):
    return gnp.sum(gnp.linalg.eigvalsh(_a(t)))


def log_det(t):
    return gnp.sum(gnp.log(gnp.linalg.eigvalsh(2.0 * _a(t))))


def frobenius(t):
    return gnp.sum(gnp.linalg.svd(_a(t), compute_uv=False) ** 2)
"""


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    path = tmp_path_factory.mktemp("spectrum") / "coupled.py"
    path.write_text(PROGRAM)
    return path


def _check(program, function, t=0.0):
    [result] = gradcli.check(f"{program}:{function}", [{"t": t}], dtypes=("float64",), fixes=False).results
    return result


@pytest.mark.parametrize("function, slopes", [("condition_number", (-2, 2)), ("by_svd", (-2, 2)), ("top", (-1, 1))])
def test_a_function_of_a_sorted_spectrum_has_its_kink_at_the_tie(program, function, slopes):
    result = _check(program, function)
    assert result.status == "domain", (result.findings, result.notes)
    [kink] = [f for f in result.findings if "kink" in f.message]
    assert f"is {slopes[0]} from the left and {slopes[1]} from the right" in kink.message


@pytest.mark.parametrize("function", ["trace", "log_det", "frobenius"])
def test_a_smooth_function_of_the_spectrum_stays_ok_at_the_tie(program, function):
    result = _check(program, function)
    assert result.status == "ok", (result.findings, result.notes)
    assert result.exact_gradient["t"] == 0


def test_beside_the_tie_the_condition_number_has_its_slope(program):
    result = _check(program, "condition_number", 0.5)
    # d/dt (1 + t) / (1 - t) = 2 / (1 - t)^2 = 8
    assert result.status == "ok" and result.exact_gradient["t"] == pytest.approx(8.0, rel=1e-13)
