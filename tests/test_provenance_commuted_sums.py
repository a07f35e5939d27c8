"""A sum the two runs write in opposite orders is compared operand by operand, so a cancelling accumulation is named.

The backward pass adds a value's gradients as ``earlier + later``: a float64
scalar hands that to the traced value's ``add`` as written, and an mpmath
number, which cannot add a traced value, to its reflected ``add`` (``later +
earlier``). Paired as recorded, each operand of the accumulation was measured
against the other's exact value, off by 200%, so the accumulation seemed to
amplify nothing and no op was named for ``exp(x) - x`` at x = 1e-8 (whose
slope e^x - 1 cancels), nor for the von Mises normaliser ``log(i0e(k)) + k``,
whose float rule for i0e takes other steps than the exact one. Truths by
mpmath's closed forms.
"""

import textwrap

import mpmath
import pytest

import gradcli

SOURCE = textwrap.dedent('''
    import gradcli.numpy as gnp
    import gradcli.scipy.special as sps


    def exp_less_x(x):
        return gnp.exp(x) - x


    def von_mises_log_norm(kappa):
        return gnp.log(2 * gnp.pi) + gnp.log(sps.i0e(kappa)) + kappa
''')


@pytest.fixture(scope="module")
def user_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("sums") / "sums.py"
    path.write_text(SOURCE)
    return str(path)


def _accumulation(result):
    return [f for f in result.findings if f.phase == "backward" and "gradient accumulation" in f.op]


@pytest.mark.parametrize("x", [1e-8, 1e-12])
def test_exp_less_x_names_its_cancelling_accumulation_with_the_rounding_it_amplifies(user_file, x):
    result, = gradcli.check(f"{user_file}:exp_less_x", [{"x": x}], dtypes=["float64"], fixes=False).results
    assert result.status == "unstable"
    with mpmath.workdps(40):
        truth = mpmath.expm1(mpmath.mpf(x))
        assert abs(mpmath.mpf(result.exact_gradient["x"]) - truth) / truth < 1e-12
    found = _accumulation(result)
    assert found, [f.message for f in result.findings]
    assert found[0].location.endswith("sums.py:7")
    # the operands' own rounding, not the 200% of each operand read against the other's exact value
    assert "rounding errors (2.2e-16 relative)" in found[0].message, found[0].message


@pytest.mark.parametrize("kappa", [1e-8, 1e-300])
def test_a_library_rule_whose_float_steps_differ_still_has_its_accumulation_paired(user_file, kappa):
    result, = gradcli.check(f"{user_file}:von_mises_log_norm", [{"kappa": kappa}], dtypes=["float64"],
                            fixes=False).results
    assert result.status == "unstable"
    with mpmath.workdps(40):
        k = mpmath.mpf(kappa)
        truth = mpmath.besseli(1, k) / mpmath.besseli(0, k)  # d/dk log I0(k)
        assert abs(mpmath.mpf(result.exact_gradient["kappa"]) - truth) / truth < 1e-12
    found = _accumulation(result)
    assert found, [f.message for f in result.findings]
    assert found[0].location.endswith("sums.py:11")
