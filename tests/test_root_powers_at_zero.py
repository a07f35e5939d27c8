"""A power to a positive exponent that is no whole number, at an exact 0, has no derivative: no left side.

V^1.5 is V sqrt(V): undefined for V < 0 in real numbers, its slope 0 from
the right alone. The two spellings were judged apart: V * sqrt(V) was
`domain` (the rule's 0 * inf is NaN, which sent the point to the one-sided
test), while V ** 1.5, whose rule 1.5 sqrt(V) is a finite 0, was `ok` with
slope 0. And the one-sided test said the slope "does not settle" from the
right, where its quotients shrink as sqrt(h) to 0. (V * V) ** 1.5 = |V|^3 is
defined on both sides: slope 0, ok.
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


@pytest.mark.parametrize("name", ["three_halves", "five_halves", "times_root"])
def test_a_root_power_at_zero_has_its_right_side_alone(module, name):
    result = _result(module, name)
    assert result.status == "domain", [f.message for f in result.findings]
    why = result.exact_gradient_why["V"]
    assert why == "no derivative: the slope is 0 from the right (the only side in the function's domain)", why


def test_a_power_of_a_square_is_defined_on_both_sides(module):
    result = _result(module, "cube_of_abs")
    assert result.status == "ok" and float(result.exact_gradient["V"]) == 0.0


def test_so_in_pytorch(tmp_path):
    pytest.importorskip("torch")
    path = tmp_path / "plasma.py"
    path.write_text("import torch\n\n\ndef child_langmuir(V):\n    return 2.33e-6 * torch.pow(V, 1.5)\n")
    result, = gradcli.check(f"{path}:child_langmuir", [{"V": 0.0}], dtypes=["float64"], fixes=False).results
    assert result.status == "domain"
