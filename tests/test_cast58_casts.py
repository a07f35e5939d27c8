"""Casts in plain NumPy code: a scalar point reaches the user's function as a NumPy scalar in every run (the finite
differences' steps too), and ``np.float32(v)`` / ``np.float64(v)`` / ``np.float16(v)`` on a differentiated value
is a cast, as ``v.astype`` is, while the same names stay NumPy's dtypes."""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli import grad

CASTS = '''\
import numpy as np


def by_method(x, y):
    return x * y.astype(np.float32)


def by_type(x, y):
    return x * np.float32(y) + np.float64(x) * np.float16(y)
'''


def _only(result):
    (point,) = result.results
    return point


@pytest.fixture(scope="module")
def module_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("cast58") / "casts.py"
    path.write_text(CASTS)
    return path


def test_every_run_hands_a_scalar_point_in_as_a_numpy_scalar():
    plain_kinds = set()

    def f(x, y):
        if not isinstance(x, gradcli.autodiff.values.Box) and type(x).__module__ != "mpmath.ctx_mp_python":
            plain_kinds.add(type(x))
        return x * y

    point = _only(gradcli.check(f, {"x": 2.0, "y": 3.0}, dtypes=["float64"]))
    assert point.fd_gradient == {"x": pytest.approx(3.0), "y": pytest.approx(2.0)}
    assert plain_kinds and plain_kinds <= {np.float64, np.complex128}  # never Python's float or complex


def test_astype_on_a_scalar_point_is_differenced_in_a_plain_module(module_path):
    point = _only(gradcli.check(f"{module_path}:by_method", {"x": 2.0, "y": 3.0}, dtypes=["float64"]))
    assert point.status == "ok"
    assert point.fd_method != "failed", point.notes
    # a float32 cast of each step: its rounding is in the differences, a few parts in 1e3
    assert point.fd_gradient["y"] == pytest.approx(2.0, rel=1e-2)
    assert point.exact_gradient == {"x": pytest.approx(3.0, rel=1e-12), "y": pytest.approx(2.0, rel=1e-12)}


def test_a_numpy_scalar_type_called_on_a_differentiated_value_is_a_cast(module_path):
    point = _only(gradcli.check(f"{module_path}:by_type", {"x": 2.0, "y": 3.0}, dtypes=["float64"]))
    assert point.status == "ok", point.notes
    assert point.exact_gradient == {"x": pytest.approx(6.0, rel=1e-12), "y": pytest.approx(4.0, rel=1e-12)}
    assert grad(lambda x: x * gnp.float16(x))(3.0) == 6.0
    assert grad(lambda v: gnp.sum(v * gnp.float32(v)))(np.array([1.0, 2.0])).tolist() == [2.0, 4.0]


def test_the_scalar_types_stay_numpys_dtypes_and_constructors():
    assert gnp.zeros(2, dtype=gnp.float32).dtype == np.float32
    assert np.zeros(2, dtype=gnp.float16).dtype == np.float16
    assert np.ones(2).astype(gnp.float32).dtype == np.float32
    assert np.finfo(gnp.float32).eps == np.finfo(np.float32).eps
    assert np.ones(2).dtype == gnp.float64 and gnp.float64 == np.float64
    assert isinstance(np.float64(1.0), gnp.float64) and not isinstance(np.float32(1.0), gnp.float64)
    assert type(gnp.float32(2.5)) is np.float32 and gnp.float64() == 0.0


@pytest.mark.parametrize("part, value, gradient", [
    (lambda z: gnp.real(z), 6.0, {"x": 3.0, "y": 2.0}),
    (lambda z: gnp.real(gnp.conj(z)) ** 2, 36.0, {"x": 36.0, "y": 24.0}),
    (lambda z: gnp.imag(z) + gnp.real(z), 6.0, {"x": 3.0, "y": 2.0}),
])
def test_the_parts_of_a_real_number_cast_to_complex_have_an_exact_reference(part, value, gradient):
    # the cast is the identity in an exact run, so real/imag/conj meet a real ball
    point = _only(gradcli.check(lambda x, y: part(x * gnp.asarray(y).astype("complex128")), {"x": 2.0, "y": 3.0},
                                dtypes=["float64"]))
    assert point.status == "ok", point.notes
    assert point.exact_value == pytest.approx(value, rel=1e-12)
    assert point.exact_gradient == {n: pytest.approx(g, rel=1e-12) for n, g in gradient.items()}
