"""scipy.signal.convolve, scipy.linalg, scipy.integrate.odeint and numpy.linalg.eig: values against SciPy and NumPy,
gradients against central differences (both modes, second order), exact references against mpmath."""

import mpmath
import numpy as np
import pytest
import scipy.integrate
import scipy.linalg
import scipy.signal

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.integrate as integrate
import gradcli.scipy.linalg as linalg
import gradcli.scipy.signal as signal
from gradcli.autodiff import mp as gmp
from opcheck import check_case, check_grads, invertible, make_args, spd


def _mp(a):
    return np.vectorize(mpmath.mpf, otypes=[object])(a)


def _sym(a):
    return (a + gnp.swapaxes(a, -1, -2)) / 2


# -- convolve --------------------------------------------------------------------------------

CONVOLUTIONS = [
    ("1-d full", lambda a, b: signal.convolve(a, b), [(5,), (3,)]),
    ("1-d valid", lambda a, b: signal.convolve(a, b, mode="valid"), [(5,), (3,)]),
    ("1-d valid, the shorter first", lambda a, b: signal.convolve(a, b, mode="valid"), [(3,), (5,)]),
    ("1-d same", lambda a, b: signal.convolve(a, b, mode="same"), [(4,), (3,)]),
    ("1-d same, the shorter first", lambda a, b: signal.convolve(a, b, mode="same"), [(3,), (6,)]),
    ("2-d full", lambda a, b: signal.convolve(a, b), [(4, 3), (2, 2)]),
    ("2-d valid", lambda a, b: signal.convolve(a, b, mode="valid"), [(5, 4), (3, 2)]),
    ("2-d same", lambda a, b: signal.convolve(a, b, mode="same"), [(4, 3), (3, 2)]),
]


@pytest.mark.parametrize("name, fun, specs", CONVOLUTIONS, ids=[c[0] for c in CONVOLUTIONS])
def test_convolve_is_scipys(name, fun, specs):
    a, b = make_args(specs)
    mode = "full" if "full" in name else "valid" if "valid" in name else "same"
    np.testing.assert_allclose(fun(a, b), scipy.signal.convolve(a, b, mode=mode, method="direct"), rtol=1e-13, atol=1e-14)


@pytest.mark.parametrize("name, fun, specs", CONVOLUTIONS, ids=[c[0] for c in CONVOLUTIONS])
def test_convolve_gradients(name, fun, specs):
    check_case(fun, specs, order=2)


def test_convolve_axes_and_dot_axes_are_sums_of_scipys():
    a, b = make_args([(3, 5), (3, 4, 2)])
    ours = signal.convolve(a, b, axes=([1], [2]), dot_axes=([0], [0]), mode="full")
    theirs = sum(scipy.signal.convolve(a[i], b[i, 2], mode="full") for i in range(3))
    np.testing.assert_allclose(ours[2], theirs, rtol=1e-13)
    kept = signal.convolve(a, b[0], axes=([1], [0]), mode="valid")  # kept axes: A's 0, then B's 1
    assert kept.shape == (3, 2, 2)
    np.testing.assert_allclose(kept[1, 0], scipy.signal.convolve(a[1], b[0, :, 0], mode="valid"), rtol=1e-13)
    check_case(lambda x, y: signal.convolve(x, y, axes=([1], [2]), dot_axes=([0], [0])), [(3, 5), (3, 4, 2)], order=2)


def test_convolve_of_complex_arrays():
    a = np.array([1.0 + 2j, -0.5j, 0.25])
    b = np.array([0.5 - 1j, 2.0])
    np.testing.assert_allclose(signal.convolve(a, b), scipy.signal.convolve(a, b), rtol=1e-14)


def test_convolve_refuses_what_it_cannot_do():
    with pytest.raises(ValueError, match="mode"):
        signal.convolve(np.ones(3), np.ones(2), mode="circular")
    with pytest.raises(ValueError, match="at least as large"):
        signal.convolve(np.ones((3, 2)), np.ones((2, 3)), mode="valid")


def test_convolve_runs_on_mpmath_numbers():
    gmp.enable()
    a, b = make_args([(4, 3), (2, 2)])
    with mpmath.workdps(30):
        out = signal.convolve(_mp(a), _mp(b), mode="same")
    assert all(isinstance(v, mpmath.mpf) for v in out.flat)
    np.testing.assert_allclose(out.astype(float), scipy.signal.convolve(a, b, mode="same"), rtol=1e-14)


# -- scipy.linalg ----------------------------------------------------------------------------


def _triangular_cases():
    cases = []
    for lower in (False, True):
        for trans in (0, 1, 2, "T"):
            for unit in (False, True):
                name = f"lower={lower} trans={trans} unit={unit}"
                cases.append((name, dict(lower=lower, trans=trans, unit_diagonal=unit)))
    return cases


@pytest.mark.parametrize("name, options", _triangular_cases(), ids=[c[0] for c in _triangular_cases()])
def test_solve_triangular(name, options):
    a, b = make_args([invertible(3), (3, 2)])
    np.testing.assert_allclose(linalg.solve_triangular(a, b, **options), scipy.linalg.solve_triangular(a, b, **options), rtol=1e-12)
    check_case(lambda x, y: linalg.solve_triangular(x, y, **options), [invertible(3), (3,)], order=2)


def test_solve_triangular_gives_the_unread_triangle_no_gradient():
    a = np.triu(np.ones((3, 3))) + 2 * np.eye(3)
    g = gradcli.grad(lambda x: gnp.sum(linalg.solve_triangular(x, np.ones(3))))(a)
    assert np.all(np.tril(g, -1) == 0.0)


def test_solve_banded():
    ab, b = make_args([lambda gen: gen.uniform(-1, 1, (3, 5)) + np.array([[0.0], [4.0], [0.0]]), (5,)])
    np.testing.assert_allclose(linalg.solve_banded((1, 1), ab, b), scipy.linalg.solve_banded((1, 1), ab, b), rtol=1e-12)
    check_case(lambda x, y: linalg.solve_banded((1, 1), x, y), [lambda gen: ab, (5,)], order=2)
    ab2 = np.vstack([ab, np.ones((1, 5))])  # one more band below
    np.testing.assert_allclose(linalg.solve_banded((2, 1), ab2, b), scipy.linalg.solve_banded((2, 1), ab2, b), rtol=1e-12)


@pytest.mark.parametrize("lower", [False, True])
def test_cholesky_and_cho_solve(lower):
    a, b = make_args([spd(3), (3, 2)])
    np.testing.assert_allclose(linalg.cholesky(a, lower=lower), scipy.linalg.cholesky(a, lower=lower), rtol=1e-12)
    ours = linalg.cho_solve(linalg.cho_factor(a, lower=lower), b)
    np.testing.assert_allclose(ours, scipy.linalg.cho_solve(scipy.linalg.cho_factor(a, lower=lower), b), rtol=1e-12)
    check_case(lambda x, y: linalg.cho_solve(linalg.cho_factor(_sym(x), lower=lower), y), [spd(3), (3,)], order=2)


def test_solve_sylvester():
    a, b, q = make_args([invertible(3), invertible(3), (3, 3)])
    np.testing.assert_allclose(linalg.solve_sylvester(a, b, q), scipy.linalg.solve_sylvester(a, b, q), rtol=1e-12)
    check_case(linalg.solve_sylvester, [invertible(3), invertible(2), (3, 2)], order=2)


def test_sqrtm():
    (a,) = make_args([spd(3)])
    root = linalg.sqrtm(a)
    np.testing.assert_allclose(root, scipy.linalg.sqrtm(a), rtol=1e-12)
    check_case(linalg.sqrtm, [spd(3)], order=2)
    check_case(linalg.sqrtm, [invertible(3)], order=1)  # not symmetric: the rule holds for any principal root


@pytest.mark.parametrize("name", ["sqrtm", "solve_sylvester"])
def test_exact_reference_of_scipy_linalg(name):
    gmp.enable()
    args = make_args([spd(3)] if name == "sqrtm" else [invertible(3), invertible(2), (3, 2)])
    with mpmath.workdps(40):
        exact = getattr(linalg, name)(*[_mp(a) for a in args])
    assert all(isinstance(v, mpmath.mpf) for v in np.ravel(exact))
    np.testing.assert_allclose(np.asarray(exact, dtype=float), getattr(scipy.linalg, name)(*args), rtol=1e-12)


def test_scipy_eigh_takes_scipys_arguments():
    (a,) = make_args([spd(3)])
    w, v = linalg.eigh(a, lower=False)
    np.testing.assert_allclose(w, scipy.linalg.eigh(a, lower=False)[0], rtol=1e-12)
    assert linalg.eigh(a, eigvals_only=True).shape == (3,)
    with pytest.raises(NotImplementedError, match="standard problem"):
        linalg.eigh(a, np.eye(3))


# -- numpy.linalg.eig -----------------------------------------------------------------------


def _eig_invariants(a):
    """What of eig does not depend on each eigenvector's phase: the eigenvalues and |v|."""
    w, v = gnp.linalg.eig(a)
    flat_v = gnp.reshape(gnp.abs(v), gnp.shape(w)[:-1] + (-1,))
    return gnp.concatenate([gnp.real(w), gnp.imag(w), flat_v], axis=-1)


def test_eig_values_are_numpys():
    (a,) = make_args([(4, 4)])
    w, v = gnp.linalg.eig(a)
    np.testing.assert_allclose(w, np.linalg.eig(a)[0])
    traced = gradcli.jacobian(lambda x: gnp.real(gnp.linalg.eig(x)[0]))(a)  # through the packed primitive
    assert traced.shape == (4, 4, 4)


@pytest.mark.parametrize("spec", [(4, 4), (2, 3, 3), spd(3)], ids=["real", "batched", "symmetric"])
def test_eig_gradient(spec):
    check_case(_eig_invariants, [spec], order=2)


def test_eig_gradient_of_a_complex_matrix():
    (a, b) = make_args([(3, 3), (3, 3)])
    check_grads(lambda x, y: _eig_invariants(x + 1j * y), a, b, order=1)


def test_eig_exact_reference_matches_numpy():
    gmp.enable()
    from gradcli.autodiff.ops_decompositions import _eig_packed

    (a,) = make_args([(3, 3)])
    with mpmath.workdps(30):
        packed = _eig_packed(_mp(a))
    np.testing.assert_allclose(np.vectorize(complex)(packed), _eig_packed(a), atol=1e-13)


# -- odeint ----------------------------------------------------------------------------------


def _rate(y, t, k, c):
    return -k * y + c * gnp.sin(t) - gnp.mean(y) ** 2


def test_odeint_is_scipys():
    y0, k, c = np.array([0.5, -0.2, 1.0]), np.array([0.3, 1.0, 2.0]), np.array([0.1, 0.2, 0.3])
    t = np.linspace(0.0, 1.0, 5)
    ours = integrate.odeint(_rate, y0, t, args=(k, c))
    theirs = scipy.integrate.odeint(lambda y, t_: _rate(y, t_, k, c), y0, t)
    np.testing.assert_allclose(ours, theirs, rtol=1e-12)


def test_odeint_gradients():
    t = np.linspace(0.1, 0.6, 4)
    options = dict(rtol=1e-11, atol=1e-11)

    def solve(y0, times, k, c):
        return integrate.odeint(_rate, y0, times, args=(k, c), **options)

    check_grads(solve, *make_args([(3,), lambda gen: t, (3,), (3,)]), order=1, rtol=1e-5, atol=1e-6)


def test_odeint_gradient_of_a_known_solution():
    # y' = -k y: y(t) = y0 exp(-k t), so dy(t)/dk = -t y(t) and dy(t)/dt = -k y(t).
    t = np.array([0.0, 0.5, 1.5])
    y = lambda k, times: integrate.odeint(lambda y_, t_, k_: -k_ * y_, np.array([2.0]), times, args=(k,), rtol=1e-12, atol=1e-12)
    g_k = gradcli.grad(lambda k: gnp.sum(y(k, t)))(0.7)
    assert g_k == pytest.approx(np.sum(-t * 2.0 * np.exp(-0.7 * t)), rel=1e-8)
    g_t = gradcli.grad(lambda times: gnp.sum(y(0.7, times)))(t)
    np.testing.assert_allclose(g_t[1:], -0.7 * 2.0 * np.exp(-0.7 * t[1:]), rtol=1e-8)
    assert g_t[0] == pytest.approx(0.7 * 2.0 * (np.exp(-0.7 * 0.5) + np.exp(-0.7 * 1.5)), rel=1e-8)


def test_odeint_says_it_has_no_exact_reference():
    gmp.enable()
    with pytest.raises(NotImplementedError, match="no exact reference for scipy.integrate.odeint"):
        integrate.odeint(lambda y, t: -y, _mp(np.array([1.0])), _mp(np.array([0.0, 1.0])))


def test_eigvals_and_scipys_eig_are_eigs():
    (a,) = make_args([(3, 3)])
    np.testing.assert_allclose(gnp.linalg.eigvals(a), np.linalg.eigvals(a))
    np.testing.assert_allclose(linalg.eigvals(a), scipy.linalg.eigvals(a))
    check_case(lambda x: gnp.abs(gnp.linalg.eigvals(x)), [(3, 3)], order=1)


def test_gradcli_ops_lists_gradcli_scipy_under_scipys_names():
    from gradcli.autodiff.catalog import catalogue

    rows = {row.name: row for row in catalogue(include_scipy=True)}
    assert not any(name.startswith("scipy.") for name in (row.name for row in catalogue()))  # gradcli.numpy's alone
    expected = {  # name: (kind, has an exact reference)
        "scipy.special.gammainc": ("elementwise", True),
        "scipy.special.betainc": ("elementwise", True),
        "scipy.stats.t.cdf": ("composite", True),
        "scipy.stats.poisson.logcdf": ("composite", True),
        "scipy.linalg.sqrtm": ("linalg", True),
        "scipy.linalg.solve_triangular": ("composite", True),
        "scipy.signal.convolve": ("composite", True),
        "scipy.integrate.odeint": ("other", False),
        "linalg.eig": ("linalg", True),
    }
    assert {name: (rows[name].kind, rows[name].mpmath) for name in expected} == expected
    assert rows["scipy.special.gammasgn"].differentiable == "no"
    assert all(rows[name].differentiable == "yes" for name in expected)
    import gradcli.scipy.special as special

    listed = {name.rpartition(".")[2] for name in rows if name.startswith("scipy.special.")}
    assert listed == set(special.__all__)


def test_float32_stays_float32():
    a = (3 * np.eye(3) + 0.25).astype(np.float32)
    outs = [linalg.sqrtm(a), linalg.solve_sylvester(a, a, a), gnp.linalg.eig(a)[0], signal.convolve(a[0], a[1]),
            linalg.solve_triangular(a, a[0]), integrate.odeint(lambda y, t: -y, a[0], np.float32([0.0, 1.0]))]
    assert [o.dtype for o in outs] == [np.float32] * len(outs)
    grad = gradcli.grad(lambda y: gnp.sum(integrate.odeint(lambda y_, t: -y_, y, np.float32([0.0, 1.0]))))(a[0])
    assert grad.dtype == np.float32


def test_odeint_second_order():
    def solve(y0, k):
        return integrate.odeint(lambda y, t, k_: -k_ * y + gnp.sin(t) * y ** 2, y0, np.array([0.1, 0.3, 0.4]), args=(k,),
                                rtol=1e-11, atol=1e-11)

    check_grads(solve, *make_args([(2,), lambda gen: gen.uniform(0.5, 1.0, (2,))]), order=2, rtol=1e-5, atol=1e-6)
