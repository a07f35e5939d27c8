"""A gradient rule's entry 0 by algebra is proven 0 by the rule run on proof numbers, before its balls climb.

Owen's T is odd in a, so T(h, a) + T(h, -a) is 0 with every slope; its rule's balls are 0 +- 2^-bits at every
precision, and each precision computes flint's integral again: the climb to the last precision took minutes.
"""

import math

import numpy as np

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as gsp
from gradcli.autodiff import arb as arb_core
from gradcli.autodiff.transforms import value_and_grad
from gradcli.checker import python_zero


def _mirror(h, a):
    return gsp.owens_t(h, a) + gsp.owens_t(h, -a)


def test_owens_t_beside_its_mirror_image_is_ok_with_slopes_0():
    # before: error, past --max-time even at 300 seconds
    result = gradcli.check(_mirror, [{"h": 0.5, "a": 0.7}], dtypes=("float64",), fixes=False, max_time=math.inf).results[0]
    assert result.status == "ok", [f.message for f in result.findings]
    assert result.exact_value == 0 and result.exact_gradient == {"h": 0, "a": 0}


def test_the_rule_on_proof_numbers_proves_only_its_own_zeros():
    arb_core.enable()
    args = [np.float64(0.5), np.array([0.7, 2.0])]
    assert python_zero.rule_zeros(lambda h, a: [h - h, a * 0], args) == [[True], [True, True]]
    # exp(-1000 a) is no 0, however small; a - a is
    assert python_zero.rule_zeros(lambda h, a: [h * 0, gnp.exp(-1000 * a) + (a - a)], args) == [[True], [False, False]]


def test_the_mirrors_rule_is_proven_0_in_each_entry():
    arb_core.enable()
    rule = value_and_grad(lambda h, a: _mirror(h, a), argnums=(0, 1))
    assert python_zero.rule_zeros(lambda h, a: rule(h, a)[1], [np.float64(0.5), np.float64(0.7)]) == [[True], [True]]
