"""A cast to bool or an integer dtype is a step function: its slope is 0, never the identity's 1."""

import numpy as np

import gradcli
import gradcli.numpy as gnp


def test_a_mask_made_by_a_cast_carries_no_gradient():
    grad = gradcli.grad(lambda x: gnp.sum(x * x.astype(bool)))
    assert np.array_equal(grad(np.array([1.0, 0.0, 2.0])), [1.0, 0.0, 1.0])


def test_an_integer_cast_carries_no_gradient():
    grad = gradcli.grad(lambda x: gnp.sum(x * x.astype(np.int64)))
    assert np.array_equal(grad(np.array([1.5, 2.5])), [1.0, 2.0])


def test_a_float_cast_keeps_its_gradient():
    grad = gradcli.grad(lambda x: gnp.sum(x.astype(np.float32) * 2))
    assert np.array_equal(grad(np.array([1.0])), [2.0])


def test_the_checker_calls_the_masked_product_sound():
    report = gradcli.check(lambda x: gnp.sum(x * x.astype(bool)), [np.array([1.0, 2.0])], dtypes=("float64",))
    assert [r.status for r in report.results] == ["ok"]
