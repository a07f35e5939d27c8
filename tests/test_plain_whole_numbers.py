"""An exact integer leaves gradcli's values as an int: `int(np.floor(x))` and list indexes in a user's function.

In an exact run a step's answer (floor, sign, rint) on a high-precision number is boxed (`plain`) so that its
`.astype(int)` and comparisons stay gradcli's; a conversion of such a box to an int or an index is allowed where the
number is an exact integer, and refused (`TakenOut`, the point without an exact reference) for any other number and
for every float conversion, whose float would compute and compare on in float64.
"""

import textwrap

import mpmath
import pytest

import gradcli
from gradcli.autodiff import arb as arb_core
from gradcli.autodiff import mp
from gradcli.autodiff.plain import TakenOut, kept


@pytest.fixture(autouse=True)
def _balls_on():
    mp.enable()
    arb_core.enable()


def test_an_exact_integer_leaves_as_an_int():
    assert int(kept(mpmath.mpf(-3))) == -3
    assert [10, 20, 30][kept(mpmath.mpf(2))] == 30  # an index
    assert int(kept(mpmath.mpf(2) ** 70)) == 2 ** 70


@pytest.mark.parametrize("number", [mpmath.mpf(1.5), mpmath.mpf(-1) / 3, mpmath.mpf("inf"), mpmath.mpf("nan")])
def test_any_other_number_stays_in(number):
    with pytest.raises(TakenOut):
        int(kept(number))


def test_a_float_never_leaves_even_an_integral_one():
    with pytest.raises(TakenOut):
        float(kept(mpmath.mpf(2)))  # 2.0 > 0 would be a float comparison no ball records


def test_a_users_indexes_from_floor_and_sign_have_an_exact_reference(tmp_path):
    path = tmp_path / "steps.py"
    path.write_text(textwrap.dedent("""
        import gradcli.numpy as np

        def table(x):
            return x ** 2 * [1.0, 2.0, 3.0][int(np.floor(x))]

        def signed(x):
            return x ** 2 * [-1.0, 0.0, 1.0][int(np.sign(x)) + 1]
    """))
    for name, gradient in (("table", 6.0), ("signed", 3.0)):
        result = gradcli.check(f"{path}:{name}", [1.5], dtypes=("float64",))
        assert result.ok, result.results[0].findings
        assert float(result.results[0].exact_gradient["x"]) == gradient
