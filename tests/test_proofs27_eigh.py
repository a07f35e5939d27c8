"""numpy.linalg.eigh of a complex Hermitian matrix: each eigenvector is given only up to a factor e^(i phi) (LAPACK picks
one, mpmath another). A function of |v|^2 or of the projector v v^H is a function of the matrix, and its rule keeps its
derivative; a function of v itself is none, so it has no derivative to check: error, saying so (before: 'wrong', the
rule's gauge accused against the exact run's own gauge). Truths: mpmath's eighe at 60 digits, the
functions written here from |v|^2 and v v^H, differentiated by mpmath."""

from __future__ import annotations

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff.tracer import NoGradientError

PLAIN = '''import numpy as np


def hermitian(x):
    return np.array([[x[0], x[1] + 1j * x[2], 0.5], [x[1] - 1j * x[2], x[3], 0.25j], [0.5, -0.25j, 2.0]])


def phase(x):
    w, v = np.linalg.eigh(hermitian(x))
    return np.real(v[0, 0]) + np.imag(v[1, 0])
'''
WEIGHTS = [[1.0, 2.0, 0.5], [0.3, 1.0, 2.0], [1.0, 0.0, 1.0]]
AT = [1.0, 0.3, 0.7, 1.5]


@pytest.fixture(scope="module")
def plain(tmp_path_factory):
    path = tmp_path_factory.mktemp("hermitian") / "plain_hermitian.py"
    path.write_text(PLAIN)
    return path


def _vector(x, k):
    """The eigenvector of the k-th smallest eigenvalue of the Hermitian matrix, in mpmath (its phase mpmath's)."""
    j = mpmath.mpc(0, 1)
    h = mpmath.matrix([[x[0], x[1] + j * x[2], 0.5], [x[1] - j * x[2], x[3], 0.25 * j], [0.5, -0.25 * j, 2]])
    w, v = mpmath.eighe(h)
    order = sorted(range(3), key=lambda i: w[i])
    return [v[r, order[k]] for r in range(3)]


def _modulus(*x):
    return sum((r + 1) * abs(e) ** 2 for r, e in enumerate(_vector(x, 0)))


def _projector(*x):
    v = _vector(x, 1)
    return sum(mpmath.re(v[r] * mpmath.conj(v[c])) * WEIGHTS[r][c] for r in range(3) for c in range(3))


def _central_slopes(truth):
    """The slopes of ``truth`` at `AT` by central differences of step 1e-20 at 60 digits: error 1e-40, 40 digits."""
    with mpmath.workdps(60):
        point, step = [mpmath.mpf(a) for a in AT], mpmath.mpf(10) ** -20
        moved = lambda k, by: truth(*[p + by if i == k else p for i, p in enumerate(point)])  # noqa: E731
        return [float((moved(k, step) - moved(k, -step)) / (2 * step)) for k in range(4)]


def test_a_function_of_the_phase_has_no_derivative_to_check(plain):
    (r,) = gradcli.check(f"{plain}:phase", [{"x": np.array(AT)}], dtypes=["float64"], fixes=False).results
    assert r.status == "error"
    assert "reads the phase of an eigenvector" in " ".join([f.message for f in r.findings] + [str(r.error)])


def _hermitian(x):
    rows = [[x[0], x[1] + 1j * x[2], 0.5], [x[1] - 1j * x[2], x[3], 0.25j], [0.5, -0.25j, 2.0]]
    return gnp.stack([gnp.stack([gnp.asarray(e) + 0j for e in row]) for row in rows])


def test_the_rule_refuses_a_function_of_the_phase():
    with pytest.raises(NoGradientError, match="phase"):
        gradcli.grad(lambda x: gnp.imag(gnp.linalg.eigh(_hermitian(x))[1][1, 0]))(np.array(AT))


def _modulus_loss(x):
    return gnp.sum(gnp.abs(gnp.linalg.eigh(_hermitian(x))[1][:, 0]) ** 2 * np.array([1.0, 2.0, 3.0]))


def _projector_loss(x):
    v = gnp.linalg.eigh(_hermitian(x))[1][:, 1]
    return gnp.real(gnp.sum(v[:, None] * gnp.conj(v)[None, :] * np.array(WEIGHTS)))


@pytest.mark.parametrize("loss, truth", [(_modulus_loss, _modulus), (_projector_loss, _projector)])
def test_the_rule_keeps_the_derivative_of_a_function_of_the_moduli_or_the_projector(loss, truth):
    np.testing.assert_allclose(gradcli.grad(loss)(np.array(AT)), _central_slopes(truth), rtol=1e-9, atol=1e-12)
