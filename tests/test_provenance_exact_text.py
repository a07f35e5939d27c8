"""A finding writes the exact values it quotes as numbers, never as mpmath's reprs (trial T43)."""

import mpmath
import numpy as np

from gradcli.checker.provenance import _show_exact


def test_a_vector_of_exact_numbers_reads_as_numbers():
    exact = np.array([mpmath.mpf("-1.0327955589886445e-201"), mpmath.mpf("5.1639777949432227e-202"), mpmath.mpf(0)], dtype=object)
    text = _show_exact(exact)
    assert "mpf" not in text
    assert text == "[-1.032795559e-201, 5.163977795e-202, 0.0]"


def test_a_long_vector_is_named_by_its_shape():
    assert _show_exact(np.array([mpmath.mpf(k) for k in range(6)], dtype=object)) == "array(6,)"


def test_one_exact_number_keeps_ten_digits():
    assert _show_exact(mpmath.mpf(2) / 3) == "0.6666666667"
