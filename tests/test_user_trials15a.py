"""The fifteenth round of user trials, first half (tests/trials/cases15a.py): normalizing flows, mixtures, survival
analysis, distributions' tails, option pricing, physical potentials, scan recurrences and special functions, in JAX
and in plain NumPy and SciPy.

The whole set runs with ``python tests/trials/run.py jax_lib15a numpy_lib15a scipy_only15a``; here, a few cheap
NumPy and SciPy ones and one JAX one. Known disagreements are strict xfails naming their finding.
"""

import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases15a  # noqa: E402
import judge  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

import gradcli  # noqa: E402
from gradcli.capture.detect import framework_of_source  # noqa: E402

CHOSEN = [
    # np.interp at its last knot: slope -1 from the left, 0 from the right
    "numpy_lib15a:interp_at@t=4:float64",
    # np.arctan2 on its cut (y = 0, x < 0): a jump of 2 pi in y; hypot's slope -1 in x
    "numpy_lib15a:polar@x=-1,y=0:float64",
    # a module that imports SciPy and no NumPy is NumPy code: scipy.special.log_ndtr far left
    "scipy_only15a:log_normal_cdf@x=-40:float64",
    # the von Mises likelihood at its optimum: d/dmu is exactly 0 through scipy.special.i0, which has no rule of
    # its own in the proof of a 0
    "numpy_lib15a:von_mises_nll@mu=0,kappa=2:float64",
    # sum(jnp.linalg.solve(a, b)) is 2 for every t: the 0 slope proven through JAX's lu and triangular solves
    "jax_lib15a:solve_ill@t=0.5:float64",
]
KNOWN_WRONG = {}
BY_ID = {case.id: case for case in cases15a.ALL}


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases15a, CHOSEN, KNOWN_WRONG)


def test_the_judge_fails_no_verdict_at_the_von_mises_optimum():
    """The tester tested: the von Mises optimum judged `error` with no exact gradient (what a reference that cannot
    prove d/dmu = 0 says) is caught on the verdict and on the missing gradient."""
    case = BY_ID["numpy_lib15a:von_mises_nll@mu=0,kappa=2:float64"]
    said = {"results": [{"status": "error", "findings": [], "exact_gradient": {"mu": None, "kappa": None}}]}
    problems = judge.judge(case, 1, json.dumps(said), "")
    assert any(p.startswith("verdict error") for p in problems)
    assert any("mu" in p for p in problems) and any("kappa" in p for p in problems)


def test_a_module_that_imports_scipy_alone_is_numpy_code():
    assert framework_of_source("from scipy import special\n") == "numpy"
    assert framework_of_source("import scipy.special as sc\nimport math\n") == "numpy"
    assert framework_of_source("import jax.numpy as jnp\nfrom jax.scipy import stats\n") == "jax"
    assert framework_of_source("import scipy\nimport gradcli.numpy as gnp\n") == "gradcli"


SPECIAL_EACH = '''
import numpy as np
from scipy import special


def each(x):
    return special.erfcx(x) + special.j1(x) * special.gammaincc(2.0, x * x) + special.i1e(x)
'''


def test_a_special_functions_jacobian_has_exact_zeros_off_its_diagonal(tmp_path):
    """Entry by entry, erfcx, j1, gammaincc and i1e have a diagonal Jacobian: its 0s are proven with the functions as
    atoms of their arguments (no rule of their own in the proof of a 0), so the check has a verdict (at -2 too, where
    i1e's scale e^-|x| turns)."""
    path = tmp_path / "special_each.py"
    path.write_text(SPECIAL_EACH)
    result = gradcli.check(f"{path}:each", [{"x": np.array([1.0, -2.0])}], dtypes=("float64",)).results[0]
    assert result.status == "ok", result.findings
    assert result.jacobian is not None
