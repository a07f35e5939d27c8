"""A jump is told the switch the point sits on only where moving the inputs parts that switch's tie.

A smoothed C-index compares its data, TIMES[:, None] < TIMES[None, :], whose diagonal is a tie of constants no input
moves; its value jumps in s at s = 0 because (r_i - r_j) / s is +-inf there, not because of that comparison. The jump
named "less" at the mask's line, which is no switch of s at all. A tie that a run beside the point, every input moved
in a direction no identity follows, still holds is passed over; a comparison of an input with a constant at the point
(x > 0 at x = 0) stays named.
"""

import textwrap

import pytest

import gradcli

SOURCE = '''
    import jax
    import jax.numpy as jnp

    TIMES = jnp.array([1.0, 2.0, 3.0, 4.0])
    EVENTS = jnp.array([1.0, 1.0, 0.0, 1.0])


    def concordance(r, s):
        comparable = (TIMES[:, None] < TIMES[None, :]) & (EVENTS[:, None] > 0)
        pair = jax.nn.sigmoid((r[:, None] - r[None, :]) / s)
        return jnp.sum(jnp.where(comparable, pair, 0.0)) / jnp.sum(comparable)


    def step(x, y):
        mask = TIMES[:, None] < TIMES[None, :]
        return jnp.sum(jnp.where(mask, 1.0, 0.0)) * jnp.where(x > 0.0, 1.0 + y, y)
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    pytest.importorskip("jax")
    path = tmp_path_factory.mktemp("switches") / "cindex.py"
    path.write_text(textwrap.dedent(SOURCE))
    return path


def _jump_notes(report):
    return [f.message for r in report.results for f in r.findings if "jumps here" in f.message]


def test_a_tie_of_data_alone_is_no_switch_of_the_jump(module):
    report = gradcli.check(f"{module}:concordance", [{"r": [0.5, -0.3, 1.2, 0.1], "s": 0.0}], dtypes=("float64",))
    [jump] = _jump_notes(report)
    assert "in s" in jump and "at its switch" not in jump, jump


def test_a_comparison_the_input_moves_through_is_named(module):
    report = gradcli.check(f"{module}:step", [{"x": 0.0, "y": 2.0}], dtypes=("float64",))
    jumps = _jump_notes(report)
    assert jumps and all("at its switch greater (cindex.py:17)" in j for j in jumps), jumps
