"""An input the program never reads, or reads only through choices, has slope 0 by construction.

On the mpmath path a central difference of such an input is f(x + h) - f(x - h) = 0 with the rounding noise of
the value around it, so no precision makes it an exact 0, and where the program's proof run fails (an op with no
proof rule, logaddexp2) the point had no reference: "within 1e-2560 of 0 but not proven 0". A traced forward run
of the function itself says which inputs its output reaches (`reference_mpmath.unread_inputs`): a comparison, a
floor or an index carries no value, so an input behind them alone has a derivative of 0 on the point's piece,
while a tie at the point is still the jump the kink test finds.
"""

from __future__ import annotations

import math
import textwrap

import numpy as np
import pytest

from gradcli.checker import balls, reference, reference_mpmath
from gradcli.checker.targets import resolve

PLAIN = textwrap.dedent('''
    import numpy as np


    def unread(x, y):
        return np.logaddexp2(y, 1.0)


    def chosen(x, y):
        return np.where(x > 0, 2.0, 3.0) * np.logaddexp2(y, 1.0)


    def indexed(x, v):
        return np.logaddexp2(v[int(np.floor(x * 2.0))], 1.0)
''')
GRADCLI = textwrap.dedent('''
    import gradcli
    import gradcli.numpy as np


    def held(x, y):
        return np.logaddexp2(y, 1.0) + gradcli.stop_gradient(x) * 0.0


    def ruled(x, y):
        @gradcli.custom_gradient
        def closing(a):
            return a * x * 0.0 + np.logaddexp2(a, 1.0), lambda g: g
        return closing(y)
''')


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    folder = tmp_path_factory.mktemp("prop58_unread")
    (folder / "unread_inputs.py").write_text(PLAIN)
    (folder / "unread_rules.py").write_text(GRADCLI)
    return folder / "unread_inputs.py"


def _reference(module, name, point):
    return reference.compute(resolve(f"{module}:{name}"), point, budget=balls.Budget(60.0))


def test_an_input_the_program_never_reads_has_slope_0(module):
    # not "an exact entry is within 5.18e-2560 of 0 at 3840 digits but not proven 0", no reference
    exact = _reference(module, "unread", [0.5, 1.5])
    assert exact.determined and not exact.unsettled, exact.why
    assert exact.gradient[0] == 0
    assert abs(float(exact.gradient[1]) - 1 / (1 + 2**-0.5)) < 1e-12  # d/dy log2(2^y + 2) = 2^y / (2^y + 2)


def test_an_input_read_only_through_a_comparison_has_slope_0_off_its_switch(module):
    exact = _reference(module, "chosen", [0.5, 1.5])
    assert exact.determined and not exact.unsettled, exact.why
    assert exact.gradient[0] == 0 and not exact.singular


def test_an_input_read_only_through_a_comparison_at_its_tie_is_a_jump(module):
    exact = _reference(module, "chosen", [0.0, 1.5])
    assert math.isnan(exact.gradient[0])
    assert [label for label, _, _ in exact.singular] == ["x"]


def test_an_index_carries_no_value_and_the_entries_it_picks_are_read(module):
    # an exact reference run first turns balls on, after which a step's answer on exact numbers comes boxed: int() of
    # it, as of a bare one, is the Python int that indexes
    _reference(module, "chosen", [0.5, 1.5])
    target = resolve(f"{module}:indexed")
    assert reference_mpmath.unread_inputs(target, [0.75, np.array([1.0, 2.0, 3.0])]) == {0}


@pytest.mark.parametrize("name", ["held", "ruled"])
def test_a_stop_gradient_or_a_custom_gradient_claims_nothing(module, name):
    # a stop_gradient's answer reads its argument with no edge in the graph; a custom gradient's forward may read
    # what it closes over (x here): neither may call an input unread
    target = resolve(f"{module.with_name('unread_rules.py')}:{name}")
    assert reference_mpmath.unread_inputs(target, [0.5, 1.5]) == set()


def test_an_input_read_by_arithmetic_is_read(module):
    assert reference_mpmath.unread_inputs(resolve(f"{module}:unread"), [0.5, 1.5]) == {0}
    assert reference_mpmath.unread_inputs(resolve(f"{module}:chosen"), [0.5, 1.5]) == {0}
