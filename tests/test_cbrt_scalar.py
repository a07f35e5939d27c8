"""gradcli's cube root on Python floats is the float nearest the true cube root: the C library's cbrt that
math.cbrt calls is off by up to 3 ulps on some systems (cbrt(27.0) = 3.0000000000000004 there), and NumPy's own is
within an ulp where it does not call it. The truth: mpmath's cube root at 200 bits, rounded once to a float."""

import math

import mpmath
import numpy as np

import gradcli.numpy as gnp


def _nearest_cube_root(x):
    with mpmath.workprec(200):
        return math.copysign(float(mpmath.cbrt(mpmath.mpf(abs(x)))), x)


def test_exact_cubes_give_their_root_exactly():
    roots = list(range(1, 208_000, 7)) + [2**17, 3**11, 10**5]  # k^3 below 2^53: every cube a float
    for k in roots:
        assert gnp.cbrt(float(k**3)) == float(k), k
        assert gnp.cbrt(-float(k**3)) == -float(k), k
    assert gnp.cbrt(0.125) == 0.5 and gnp.cbrt(2.0**-1071) == 2.0**-357  # powers of 2, a subnormal cube too
    assert math.copysign(1, gnp.cbrt(-0.0)) == -1 and gnp.cbrt(-math.inf) == -math.inf and math.isnan(gnp.cbrt(math.nan))


def test_a_random_sample_is_the_nearest_float_to_the_cube_root():
    rng = np.random.default_rng(20261202)
    sample = np.concatenate([rng.uniform(-1e3, 1e3, 400), 10.0 ** rng.uniform(-300, 300, 400),
                             -(10.0 ** rng.uniform(-300, 300, 200)), rng.uniform(0, 1, 100) * 2.0**-1060,
                             [5e-324, 2.0**-1022, 1 - 2.0**-53, 1 + 2.0**-52, 1.7976931348623157e308]])
    for x in sample.tolist():  # Python floats: the scalar path
        got, truth = gnp.cbrt(x), _nearest_cube_root(x)
        assert type(got) is float
        # correctly rounded, proven by the integer comparisons with the midpoints: within half an ulp, so equal
        assert got == truth, (x, got, truth)
