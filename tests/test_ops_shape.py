"""Shape changes, joining and splitting, and indexing (slices, integers, masks, fancy)."""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from opcheck import INDEX_CASES, SHAPE_CASES, check_case, check_grads, sample


def ids(rows):
    return [row[0] for row in rows]


@pytest.mark.parametrize("name, fun, specs", SHAPE_CASES, ids=ids(SHAPE_CASES))
def test_shape_op(name, fun, specs):
    check_case(fun, specs)


@pytest.mark.parametrize("name, fun, specs", INDEX_CASES, ids=ids(INDEX_CASES))
def test_indexing(name, fun, specs):
    check_case(fun, specs, order=2)


def test_repeated_indices_accumulate():
    g = gradcli.grad(lambda x: gnp.sum(x[[0, 0, 0, 2]]))(np.zeros(3))
    assert np.array_equal(g, [3.0, 0.0, 1.0])
    g = gradcli.grad(lambda x: gnp.sum(x[[1, 1], [0, 0]] * np.array([2.0, 5.0])))(np.zeros((2, 2)))
    assert np.array_equal(g, [[0.0, 0.0], [7.0, 0.0]])


def test_repeat_and_take_accumulate():
    g = gradcli.grad(lambda x: gnp.sum(gnp.repeat(x, [3, 1])))(np.zeros(2))
    assert np.array_equal(g, [3.0, 1.0])
    g = gradcli.grad(lambda x: gnp.sum(gnp.take(x, [1, 1])))(np.zeros(2))
    assert np.array_equal(g, [0.0, 2.0])


def test_iterating_over_a_traced_array():
    def f(x):
        return gnp.stack([row * (i + 1.0) for i, row in enumerate(x)])

    check_grads(f, sample((-1, 1), (3, 2)))


def test_split_pieces_used_separately():
    def f(x):
        return gnp.sum(gnp.split(x, 2)[0] ** 2.0) * gnp.split(x, 2)[1]

    check_grads(f, sample((-1, 1), (4,)))


def test_shape_attributes_of_traced_values():
    def f(x):
        assert (x.shape, x.ndim, x.size, len(x)) == ((3, 4), 2, 12, 3)
        return gnp.sum(x)

    gradcli.grad(f)(np.ones((3, 4)))
