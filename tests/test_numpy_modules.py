"""Plain NumPy code checked as it stands: a fresh copy of its module runs on gradcli.numpy, nothing else changes."""

import json
import os
import re
import subprocess
import sys
import textwrap

import numpy
import pytest

import gradcli
from gradcli.capture import framework_of_source, missing_function
from gradcli.errors import InputError
from tests.numpys_run import numpys_module

LEGACY = '''\
import numpy as numerical
import numpy.linalg as la
from numpy.linalg import norm

rng = numerical.random.default_rng(0)
WEIGHTS = rng.normal(size=3).astype(numerical.float64)
SCALE = numerical.float64(numerical.pi)


def loss(x):
    return numerical.sum(numerical.tanh(WEIGHTS * x)) * SCALE + la.det(numerical.eye(2)) + norm(WEIGHTS) * x
'''

SOFTPLUS = '''\
from numpy import exp, log


def softplus(x):
    return log(1 + exp(x))


def loss(x):
    return softplus(x)
'''


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return str(path)


def import_as_the_user_would(path):
    return numpys_module(path, "users_own_module")


def test_a_module_with_numpy_under_another_name_and_random_data_is_checked_as_it_stands(tmp_path):
    path = write(tmp_path, "legacy.py", LEGACY)
    users_module = import_as_the_user_would(path)
    report = gradcli.check(f"{path}:loss", [0.5, 2.0], dtypes=("float64",))
    assert report.framework == "numpy" and report.to_dict()["framework"] == "numpy"
    assert [r.status for r in report.results] == ["ok", "ok"]
    weights = users_module.WEIGHTS
    exact = numpy.sum(weights * (1 - numpy.tanh(weights * 0.5) ** 2)) * numpy.pi + numpy.linalg.norm(weights)
    assert report.results[0].exact_gradient["x"] == pytest.approx(exact, rel=1e-12)
    # Nothing leaked: the user's module, NumPy itself and the file are as they were.
    assert users_module.numerical is numpy and users_module.norm is numpy.linalg.norm
    assert sys.modules["numpy"] is numpy and isinstance(numpy.tanh, numpy.ufunc)
    assert open(path).read() == LEGACY


def test_from_numpy_import_names_run_on_gradcli_and_findings_point_at_the_users_lines(tmp_path):
    path = write(tmp_path, "softplus.py", SOFTPLUS)
    report = gradcli.check(f"{path}:loss", [100.0])
    float32, float64 = report.results
    assert (float32.status, float64.status) == ("unstable", "ok")
    assert float32.exact_value == pytest.approx(100.0)
    locations = {finding.location for finding in float32.findings if finding.location}
    assert f"{path}:5" in locations


def test_a_package_module_target_loads_a_fresh_copy(tmp_path, monkeypatch):
    package = tmp_path / "numpy_bridge_models"  # a name no other test's module takes
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "plain.py").write_text("import numpy as np\n\n\ndef loss(x):\n    return np.log1p(np.exp(x))\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    report = gradcli.check("numpy_bridge_models.plain:loss", [1.0], dtypes=("float64",))
    assert report.framework == "numpy" and report.ok
    assert "numpy_bridge_models.plain" not in sys.modules


def test_a_numpy_function_gradcli_lacks_is_an_error_naming_it_and_its_line(tmp_path):
    path = write(tmp_path, "table.py", "import numpy as np\n\n\ndef helper(x):\n    return np.polyint(x * [0, 1])\n\n\ndef loss(x):\n    return np.sum(helper(x))\n")
    with pytest.raises(InputError) as raised:
        gradcli.check(f"{path}:loss", [1.0])
    assert "numpy.polyint" in str(raised.value) and "line 5" in str(raised.value)
    assert raised.value.text.strip() == "return np.polyint(x * [0, 1])"


def test_helpers_that_are_not_differentiated_pass_and_missing_functions_do_not():
    assert missing_function("numpy.random.normal") is None
    assert missing_function("numpy.float32") is None and missing_function("numpy.pi") is None
    assert missing_function("numpy.finfo") is None and missing_function("numpy.exp") is None
    assert "numpy.polyint" in missing_function("numpy.polyint") and missing_function("numpy.interp") is None
    assert "numpy.linalg.tensorsolve" in missing_function("numpy.linalg.tensorsolve")


def test_scipy_special_and_stats_are_gradcli_scipy_in_a_module_checked_unchanged(tmp_path):
    path = write(
        tmp_path,
        "logistic.py",
        "import numpy as np\nimport scipy.stats as st\nfrom scipy.special import expit\n\n\n"
        "def loss(x):\n    return np.log(expit(x)) + st.norm.logpdf(x)\n",
    )
    report = gradcli.check(f"{path}:loss", [1.5], dtypes=("float64",))
    assert report.framework == "numpy" and report.ok
    (result,) = report.results
    exact = 1 - 1 / (1 + numpy.exp(-1.5)) - 1.5  # d/dx log(expit(x)) + d/dx log N(x; 0, 1)
    assert result.gradient["x"] == pytest.approx(exact, rel=1e-12)
    assert float(result.exact_gradient["x"]) == pytest.approx(exact, rel=1e-12)


LINALG_SIGNAL_INTEGRATE_FFT = """\
import numpy as np
import numpy.fft
from numpy.fft import rfft
import scipy.linalg as sla
from scipy.signal import convolve
from scipy.integrate import odeint


def spectrum(x):
    return np.sum(np.abs(rfft(x * np.ones(8))) ** 2) + np.real(numpy.fft.fft(x * np.ones(4))[1])


def root(a):
    return np.trace(sla.sqrtm(np.array([[a, 0.1], [0.1, 2.0]])))


def smooth(a):
    return np.sum(convolve(a * np.arange(1.0, 5.0), np.array([0.25, 0.5, 0.25])))


def decay(k):
    return odeint(lambda y, t, k: -k * y, 1.0, np.array([0.0, 1.0]), args=(k,))[-1, 0]
"""


@pytest.mark.parametrize(
    "name, derivative",
    [
        ("spectrum", lambda x: 2 * x * 64 + 0.0),  # |rfft(x*ones(8))|^2 sums to 64 x^2; fft(x*ones(4))[1] is 0
        ("root", None),
        ("smooth", lambda a: 10.0),
        ("decay", lambda k: -numpy.exp(-k)),
    ],
)
def test_numpy_fft_and_scipy_linalg_signal_integrate_are_gradcli_in_a_module_checked_unchanged(tmp_path, name, derivative):
    path = write(tmp_path, "spectral.py", LINALG_SIGNAL_INTEGRATE_FFT)
    report = gradcli.check(f"{path}:{name}", [0.7], dtypes=("float64",))
    assert report.framework == "numpy"
    (result,) = report.results
    assert result.error is None
    if derivative is None:  # d/da trace(sqrtm(M)) = 1/2 (M^-1/2)[0, 0], from SciPy's own square root
        import scipy.linalg

        m = numpy.array([[0.7, 0.1], [0.1, 2.0]])
        expected = 0.5 * numpy.linalg.inv(scipy.linalg.sqrtm(m))[0, 0]
    else:
        expected = derivative(0.7)
    rtol = 1e-6 if name == "decay" else 1e-10  # odeint integrates to LSODA's tolerance
    assert result.gradient["x" if name == "spectrum" else "a" if name != "decay" else "k"] == pytest.approx(expected, rel=rtol)


def test_a_scipy_function_gradcli_lacks_is_an_error_naming_it_and_its_line(tmp_path):
    path = write(tmp_path, "mathieu_loss.py", "import numpy as np\nfrom scipy.special import mathieu_a\n\n\ndef loss(x):\n    return np.log(mathieu_a(2, x))\n")
    with pytest.raises(InputError) as raised:
        gradcli.check(f"{path}:loss", [3.0])
    message = str(raised.value)
    assert "scipy.special.mathieu_a" in message and "gradcli.scipy does not have" in message and "line 6" in message


def test_a_library_callable_written_for_numpy_is_substituted_without_touching_it(tmp_path):
    path = write(tmp_path, "callable_module.py", SOFTPLUS)
    users_module = import_as_the_user_would(path)
    report = gradcli.check(users_module.loss, [100.0], dtypes=("float64",))
    assert report.framework == "numpy" and report.ok
    assert users_module.loss.__globals__["exp"] is numpy.exp


def test_the_framework_is_read_from_imports_and_can_be_overridden(tmp_path):
    assert framework_of_source("import numpy as np\nimport gradcli.numpy as gnp\n") == "gradcli"
    assert framework_of_source("import numpy as np\n") == "numpy"
    assert framework_of_source("import jax.numpy as jnp\nimport numpy as np\n") == "jax"
    assert framework_of_source("import math\n") == "gradcli"
    path = write(tmp_path, "softplus.py", SOFTPLUS)
    as_gradcli = gradcli.check(f"{path}:loss", [1.0], dtypes=("float64",), framework="gradcli")
    assert as_gradcli.framework == "gradcli" and as_gradcli.results[0].status == "error"
    with pytest.raises(InputError, match="JAX"):
        gradcli.check(f"{path}:loss", [1.0], framework="jax")
    with pytest.raises(InputError, match="not a framework"):
        gradcli.check(f"{path}:loss", [1.0], framework="mxnet")


def test_gradcli_code_still_says_gradcli():
    report = gradcli.check("log(1+exp(x))", [1.0], dtypes=("float64",))
    assert report.to_dict()["framework"] == "gradcli"


def test_the_cli_checks_a_numpy_file_and_says_so_in_json(tmp_path):
    write(tmp_path, "softplus.py", SOFTPLUS)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in [os.getcwd(), os.environ.get("PYTHONPATH")] if p))
    run = subprocess.run(
        [sys.executable, "-m", "gradcli", "check", "softplus.py:loss", "--at", "100", "--json"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 1, run.stderr
    data = json.loads(run.stdout)
    assert data["framework"] == "numpy"
    assert [r["status"] for r in data["results"]] == ["unstable", "ok"]
    forced = subprocess.run(
        [sys.executable, "-m", "gradcli", "check", "softplus.py:loss", "--at", "1", "--framework", "gradcli", "--json"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
    )
    assert json.loads(forced.stdout)["framework"] == "gradcli"


def test_a_fix_of_plain_numpy_code_calls_only_numpy_and_is_rechecked(tmp_path):
    path = write(tmp_path, "softplus_np.py", "import numpy as np\n\n\ndef loss(x):\n    return np.log(1 + np.exp(x))\n")
    report = gradcli.check(f"{path}:loss", [100.0])
    assert report.fixes, report.notes
    for fix in report.fixes:
        added = [line for line in fix.diff.splitlines() if line.startswith("+    ")]
        called = [name for line in added for name in re.findall(r"np\.(\w+)\(", line)]
        assert called and all(hasattr(numpy, name) for name in called), fix.diff
    assert "+    return np.logaddexp(0, x)" in report.fixes[0].diff


def test_a_module_importing_numpy_functions_by_name_gets_fixes_spelled_through_numpy(tmp_path):
    path = write(tmp_path, "bare.py", "from numpy import exp, log\n\n\ndef f(x):\n    return (exp(x) - 1) / x\n")
    report = gradcli.check(f"{path}:f", [1e-10], dtypes=("float64",))
    fixed = {fix.name: fix for fix in report.fixes}
    assert "expm1" in fixed, report.notes
    assert "+import numpy\n" in fixed["expm1"].diff
    assert "+    return numpy.expm1(x) / x\n" in fixed["expm1"].diff
    assert fixed["expm1"].after == {"x=1e-10 float64": "ok"}


def test_a_math_function_on_the_variable_is_advised_in_the_files_own_numpy_spelling(tmp_path):
    """math.ldexp has no differentiable stand-in (math.exp has: test_trial_findings25b): its advice is np's."""
    path = write(tmp_path, "scalar.py", "import math\n\nimport numpy as np\n\n\ndef loss(x):\n    return math.ldexp(x, 2) * x\n")
    (result,) = gradcli.check(f"{path}:loss", [2.0], dtypes=("float64",)).results
    assert result.status == "error"
    assert "use np.ldexp instead" in result.error and f"{path}:7" in result.error
    assert "gradcli.numpy" not in result.error  # the file never imports it
