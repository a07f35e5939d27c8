"""Findings name the entry and the op whose error reaches the result, not the ones that look worst on their own.

- A gradient entry that is the dtype's correct rounding of its exact value (-0.0 for -3.7e-348) is no entry that
  lost its digits, however large its relative error: a rule's finding shows the entry that did (-0 for -2.03e-313,
  which float64 holds), and an expit that underflowed to 0 in that entry alone, which the value hardly feels, is
  named first as the cause.
- A rule whose result is a subnormal rounded right to the few bits it keeps is said to be that, not to be off.
- An error an op hands on is followed back through a sum by the operand whose absolute error reaches it: of
  ``a - b c`` with ``b c`` = 2e-17 beside ``a`` = 1e-8, the cancellation that made ``a``, not the one inside ``b``,
  whose larger relative error the sum leaves 1e-9 as large.
"""

import textwrap

import pytest

import gradcli

SOURCE = textwrap.dedent('''
    import gradcli
    import gradcli.numpy as gnp
    import gradcli.scipy.special as sps


    @gradcli.custom_gradient
    def occupancy(x):
        f = sps.expit(-x)

        def grad_fn(upstream):
            return -upstream * f * (1 - f)

        return f, grad_fn


    def total(x):
        return gnp.sum(occupancy(x))


    def fermi(e, kt):
        return sps.expit(-e / kt)


    def survival_ratio(t):
        a = 1.0 - gnp.exp(-t)
        d = a - (1.0 - gnp.exp(-0.3 * t)) * (1.0 - gnp.exp(-0.6 * t))
        return gnp.log(t * a) - 2.0 * gnp.log(d)
''')

JAX_SOURCE = textwrap.dedent('''
    import jax.numpy as jnp


    def survival_ratio(t):
        a = 1.0 - jnp.exp(-t)
        d = a - (1.0 - jnp.exp(-0.3 * t)) * (1.0 - jnp.exp(-0.6 * t))
        return jnp.log(t * a) - 2.0 * jnp.log(d)
''')


@pytest.fixture(scope="module")
def user_files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("origins")
    (folder / "physics.py").write_text(SOURCE)
    (folder / "physics_jax.py").write_text(JAX_SOURCE)
    return folder


def _check(target, point, dtype="float64"):
    result, = gradcli.check(target, [point], dtypes=[dtype], fixes=False).results
    return result


def test_a_rules_finding_shows_the_entry_that_lost_its_digits(user_files):
    result = _check(f"{user_files / 'physics.py'}:total", {"x": [800.0, -800.0, 0.0, 720.0, 3.0]})
    assert result.status == "unstable"
    messages = [f.message for f in result.findings]
    rule = next(f for f in result.findings if f.message.startswith("the gradient rule of occupancy"))
    assert "(entry [3] of 5)" in rule.message and "-2.032230802e-313" in rule.message, messages
    assert not any("entry [0]" in m or "entry [1]" in m for m in messages), messages
    first = result.findings[0]
    assert (first.kind, first.phase) == ("underflow", "forward") and "scipy.special.expit" in first.op, messages
    assert "2.032230802e-313 (entry 3)" in first.message


def test_a_rule_rounded_right_to_a_subnormals_bits_is_said_so(user_files):
    result = _check(f"{user_files / 'physics.py'}:fermi", {"e": 100.0, "kt": 1.0}, "float32")
    assert result.status == "unstable"
    rule = next(f for f in result.findings if f.message.startswith("the gradient rule of sigmoid"))
    assert "a subnormal float32, which holds it to 5 bits only" in rule.message, rule.message
    assert "from inputs accurate to" not in rule.message


@pytest.mark.parametrize("file, a_line, sum_line", [("physics.py", 26, 28), ("physics_jax.py", 6, 8)])
def test_the_cancellation_whose_error_reaches_the_sum_is_named(user_files, file, a_line, sum_line):
    if file == "physics_jax.py":
        pytest.importorskip("jax")
    result = _check(f"{user_files / file}:survival_ratio", {"t": 1e-8})
    assert result.status == "unstable"
    first = result.findings[0]
    assert first.kind == "cancellation" and first.location.endswith(f"{file}:{a_line}"), [f.message for f in result.findings]
    assert f"the later subtract at {file}:{sum_line}" in first.message
