"""eigh of a real symmetric matrix on the exact reference's balls and jets (`gradcli.autodiff.arb_eigh`).

Each eigenvalue and eigenvector is a proven ball holding mpmath's answer (NumPy's
order and signs); on jets, each slope is the derivative of mpmath's decomposition
along the seed. A check of a function of eigh stays on balls; a spectrum the balls
cannot prove simple, or a complex matrix, leaves them for mpmath's path.
"""

import math

import flint
import mpmath
import numpy as np
import pytest

import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core
from gradcli.autodiff import ops_decompositions
from gradcli.autodiff.tracer import primitive_of
from gradcli.checker import balls, exact_python
from gradcli.checker.precision import Exact
from gradcli.checker.targets import resolve

BITS = 300


@pytest.fixture
def precision():
    arb_core.enable()
    with flint.ctx.workprec(BITS), mpmath.workprec(BITS):
        yield


def _eigh(cells, lower):
    return primitive_of(ops_decompositions._eigh_packed).mp(cells, lower)


def _mpmaths(m, lower, bits=2 * BITS):
    with mpmath.workprec(bits):
        return ops_decompositions._eigh_packed_mp_afresh(np.vectorize(mpmath.mpf, otypes=[object])(m), lower)


def _ball(x):
    return flint.arb(mpmath.nstr(x, 200, strip_zeros=False))


def _matrices(count=24, seed=3):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        n = int(rng.integers(1, 6))
        yield rng.normal(size=(n, n)) * 10.0 ** int(rng.integers(-3, 4)), bool(rng.integers(2)), rng


def test_each_eigenvalue_and_eigenvector_is_a_ball_around_mpmaths_answer(precision):
    for m, lower, _ in _matrices():
        got = _eigh(np.vectorize(flint.arb, otypes=[object])(m), lower)
        truth = _mpmaths(m, lower)
        assert got.shape == truth.shape == (m.shape[0] + 1, m.shape[0])
        scale = max(abs(x) for x in truth.flat)
        for ball, exact in zip(got.flat, truth.flat):
            assert ball.contains(_ball(exact)) or abs(float(ball.mid()) - float(exact)) < 1e-150 * float(scale), (
                m, lower, ball, exact)
            assert ball.rad() < 1e-80 * float(scale)


def test_the_slopes_on_jets_are_the_derivative_of_the_decomposition(precision):
    for m, lower, rng in _matrices(seed=5):
        n = m.shape[0]
        tangent = rng.normal(size=(n, n))
        jets = np.empty((n, n), dtype=object)
        for i in range(n):
            for j in range(n):
                jets[i, j] = arb_core.Jet(flint.arb(m[i, j]), np.array([flint.arb(tangent[i, j])], dtype=object))
        got = _eigh(jets, lower)
        step = mpmath.mpf(2) ** -150
        with mpmath.workprec(2 * BITS):
            exact_m = np.vectorize(mpmath.mpf, otypes=[object])(m)
            exact_t = np.vectorize(mpmath.mpf, otypes=[object])(tangent)
            up = ops_decompositions._eigh_packed_mp_afresh(exact_m + step * exact_t, lower)
            down = ops_decompositions._eigh_packed_mp_afresh(exact_m - step * exact_t, lower)
            slopes = (up - down) / (2 * step)
        for jet, slope in zip(got.flat, slopes.flat):
            assert abs(float(jet.d[0].mid()) - float(slope)) <= 1e-40 * (1 + abs(float(slope))), (m, lower, jet, slope)


def _loss(a):
    w, v = gnp.linalg.eigh(a)
    return gnp.sum(w ** 3) + v[0, 1] + gnp.sum(v[:, 2] * v[:, 0] ** 2)


def test_a_check_of_a_function_of_eigh_finds_its_exact_gradient_on_balls():
    a = np.array([[2.0, 0.3, 0.1], [0.3, 1.0, 0.2], [0.1, 0.2, 3.0]])
    result = Exact()
    assert exact_python.compute(resolve(_loss), [a], result, balls.Budget(math.inf)) is True
    assert result.method == "balls" and result.determined and not result.unsettled
    w, v = np.linalg.eigh(a)
    assert float(result.value) == pytest.approx(np.sum(w ** 3) + v[0, 1] + np.sum(v[:, 2] * v[:, 0] ** 2), rel=1e-14)
    (gradient,) = result.gradient
    gradient = np.array(gradient, dtype=float)
    # The upper triangle eigh never reads has a slope of exactly 0, proven so on the jets.
    assert np.all(gradient[np.triu_indices(3, 1)] == 0)
    with mpmath.workprec(200):
        step = mpmath.mpf(2) ** -60
        for i, j in zip(*np.tril_indices(3)):
            moved = [np.vectorize(mpmath.mpf, otypes=[object])(a) for _ in range(2)]
            moved[0][i, j] += step
            moved[1][i, j] -= step
            values = []
            for m in moved:
                packed = ops_decompositions._eigh_packed_mp_afresh(m, True)
                w_m, v_m = packed[0], packed[1:]
                values.append(sum(x ** 3 for x in w_m) + v_m[0, 1] + sum(v_m[k, 2] * v_m[k, 0] ** 2 for k in range(3)))
            assert gradient[i, j] == pytest.approx(float((values[0] - values[1]) / (2 * step)), rel=1e-13)


@pytest.mark.parametrize("matrix, why", [
    (np.eye(3), "not prove distinct"),
    (np.array([[4.0, 1e-300], [1e-300, 4.0]]), "not prove distinct"),  # 4 +- 1e-300: apart, past 300 bits
])
def test_a_spectrum_the_balls_cannot_prove_simple_leaves_them(precision, matrix, why):
    with pytest.raises(arb_core.NoArb, match=why):
        _eigh(np.vectorize(flint.arb, otypes=[object])(matrix), True)


def test_a_repeated_eigenvalue_is_still_judged_on_mpmaths_path():
    a = np.eye(3) * 2.0
    result = Exact()
    assert exact_python.compute(resolve(lambda m: gnp.sum(gnp.linalg.eigvalsh(m) ** 2)), [a], result,
                                balls.Budget(math.inf)) is False
    assert result.method == ""  # nothing filled: the caller's mpmath path answers


def test_a_complex_hermitian_matrix_leaves_the_balls(precision):
    cells = np.array([[flint.arb(2), 1 + 1j], [1 - 1j, flint.arb(3)]], dtype=object)
    with pytest.raises(arb_core.NoArb, match="complex"):
        _eigh(cells, True)


# -- svd and svdvals, through the Gram matrix's eigendecomposition --------------------------------------------------


def _shapes(count=24, seed=11):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        m, n = int(rng.integers(1, 5)), int(rng.integers(1, 5))
        yield rng.normal(size=(m, n)) * 10.0 ** int(rng.integers(-3, 4)), rng


def _svd_prims():
    return primitive_of(ops_decompositions._svd_packed), ops_decompositions.svdvals.prim


def test_each_singular_value_and_vector_is_a_ball_around_mpmaths_answer(precision):
    packed_prim, values_prim = _svd_prims()
    for m, _ in _shapes():
        cells = np.vectorize(flint.arb, otypes=[object])(m)
        exact = np.vectorize(mpmath.mpf, otypes=[object])(m)
        with mpmath.workprec(2 * BITS):
            truths = ops_decompositions._svd_packed_mp(exact), ops_decompositions._svdvals_mp(exact)
        for got, truth in zip((packed_prim.mp(cells), values_prim.mp(cells)), truths):
            assert got.shape == truth.shape
            scale = max(abs(x) for x in truth.flat)
            for ball, value in zip(got.flat, truth.flat):
                assert ball.contains(_ball(value)) or abs(float(ball.mid()) - float(value)) < 1e-150 * float(scale), (
                    m, ball, value)
                assert ball.rad() < 1e-60 * float(scale)


def test_the_singular_values_slopes_on_jets_are_their_derivatives(precision):
    _, values_prim = _svd_prims()
    for m, rng in _shapes(seed=13):
        tangent = rng.normal(size=m.shape)
        jets = np.empty(m.shape, dtype=object)
        for index in np.ndindex(m.shape):
            jets[index] = arb_core.Jet(flint.arb(m[index]), np.array([flint.arb(tangent[index])], dtype=object))
        got = values_prim.mp(jets)
        step = mpmath.mpf(2) ** -150
        with mpmath.workprec(2 * BITS):
            exact_m = np.vectorize(mpmath.mpf, otypes=[object])(m)
            exact_t = np.vectorize(mpmath.mpf, otypes=[object])(tangent)
            slopes = (ops_decompositions._svdvals_mp(exact_m + step * exact_t)
                      - ops_decompositions._svdvals_mp(exact_m - step * exact_t)) / (2 * step)
        for jet, slope in zip(got.flat, slopes.flat):
            assert abs(float(jet.d[0].mid()) - float(slope)) <= 1e-40 * (1 + abs(float(slope))), (m, jet, slope)


def _norms(a):
    return gnp.linalg.norm(a, 2) + gnp.linalg.norm(a, "nuc")


def _singular_vectors(a):
    u, s, vh = gnp.linalg.svd(a, full_matrices=False)
    return gnp.sum(u[:2, 0] * vh[0, :2]) + s[1] ** 2


def _mpmath_loss(loss, a):
    packed, m = ops_decompositions._svd_packed_mp(a), a.shape[0]
    u, s, v = packed[:m], packed[m], packed[m + 1:]
    if loss is _norms:
        return max(s) + sum(s)
    return sum(u[r, 0] * v[r, 0] for r in range(2)) + s[1] ** 2


@pytest.mark.parametrize("loss", [_norms, _singular_vectors])
@pytest.mark.parametrize("a", [np.array([[3.0, 1.0], [0.5, 1.0], [0.2, -0.7]]),
                               np.array([[3.0, 1.0, 0.4], [0.5, 1.0, 2.0]])], ids=["tall", "wide"])
def test_a_check_of_a_function_of_svd_finds_its_exact_gradient_on_balls(loss, a):
    result = Exact()
    assert exact_python.compute(resolve(loss), [a], result, balls.Budget(math.inf)) is True
    assert result.method == "balls" and result.determined and not result.unsettled
    (gradient,) = result.gradient
    gradient = np.array(gradient, dtype=float)
    with mpmath.workprec(200):
        step = mpmath.mpf(2) ** -60
        for index in np.ndindex(a.shape):
            moved = [np.vectorize(mpmath.mpf, otypes=[object])(a) for _ in range(2)]
            moved[0][index] += step
            moved[1][index] -= step
            slope = (_mpmath_loss(loss, moved[0]) - _mpmath_loss(loss, moved[1])) / (2 * step)
            assert gradient[index] == pytest.approx(float(slope), rel=1e-13, abs=1e-300)


@pytest.mark.parametrize("matrix, why", [
    (np.eye(3), "not prove distinct"),  # singular values 1, 1, 1
    (np.array([[1.0, 2.0], [2.0, 4.0], [0.0, 0.0]]), "above 0"),  # rank 1: a singular value 0
])
def test_singular_values_the_balls_cannot_prove_simple_and_positive_leave_them(precision, matrix, why):
    for prim in _svd_prims():
        with pytest.raises(arb_core.NoArb, match=why):
            prim.mp(np.vectorize(flint.arb, otypes=[object])(matrix))


def test_a_stack_of_matrices_is_decomposed_matrix_by_matrix(precision):
    rng = np.random.default_rng(17)
    stack = rng.normal(size=(2, 3, 3))
    balls_of = np.vectorize(flint.arb, otypes=[object])
    packed_prim, values_prim = _svd_prims()
    for run, one_shape in ((lambda c: _eigh(c, True), (4, 3)), (packed_prim.mp, (7, 3)), (values_prim.mp, (3,))):
        got = run(balls_of(stack))
        assert got.shape == (2,) + one_shape
        for k in range(2):
            alone = run(balls_of(stack[k]))
            assert all(a.overlaps(b) and a.rad() < 1e-80 for a, b in zip(got[k].flat, alone.flat))
