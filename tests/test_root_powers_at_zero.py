"""At a root's exact 0 with no left side, the one-sided slope is said as what it is; a power's is taken.

V * sqrt(V) at V = 0 has no left side and slope 0 from the right: no
derivative (`domain`), and its reason said the slope "does not settle" from
the right, where its quotients shrink as sqrt(h) to 0: it is "the slope is 0
from the right (the only side in the function's domain)". A power to a
positive exponent no whole number at a base of 0 (V ** 1.5) has its
one-sided slope taken, as tests/test_exact_power_at_a_zero_base.py holds:
`ok`, slope 0. (V * V) ** 1.5 = |V|^3 is defined on both sides: ok.
"""

import textwrap

import pytest

import gradcli

SOURCE = textwrap.dedent('''
    import gradcli.numpy as gnp


    def three_halves(V):
        return gnp.power(V, 1.5)


    def five_halves(V):
        return V ** 2.5


    def times_root(V):
        return V * gnp.sqrt(V)


    def cube_of_abs(V):
        return gnp.power(V * V, 1.5)
''')


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("root_powers") / "child_langmuir.py"
    path.write_text(SOURCE)
    return path


def _result(module, name):
    result, = gradcli.check(f"{module}:{name}", [{"V": 0.0}], dtypes=["float64"], fixes=False).results
    return result


def test_a_roots_one_sided_slope_of_0_is_said_so(module):
    result = _result(module, "times_root")
    assert result.status == "domain", [f.message for f in result.findings]
    why = result.exact_gradient_why["V"]
    assert why == "no derivative: the slope is 0 from the right (the only side in the function's domain)", why


@pytest.mark.parametrize("name", ["three_halves", "five_halves", "cube_of_abs"])
def test_a_power_at_a_zero_base_takes_its_slope(module, name):
    result = _result(module, name)
    assert result.status == "ok" and float(result.exact_gradient["V"]) == 0.0
