"""Decorating a function with ``@gradcli.audit`` imports neither NumPy nor the checker: a user's module pays for neither."""

import subprocess
import sys

DECORATED = """
import sys
import gradcli

@gradcli.audit(at=["x=1", "x=2"], dtypes=["float64"], expect="ok")
def square(x):
    return x * x

assert square(3.0) == 9.0
heavy = sorted(m for m in ("numpy", "mpmath", "flint", "gradcli.checker.targets", "gradcli.autodiff") if m in sys.modules)
print(",".join(heavy) or "none")
"""


def test_decorating_imports_no_numpy_nor_the_checker():
    done = subprocess.run([sys.executable, "-c", DECORATED], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "none"


def test_a_bad_setting_still_fails_at_decoration_without_numpy():
    bad = DECORATED.replace('expect="ok"', 'expect="fine"')
    done = subprocess.run([sys.executable, "-c", bad], capture_output=True, text=True)
    assert done.returncode != 0 and "expect" in done.stderr
