"""A SciPy function with no proof rule of its own is an atom of the proof with a ball, so a 0 is proven past it.

The symmetric data put the von Mises likelihood's mean at its optimum: d/dmu is
exactly 0. The SciPy function sits in a denominator there (the slope of log I0, or
a quotient by it), and a 0 is proven only where every denominator is proven
nonzero at the point: its atom needs a ball (I0(2) = 2.2795...).
"""

import textwrap

import pytest

import gradcli

MODULE = textwrap.dedent('''
    import numpy as np
    from scipy import special

    DATA = np.array([0.5, -0.5, 0.25, -0.25])


    def log_normaliser(mu, kappa):
        return np.sum(-kappa * np.cos(DATA - mu)) + np.log(special.{name}(kappa))


    def over(mu, kappa):
        return np.sum(np.cos(DATA - mu)) / special.{name}(kappa)
''')


@pytest.mark.parametrize("name", ["i0", "gamma"])
@pytest.mark.parametrize("function", ["log_normaliser", "over"])
def test_a_zero_beside_a_special_function_in_a_denominator_is_proven(tmp_path, name, function):
    (tmp_path / "model.py").write_text(MODULE.format(name=name))
    (result,) = gradcli.check(f"{tmp_path / 'model.py'}:{function}", [{"mu": 0.0, "kappa": 2.0}],
                              dtypes=("float64",), fixes=False).results
    assert result.status == "ok", result
    assert float(result.exact_gradient["mu"]) == 0.0
    assert float(result.exact_gradient["kappa"]) != 0.0
