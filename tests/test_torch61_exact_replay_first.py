"""A framework target's exact replay (`Target.mp_function`) is exact from the first call in a process, before any check
has run: gradcli's ops compute on mpmath's numbers only once enabled, which a check does as its exact reference starts,
so a replay called first computed the graph's rounded float constants as NumPy's floats (3.0 for 3 - 3 * 2^-56).

A fresh process is the only place where no check has enabled them: one subprocess runs the replay first.
"""

import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("torch")

FIRST_CALL = textwrap.dedent("""
    import mpmath
    import numpy as np
    import torch

    from gradcli.checker import targets


    def window_ends(x):
        c = torch.tensor([0.08, 0.42], dtype=x.dtype)
        return x[0] * (c[0] + c[1] - 0.5) + x[1] * (torch.ones((), dtype=x.dtype) * 0.08 + 0.42 - 0.5) + x[2]


    target = targets.resolve(window_ends, framework="torch")
    x = np.array([mpmath.mpf(1), mpmath.mpf(2), mpmath.mpf(3)], dtype=object)
    with mpmath.workprec(200):
        print(mpmath.nstr(target.mp_function(x) - (3 - 3 * mpmath.mpf(2) ** -56), 5))
""")


def test_the_first_exact_replay_in_a_process_holds_the_graphs_constants_exactly():
    ran = subprocess.run([sys.executable, "-c", FIRST_CALL], capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "0.0", ran.stdout  # before: 4.1633e-17, the float64 sum's 2^-56 per constant lost
