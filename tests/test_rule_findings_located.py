"""A custom rule's finding names its line: the TFP form's call, and a rule whose plain arithmetic made the NaN.

TensorFlow Probability's ``custom_gradient(fx, gx, x)`` has no grad_fn to name:
its rule is the gx handed at the call, and a gx missing 1/lambda was `wrong`
at no line. A decorator's grad_fn computing on plain numbers alone (no
gradcli op in it), whose 0/0 comes from an underflowed temp ** 2 and a rate
the forward pass underflowed to 0, was `unstable` at no line either: it is now
named at the rule's return, with the 0 the forward pass handed it.
"""

import textwrap

import gradcli

SOURCE = '''
    import gradcli
    import gradcli.numpy as gnp

    SCALE, SHAPE = 1000.0, 1.5
    EA, R_GAS = 1.5e5, 8.314


    def survival_slipped(t):
        z = t / SCALE
        fx = gnp.exp(-(z ** SHAPE))
        gx = -SHAPE * z ** (SHAPE - 1) * fx
        return gradcli.custom_gradient(fx, gx, t)


    @gradcli.custom_gradient
    def _rate(temp):
        k = 1e13 * gnp.exp(-EA / (R_GAS * temp))

        def grad_fn(*args, upstream=None):
            return upstream * k * EA / (R_GAS * temp ** 2)
        return k, grad_fn


    def rate(temp):
        return gnp.sum(_rate(temp))
'''


def _line_of(text):
    return next(n for n, line in enumerate(textwrap.dedent(SOURCE).splitlines(), 1) if text in line)


def _checked(tmp_path, function, point):
    path = tmp_path / "rules.py"
    path.write_text(textwrap.dedent(SOURCE))
    return gradcli.check(f"{path}:{function}", [point], dtypes=["float64"], fixes=False).results[0]


def test_the_tfp_forms_wrong_gx_is_named_at_its_call(tmp_path):
    result = _checked(tmp_path, "survival_slipped", {"t": 500.0})
    assert result.status == "wrong"
    rule = next(f for f in result.findings if f.kind == "wrong-rule")
    assert rule.location.endswith(f":{_line_of('return gradcli.custom_gradient(fx, gx, t)')}"), rule
    assert "gx of custom_gradient" in rule.op


def test_a_rules_plain_arithmetic_nan_is_named_at_its_return(tmp_path):
    result = _checked(tmp_path, "rate", {"temp": [1e-300]})
    assert result.status == "unstable"
    broke = next(f for f in result.findings if f.phase == "backward")
    assert broke.location.endswith(f":{_line_of('return upstream * k * EA')}"), broke
    assert "in grad_fn() of _rate, the rule's own arithmetic on plain numbers" in broke.message
    assert f"gave [0] at rules.py:{_line_of('k = 1e13 * gnp.exp')}" in broke.message
