"""Exact 0s through numpy.linalg on stacks of matrices: a batched solve, inverse, determinant or Cholesky
factor proves the 0 its single matrix proves.

torch.distributions.MultivariateNormal reshapes its scale_tril into a stack of one
matrix before its triangular solve; at the mean, x - loc is an exact 0 and so is the
gradient -cov^-1 (x - loc). Every expected number is computed here with mpmath at
2,000 digits from the density's closed form, never read from gradcli's output.
"""

import textwrap

import mpmath
import numpy as np
import pytest
import torch
import torch.distributions as D

import gradcli
from gradcli.autodiff import arb as arb_core, arb_proof, arb_proof_linalg

LOC = [1.0, -2.0]
COV = [[2.0, 0.5], [0.5, 1.0]]


def _log_density_at_mean():
    """log N(loc; loc, cov) = -(n/2) log(2 pi) - log(det cov) / 2, at 2,000 digits."""
    with mpmath.workdps(2000):
        return -mpmath.log(2 * mpmath.pi) - mpmath.log(mpmath.det(mpmath.matrix(COV))) / 2


def _one(fun, point, framework=None):
    [result] = gradcli.check(fun, [point], framework=framework, dtypes=("float64",)).results
    return result


def _assert_exact_zero_gradient(result, name):
    assert result.status == "ok", (result.status, result.notes)
    assert [float(g) for g in np.ravel(result.exact_gradient[name])] == [0.0, 0.0]
    assert abs(mpmath.mpf(result.exact_value) - _log_density_at_mean()) <= 1e-12 * abs(_log_density_at_mean())


def _mvn_tril(x):
    loc, cov = torch.tensor(LOC, dtype=x.dtype), torch.tensor(COV, dtype=x.dtype)
    return D.MultivariateNormal(loc, scale_tril=torch.linalg.cholesky(cov)).log_prob(x)


def _mvn_cov(x):
    loc, cov = torch.tensor(LOC, dtype=x.dtype), torch.tensor(COV, dtype=x.dtype)
    return D.MultivariateNormal(loc, covariance_matrix=cov).log_prob(x)


@pytest.mark.parametrize("fun", [_mvn_tril, _mvn_cov], ids=["scale_tril", "covariance_matrix"])
def test_torch_multivariate_normal_at_its_mean_has_the_exact_zero_gradient(fun):
    _assert_exact_zero_gradient(_one(fun, {"x": np.array(LOC)}, framework="torch"), "x")


def _numpy_module(tmp_path, body):
    # x - loc (sin^2 + cos^2) is 0 at the mean only by an identity, which balls never prove
    path = tmp_path / "stacked.py"
    head = "import numpy as np\n\nLOC = np.array(%r)\nCOV = np.array(%r)\n\n" % (LOC, COV)
    path.write_text(head + "def centred(x):\n    return x - LOC * (np.sin(x) ** 2 + np.cos(x) ** 2)\n" + textwrap.dedent(body))
    return f"{path}:f"


STACKED = {
    "solve on a stack": """
        def f(x):
            chol = np.linalg.cholesky(COV[None])
            z = np.linalg.solve(chol, centred(x)[None, :, None])
            return -0.5 * np.sum(z ** 2) - np.sum(np.log(np.diagonal(chol, axis1=-2, axis2=-1))) - np.log(2 * np.pi)
        """,
    "inverse and determinant of a stack": """
        def f(x):
            d = centred(x)[None, :, None]
            quad = np.sum(d * np.matmul(np.linalg.inv(COV[None]), d))
            return -0.5 * quad - 0.5 * np.sum(np.log(np.linalg.det(COV[None]))) - np.log(2 * np.pi)
        """,
}


@pytest.mark.parametrize("name", sorted(STACKED))
def test_numpy_linalg_on_a_stack_proves_the_zero_of_one_matrix(tmp_path, name):
    _assert_exact_zero_gradient(_one(_numpy_module(tmp_path, STACKED[name]), {"x": np.array(LOC)}), "x")


def _proof_numbers(values, width=None):
    """Proof numbers of ``values``, each its exact rational value with a slope of 1 along its own seed (or, with
    ``width``, constants: slope 0 along each of ``width`` seeds)."""
    flat = np.ravel(values)
    seeds = [[0.0] * width if width else [float(i == k) for i in range(flat.size)] for k in range(flat.size)]
    out = np.empty(flat.size, dtype=object)
    for k, number in enumerate(arb_proof.seeded(flat, seeds)):
        out[k] = number
    return out.reshape(np.shape(values))


@pytest.mark.parametrize("name", ["linalg.solve", "linalg.inv", "linalg.det", "linalg.cholesky"])
def test_each_matrix_of_a_stack_gets_the_proof_rule_of_one_matrix(name):
    arb_core.enable()  # flint balls under the proof numbers
    rule = arb_proof_linalg.RULES[name]
    stack = np.array([COV, [[3.0, -1.0], [-1.0, 2.0]]])
    with arb_proof.session(), np.errstate(all="ignore"):
        numbers = _proof_numbers(stack)
        right = _proof_numbers(np.array([[[0.0], [0.0]], [[1.0], [0.0]]]), width=stack.size)
        stacked = rule(numbers, right) if name == "linalg.solve" else rule(numbers)
        alone = [rule(numbers[i], right[i]) if name == "linalg.solve" else rule(numbers[i]) for i in range(2)]
        for i in range(2):
            for got, single in zip(np.ravel(stacked[i]), np.ravel(alone[i])):
                zero, slopes = arb_proof.zeros_of(got - single)
                assert zero and (slopes is None or all(slopes))
        if name == "linalg.solve":  # the first system's right side is an exact 0, and so is its solution
            assert all(arb_proof.zeros_of(e)[0] for e in np.ravel(stacked[0]))
