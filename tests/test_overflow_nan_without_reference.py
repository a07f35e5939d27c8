"""A NaN gradient made by the dtype's rounding is `unstable` even where no number holds the exact reference.

exp(-exp(x)) at x = 1e300: exp overflows to inf, its rule's 0 * inf makes
the gradient NaN, and the exact value exp(-10^(4.34e299)) has an exponent
beyond every number the reference holds. The check said `error` ("no
verdict"), and its note spelled the 300-digit exponent out. The NaN is the
overflow's whatever the exact slope is. Where the value itself overflows
(exp(exp(x))), it may be beyond the dtype (`domain`): no verdict then.
"""

import textwrap

import pytest

import gradcli


def _result(target, dtype="float64"):
    result, = gradcli.check(target, [{"x": 1e300}], dtypes=[dtype], fixes=False).results
    return result


def _messages(result):
    return [f.message for f in result.findings] + list(result.notes)


@pytest.fixture
def module(tmp_path):
    path = tmp_path / "gumbel.py"
    path.write_text(textwrap.dedent('''
        import numpy as np


        def survival(x):
            return np.exp(-np.exp(x))
    '''))
    return f"{path}:survival"


def test_an_overflow_nan_is_unstable_without_a_reference():
    result = _result("exp(-exp(x))")
    assert result.status == "unstable", _messages(result)
    assert any("exp(1e+300) overflowed: inf" in m for m in _messages(result)), _messages(result)
    assert any("0 * inf is NaN" in m for m in _messages(result)), _messages(result)


def test_so_in_plain_numpy(module):
    assert _result(module).status == "unstable"


def test_the_note_writes_a_huge_exponent_as_a_power_of_ten():
    note, = [n for n in _result("exp(-exp(x))").notes if "no exact reference" in n]
    assert "exp(-10^(4.34e+299))" in note and len(note) < 400, note


def test_a_value_that_overflows_too_gets_no_verdict():
    result = _result("exp(exp(x))")
    assert result.status == "error", _messages(result)
    assert any("exp(10^(4.34e+299)) has an exponent beyond every number" in m for m in _messages(result))
