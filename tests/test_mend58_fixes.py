"""Four mends: a float cast is the identity in an exact run, ``.item()``/``.tolist()`` on a differentiated value
refused as ``float()`` is, a step's whole number past float64's range taken out as a float named, one home for an
mpmath number's exact fraction."""

import json
from fractions import Fraction

import flint
import mpmath
import numpy as np
import pytest
from click.testing import CliRunner

import gradcli
import gradcli.numpy as gnp
from gradcli import grad
from gradcli.autodiff.arb_proof_balls import binary_fraction, exact_fraction
from gradcli.cli import cli


def _only(result):
    (point,) = result.results
    return point


@pytest.mark.parametrize("dtype", ["float32", "float16"])
def test_a_cast_to_a_float_dtype_has_slope_one_in_the_exact_run(dtype):
    def f(x, y):
        return x * gnp.asarray(y).astype(dtype)

    point = _only(gradcli.check(f, {"x": 1.0, "y": 2.0}, dtypes=["float64"]))
    assert point.status == "ok"
    assert point.exact_gradient["y"] == pytest.approx(1.0, rel=1e-12)
    assert point.exact_gradient["x"] == pytest.approx(2.0, rel=1e-12)


def test_a_cast_of_a_vector_keeps_each_entry_exact():
    # 1/3 in float32 is 0.3333333432674407: the exact value is the unrounded sum of squares x . x, which the
    # program's float32 rounding misses by 3e-9 relative (unstable: digits lost, not a wrong rule)
    point = _only(gradcli.check(lambda x: gnp.sum(x.astype("float32") * x), {"x": np.array([1 / 3, 2.0])},
                                dtypes=["float64"]))
    assert point.status == "unstable"
    assert point.exact_value == pytest.approx(1 / 9 + 4, rel=1e-15)
    assert np.allclose(point.exact_gradient["x"], [2 / 3, 4.0], rtol=1e-12)


def test_a_cast_to_integers_stays_a_step():
    point = _only(gradcli.check(lambda x, y: x * gnp.asarray(y).astype("int64"), {"x": 1.0, "y": 2.5},
                                dtypes=["float64"]))
    assert point.status == "ok"
    assert point.exact_gradient["y"] == 0
    assert point.exact_value == 2


def test_a_method_that_hands_out_python_numbers_is_refused_as_float_is():
    with pytest.raises(TypeError, match=r"`x\.item\(\)` converts a value gradcli is differentiating"):
        grad(lambda x: x.item())(1.0)
    with pytest.raises(TypeError, match=r"`x\.tolist\(\)` converts a value gradcli is differentiating"):
        grad(lambda x: gnp.sum(gnp.asarray(x.tolist())))(np.ones(2))


def test_tolist_in_a_plain_numpy_module_is_followed_and_its_misuse_names_the_users_line(tmp_path):
    """``y.tolist()`` of an array is followed as its numbers; of a number it is one float, which ``sum`` cannot
    iterate in NumPy's run either, and the error names the user's line."""
    source = tmp_path / "item_user.py"
    source.write_text("import numpy as np\n\n\ndef g(x, y):\n    return x * sum(y.tolist())\n")
    out = CliRunner().invoke(cli, ["check", f"{source}:g", "--at", "x=2.0,y=[1,2,3]", "--dtype", "float64", "--json"])
    assert out.exit_code == 0, out.output
    (result,) = json.loads(out.stdout)["results"]
    assert result["status"] == "ok"
    assert set(result["exact_gradient"]) == {"x", "y"}  # d/dx = sum(y), d/dy_i = x
    assert result["exact_gradient"]["x"] == pytest.approx(6.0, rel=1e-15)
    assert result["exact_gradient"]["y"] == pytest.approx([2.0, 2.0, 2.0], rel=1e-15)
    out = CliRunner().invoke(cli, ["check", f"{source}:g", "--at", "x=2,y=3", "--dtype", "float64"])
    with pytest.raises(TypeError):
        sum(np.float64(3.0).tolist())
    assert "TypeError" in out.output and "item_user.py:5" in out.output
    assert "AttributeError" not in out.output


def test_a_whole_number_past_float64_taken_out_as_a_float_has_no_exact_reference():
    def f(x):
        return x * float(gnp.floor(x * 1e10))

    point = _only(gradcli.check(f, {"x": 1e300}, dtypes=["float64"]))
    (why,) = [f.message for f in point.findings if f.kind == "undetermined"]
    assert "float() of an exact integer past float64's range" in why
    assert "Error" not in why  # no Python exception's name
    assert point.exact_value is None


def test_a_whole_number_within_float64_still_leaves_as_a_float():
    point = _only(gradcli.check(lambda x: x * float(gnp.floor(x)), {"x": 2.5}, dtypes=["float64"]))
    assert point.status == "ok"
    assert point.exact_gradient["x"] == 2


@pytest.mark.parametrize("number", [0.0, 1.0, -2.5, 1 / 3, -5e-324, 1.7976931348623157e308])
def test_exact_fraction_is_the_floats_own_fraction(number):
    assert exact_fraction(mpmath.mpf(number)) == Fraction(number)


def test_exact_fraction_in_flint_is_the_same_number():

    with mpmath.workprec(200):
        third = mpmath.mpf(1) / 3
    got = binary_fraction(flint, third)
    assert Fraction(int(got.p), int(got.q)) == exact_fraction(third)
    assert exact_fraction(mpmath.mpf("inf")) is None and binary_fraction(flint, mpmath.mpf("nan")) is None
