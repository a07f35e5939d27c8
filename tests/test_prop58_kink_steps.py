"""A switch that the kink test's shorter step reaches only through its square is still seen, at every ceiling.

trials22a R1: ``torch.renorm`` of a row exactly at its cap (|row| = 1) scales the row by 1 / (|row| + 1e-7) as soon
as |row| > 1, so along the row's other entry the value jumps on both sides (sqrt(1 + h^2) > 1). The one-sided test
steps 10^-(digits/2): h^2 is then 10^-digits, below the working digits, the norm rounds to 1 and the shorter step
sees the point's branch; the longer one saw the jump, and the pair read as a slope falling to 0 (no kink, the
central difference 2/(1 + 1e-7) kept) at 300 digits and above. The values at the shorter step are taken again at
twice the digits where the two steps disagree (`kinks._rounded_away`): the same steps then see the jump.
"""

from __future__ import annotations

import math
import textwrap

import numpy as np
import pytest

from gradcli.checker import balls, precision, reference
from gradcli.checker.targets import resolve

SOURCE = textwrap.dedent("""
    import numpy as np

    WEIGHTS = np.array([[1.0, 2.0], [-1.0, 0.5]])


    def renormed(w):
        norms = np.sqrt(np.sum(w * w, axis=1, keepdims=True))
        scale = np.where(norms > 1.0, 1.0 / (norms + 1e-7), 1.0)  # torch.renorm(w, 2, 0, maxnorm=1)'s scaling
        return np.sum(w * scale * WEIGHTS)
""")


@pytest.fixture(scope="module")
def target(tmp_path_factory):
    path = tmp_path_factory.mktemp("prop58_kinks") / "renormed.py"
    path.write_text(SOURCE)
    return resolve(f"{path}:renormed")


@pytest.mark.parametrize("ceiling", [120, 300, None])
def test_a_row_at_its_cap_jumps_along_each_of_its_entries(target, ceiling):
    with precision.at_most_digits(ceiling):
        exact = reference.compute(target, [np.array([[1.0, 0.0], [0.3, 0.4]])], budget=balls.Budget(60.0))
    gradient = exact.gradient[0]
    assert math.isnan(gradient[0, 0]) and math.isnan(gradient[0, 1])  # not the central difference 1.9999998 across the jump
    assert (float(gradient[1, 0]), float(gradient[1, 1])) == (-1.0, 0.5)
    assert sorted(label for label, _, _ in exact.kinks + exact.singular) == ["w[0, 0]", "w[0, 1]"]


def test_a_row_inside_its_cap_is_smooth(target):
    exact = reference.compute(target, [np.array([[0.6, 0.0], [0.3, 0.4]])], budget=balls.Budget(60.0))
    assert not exact.kinks and not exact.singular
    assert [float(g) for g in np.ravel(exact.gradient[0])] == [1.0, 2.0, -1.0, 0.5]
