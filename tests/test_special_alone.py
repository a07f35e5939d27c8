"""erf, erfc, gammaln, xlogy and xlog1py without importing scipy.special: SciPy's own ufuncs, loaded alone.

`gradcli.autodiff.ops_special` reads them from SciPy's compiled module
``scipy.special._special_ufuncs`` instead of importing the package (~2 ms of
CPU against ~0.27 s). These tests run in fresh processes, where nothing has
imported scipy.special yet.
"""

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALONE = ["erf", "erfc", "gammaln", "xlogy", "xlog1py"]


def _fresh(code):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT, os.path.join(ROOT, "tests")]))
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_ufuncs_loaded_alone_are_scipy_specials_own_and_give_its_bits():
    seen = _fresh(f"""
import json, sys
import numpy as np
import gradcli.numpy as gnp
from gradcli.autodiff import ops_special
names = {ALONE!r}
alone = {{n: ops_special._scipy_ufunc(n) for n in names}}
rng = np.random.default_rng(31)
x = np.concatenate([rng.standard_normal(20000) * 6, [0.0, -0.0, np.inf, -np.inf, np.nan, 5e-324, 27.0, -27.0]])
mine = {{n: (gnp.erf(x), gnp.erfc(x), gnp.gammaln(x), gnp.xlogy(x, abs(x)), gnp.xlog1py(x, abs(x)))[names.index(n)] for n in names}}
before = sorted(m for m in sys.modules if m.startswith("scipy"))
import scipy.special
import bitlevel
for n in names:
    assert alone[n] is getattr(scipy.special, n), n
    want = getattr(scipy.special, n)(x) if alone[n].nin == 1 else getattr(scipy.special, n)(x, abs(x))
    bitlevel.assert_same_bits(mine[n], want)
    bitlevel.assert_same_bits(alone[n](x, *([abs(x)] if alone[n].nin == 2 else [])), want)
assert scipy.special._special_ufuncs.erf is alone["erf"]
print(json.dumps(before))
""")
    assert seen == [], "scipy.special (or any of SciPy) was imported to compute these"


def test_digamma_still_imports_the_package():
    seen = _fresh("""
import json, sys
import gradcli.numpy as gnp
gnp.digamma(1.5)
print(json.dumps("scipy.special" in sys.modules))
""")
    assert seen is True


@pytest.mark.parametrize("broken", ["find_spec", "no_ufunc"])
def test_any_other_layout_of_scipy_falls_back_to_the_package(broken):
    seen = _fresh(f"""
import json, sys, types
from gradcli.autodiff import ops_special
if {broken!r} == "find_spec":
    def nowhere():
        raise ImportError("no such module")
    ops_special._special_ufuncs_alone = nowhere
else:
    ops_special._special_ufuncs_alone = lambda: types.SimpleNamespace(erf=abs)
f = ops_special._scipy_ufunc("erf")
import scipy.special
print(json.dumps(f is scipy.special.erf))
""")
    assert seen is True
