"""Linear algebra: products, contractions, einsum, trace/diagonal and numpy.linalg, both modes."""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from opcheck import (
    LINALG_CASES,
    assert_close,
    check_case,
    check_grads,
    check_hessian,
    invertible,
    make_args,
    numeric_vjp,
    spd,
)


@pytest.mark.parametrize("name, fun, specs", LINALG_CASES, ids=[row[0] for row in LINALG_CASES])
def test_linalg_op(name, fun, specs):
    check_case(fun, specs)


SECOND_ORDER = [
    "matmul 2d@2d", "inv", "solve matrix", "det", "slogdet", "cholesky", "norm vector", "norm ord=3"
]


@pytest.mark.parametrize("name", SECOND_ORDER)
def test_linalg_second_order(name):
    (fun, specs) = next((fun, specs) for n, fun, specs in LINALG_CASES if n == name)
    check_case(fun, specs, order=2)


def test_values_match_numpy():
    a, b = make_args([invertible(3), (3, 2)])
    assert np.allclose(gnp.linalg.solve(a, b), np.linalg.solve(a, b), rtol=1e-14)
    assert np.allclose(gnp.linalg.inv(a), np.linalg.inv(a), rtol=1e-14)
    assert gnp.linalg.slogdet(-a)[0] == np.linalg.slogdet(-a)[0]
    s = make_args([spd(3)])[0]
    assert np.allclose(gnp.linalg.cholesky(s), np.linalg.cholesky(s), rtol=1e-14)
    for spec in ["ij,jk->ik", "ij,jk", "kj,ji"]:
        c = b[:, :1] @ b[:, :1].T
        assert np.allclose(gnp.einsum(spec, a, c), np.einsum(spec, a, c))


def test_det_gradient_is_cofactor_matrix():
    a = make_args([invertible(3)])[0]
    cofactors = np.linalg.det(a) * np.linalg.inv(a).T
    assert np.allclose(gradcli.grad(gnp.linalg.det)(a), cofactors, rtol=1e-12)


def test_logdet_hessian_of_spd_matrix():
    check_hessian(lambda a: gnp.linalg.slogdet(a)[1], make_args([invertible(2)])[0])


def test_quadratic_form_and_solve_compose():
    a, x = make_args([spd(3), (3,)])
    def f(a, x):
        return gnp.dot(x, gnp.linalg.solve(a, x)) + gnp.linalg.norm(a @ x)

    check_grads(f, a, x, order=2)


@pytest.mark.parametrize("name", ["inv", "cholesky", "matmul 2d@1d", "einsum ellipsis"])
def test_jacobian_matches_finite_differences(name):
    fun, specs = next((fun, specs) for n, fun, specs in LINALG_CASES if n == name)
    args = make_args(specs)
    jac = gradcli.jacobian(fun)(*args)
    u = np.random.standard_normal(np.shape(fun(*args)))
    assert_close(np.tensordot(u, jac, u.ndim), numeric_vjp(fun, args, 0, u), "u . jacobian")


# einsum(op0, sublist0, op1, sublist1, ..., [output sublist]), with ``einsum`` passed in.
INTERLEAVED_EINSUM = [
    ("matrix product", lambda e, a, b: e(a, [0, 1], b, [1, 2], [0, 2]), [(2, 3), (3, 4)]),
    ("implicit output", lambda e, a, b: e(a, [0, 1], b, [1, 2]), [(2, 3), (3, 4)]),
    ("trace", lambda e, a: e(a, [0, 0]), [(3, 3)]),
    ("ellipsis", lambda e, a, b: e(a, [Ellipsis, 0, 1], b, [1, 2], [Ellipsis, 0, 2]), [(2, 3, 4), (4, 5)]),
    ("capitals and lower case", lambda e, a: e(a, [30, 2], [2]), [(3, 4)]),
]


@pytest.mark.parametrize("name, form, specs", INTERLEAVED_EINSUM, ids=[row[0] for row in INTERLEAVED_EINSUM])
def test_einsum_interleaved_operands_and_sublists(name, form, specs):
    args = make_args(specs)
    np.testing.assert_allclose(form(gnp.einsum, *args), form(np.einsum, *args), rtol=1e-14)
    check_case(lambda *a: form(gnp.einsum, *a), specs, order=2)
