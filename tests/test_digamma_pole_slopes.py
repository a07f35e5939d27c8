"""At a pole of digamma (each whole number <= 0, where it runs to -inf on the right and +inf on the left), the inputs
that do not move the pole keep their slopes, as at log's, 1/x's and gammaln's poles (round 67d's F1): sum(digamma(x))
at x[0] = 0 has no derivative in x[0] and trigamma(x[1]) in x[1], whose ball comes from Hurwitz's zeta(2, x) (and
the reflection below 0). Truth: mpmath's psi(1, x)."""

import math

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.scipy import special


def digamma_sum(x):
    return gnp.sum(special.digamma(x))


@pytest.mark.parametrize("point", [[0.0, 2.0], [-1.0, 2.0], [-3.0, -0.5], [-2.0, 1e-150]])
def test_the_other_inputs_keep_their_slopes_at_a_pole(point):
    [result] = gradcli.check(digamma_sum, [{"x": np.array(point)}], dtypes=["float64"], fixes=False).results
    exact = np.asarray(result.exact_gradient["x"], dtype=np.float64)
    assert result.status == "domain"
    assert math.isnan(exact[0])
    assert exact[1] == pytest.approx(float(mpmath.psi(1, point[1])), rel=1e-14)
