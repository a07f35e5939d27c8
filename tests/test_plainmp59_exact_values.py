"""Every number the exact reference hands a plain NumPy module's code answers NumPy's array API as the float run's do.

On balls, on mpmath's numbers (the reference's own climb, a kink's sides, the finite differences' rounding replay),
with some inputs held (``--wrt``) and in trees, the user's ``x.astype``, ``x.shape``, ``x.reshape``, ``x.T`` and
``x.dtype`` work on the run's exact numbers (`plain.handed` at the target's call): no AttributeError on a bare mpmath
number, and no NumPy cast of an object array turning them into float64 numbers in disguise.
"""

from __future__ import annotations

import warnings

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.autodiff import arb, plain

MODULE = '''\
import numpy as np


def at_a_tie(x, y):
    return np.maximum(x.astype(np.float32), y)


def using_the_array_api(x, y):
    assert x.shape == () and x.ndim == 0 and x.size == 1
    w = (x * y.reshape(())).reshape(1).T.reshape(()) + x.astype(np.float64)
    return np.maximum(x.astype(np.float32), y) + w * (1 + np.finfo(x.dtype).eps)


def a_vector_cast_to_complex(x):
    return np.imag(x.astype(np.complex128) * 1j).sum()


def parts_of_a_complex_cast(x, y):
    return np.imag(x * y.astype(np.complex128)) + np.real(x * y)


def ndarray_methods(x, y):
    picked = x.take(x.argsort()) * y.repeat(1)[y.argmax()] + np.stack([x, y]).flat[1]
    matrix = np.outer(x, y)
    kept = (x > 0).any() and (y > 0).all()
    return picked.sum() * kept + matrix.diagonal().sum() + matrix.mT.trace() + x.cumprod()[-1] + x.nbytes * 0


def tempered(x, t, w):
    a, b = w.tolist()
    return np.sum(np.exp(x / float(t)) * a + b * w.item(1) + float(t * 2))


def a_tree(params):
    return np.sum(params["w"].astype(np.float32) * params["b"].reshape(-1).T)
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("plainmp59") / "array_api.py"
    path.write_text(MODULE)
    return str(path)


def _only(result):
    (point,) = result.results
    return point


def test_a_tie_of_a_cast_input_is_judged_a_kink(module):
    # the kink test's sides run on mpmath's numbers, which answer x.astype as the float run's do
    point = _only(gradcli.check(f"{module}:at_a_tie", {"x": 1.0, "y": 1.0}, dtypes=["float64"]))
    assert not any("exact reference failed" in note for note in point.notes), point.notes
    assert point.status == "domain"
    assert point.exact_value == 1.0


def test_the_array_api_on_every_exact_path(module):
    point = _only(gradcli.check(f"{module}:using_the_array_api", {"x": 2.0, "y": 3.0}, dtypes=["float64"]))
    assert point.status == "ok", point.notes
    eps = np.finfo(np.float64).eps
    assert point.exact_gradient == {"x": pytest.approx(4 * (1 + eps), rel=1e-14),
                                    "y": pytest.approx(1 + 2 * (1 + eps), rel=1e-14)}


def test_the_mpmath_climb_hands_boxed_numbers(module):
    from gradcli.checker import reference_mpmath
    from gradcli.checker.precision import Exact
    from gradcli.checker.targets import resolve

    target, result = resolve(f"{module}:using_the_array_api"), Exact()
    reference_mpmath.compute_mpmath(target, [np.float64(2.0), np.float64(3.0)], 0, result)
    assert not result.error and result.determined
    assert mpmath.mpf(result.value) == pytest.approx(11 + 8 * np.finfo(np.float64).eps, rel=1e-15)


def test_held_inputs_and_trees_are_boxed_too(module):
    held = _only(gradcli.check(f"{module}:using_the_array_api", {"x": 2.0, "y": 3.0}, dtypes=["float64"], wrt=["x"]))
    assert held.status == "ok", held.notes
    assert held.exact_gradient["x"] == pytest.approx(4.0, rel=1e-12)
    tree = _only(gradcli.check(f"{module}:a_tree", {"params": {"w": np.array([1.0, 2.0]), "b": np.array([[3.0, 5.0]])}},
                               dtypes=["float64"]))
    assert tree.status == "ok", tree.notes
    assert tree.exact_gradient["params.w"] == [pytest.approx(3.0), pytest.approx(5.0)]


@pytest.mark.parametrize("wrt", [None, ["x"]], ids=["all", "y held"])
def test_ndarrays_methods_answer_on_traced_and_exact_values(module, wrt):
    # a.argmax(), a.take(...), a.flat, a.mT ... answered as NumPy's functions of the array
    x, y = np.array([1.0, 2.0]), np.array([3.0, 4.0])
    point = _only(gradcli.check(f"{module}:ndarray_methods", {"x": x, "y": y}, dtypes=["float64"], wrt=wrt))
    assert point.status == "ok", point.notes
    assert point.value == 40.0 == point.exact_value
    # 4 x (+ x1 twice) + y twice (the diagonal, the trace) + (x1, x0) of the product
    assert point.exact_gradient["x"] == [4 + 3 + 3 + 2, 4 + 2 + 4 + 4 + 1]


def test_an_input_held_still_leaves_as_the_float_it_is(module):
    # --wrt x holds t and w: constants of the program, which float(t), w.tolist() and w.item(1) take out as the float
    # run's NumPy values give them; x, differentiated, stays in
    point = _only(gradcli.check(f"{module}:tempered", {"x": np.array([1.0, 2.0]), "t": 2.0, "w": np.array([3.0, 4.0])},
                                dtypes=["float64"], wrt=["x"]))
    assert point.status == "ok", point.notes
    assert point.exact_gradient["x"] == [pytest.approx(3 * np.exp(0.5) / 2, rel=1e-14),
                                         pytest.approx(3 * np.exp(1.0) / 2, rel=1e-14)]


def test_the_variables_search_hands_the_inputs_held(module):
    # once a Variable exists, a check runs the function once more on exact numbers to judge variables= rules: its
    # inputs are held still there, so float(t) and w.tolist() leave as in the float run
    from gradcli.autodiff.tape import Variable

    Variable(1.0)
    point = _only(gradcli.check(f"{module}:tempered", {"x": np.array([1.0, 2.0]), "t": 2.0, "w": np.array([3.0, 4.0])},
                                dtypes=["float64"], wrt=["x"]))
    assert point.status == "ok", point.notes
    point = _only(gradcli.check(f"{module}:at_a_tie", {"x": 1.0, "y": 1.0}, dtypes=["float64"]))
    assert point.status == "domain" and not any("exact reference failed" in note for note in point.notes)


def test_an_object_array_cast_to_complex_stays_exact(module):
    # NumPy's own astype of an object array of mpmath's numbers would make float64 complex numbers of them
    point = _only(gradcli.check(f"{module}:a_vector_cast_to_complex", {"x": np.array([1.0, 2.0])}, dtypes=["float64"]))
    assert point.status == "ok", point.notes
    assert point.exact_gradient["x"] == [1.0, 1.0]


def test_a_real_input_cast_to_complex_takes_the_real_part_of_its_cotangent(module):
    with warnings.catch_warnings():
        warnings.simplefilter("error", np.exceptions.ComplexWarning)
        point = _only(gradcli.check(f"{module}:parts_of_a_complex_cast", {"x": 2.0, "y": 3.0}, dtypes=["float64"]))
    assert point.status == "ok", point.notes
    assert point.gradient == {"x": 3.0, "y": 2.0}


def test_each_kind_of_exact_number_answers_numpys_api():
    arb.enable()
    with mpmath.workdps(30):
        numbers = [mpmath.mpf(3) / 7, arb.ARB(3) / 7, np.array([mpmath.mpf(1) / 3, mpmath.mpf(2)], dtype=object)]
        for number in numbers:
            x = plain.handed(number)
            assert plain.given_back(x) is number
            assert x.dtype == np.float64 and np.finfo(x.dtype).bits == 64
            assert x.shape == np.shape(number) and x.ndim == np.ndim(number)
            assert plain.given_back(x.astype(np.float32)) is number  # rounding's exact counterpart: the number
            assert x.reshape(-1).shape == (np.size(number),) and x.T.shape == x.shape
        z = plain.handed(mpmath.mpc(1, 2))
        assert z.dtype == np.complex128
        tree = plain.handed({"w": [numbers[0], 2.0], "b": (numbers[1],)})
        assert isinstance(tree["w"][0], plain.Plain) and tree["w"][1] == 2.0 and isinstance(tree["b"][0], plain.Plain)
        assert plain.given_back(tree)["b"][0] is numbers[1]
