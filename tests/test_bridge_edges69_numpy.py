"""A plain NumPy module's findings name SciPy's functions as the user called them, never by gradcli's own ops inside
them: scipy.special.expit is gradcli's sigmoid, log_expit its -softplus(-x), ndtr its erfc(-x/sqrt 2)/2, and a
finding on any of those ops is on the user's expit, log_expit or ndtr.

The op a SciPy function is (expit's sigmoid) is named as that function, its call in the sentence too; an op that is
a part of one (log_expit's softplus) is "softplus in scipy.special.log_expit"; where the line runs an op of that
name outside the function as well (np.exp beside logsumexp's exp), gradcli's name, the user's own, stands. A part
of a function already named at the line says nothing new and is not said twice."""

import json

import numpy as np
import pytest

import gradcli.numpy as gnp
import gradcli.scipy.special as gsp
from gradcli.autodiff.transforms import value_and_grad
from gradcli.checker.provenance import Recorder
from gradcli.cli import main

MODULE = '''\
import numpy as np
from scipy.special import expit, ndtr


def squashed(x):
    return np.sqrt(expit(x))


def tail(x):
    return np.sqrt(ndtr(x))
'''


def _check(path, name, x, capsys):
    with pytest.raises(SystemExit):
        main(["check", f"{path}:{name}", "--at", f"x={x}", "--dtype", "float32", "--no-fix", "--json"])
    return json.loads(capsys.readouterr().out)["results"][0]


def _forward(result):
    return [f for f in result["findings"] if f["phase"] == "forward"]


def test_an_underflow_in_expit_is_named_expit_once(tmp_path, capsys):
    path = tmp_path / "squash.py"
    path.write_text(MODULE)
    result = _check(path, "squashed", -200, capsys)
    assert result["status"] == "unstable"
    shown = json.dumps(result["findings"])
    assert "sigmoid" not in shown, shown  # gradcli's name of the op never reaches the user
    (finding,) = _forward(result)  # the op's own underflow and its lost digits: one finding on one call
    assert finding["op"] == "scipy.special.expit" and finding["location"] == f"{path}:6", finding
    assert finding["message"].startswith("scipy.special.expit(-200.0) underflowed"), finding


def test_a_part_of_a_function_named_at_its_line_is_not_said_again(tmp_path, capsys):
    path = tmp_path / "tail.py"
    path.write_text(MODULE)
    result = _check(path, "tail", -15, capsys)
    assert result["status"] == "unstable"
    (finding,) = _forward(result)
    assert finding["op"] == "scipy.special.ndtr" and "erfc" not in json.dumps(result["findings"]), result["findings"]


def _spellings(function, x):
    """The names a recording of ``function`` (run on this line) gives gradcli's forward ops, by op name."""
    with Recorder(locate_in_python=True) as recorder:
        value_and_grad(function)(x)
    line = f"{__file__}:{function.line}"
    return {name: spelled for (where, name, forward), spelled in recorder.recording.spellings.items()
            if where == line and forward}


def _on_one_line(body):
    """A function of x summing the expression ``body``, compiled as line 1 of this file (the user's code there)."""
    function = eval(compile(f"lambda x: gnp.sum({body})", __file__, "eval"), {"gsp": gsp, "gnp": gnp})  # noqa: S307
    function.line = 1
    return function


def test_a_part_of_a_composed_function_is_named_inside_it_and_a_users_own_op_keeps_its_name():
    log_expit = _on_one_line("gsp.log_expit(x) + gsp.expit(x)")
    assert _spellings(log_expit, np.array([0.3, -2.0])) == {
        "softplus": "softplus in scipy.special.log_expit", "negative": "negative in scipy.special.log_expit",
        "sigmoid": "scipy.special.expit"}
    beside = _on_one_line("gsp.logsumexp(x) * gnp.exp(x[0])")
    spelled = _spellings(beside, np.array([0.3, -2.0]))
    assert "exp" not in spelled  # np.exp's own name, and logsumexp's exp is no other
    assert spelled["logsumexp"] == "scipy.special.logsumexp"  # gradcli's op of SciPy's name inside it: SciPy's call
