"""A NumPy or SciPy name that is one of gradcli's primitives under another name is named as the user called it.

np.absolute and np.fabs are gradcli's abs, np.amax and np.amin its max and min, np.true_divide its divide,
np.remainder its mod, np.conjugate its conj, scipy.special.psi its digamma: each runs as the call the user wrote
(`tracer.called_as`, the mechanism that names scipy.special.expit for the sigmoid it is), so a finding on the op
says the user's word, while the primitive's own name (np.abs, np.divide, a `/`) keeps gradcli's.
"""

import json

import numpy as np
import pytest

import gradcli.numpy as gnp
import gradcli.scipy.special as gsp
from gradcli.autodiff import namespace
from gradcli.autodiff.transforms import value_and_grad
from gradcli.checker.provenance import Recorder
from gradcli.cli import main

X = np.array([0.75, 2.5])


def absolute(x):
    return gnp.sum(gnp.absolute(x) + gnp.abs(x))


def fabs(x):
    return gnp.sum(gnp.fabs(x))


def extremes(x):
    return gnp.amax(x) - gnp.amin(x)


def true_divide(x):
    return gnp.sum(gnp.true_divide(x, 3.0))


def remainder(x):
    return gnp.sum(gnp.remainder(x, 2.0))


def conjugate(x):
    return gnp.sum(gnp.conjugate(x))


def psi(x):
    return gnp.sum(gsp.psi(x))


def numpy_2(x):
    return gnp.sum(gnp.acos(x / 3) + gnp.pow(x, 2.0) + gnp.atan2(x, 1.0) + gnp.around(x, 1))


def _spellings(function):
    """The names a recording of ``function`` gives gradcli's forward ops on its one line of code, by op name."""
    with Recorder(locate_in_python=True) as recorder:
        value_and_grad(function)(X)
    line = f"{__file__}:{function.__code__.co_firstlineno + 1}"
    return {name: spelled for (where, name, forward), spelled in recorder.recording.spellings.items()
            if where == line and forward}


def test_every_alias_of_a_primitive_is_named_as_called():
    aliases = sorted(name for name, function in vars(namespace).items() if not name.startswith("_") and
                     getattr(getattr(function, "prim", None), "name", name) != name)
    assert aliases == ["absolute", "acos", "acosh", "amax", "amin", "around", "asin", "asinh", "atan", "atan2", "atanh",
                       "conjugate", "fabs", "fix", "permute_dims", "pow", "remainder", "true_divide"]
    assert {"arccos": "acos", "power": "pow", "arctan2": "atan2"}.items() <= _spellings(numpy_2).items()  # NumPy 2's
    assert _spellings(fabs) == {"abs": "fabs"}
    assert _spellings(extremes) == {"max": "amax", "min": "amin"}
    assert _spellings(true_divide) == {"divide": "true_divide"}
    assert _spellings(remainder) == {"mod": "remainder"}
    assert _spellings(conjugate) == {"conj": "conjugate"}
    assert _spellings(psi) == {"digamma": "scipy.special.psi"}


def test_the_primitives_own_name_beside_its_alias_keeps_gradclis():
    assert "abs" not in _spellings(absolute)  # np.abs and np.absolute on one line: no one name is theirs


def test_the_catalogue_still_reads_each_aliass_primitive():
    assert gnp.true_divide.prim is gnp.divide.prim and gnp.amax.prim is gnp.max.prim


MODULE = '''\
import numpy as np


def spelled(x):
    return np.sqrt(np.true_divide(1.0, x)) * x


def operator(x):
    return np.sqrt(1.0 / x) * x


def guarded(x):
    return np.where(x == 0, 1.0, np.true_divide(np.sin(x), x))
'''


def _check(path, name, capsys, x="1e-39", dtype="float32"):
    with pytest.raises(SystemExit):
        main(["check", f"{path}:{name}", "--at", f"x={x}", "--dtype", dtype, "--no-fix", "--json"])
    return json.loads(capsys.readouterr().out)["results"][0]


def test_an_overflow_in_true_divide_is_named_true_divide(tmp_path, capsys):
    path = tmp_path / "ratio.py"
    path.write_text(MODULE)
    (finding,) = [f for f in _check(path, "spelled", capsys)["findings"] if f["phase"] == "forward" and f["op"]
                  and "divide" in f["op"]]
    assert finding["op"] == "true_divide" and finding["location"] == f"{path}:5", finding
    assert finding["message"].startswith("true_divide(1.0, "), finding
    (finding,) = [f for f in _check(path, "operator", capsys)["findings"] if f["phase"] == "forward" and f["op"]
                  and "divide" in f["op"]]
    assert finding["op"] == "divide", finding  # the user's / is NumPy's divide


def test_the_backward_node_of_true_divide_is_named_true_divide(tmp_path, capsys):
    """The 0 / 0 the where leaves out leaks NaN through the division's rule: its node named as the call too."""
    path = tmp_path / "ratio.py"
    path.write_text(MODULE)
    findings = _check(path, "guarded", capsys, x=0, dtype="float64")["findings"]
    backward = [f for f in findings if f["phase"] == "backward" and f["location"] == f"{path}:13"]
    assert any(f["op"] == "true_divide" for f in backward), findings
    assert not any(f["op"] == "divide" for f in findings), findings
