"""An entry that is 0 where its exact result is a subnormal the dtype holds names who gave the 0: SciPy's erfc stops
short of the subnormal range (erfc(27) = 5.2e-319 is 0 there, with no flush anywhere), while a run whose kernels
flush subnormal results (XLA's, TensorFlow's) is said to have flushed it. Truths are mpmath's erfc and exp."""

import json
from types import SimpleNamespace

import mpmath
import numpy as np
import scipy.special
from click.testing import CliRunner

from gradcli.checker.provenance import OpRecord, _describe
from gradcli.cli import cli

USERS = '''\
import gradcli.numpy as gnp
import gradcli.scipy.special as sps


def erfc_sum(x):
    return gnp.sum(sps.erfc(x))
'''


def test_scipys_erfc_is_named_as_what_stops_short_of_the_subnormals(tmp_path):
    with mpmath.workdps(30):
        exact = mpmath.erfc(27)
    assert 0 < exact < np.finfo(np.float64).tiny and scipy.special.erfc(27.0) == 0  # a subnormal SciPy gives as 0
    (tmp_path / "users.py").write_text(USERS)
    args = ["check", f"{tmp_path / 'users.py'}:erfc_sum", "--at", "x=[27]", "--dtype", "float64", "--json"]
    (checked,) = json.loads(CliRunner().invoke(cli, args).stdout)["results"]
    (finding,) = [f for f in checked["findings"] if f["kind"] == "underflow"]
    message = " ".join(finding["message"].split())
    said = float(message.split("the exact result ")[1].split()[0])
    assert said == float(mpmath.nstr(exact, 10)) and "is a subnormal float64" in message
    assert "which SciPy's erfc gives as 0: it stops short of the subnormal range" in message
    assert "XLA" not in message and "TensorFlow" not in message and "flushed" not in message


def _flushed_exp(flushed_by):
    """exp(-720) in float64 as a flushing run gives it (0), against mpmath's 1.2e-313: a subnormal float64 holds."""
    with mpmath.workdps(30):
        exact = mpmath.exp(-720)
    prim = SimpleNamespace(fun=np.exp)  # NumPy's exp keeps the subnormal: the run, not the function, gave 0
    working = OpRecord(0, "exp", "forward", (np.float64(-720.0),), np.float64(0.0), prim=prim, flushed_by=flushed_by)
    return _describe(working, OpRecord(0, "exp", "forward", (mpmath.mpf(-720),), exact), 1e16, 1.0, 1e-16).message


def test_a_flushing_run_names_its_frameworks_kernels():
    assert np.exp(-720.0) != 0
    xla, tensorflow = _flushed_exp("XLA's CPU code does"), _flushed_exp("TensorFlow's CPU kernels do")
    assert "which this run flushed to 0, as XLA's CPU code does with subnormal results" in xla
    assert "TensorFlow" not in xla and "SciPy" not in xla
    assert "which this run flushed to 0, as TensorFlow's CPU kernels do with subnormal results" in tensorflow
    assert "XLA" not in tensorflow
