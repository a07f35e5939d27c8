"""R_J's slopes with p next to one of x, y, z: Carlson's duplication run on the partial-fraction quotient's two R_J at
once (as R_D's slopes near x = z), so the slope in that argument, and through Euler's relation the slope in p, keep
every digit where the quotient lost log10(v / |p - v|) of them (2e-7 relative at p = x (1 - 1e-9))."""

import mpmath
import pytest

import gradcli
from gradcli.scipy import special
from test_jax57_elliprj import _oracle

NEAR = [(1.0, 2.0, 3.0, 1.0 + 1e-6), (1.0, 2.0, 3.0, 1.0 - 1e-9), (1e-3, 1.0, 1e3, 1e-3 * (1 + 1e-7)),
        (5.0, 1e-4, 3.0, 5.0000001), (2.0, 0.5, 3.0, 3.0 * (1 - 1e-8)), (1.0, 2.0, 3.0, 1.0), (1.0, 2.0, 3.0, 1.4)]


@pytest.mark.parametrize("point", NEAR)
def test_the_slopes_keep_their_digits_with_p_next_to_an_argument(point):
    _, partials = _oracle(point)
    got = gradcli.grad(lambda x, y, z, p: special.elliprj(x, y, z, p), (0, 1, 2, 3))(*point)
    for ours, want in zip(got, partials):
        assert abs(mpmath.mpf(float(ours)) - want) <= 2e-15 * abs(want), (point, got, partials)
