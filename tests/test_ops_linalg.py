"""Linear algebra: products, contractions, einsum, trace/diagonal and numpy.linalg, both modes.

Also: complex norm and vdot (against composites of real and imag and central differences),
every norm order, einsum with repeated indices and optimize, solve with every batching.
"""

import math

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff.values import raw
from gradcli.autodiff import mp as gmp
from each_case import failing_rows
from opcheck import (
    LINALG_CASES,
    assert_close,
    check_case,
    check_grads,
    check_hessian,
    invertible,
    make_args,
    numeric_vjp,
    spd,
)


def test_linalg_op():
    # Every row in a loop (`failing_rows` names each failing op and why): 90 cheap cases as pytest items would cost
    # more in pytest than in the checks.
    assert failing_rows(lambda name, fun, specs: check_case(fun, specs), LINALG_CASES) == {}


SECOND_ORDER = [
    "matmul 2d@2d", "inv", "solve matrix", "det", "slogdet", "cholesky", "norm vector", "norm ord=3"
]


@pytest.mark.parametrize("name", SECOND_ORDER)
def test_linalg_second_order(name):
    (fun, specs) = next((fun, specs) for n, fun, specs in LINALG_CASES if n == name)
    check_case(fun, specs, order=2)


def test_values_match_numpy():
    a, b = make_args([invertible(3), (3, 2)])
    assert np.allclose(gnp.linalg.solve(a, b), np.linalg.solve(a, b), rtol=1e-14)
    assert np.allclose(gnp.linalg.inv(a), np.linalg.inv(a), rtol=1e-14)
    assert gnp.linalg.slogdet(-a)[0] == np.linalg.slogdet(-a)[0]
    s = make_args([spd(3)])[0]
    assert np.allclose(gnp.linalg.cholesky(s), np.linalg.cholesky(s), rtol=1e-14)
    for spec in ["ij,jk->ik", "ij,jk", "kj,ji"]:
        c = b[:, :1] @ b[:, :1].T
        assert np.allclose(gnp.einsum(spec, a, c), np.einsum(spec, a, c))


def test_det_gradient_is_cofactor_matrix():
    a = make_args([invertible(3)])[0]
    cofactors = np.linalg.det(a) * np.linalg.inv(a).T
    assert np.allclose(gradcli.grad(gnp.linalg.det)(a), cofactors, rtol=1e-12)


def test_logdet_hessian_of_spd_matrix():
    check_hessian(lambda a: gnp.linalg.slogdet(a)[1], make_args([invertible(2)])[0])


def test_quadratic_form_and_solve_compose():
    a, x = make_args([spd(3), (3,)])
    def f(a, x):
        return gnp.dot(x, gnp.linalg.solve(a, x)) + gnp.linalg.norm(a @ x)

    check_grads(f, a, x, order=2)


@pytest.mark.parametrize("name", ["inv", "cholesky", "matmul 2d@1d", "einsum ellipsis"])
def test_jacobian_matches_finite_differences(name):
    fun, specs = next((fun, specs) for n, fun, specs in LINALG_CASES if n == name)
    args = make_args(specs)
    jac = gradcli.jacobian(fun)(*args)
    u = np.random.standard_normal(np.shape(fun(*args)))
    assert_close(np.tensordot(u, jac, u.ndim), numeric_vjp(fun, args, 0, u), "u . jacobian")


# einsum(op0, sublist0, op1, sublist1, ..., [output sublist]), with ``einsum`` passed in.
INTERLEAVED_EINSUM = [
    ("matrix product", lambda e, a, b: e(a, [0, 1], b, [1, 2], [0, 2]), [(2, 3), (3, 4)]),
    ("implicit output", lambda e, a, b: e(a, [0, 1], b, [1, 2]), [(2, 3), (3, 4)]),
    ("trace", lambda e, a: e(a, [0, 0]), [(3, 3)]),
    ("ellipsis", lambda e, a, b: e(a, [Ellipsis, 0, 1], b, [1, 2], [Ellipsis, 0, 2]), [(2, 3, 4), (4, 5)]),
    ("capitals and lower case", lambda e, a: e(a, [30, 2], [2]), [(3, 4)]),
]


@pytest.mark.parametrize("name, form, specs", INTERLEAVED_EINSUM, ids=[row[0] for row in INTERLEAVED_EINSUM])
def test_einsum_interleaved_operands_and_sublists(name, form, specs):
    args = make_args(specs)
    np.testing.assert_allclose(form(gnp.einsum, *args), form(np.einsum, *args), rtol=1e-14)
    check_case(lambda *a: form(gnp.einsum, *a), specs, order=2)


# -- complex norm and vdot -------------------------------------------------------------------------


INF = np.inf


RNG = np.random.default_rng(7)


def away_from_kinks(*shape):
    """Entries with 0.3 <= |x| <= 1.5 and no ties in |x| (max, min and abs stay smooth)."""
    return RNG.uniform(0.3, 1.5, shape) * RNG.choice([-1.0, 1.0], shape)


def complex_fd(f, z, h=1e-6):
    """Central differences of a real ``f`` in the core's convention: dL/dx - i dL/dy."""
    z = np.asarray(z, dtype=complex)
    out = np.zeros(z.shape, dtype=complex)
    for index in np.ndindex(z.shape):
        e = np.zeros(z.shape)
        e[index] = h
        dx = (f(z + e) - f(z - e)) / (2 * h)
        dy = (f(z + 1j * e) - f(z - 1j * e)) / (2 * h)
        out[index] = dx - 1j * dy
    return out


def assert_norm_value(x, ord, axis=None, keepdims=False):
    expected = np.linalg.norm(x, ord, axis, keepdims)
    got = gnp.linalg.norm(x, ord, axis, keepdims)
    assert np.shape(got) == np.shape(expected)
    assert np.asarray(got).dtype == np.asarray(expected).dtype
    np.testing.assert_allclose(got, expected, rtol=1e-14, atol=0)


def test_convention_of_complex_gradients():
    # The anchor for everything below: for real L(z), grad = dL/dx - i dL/dy.
    assert gradcli.grad(lambda z: gnp.real(z * z))(1 + 2j) == 2 + 4j


def test_complex_vector_norm_is_the_root_of_the_summed_squared_moduli():
    z = [1 + 2j, 3 - 1j, -2 + 0.5j]
    assert gnp.linalg.norm(z) == pytest.approx(math.sqrt(5 + 10 + 4.25), rel=1e-15)  # sum of |z_k|**2
    assert np.isrealobj(gnp.linalg.norm(z))


def test_complex_norm_gradient_matches_composite_formula():
    z = RNG.standard_normal(4) + 1j * RNG.standard_normal(4)

    def composite(z):
        return gnp.sqrt(gnp.sum(gnp.real(z) ** 2 + gnp.imag(z) ** 2))

    np.testing.assert_allclose(gradcli.grad(gnp.linalg.norm)(z), gradcli.grad(composite)(z), rtol=1e-14)
    np.testing.assert_allclose(gradcli.grad(gnp.linalg.norm)(z), np.conj(z) / np.linalg.norm(z), rtol=1e-14)


@pytest.mark.parametrize("ord", [None, 2, INF, -INF, 1, -1, 0.5, 3])
def test_complex_vector_norms(ord):
    z = away_from_kinks(4) + 1j * away_from_kinks(4)
    assert_norm_value(z, ord)
    expected = complex_fd(lambda v: np.linalg.norm(v, ord), z)
    np.testing.assert_allclose(gradcli.grad(lambda v: gnp.linalg.norm(v, ord))(z), expected, atol=1e-8)


@pytest.mark.parametrize("ord", [None, "fro", "nuc", INF, -INF, 1, -1, 2, -2])
def test_complex_matrix_norms(ord):
    z = away_from_kinks(3, 4) + 1j * away_from_kinks(3, 4)
    assert_norm_value(z, ord)
    expected = complex_fd(lambda m: np.linalg.norm(m, ord), z)
    np.testing.assert_allclose(gradcli.grad(lambda m: gnp.linalg.norm(m, ord))(z), expected, atol=1e-8)


def test_vdot_conjugates_its_first_argument():
    a, b = np.array([1 + 2j, 3j]), np.array([2 - 1j, 1 + 1j])
    assert gnp.vdot(a, b) == np.vdot(a, b) == 3 - 8j
    a2, b2 = RNG.standard_normal((2, 3)) + 1j * RNG.standard_normal((2, 3)), RNG.standard_normal(6) + 0j
    assert gnp.vdot(a2, b2) == pytest.approx(np.vdot(a2, b2), rel=1e-14)


@pytest.mark.parametrize("part", [gnp.real, gnp.imag], ids=["real", "imag"])
def test_vdot_gradients_match_composite_formula(part):
    a = RNG.standard_normal(3) + 1j * RNG.standard_normal(3)
    b = RNG.standard_normal(3) + 1j * RNG.standard_normal(3)

    def composite(a, b):  # conj(a) spelled with real and imag
        return part(gnp.sum((gnp.real(a) - 1j * gnp.imag(a)) * b))

    for k in (0, 1):
        got = gradcli.grad(lambda a, b: part(gnp.vdot(a, b)), argnums=k)(a, b)
        np.testing.assert_allclose(got, gradcli.grad(composite, argnums=k)(a, b), rtol=1e-14)
        numpy_part = np.real if part is gnp.real else np.imag
        reference = complex_fd(lambda x: numpy_part(np.vdot(*([x, b] if k == 0 else [a, x]))), [a, b][k])
        np.testing.assert_allclose(got, reference, atol=1e-8)


def test_real_vdot_is_unchanged():
    a, b = RNG.standard_normal((2, 3)), RNG.standard_normal((3, 2))
    check_grads(gnp.vdot, a, b)


@pytest.mark.parametrize("op", ["dot", "matmul", "inner", "vdot"])
def test_list_constant_operand_of_a_vector_product(op):
    # The rule must not multiply g by the raw operand: a Python list cannot be scaled.
    f = getattr(gnp, op)
    x = np.array([3.0, 4.0])
    np.testing.assert_array_equal(gradcli.grad(lambda x: f([1.0, 2.0], x))(x), [1.0, 2.0])
    np.testing.assert_array_equal(gradcli.grad(lambda x: f(x, [1.0, 2.0]))(x), [1.0, 2.0])


# -- every norm order, values and gradients --------------------------------------------------------


VECTOR_ORDS = [None, 2, INF, -INF, 0, 1, -1, 0.5, 3, -2.5]


MATRIX_ORDS = [None, "fro", "nuc", INF, -INF, 1, -1, 2, -2]


VECTOR_CASES = [((5,), None), ((5,), 0), ((5,), -1), ((2, 3, 4), 1), ((2, 3, 4), -1)]


MATRIX_CASES = [((3, 4), None), ((4, 3), (1, 0)), ((2, 3, 4), (1, 2)), ((2, 3, 4), (2, 0)), ((2, 3, 4), (-1, -3))]


def test_matrix_inf_norm_is_the_largest_row_sum():
    m = np.array([[0.0, 1, 2], [3, 4, 5]])
    assert gnp.linalg.norm(m, INF) == 12.0 == np.linalg.norm(m, INF)


NORM_CASES = [("vector", ord, VECTOR_CASES) for ord in VECTOR_ORDS] + [
    ("matrix", ord, MATRIX_CASES) for ord in MATRIX_ORDS
]


@pytest.mark.parametrize(
    "ord, cases", [c[1:] for c in NORM_CASES], ids=[f"{c[0]} ord={c[1]}" for c in NORM_CASES]
)
def test_norm_value_and_gradients(ord, cases):
    for shape, axis in cases:
        for keepdims in (False, True):
            x = away_from_kinks(*shape)
            assert_norm_value(x, ord, axis, keepdims)
            fun = lambda x: gnp.linalg.norm(x, ord, axis, keepdims)  # noqa: E731
            if ord == 0:  # a count of nonzeros: piecewise constant
                assert np.all(gradcli.grad(lambda x: gnp.sum(fun(x)))(x) == 0)
            else:
                check_grads(fun, x, label=f"shape {shape}, axis={axis}, keepdims={keepdims}: ")


def test_spectral_and_nuclear_gradients_are_the_singular_vectors():
    a = RNG.standard_normal((4, 3))
    u, s, vh = np.linalg.svd(a, full_matrices=False)
    np.testing.assert_allclose(gradcli.grad(lambda a: gnp.linalg.norm(a, 2))(a), np.outer(u[:, 0], vh[0]), atol=1e-14)
    np.testing.assert_allclose(gradcli.grad(lambda a: gnp.linalg.norm(a, "nuc"))(a), u @ vh, atol=1e-14)


def test_norm_keeps_dtype_and_measures_integers_as_floats():
    for ord in (None, 1, INF, 2, "nuc"):
        assert_norm_value(np.arange(6, dtype=np.float32).reshape(2, 3), ord)
        assert_norm_value(np.arange(6).reshape(2, 3), ord)
    assert_norm_value(np.arange(4), 0.5)


@pytest.mark.parametrize("ord", [2, -2, "nuc"])
def test_second_derivative_through_singular_values(ord):
    # The singular values' rule is differentiated through the svd: U and V are not constants.
    check_case(lambda a: gnp.linalg.norm(a, ord), [(4, 3)], order=2)
    check_grads(lambda a, b: gnp.linalg.norm(a + 1j * b, ord), *make_args([(3, 2), (3, 2)]), order=2)


def test_svd_of_a_traced_complex_matrix_is_numpys():
    a = RNG.standard_normal((4, 3)) + 1j * RNG.standard_normal((4, 3))
    seen = []

    def spy(x):
        u, s, vh = gnp.linalg.svd(x, full_matrices=False)
        seen.append((raw(u), raw(s), raw(vh)))
        return gnp.sum(s)

    gradcli.grad(spy)(a)
    for mine, numpys in zip(seen[0], np.linalg.svd(a, full_matrices=False)):
        np.testing.assert_allclose(mine, numpys, atol=1e-13)


@pytest.mark.parametrize(
    "x, ord, axis, message",
    [
        (np.ones(3), "nuc", None, "Invalid norm order 'nuc' for vectors"),
        (np.ones(3), "fro", 0, "for vectors"),
        (np.ones((2, 2)), 3, None, "Invalid norm order"),
        (np.ones((2, 2, 2)), 2, None, "Improper number of dimensions"),
        (np.ones((2, 2)), None, (1, 1), "Duplicate axes"),
        (np.ones((2, 2)), 1, (0, 1, 1), "Improper number of dimensions"),
    ],
)
def test_bad_norm_orders_are_refused_like_numpy(x, ord, axis, message):
    with pytest.raises(ValueError, match=message):
        np.linalg.norm(x, ord, axis)
    with pytest.raises(ValueError, match=message):
        gnp.linalg.norm(x, ord, axis)


# -- einsum: repeated indices and optimize ---------------------------------------------------------


EINSUM_CASES = [
    ("ii", [(3, 3)]),
    ("ii->", [(3, 3)]),
    ("ii->i", [(3, 3)]),
    ("iij->j", [(3, 3, 2)]),
    ("iji->j", [(3, 2, 3)]),
    ("iii->i", [(2, 2, 2)]),
    ("iijj->ij", [(2, 2, 3, 3)]),
    ("ijij->", [(2, 3, 2, 3)]),
    ("ij,jj->i", [(2, 3), (3, 3)]),
    ("ii,i->i", [(3, 3), (3,)]),
    ("bii,i->b", [(2, 3, 3), (3,)]),
    ("...ii->...i", [(2, 3, 3)]),
    ("i...i", [(3, 2, 3)]),
    ("ij,jk", [(2, 3), (3, 4)]),
    ("ij,jk->ik", [(2, 3), (3, 4)]),
    ("ij,jk,k->i", [(2, 3), (3, 4), (4,)]),
    ("...ij,...jk->...ik", [(2, 1, 3, 4), (5, 4, 2)]),
    ("...ik,...j->...j", [(1, 3, 5), (4, 2)]),
]


@pytest.mark.parametrize("optimize", [False, True, "greedy"], ids=str)
@pytest.mark.parametrize("subscripts, shapes", EINSUM_CASES, ids=[c[0] for c in EINSUM_CASES])
def test_einsum_gradients(subscripts, shapes, optimize):
    # Inputs seeded by this case alone, so that they are the same whichever tests an xdist worker ran first.
    rng = np.random.default_rng([7, EINSUM_CASES.index((subscripts, shapes)), [False, True, "greedy"].index(optimize)])
    args = [rng.uniform(-1, 1, shape) for shape in shapes]
    fun = lambda *a: gnp.einsum(subscripts, *a, optimize=optimize)  # noqa: E731
    assert_einsum_value(fun(*args), subscripts, args)
    check_grads(fun, *args, order=2)


def assert_einsum_value(got, subscripts, args):
    """``got`` is the einsum of ``args`` up to the rounding of a sum of products taken in any order.

    An optimized path (BLAS, pairwise contractions) sums in another order than
    the plain loop: each entry may differ from the exact sum by (terms + operands)
    roundings of the sum of its products' magnitudes, however small the entry
    itself (a relative tolerance fails wherever the products cancel).
    """
    want = np.einsum(subscripts, *args)
    terms = np.einsum(subscripts, *(np.ones_like(a) for a in args))
    magnitude = np.einsum(subscripts, *(np.abs(a) for a in args))
    bound = 2 * (terms + len(args)) * np.finfo(np.float64).eps * magnitude
    assert np.shape(got) == np.shape(want)
    assert np.all(np.abs(np.asarray(got) - want) <= bound), np.max(np.abs(np.asarray(got) - want) / bound)


def test_einsum_trace_and_diagonal_gradients():
    a = RNG.standard_normal((3, 3))
    np.testing.assert_array_equal(gradcli.grad(lambda a: gnp.einsum("ii->", a))(a), np.eye(3))
    w = np.array([1.0, 2.0, 3.0])
    np.testing.assert_array_equal(gradcli.grad(lambda a: gnp.sum(gnp.einsum("ii->i", a) * w))(a), np.diag(w))


# -- solve with every batching of a and b ----------------------------------------------------------


SOLVE_CASES = [
    ((3, 3), (3,)),
    ((3, 3), (3, 2)),
    ((2, 3, 3), (3,)),
    ((2, 3, 3), (2, 3, 4)),
    ((2, 3, 3), (3, 4)),
    ((3, 3), (2, 3, 4)),
    ((2, 1, 3, 3), (4, 3, 2)),
]


def _solve_args(shape_a, shape_b):
    n = shape_a[-1]
    return RNG.uniform(-1, 1, shape_a) + n * np.eye(n), RNG.uniform(-1, 1, shape_b)


def test_solve_gradient_with_batched_a_and_vector_b():
    s = _solve_args((2, 3, 3), (3,))[0]
    got = gradcli.grad(lambda a: gnp.sum(gnp.linalg.solve(a, np.ones(3))))(s)
    x = np.linalg.solve(s, np.ones(3))  # d sum(x) / dA = -(A^-T 1) x^T, per matrix
    expected = -np.linalg.solve(np.swapaxes(s, -1, -2), np.ones((2, 3, 1))) * x[..., None, :]
    np.testing.assert_allclose(got, expected, rtol=1e-13)


@pytest.mark.parametrize("shape_a, shape_b", SOLVE_CASES, ids=str)
def test_solve_batched(shape_a, shape_b):
    a, b = _solve_args(shape_a, shape_b)
    np.testing.assert_allclose(gnp.linalg.solve(a, b), np.linalg.solve(a, b), rtol=1e-14)
    check_grads(gnp.linalg.solve, a, b, order=2)


@pytest.mark.parametrize("shape_a, shape_b", [((3, 3), (3,)), ((3, 3), (3, 2)), ((2, 3, 3), (3,)), ((3, 3), (2, 3, 4)), ((2, 3, 3), (2, 3, 2))], ids=str)
def test_solve_batched_on_mpmath_numbers(shape_a, shape_b):
    gmp.enable()
    a, b = _solve_args(shape_a, shape_b)
    to_mp = np.vectorize(mpmath.mpf, otypes=[object])
    # The module's RNG gives each worker other matrices: at 30 digits the difference is NumPy's own rounding,
    # a few ulps times the condition number, which an element near 0 can take past 1e-14 relative.
    with mpmath.workdps(30):
        value = gnp.linalg.solve(to_mp(a), to_mp(b))
    np.testing.assert_allclose(np.asarray(value, dtype=float), np.linalg.solve(a, b), rtol=1e-12, atol=1e-14)


@pytest.mark.parametrize("name", ["eigh", "svd tall", "svd wide batched", "pinv tall"])
def test_decomposition_second_order(name):
    (fun, specs) = next((fun, specs) for n, fun, specs in LINALG_CASES if n == name)
    check_case(fun, specs, order=2)


def test_decompositions_match_numpy_on_plain_values():
    a = make_args([(4, 3)])[0]
    for mine, numpys in zip(gnp.linalg.svd(a), np.linalg.svd(a)):
        assert np.array_equal(mine, numpys)
    assert np.array_equal(gnp.linalg.pinv(a), np.linalg.pinv(a))
    sym = a.T @ a
    for mine, numpys in zip(gnp.linalg.eigh(sym, "U"), np.linalg.eigh(sym, "U")):
        assert np.allclose(mine, numpys, atol=1e-14)


def test_complex_eigh_and_svd_pull_back_the_adjoint():
    rng = np.random.default_rng(4)
    a = rng.standard_normal((3, 3)) + 1j * rng.standard_normal((3, 3))

    def invariants(x):  # eigenvalues, singular values and |U|: free of the vectors' phases
        w, _ = gnp.linalg.eigh(x)
        u, s, _ = gnp.linalg.svd(x, full_matrices=False)
        return gnp.concatenate([w, s, gnp.ravel(gnp.abs(u))])

    out, pullback = gradcli.vjp(invariants, a)
    u = rng.standard_normal(out.shape)
    v = rng.standard_normal(a.shape) + 1j * rng.standard_normal(a.shape)
    h = 1e-6
    numeric = (invariants(a + h * v) - invariants(a - h * v)) / (2 * h)
    assert np.isclose(np.vdot(u, numeric), np.real(np.vdot(np.conj(pullback(u)[0]), v)), rtol=1e-6)


def test_eigh_exact_reference():
    gmp.enable()
    to_mp = np.vectorize(mpmath.mpf, otypes=[object])
    a = make_args([spd(3)])[0]
    w, v = gnp.linalg.eigh(to_mp(a))
    assert np.allclose(np.asarray(w, dtype=float), np.linalg.eigvalsh(a), atol=1e-13)
    assert np.allclose(np.abs(np.asarray(v, dtype=float)), np.abs(np.linalg.eigh(a)[1]), atol=1e-12)


def test_svd_and_pinv_gradients_on_mpmath_numbers_are_the_rules_in_floats():
    # The rules run on mpmath numbers as they run in floats (svd, pinv and the singular values'
    # own rule, which reaches the svd): what the exact reference's rule pass does.
    gmp.enable()
    to_mp = np.vectorize(mpmath.mpf, otypes=[object])
    a = make_args([(4, 3)])[0]
    for op in (gnp.linalg.pinv, lambda x: gnp.linalg.svd(x, compute_uv=False), lambda x: gnp.linalg.norm(x, "nuc")):
        loss = lambda x: gnp.sum(op(x) * op(x))  # noqa: E731
        with mpmath.workdps(30):
            exact = gradcli.grad(loss)(to_mp(a))
        np.testing.assert_allclose(np.asarray(exact, dtype=float), gradcli.grad(loss)(a), rtol=1e-12, atol=1e-13)


@pytest.mark.parametrize("n", [0, 1, 4, 5, -2])
def test_matrix_power_is_numpys_and_its_gradient_the_product_rule(n):
    a = np.array([[1.0, 2.0], [0.5, -0.25]])
    assert np.allclose(gnp.linalg.matrix_power(a, n), np.linalg.matrix_power(a, n), rtol=1e-14, atol=0)
    stacked = np.stack([a, a.T + 1])
    assert np.allclose(gnp.linalg.matrix_power(stacked, n), np.linalg.matrix_power(stacked, n), rtol=1e-14, atol=0)
    # d sum(A^n) / dA = sum_k (A^k)' 1 1' (A^(n-1-k))' for n > 0; for n < 0 the same of B = A^-1 through dB = -B dA B
    m, ones = mpmath.matrix(a.tolist()), mpmath.ones(2, 2)
    base, k = (m, n) if n >= 0 else (mpmath.inverse(m), -n)
    outer = sum((((base ** j).T * ones * (base ** (k - 1 - j)).T) for j in range(k)), mpmath.zeros(2, 2))
    want = outer if n >= 0 else -(base.T * outer * base.T)
    got = gradcli.grad(lambda x: gnp.sum(gnp.linalg.matrix_power(x, n)))(a)
    assert np.allclose(got, np.array(want.tolist(), dtype=float), rtol=1e-12, atol=1e-14)
