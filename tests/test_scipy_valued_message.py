"""A finding at one of SciPy's own values shows the arguments the user's call gave SciPy, and nothing of gradcli's.

``scipy.special.kl_div`` and its kin run as one op whose float value is SciPy's and whose last argument
is gradcli's composite value (what carries the gradient and the exact reference's mathematics). That value
is no argument of the user's call: ``kl_div(1e-300, 1e300)`` overflowed, not ``kl_div(1e-300, 1e300, 1e300)``.
"""

from __future__ import annotations

import re

import pytest

import gradcli

pytest.importorskip("scipy")

PROGRAM = """
import numpy as np
from scipy.special import kl_div


def divergence(p):
    return np.sum(kl_div(p, 1e300))


def divergence_from_tiny(q):
    return np.sum(kl_div(1e-300, q))
"""


@pytest.mark.parametrize("name, point, second", [("divergence", {"p": 1e-300}, "1e+300"),
                                                ("divergence_from_tiny", {"q": 2e300}, "2e+300")])
def test_the_overflow_names_scipys_call_with_its_own_arguments(tmp_path, name, point, second):
    path = tmp_path / "divergence.py"
    path.write_text(PROGRAM)
    [result] = gradcli.check(f"{path}:{name}", [point], dtypes=("float64",), fixes=False).results
    [finding] = [f for f in result.findings if "kl_div" in f.message]
    call = re.search(r"kl_div\(([^)]*)\)", finding.message).group(1)
    assert call == f"1e-300, {second}", finding.message
    assert finding.inputs == ["1e-300", second]
