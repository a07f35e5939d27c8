"""Rolling, triangles, diagonals, joining, splitting, flipping, differences, sorting, angles; NumPy's helpers.

Each row is ``(id, form, specs)`` where ``form(m, *args)`` spells the call
with a module ``m``: ``gradcli.numpy`` for the derivatives (checked against
finite differences, both modes) and NumPy itself for the value.
"""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import mp

from each_case import failing_rows
from opcheck import check_case, make_args, sample, signed


def _scaled_pieces(pieces):
    """The pieces of a split, each times its own factor, joined again: a gradient tells them apart."""
    return gnp.concatenate([p * (k + 1.0) for k, p in enumerate(pieces)], axis=0)


def _ravel_all(pieces):
    return [p.ravel() for p in pieces]


ARRAY_CASES = [
    ("roll", lambda m, x: m.roll(x, 1), [(4,)]),
    ("roll flattened", lambda m, x: m.roll(x, 2), [(2, 3)]),
    ("roll axis", lambda m, x: m.roll(x, -2, axis=1), [(2, 3)]),
    ("roll axes", lambda m, x: m.roll(x, (1, 2), axis=(0, 1)), [(2, 3)]),
    ("tril", lambda m, x: m.tril(x), [(3, 3)]),
    ("tril k=1", lambda m, x: m.tril(x, 1), [(3, 4)]),
    ("tril k=-1 batched", lambda m, x: m.tril(x, -1), [(2, 3, 3)]),
    ("tril of a vector", lambda m, x: m.tril(x), [(3,)]),
    ("triu", lambda m, x: m.triu(x), [(3, 3)]),
    ("triu k=-1", lambda m, x: m.triu(x, k=-1), [(4, 3)]),
    ("triu k=2 batched", lambda m, x: m.triu(x, 2), [(2, 3, 4)]),
    ("diag of a vector", lambda m, x: m.diag(x), [(3,)]),
    ("diag of a vector k=1", lambda m, x: m.diag(x, 1), [(3,)]),
    ("diag of a vector k=-2", lambda m, x: m.diag(x, k=-2), [(2,)]),
    ("diag of a matrix", lambda m, x: m.diag(x), [(3, 4)]),
    ("diag of a matrix k=1", lambda m, x: m.diag(x, 1), [(3, 4)]),
    ("diagflat", lambda m, x: m.diagflat(x, -1), [(2, 2)]),
    ("copy", lambda m, x: m.copy(x) * 2.0, [(2, 3)]),
    ("append flattened", lambda m, x, y: m.append(x, y), [(2, 3), (3,)]),
    ("append axis", lambda m, x, y: m.append(x, y, axis=0), [(2, 3), (1, 3)]),
    ("vstack vectors", lambda m, x, y: m.vstack([x, y]), [(3,), (3,)]),
    ("vstack matrices", lambda m, x, y: m.vstack((x, y, x)), [(2, 3), (1, 3)]),
    ("row_stack", lambda m, x, y: (m.row_stack if m is gnp else m.vstack)([x, y]), [(3,), (2, 3)]),
    ("hstack vectors", lambda m, x, y: m.hstack([x, y]), [(2,), (3,)]),
    ("hstack matrices", lambda m, x, y: m.hstack([x, y]), [(2, 3), (2, 1)]),
    ("hstack numbers", lambda m, x, y: m.hstack([x, y]), [(), ()]),
    ("dstack", lambda m, x, y: m.dstack([x, y]), [(2, 3), (2, 3)]),
    ("dstack vectors", lambda m, x, y: m.dstack([x, y]), [(3,), (3,)]),
    ("column_stack", lambda m, x, y: m.column_stack([x, y]), [(3,), (3, 2)]),
    ("atleast_1d", lambda m, x: m.atleast_1d(x), [()]),
    ("atleast_2d", lambda m, x: m.atleast_2d(x), [(3,)]),
    ("atleast_3d vector", lambda m, x: m.atleast_3d(x), [(3,)]),
    ("atleast_3d matrix", lambda m, x: m.atleast_3d(x), [(2, 3)]),
    ("atleast_2d of two", lambda m, x, y: m.atleast_2d(x, y)[1] * 2.0, [(3,), ()]),
    ("array_split", lambda m, x: m.concatenate([p * (k + 1.0) for k, p in enumerate(m.array_split(x, 3))]), [(7, 2)]),
    (
        "array_split indices axis=1",
        lambda m, x: m.concatenate([p * (k + 1.0) for k, p in enumerate(m.array_split(x, [1, 3], axis=1))], axis=1),
        [(2, 5)],
    ),
    ("vsplit", lambda m, x: m.vsplit(x, 2)[1] * 3.0, [(4, 2)]),
    ("hsplit", lambda m, x: m.hsplit(x, [1])[1] * 3.0, [(2, 3)]),
    ("hsplit vector", lambda m, x: m.hsplit(x, 2)[0] * 3.0, [(4,)]),
    ("dsplit", lambda m, x: m.dsplit(x, 2)[1] * 3.0, [(2, 1, 4)]),
    ("rollaxis", lambda m, x: m.rollaxis(x, 2), [(2, 3, 4)]),
    ("rollaxis start", lambda m, x: m.rollaxis(x, 0, 3), [(2, 3, 4)]),
    ("rollaxis negative", lambda m, x: m.rollaxis(x, -1, 1), [(2, 3, 4)]),
    ("fliplr", lambda m, x: m.fliplr(x), [(2, 3)]),
    ("flipud", lambda m, x: m.flipud(x), [(2, 3)]),
    ("rot90", lambda m, x: m.rot90(x), [(2, 3)]),
    ("rot90 twice", lambda m, x: m.rot90(x, 2), [(2, 3)]),
    ("rot90 back", lambda m, x: m.rot90(x, -1), [(2, 3)]),
    ("rot90 axes", lambda m, x: m.rot90(x, 3, axes=(2, 1)), [(2, 3, 4)]),
    ("diff", lambda m, x: m.diff(x), [(5,)]),
    ("diff n=2", lambda m, x: m.diff(x, 2), [(3, 5)]),
    ("diff axis=0", lambda m, x: m.diff(x, axis=0), [(3, 4)]),
    ("sort", lambda m, x: m.sort(x), [(5,)]),
    ("sort axis=0", lambda m, x: m.sort(x, axis=0), [(3, 4)]),
    ("sort flattened", lambda m, x: m.sort(x, axis=None), [(3, 4)]),
    ("partition", lambda m, x: m.partition(x, 2)[2] * m.ones(1), [(5,)]),
    ("take_along_axis", lambda m, x: m.take_along_axis(x, np.array([[2, 0], [1, 1]]), 1), [(2, 3)]),
    ("take_along_axis broadcast", lambda m, x: m.take_along_axis(x, np.array([[2], [0]]), axis=1), [(2, 3)]),
    ("nan_to_num", lambda m, x: m.nan_to_num(x), [(2, 3)]),
    ("select", lambda m, x, y: m.select([x > 0.5, x < 0], [x, y * x], 0.25), [(5,), (5,)]),
    ("select with a default array", lambda m, x, y: m.select([x > 0], [x], y), [(2, 3), (3,)]),
    ("real_if_close", lambda m, x: m.real_if_close(x + 0j) * 2.0, [(3,)]),
    ("real_if_close of reals", lambda m, x: m.real_if_close(x), [(3,)]),
    ("kron", lambda m, a, b: m.kron(a, b), [(2, 3), (2, 2)]),
    ("kron vectors", lambda m, a, b: m.kron(a, b), [(3,), (2,)]),
    ("kron mixed", lambda m, a, b: m.kron(a, b), [(2,), (2, 3)]),
    ("cross", lambda m, a, b: m.cross(a, b), [(3,), (3,)]),
    ("cross batched", lambda m, a, b: m.cross(a, b), [(4, 3), (3,)]),
    ("cross axis", lambda m, a, b: m.cross(a, b, axis=0), [(3, 2), (3, 2)]),
    ("cross axes", lambda m, a, b: m.cross(a, b, axisa=0, axisb=-1, axisc=0), [(3, 2), (2, 3)]),
    ("angle", lambda m, x, y: m.angle(x + 1j * y), [(3,), (3,)]),
    ("angle in degrees", lambda m, x, y: m.angle(x * 1j + y, deg=True), [(3,), (3,)]),
    ("deg2rad", lambda m, x: m.deg2rad(x), [(3,)]),
    ("radians", lambda m, x: m.radians(x), [(3,)]),
    ("rad2deg", lambda m, x: m.rad2deg(x), [(3,)]),
    ("degrees", lambda m, x: m.degrees(x), [(3,)]),
    ("fabs", lambda m, x: m.fabs(x), [lambda gen: signed(0.2, 2)(gen, (4,))]),
    ("r_", lambda m, x, y: m.r_[x, y, 1.0:3.0] * 2.0, [(2,), (3,)]),
    ("r_ of numbers", lambda m, x, y: m.r_[x, y, x], [(), ()]),
    ("c_", lambda m, x, y: m.c_[x, y], [(3,), (3,)]),
    ("c_ of a matrix", lambda m, x, y: m.c_[x, y], [(3, 2), (3,)]),
    ("pad", lambda m, x: m.pad(x, ((1, 2), (0, 1))), [(2, 3)]),
    ("pad of a vector", lambda m, x: m.pad(x, 2, constant_values=0.5), [(3,)]),
    ("pad per axis", lambda m, x: m.pad(x, (3,), "constant"), [(2, 2)]),
    ("gradient", lambda m, x: m.gradient(x), [(5,)]),
    ("gradient spaced along an axis", lambda m, x: m.gradient(x, 0.5, axis=1), [(3, 4)]),
    ("gradient of a matrix", lambda m, x: m.stack(m.gradient(x)), [(3, 4)]),
    ("gradient of two points", lambda m, x: m.gradient(x), [(2,)]),
    ("linspace", lambda m, a, b: m.linspace(a, b, 5), [(), ()]),
    ("linspace without its endpoint", lambda m, a, b: m.linspace(a, b, 4, endpoint=False), [(), ()]),
    ("linspace of one point", lambda m, a, b: m.linspace(a, b, 1), [(), ()]),
    ("moveaxis of several axes", lambda m, x: m.moveaxis(x, (0, 1), (2, 0)), [(2, 3, 4)]),
    ("clip by keywords", lambda m, x: m.clip(x, a_min=-0.5, a_max=0.5), [lambda gen: signed(0.6, 2)(gen, (4,))]),
]
IDS = [row[0] for row in ARRAY_CASES]
# The tests of every row below try the rows in a loop (`failing_rows` names each failing row and why): a row's check
# costs less than a pytest item of its own.


def test_gradients():
    assert failing_rows(lambda name, form, specs: check_case(lambda *args: form(gnp, *args), specs, order=2), ARRAY_CASES) == {}


def test_values_are_numpys():
    def check(name, form, specs):
        args = make_args(specs)
        ours, numpys = form(gnp, *args), form(np, *args)
        assert np.shape(ours) == np.shape(numpys)
        assert np.asarray(ours).dtype == np.asarray(numpys).dtype
        np.testing.assert_array_equal(ours, numpys)

    assert failing_rows(check, ARRAY_CASES) == {}


# Forms that mpmath numbers go through as they are: not those of complex numbers (angle,
# real_if_close) or fabs (of mpmath numbers not NumPy's), nor those with float constants in
# their answer (r_ of a slice, select's default, clip's bounds).
NOT_ON_MPMATH = ("angle", "angle in degrees", "real_if_close", "fabs", "r_", "select", "clip by keywords")
ON_MPMATH = [row for row in ARRAY_CASES if row[0] not in NOT_ON_MPMATH]


def test_the_exact_reference_runs_them_on_mpmath_numbers():
    mp.enable()

    def check(name, form, specs):
        args = make_args(specs)
        as_mp = [np.vectorize(mpmath.mpf, otypes=[object])(a) if np.ndim(a) else mpmath.mpf(float(a)) for a in args]
        with mpmath.workdps(30):
            out = form(gnp, *as_mp)
            flat = np.ravel(np.asarray(out, dtype=object))
            assert all(isinstance(v, mpmath.mpf) for v in flat), f"not all mpmath numbers: {flat}"
            np.testing.assert_allclose(np.asarray(out, dtype=float), form(np, *args), rtol=1e-14, atol=1e-14)

    assert failing_rows(check, ON_MPMATH) == {}


def test_where_of_a_condition_alone_is_numpys_indices():
    condition = np.array([True, False, True])
    (indices,) = gnp.where(condition)
    np.testing.assert_array_equal(indices, np.where(condition)[0])
    x, y = np.array([1.0, 2.0, 3.0]), np.array([4.0, 5.0, 6.0])
    np.testing.assert_array_equal(gnp.where(condition=condition, x=x, y=y), np.where(condition, x, y))
    with pytest.raises(ValueError, match="both or neither"):
        gnp.where(condition, x)


def test_linspace_gives_no_gradient_to_a_constant_end():
    assert gradcli.grad(lambda a: gnp.sum(gnp.linspace(a, 3.0, 4)))(1.0) == pytest.approx(2.0)
    assert gradcli.grad(lambda b: gnp.sum(gnp.linspace(0.0, b, 3)))(1.0) == pytest.approx(1.5)


def test_nan_to_num_gives_no_gradient_where_it_replaces():
    x = np.array([1.5, np.nan, np.inf, -np.inf, -2.0])
    g = gradcli.grad(lambda x: gnp.sum(gnp.nan_to_num(x, posinf=7.0, neginf=-7.0) * np.arange(1.0, 6.0)))(x)
    np.testing.assert_array_equal(g, [1.0, 0.0, 0.0, 0.0, 5.0])


def test_sort_moves_each_gradient_with_its_element():
    x = np.array([3.0, -1.0, 2.0])
    g = gradcli.grad(lambda x: gnp.sum(gnp.sort(x) * np.array([1.0, 10.0, 100.0])))(x)
    np.testing.assert_array_equal(g, [100.0, 1.0, 10.0])


def test_roll_is_a_primitive_with_both_rules():
    jac = gradcli.jacobian(lambda x: gnp.roll(x, 1))(np.zeros(3))
    np.testing.assert_array_equal(jac, np.roll(np.eye(3), 1, axis=0))


def test_angle_of_real_numbers_is_a_constant():
    g = gradcli.grad(lambda x: gnp.sum(gnp.angle(x) * x))(np.array([-2.0, 0.0, 3.0]))
    np.testing.assert_array_equal(g, [np.pi, 0.0, 0.0])


def test_r_and_c_of_plain_values_are_numpys():
    assert gnp.r_ is not np.r_
    np.testing.assert_array_equal(gnp.r_["0,2", [1, 2], [3, 4]], np.r_["0,2", [1, 2], [3, 4]])
    np.testing.assert_array_equal(gnp.c_[[1, 2], [3, 4]], np.c_[[1, 2], [3, 4]])
    with pytest.raises(TypeError, match="directive"):
        gradcli.grad(lambda x: gnp.sum(gnp.r_["0,2", x, x]))(np.ones(2))


def test_new_ops_are_in_the_catalogue():
    from gradcli.autodiff.catalog import catalogue

    rows = {row.name: row for row in catalogue()}
    for name in IDS:
        op = name.split(" ")[0]
        if op in ("r_", "c_"):
            continue
        assert rows[op].differentiable == "yes", op
    for op in ("identity", "tri", "logspace", "empty_like"):
        assert rows[op].differentiable == "constant", op
    assert (rows["roll"].vjp, rows["roll"].jvp, rows["roll"].kind) == ("rule", "rule", "shape")
    assert (rows["diag"].vjp, rows["diag"].arity) == ("rule", "1")
    assert rows["fabs"].note == "alias of abs"


# -- NumPy's helpers, called on the values under traced ones ------------------------------

HELPERS = [
    ("allclose", lambda x: (x, x + 1e-12)),
    ("isclose", lambda x: (x, [x[0], x[0] + 1.0])),
    ("array_equal", lambda x: (x, x)),
    ("array_equiv", lambda x: (x, x[:1])),
    ("all", lambda x: (x > 0,)),
    ("any", lambda x: ([x[0] > 0, x[1] < 0],)),
    ("argmax", lambda x: (x,)),
    ("argmin", lambda x: (x,)),
    ("argsort", lambda x: (x,)),
    ("argpartition", lambda x: (x, 0)),
    ("argwhere", lambda x: (x > 0,)),
    ("nonzero", lambda x: (x,)),
    ("flatnonzero", lambda x: (x,)),
    ("count_nonzero", lambda x: (x,)),
    ("searchsorted", lambda x: (np.array([0.0, 1.0]), x)),
    ("digitize", lambda x: (x, np.array([0.0, 1.0]))),
    ("lexsort", lambda x: ((x, x),)),
    ("unique", lambda x: (x,)),
    ("isin", lambda x: (x, [x[0]])),
    ("signbit", lambda x: (x,)),
    ("isposinf", lambda x: (x,)),
    ("isneginf", lambda x: (x,)),
    ("isscalar", lambda x: (x[0],)),
    ("iscomplexobj", lambda x: (x,)),
    ("isrealobj", lambda x: (x,)),
    ("iscomplex", lambda x: (x,)),
    ("isreal", lambda x: (x,)),
    ("result_type", lambda x: (x, np.float32)),
    ("can_cast", lambda x: (x, np.float32)),
    ("promote_types", lambda x: (np.float32, np.int64)),
    ("unravel_index", lambda x: (3, (2, 2))),
    ("ravel_multi_index", lambda x: (([1], [1]), (2, 2))),
    ("tril_indices", lambda x: (2,)),
    ("triu_indices", lambda x: (2,)),
    ("diag_indices", lambda x: (2,)),
    ("indices", lambda x: ((2,),)),
    ("array_str", lambda x: (x,)),
    ("array_repr", lambda x: (x,)),
    ("array2string", lambda x: (x,)),
    ("may_share_memory", lambda x: (x, x)),
    ("shares_memory", lambda x: (x, x)),
]


def _plain(value):
    """A helper's answer in a form that compares with ==: arrays as lists, tuples of arrays as lists of lists."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return np.asarray(value).tolist() if isinstance(value, (np.ndarray, np.generic)) else value


def test_numpy_helpers_take_traced_values():
    def check(name, arguments):
        x = np.array([0.5, -1.5])
        seen = []

        def f(x):
            seen.append(getattr(gnp, name)(*arguments(x)))
            return gnp.sum(x * x)

        np.testing.assert_array_equal(gradcli.grad(f)(x), 2 * x)  # the gradient is untouched
        assert _plain(seen[0]) == _plain(getattr(np, name)(*arguments(x)))

    assert failing_rows(check, HELPERS) == {}


def test_dtypes_and_index_helpers_are_numpys():
    names = ("bool_", "int8", "uint8", "intp", "dtype", "floating", "integer", "iinfo", "s_", "index_exp", "mgrid")
    for name in names + ("newaxis", "random", "identity", "tri", "logspace"):
        assert getattr(gnp, name) is getattr(np, name), name
    x = np.arange(6.0).reshape(2, 3)
    np.testing.assert_array_equal(x[gnp.s_[:, 1]], x[:, 1])
    assert gradcli.grad(lambda x: gnp.sum(x[gnp.newaxis] * 2.0))(sample((-1, 1), (2,))).tolist() == [2.0, 2.0]


def test_helpers_are_not_listed_as_ops():
    from gradcli.autodiff.catalog import catalogue

    names = {row.name for row in catalogue()}
    assert not names & {name for name, _ in HELPERS}
    assert not names & {"r_", "c_", "s_", "int8", "dtype"}
