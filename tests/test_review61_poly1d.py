"""gradcli's np.poly1d iterated as NumPy's is: its coefficients, highest power first, and the iteration ends."""

import itertools

import numpy as np

from gradcli.autodiff import grad
from gradcli.autodiff.ops_poly1d import poly1d


def test_a_poly1d_iterates_over_its_coefficients_highest_power_first_and_ends():
    coefficients = [1.5, -2.0, 0.25]
    ours = list(itertools.islice(poly1d(coefficients), 10))  # islice: a never-ending iteration still returns
    assert [float(c) for c in ours] == [float(c) for c in np.poly1d(coefficients)] == coefficients


def test_a_traced_poly1d_iterated_hands_each_coefficient_its_own_gradient():
    def weighted(c):
        return sum(weight * entry for weight, entry in zip([1.0, 10.0, 100.0], poly1d(c)))  # zip ends at 3

    np.testing.assert_allclose(grad(weighted)(np.array([1.5, -2.0, 0.25])), [1.0, 10.0, 100.0], rtol=1e-15)
