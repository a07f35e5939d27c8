"""A kink whose one side's slope is a sliver beside a curvature of 1 is still a kink.

psi(max(r, crit)), a nozzle's mass-flow function held at its choked maximum, at r = crit as the program rounds it:
0 from the left (max gives the constant) and -1e-16 from the right, where the rounded ratio sits 3e-17 past the
function's own maximum. At the kink test's shorter steps the right side's quotients are -1e-16 plus the curvature
times the step, apart by 1e-4 of themselves; the third step, 1e-40, is lost in its own rounding at 60 digits. That
asks for more digits, where the steps are shorter, not for no claim (which left maximum's tie split, half the right
slope, standing as the derivative).
"""

import json
import subprocess
import sys

MODULE = '''
import gradcli.numpy as np

GAMMA = 1.4


def flow_function(r):
    crit = (2.0 / (GAMMA + 1.0)) ** (GAMMA / (GAMMA - 1.0))
    r = np.maximum(r, crit)
    return np.sqrt(2.0 * GAMMA / (GAMMA - 1.0) * (r ** (2.0 / GAMMA) - r ** ((GAMMA + 1.0) / GAMMA)))
'''
CRIT = (2.0 / 2.4) ** (1.4 / 0.3999999999999999)  # the program's own rounded ratio


def test_the_choked_flow_function_at_its_rounded_critical_ratio_is_a_kink(tmp_path):
    assert repr(CRIT) == "0.5282817877171742"
    path = tmp_path / "nozzle.py"
    path.write_text(MODULE)
    done = subprocess.run([sys.executable, "-m", "gradcli", "check", f"{path}:flow_function", "--at", f"r={CRIT!r}",
                           "--dtype", "float64", "--json"], capture_output=True, text=True, timeout=600)
    assert done.returncode in (0, 1), done.stderr
    result = json.loads(done.stdout)["results"][0]
    assert result["status"] == "domain", result
    assert result["exact_gradient"] == {"r": "nan"}
    said = " ".join(f["message"] for f in result["findings"])
    # the right side's slope: c (a r^(a-1) - b r^(b-1)) / (2 psi), with the program's doubles
    assert "0 from the left and -9.98769e-17 from the right" in said, said
