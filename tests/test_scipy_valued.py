"""Every function of ``gradcli.scipy.special`` answers SciPy's own number, bit for bit, in the run under test.

A user's SciPy code is judged on what SciPy computes. gradcli composes some of SciPy's functions from its own
ops (for their gradients and for the exact reference's mathematics), and a composite's float value can differ
from SciPy's at the edges: ``kl_div(1e-300, 1e300)`` is -inf in SciPy (x / y underflows), 1e300 from two
xlogy; ``entr(-1e-300)`` is -inf in SciPy, NaN from -xlogy(x, x); expit, ndtr and logsumexp with weights
differ in the last bits or in NaN against a number. Here each function meets SciPy's at points chosen to
break naive forms, in float64 and float32: the same bits (NaN for NaN, the sign of a zero included), since
in the dtype it is SciPy's own call on the same numbers (where SciPy promotes, as polygamma with an integer
order does, its number rounded to the run's dtype). The exact reference keeps the mathematics.
"""

import inspect
import itertools
import warnings

import mpmath
import numpy as np
import pytest
import scipy.special

import gradcli
import gradcli.scipy.special as ours
from gradcli.autodiff import ops_scipy, ops_scipy_losses, ops_stats

EDGES = [0.0, -0.0, 5e-324, -5e-324, 1e-310, 1e-300, -1e-300, 1e-30, 0.1, 0.5, 1 - 2**-53, 1.0, 1 + 2**-52, 2.0,
         -3.0, 30.0, -30.0, 40.0, 709.0, 710.0, -745.0, 800.0, -800.0, 1e10, 1e300, -1e300, np.inf, -np.inf, np.nan]
PAIR_EDGES = [0.0, 5e-324, 1e-300, -1e-300, 0.5, 1.0, 2.0, -3.0, 30.0, 800.0, 1e300, np.inf, np.nan]
VECTORS = [[-800.0, -800.0, -800.0], [800.0, -800.0, 1e300], [1e-300, 0.5, 0.5], [0.0, 1.0, 2.0],
           [1e200, 2e200, 1.0], [-1e5, -1e5 - 1.0, -1e5 + 0.5], [np.inf, 1.0, 2.0], [-np.inf, -np.inf, 0.0]]
# Functions of arrays, with the keyword arguments they are called with.
ON_VECTORS = {"softmax": [{}], "log_softmax": [{}],
              "logsumexp": [{}, {"b": [1.0, -2.0, 0.5]}, {"b": [1.0, -2.0, 0.5], "return_sign": True}]}
# Arguments that are orders or counts, not edges: held to a few values.
FIXED_FIRST = {"polygamma": [1, 2], "jn": [0.0, 2.0], "yn": [0, 2], "iv": [0.0, 2.5], "ive": [0.0, 2.5],
               "stdtr": [1.0, 3.0], "gammainc": [0.5, 2.5], "gammaincc": [0.5, 2.5]}
FIXED_LAST = {"multigammaln": [1, 3]}
FIXED_FIRST.update({name: [0, 5] for name in ("pdtr", "pdtrc")}, **{name: [1.0, 3.0] for name in ("chdtr", "chdtrc")})
# The distribution functions of three arguments: counts, rates or degrees of freedom held, the last at the edges.
FIXED_LEADING = {name: [(3, 10), (0.5, 2.5)] for name in "gdtr gdtrc bdtr bdtrc nbdtr nbdtrc fdtr fdtrc".split()}


def _points(name, fun):
    """The argument tuples ``name`` is tried at."""
    arity = getattr(fun, "nin", None) or len([p for p in inspect.signature(fun).parameters.values()
                                              if p.default is p.empty and p.kind == p.POSITIONAL_OR_KEYWORD])
    if name in FIXED_FIRST:
        return [(n, x) for n in FIXED_FIRST[name] for x in EDGES]
    if name in FIXED_LEADING:
        return [(*lead, x) for lead in FIXED_LEADING[name] for x in EDGES]
    if name in FIXED_LAST:
        return [(x, d) for d in FIXED_LAST[name] for x in (0.5, 1.0, 2.5, 30.0, 1e10, 1e300)]
    if arity == 1:
        return [(x,) for x in EDGES]
    return list(itertools.product(*[PAIR_EDGES] * arity))


def _same_bits(got, want):
    got, want = np.asarray(got), np.asarray(want)
    return got.dtype == want.dtype and got.shape == want.shape and (
        np.array_equal(got, want, equal_nan=True) and np.array_equal(np.signbit(got), np.signbit(want)))


def _as_run_keeps(want, dtype):
    """SciPy's answer as a run in ``dtype`` holds it: lambertw's real part (NaN where SciPy's is complex), and the
    run's dtype where SciPy promoted (an integer order)."""
    if np.iscomplexobj(want):
        want = np.where(np.imag(want) == 0, np.real(want), np.nan) if np.isfinite(np.imag(want)) else np.real(want)
    return want if np.asarray(want).dtype == dtype else np.asarray(want).astype(dtype)


def _elementwise_names():
    return sorted(n for n in vars(ours) if not n.startswith("_") and n not in ON_VECTORS and callable(getattr(ours, n)))


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("name", _elementwise_names())
def test_each_function_is_scipys_bit_for_bit(name, dtype):
    fun, theirs = getattr(ours, name), getattr(scipy.special, name)
    different = []
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        for point in _points(name, fun):
            args = [dtype(a) if isinstance(a, float) else a for a in point]
            try:
                want = theirs(*args)
            except (TypeError, ValueError):
                continue  # no SciPy answer for these arguments: nothing to match
            got = fun(*args)
            parts = zip(want, got) if isinstance(want, tuple) else [(want, got)]  # fresnel's, ellipj's: each part
            if not all(_same_bits(g, _as_run_keeps(w, dtype)) for w, g in parts):
                different.append((point, want, got))
    assert not different, f"{name} in {dtype.__name__}: (point, SciPy's, gradcli's) {different[:5]}"


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("name", sorted(ON_VECTORS))
def test_each_function_of_arrays_is_scipys_bit_for_bit(name, dtype):
    different = []
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        for v, options in itertools.product(VECTORS, ON_VECTORS[name]):
            a = np.array(v, dtype=dtype)
            options = {k: np.array(w, dtype=dtype) if isinstance(w, list) else w for k, w in options.items()}
            want, got = getattr(scipy.special, name)(a, **options), getattr(ours, name)(a, **options)
            pairs = zip(want, got) if isinstance(want, tuple) else [(want, got)]
            if not all(_same_bits(g, w) for w, g in pairs):
                different.append((v, sorted(options), want, got))
    assert not different, f"{name} in {dtype.__name__}: {different[:5]}"


def test_a_composite_keeps_its_gradient_and_its_mathematics():
    # The gradient is the composite's: kl_div's in x is log(x / y), in y 1 - x / y; and forward mode agrees.
    p, q = np.array([0.3, 0.5]), np.array([0.2, 0.6])
    dp, dq = gradcli.grad(lambda p, q: gradcli.numpy.sum(ours.kl_div(p, q)), argnums=(0, 1))(p, q)
    np.testing.assert_allclose(dp, np.log(p / q), rtol=1e-14)
    np.testing.assert_allclose(dq, 1 - p / q, rtol=1e-14)
    _, tangent = gradcli.jvp(ours.expit, (np.array([0.3, -30.0]),), (np.ones(2),))
    np.testing.assert_allclose(tangent, scipy.special.expit([0.3, -30.0]) * scipy.special.expit([-0.3, 30.0]), rtol=1e-14)


def test_every_composite_of_the_namespace_answers_scipys_number():
    # A function of gradcli.scipy.special built of gradcli's ops (not one primitive over SciPy's own function)
    # must be among those that answer SciPy's number in a dtype.
    from gradcli.autodiff.tracer import primitive_of

    composites = [n for n in vars(ours) if not n.startswith("_") and callable(getattr(ours, n))
                  and primitive_of(getattr(ours, n)) is getattr(ours, n)]
    valued = {**ops_scipy.SCIPY_VALUED, **ops_scipy_losses.SCIPY_VALUED, **ops_stats.SCIPY_VALUED}
    # fresnel and sici: each of their two answers is a primitive over SciPy's own function; lambertw: its branch picks one of two
    # such primitives; zeta: Riemann's or Hurwitz's primitive, as q is omitted or given; ellipj: four primitives, one
    # per answer, as airy's four (Ai, Ai', Bi, Bi'). Each answers SciPy's numbers (ellipj's in
    # test_each_function_is_scipys_bit_for_bit, airy's below).
    pairs = {"fresnel", "sici", "lambertw", "zeta", "ellipj", "airy"}
    assert sorted(set(composites) - pairs) == sorted(valued)
    x = np.array([0.3, 2.2, -7.5])
    for got, want in zip(ours.fresnel(x), scipy.special.fresnel(x)):
        assert all(_same_bits(g, w) for g, w in zip(got, want))
    for got, want in zip(ours.sici(x), scipy.special.sici(x)):
        assert all(_same_bits(g, w) for g, w in zip(got, want))
    for got, want in zip(ours.airy(x), scipy.special.airy(x)):
        assert all(_same_bits(g, w) for g, w in zip(got, want))
    s = np.array([-7.5, 0.0, 0.5, 2.2, 30.0])
    assert _same_bits(ours.zeta(s), scipy.special.zeta(s))
    assert _same_bits(ours.zeta(s[2:], 1.5), scipy.special.zeta(s[2:], 1.5))


PROGRAM = """
import numpy as np
from scipy.special import kl_div


def divergence(p):
    return np.sum(kl_div(p, 1e300))
"""


def test_scipys_overflow_is_the_users_and_the_reference_keeps_the_truth(tmp_path):
    # SciPy's kl_div(1e-300, 1e300) is -inf: the line is unstable there, the op that gave -inf named, while
    # the exact value is the mathematics' 1e300 (the composite's, on high-precision numbers).
    path = tmp_path / "divergence.py"
    path.write_text(PROGRAM)
    result = gradcli.check(f"{path}:divergence", [{"p": 1e-300}], dtypes=("float64",), fixes=False).results[0]
    assert result.status == "unstable", result.findings
    assert any("kl_div" in f.message and "-inf" in f.message for f in result.findings), result.findings
    assert abs(float(result.exact_value) - 1e300) <= 1e-12 * 1e300


# scipy.special's distribution functions, each at a point: (arguments, which one moves, its slope: a density)
def _poisson_pmf(k, m):
    return np.exp(k * np.log(m) - m - scipy.special.gammaln(k + 1))


def _gamma_pdf(x, shape, rate):
    return rate ** shape * x ** (shape - 1) * np.exp(-rate * x) / scipy.special.gamma(shape)


def _beta_pdf(x, a, b):
    return x ** (a - 1) * (1 - x) ** (b - 1) / scipy.special.beta(a, b)


def _f_pdf(x, d1, d2):
    return np.sqrt((d1 * x) ** d1 * d2 ** d2 / (d1 * x + d2) ** (d1 + d2)) / (x * scipy.special.beta(d1 / 2, d2 / 2))


def _binomial_slope(k, n, p):
    """d/dp P(K <= k) for K ~ Binomial(n, p): -n times the Binomial(n - 1, p) probability of k."""
    return -n * scipy.special.comb(n - 1, k) * p ** k * (1 - p) ** (n - 1 - k)


DENSITIES = {
    "pdtr": ((5, 3.0), 1, lambda k, m: -_poisson_pmf(k, m)),
    "pdtrc": ((5, 3.0), 1, lambda k, m: _poisson_pmf(k, m)),
    "chdtr": ((3.0, 2.5), 1, lambda v, x: _gamma_pdf(x, v / 2, 0.5)),
    "chdtrc": ((3.0, 2.5), 1, lambda v, x: -_gamma_pdf(x, v / 2, 0.5)),
    "gdtr": ((2.0, 1.5, 0.7), 2, lambda a, b, x: _gamma_pdf(x, b, a)),
    "gdtrc": ((2.0, 1.5, 0.7), 2, lambda a, b, x: -_gamma_pdf(x, b, a)),
    "bdtr": ((3, 10, 0.4), 2, _binomial_slope),
    "bdtrc": ((3, 10, 0.4), 2, lambda k, n, p: -_binomial_slope(k, n, p)),
    "nbdtr": ((3, 5, 0.4), 2, lambda k, n, p: _beta_pdf(p, n, k + 1)),
    "nbdtrc": ((3, 5, 0.4), 2, lambda k, n, p: -_beta_pdf(p, n, k + 1)),
    "fdtr": ((3.0, 7.0, 1.2), 2, lambda dfn, dfd, x: _f_pdf(x, dfn, dfd)),
    "fdtrc": ((3.0, 7.0, 1.2), 2, lambda dfn, dfd, x: -_f_pdf(x, dfn, dfd)),
}


def test_the_distribution_functions_slopes_are_their_densities():
    assert set(DENSITIES) == set(ops_stats.SCIPY_VALUED)
    for name, (args, moving, density) in DENSITIES.items():
        def along(x, name=name, args=args, moving=moving):
            return getattr(ours, name)(*args[:moving], x, *args[moving + 1:])
        slope = gradcli.grad(along)(np.float64(args[moving]))
        assert float(slope) == pytest.approx(density(*args), rel=1e-12), name


@pytest.mark.parametrize("name", ["pdtr", "pdtrc", "bdtr", "bdtrc", "nbdtr", "nbdtrc"])
def test_a_count_function_on_mpmath_numbers_reads_its_counts_as_scipy_does(name):
    """The exact reference's number is SciPy's wherever SciPy answers, and NaN where SciPy's is: counts cut to whole
    numbers (a negative binomial's n below 1, a binomial's k past n or below 0)."""
    import scipy.special as sp

    from gradcli.autodiff import mp
    import gradcli.scipy.special as gs

    mp.enable()
    cases = [(0.5, 0.25, 0.75), (-1, 3, 0.3), (0.5, 0.9, 0.3), (1, 0.9, 0.3), (1, 1.9, 0.3), (2, 5.7, 0.3),
             (5, 5, 0.3), (6, 5, 0.3), (-0.5, 3, 0.3), (2.7, 5, 0.4)]
    with mpmath.workdps(30), np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # SciPy warns as it cuts a count to a whole number
        for args in cases:
            args = args[1:] if name.startswith("pdtr") else args
            want = getattr(sp, name)(*args)
            got = getattr(gs, name)(*[mpmath.mpf(a) for a in args])
            if np.isnan(want):
                assert mpmath.isnan(got), (name, args, got)
            else:
                assert abs(float(got) - want) <= 1e-13 * max(1.0, abs(want)), (name, args, got, want)


CONSTANT_BESIDE_VARIABLE = """
import numpy as np
from scipy import special

T = np.array([0.25, 0.75])


def binary(q):
    return np.sum(special.{name}(T, q) - special.{name}(q, q))
"""


@pytest.mark.parametrize("name, arity", [("rel_entr", 2), ("kl_div", 2)])
def test_a_composite_of_a_constant_computes_at_the_exact_runs_precision(tmp_path, name, arity):
    # f(T, q) - f(q, q) at q = T is 0 to the last bit in float64 and in the mathematics: a composite's ops on the
    # module's constant T alone (xlogy(T, T)), run in float64 inside the exact run, would leave their rounding (~1e-17)
    # as the 'exact' value and call the line's exact 0 a cancellation. (A call of constants alone, f(T), is a number
    # the program computes once and holds, as tests/test_judge_folded_constants.py has it.)
    path = tmp_path / "constants.py"
    path.write_text(CONSTANT_BESIDE_VARIABLE.format(name=name))
    result = gradcli.check(f"{path}:binary", [{"q": [0.25, 0.75]}], dtypes=("float64",), fixes=False).results[0]
    assert result.value == 0.0
    assert result.exact_value == 0, result.exact_value
    assert result.status == "ok", result.findings
