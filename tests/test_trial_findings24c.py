"""What the twenty-fourth round (c) of user trials found (tests/test_user_trials24c.py, tests/trials/cases24c.py,
audit24c.toml), for the whole class of each finding: an audit's first finding names the threshold where the verdict
changes (A1), a sweep's JSON names its framework (J1), a jump whose sides print alike says how far apart they are
(F1), plain NumPy code beside gradcli is told framework='numpy' (P1), and a sweep ranges over a number of a tree held
from --args, in Python, on the command line and in an audit spec (T1), and a softmax entry picked inside the exp is
offered log_softmax (X1).

The round's whole programs re-run in the long mode (`make trials`); these tests run in every run.
"""

import json
import os
import sys

import numpy as np
import pytest

import gradcli
from gradcli.audit.results import AuditReport
from gradcli.errors import InputError
from gradcli.jsondata import jsonable
from gradcli.sweep import sweep
from gradcli.views import audit_cases

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import numpy_lib24c  # noqa: E402
from audit_reports import case  # noqa: E402


def test_an_audit_names_the_threshold_where_the_verdict_changes_first():
    """A1's class: log(1 + exp(x)) over [-60, 0] loses every bit below -36.7 and some down to -13.9; the first
    threshold (unstable -> unstable, every bit lost or not) is no change of verdict, the second (unstable -> ok) is."""
    swept = sweep("log(1 + exp(x))", {"x": (-60, 0, 31)}, dtypes=("float64",), fixes=False)
    thresholds = swept.to_dict()["dtypes"]["float64"]["thresholds"]
    assert [(t["from"], t["to"]) for t in thresholds][:2] == [("unstable", "unstable"), ("unstable", "ok")]
    report = AuditReport(cases=[case("softplus", "fail", sweep=jsonable(swept.to_dict()))], seconds=1.0)
    first = audit_cases.first_finding(report.cases[0])
    assert "x = -13.925246108503732 -> -13.92524610850373, unstable (cancellation) -> ok" in first, first


def test_a_sweep_s_json_names_the_framework_its_target_was_read_as():
    """J1: as a check's report does, for a plain NumPy module's function and for a formula."""
    target = f"{numpy_lib24c.__file__}:log_cosh_naive"
    swept = sweep(target, {"x": (700, 720, 3)}, dtypes=("float64",), fixes=False)
    assert swept.to_dict()["framework"] == "numpy"
    assert sweep("exp(x)", {"x": (0, 1, 3)}, dtypes=("float64",), fixes=False).to_dict()["framework"] == "gradcli"


def test_a_jump_whose_sides_print_alike_says_how_far_apart_they_are():
    """F1: F.softplus's threshold written out jumps by log1p(e^20) - 20 = 2.06e-9 at 20, which six digits show as
    20 and 20 (21.3133 with softplus(1) beside it); the slope beside it is still judged."""
    report = gradcli.check(numpy_lib24c.softplus_thresholded, [{"x": np.array([20.0, 1.0])}], dtypes=("float64",),
                           fixes=False)
    (result,) = report.results
    (jump,) = [f for f in result.findings if f.kind == "jump"]
    assert result.status == "domain" and "21.3133 from the left and 21.3133 from the right" in jump.message
    assert "they differ by -2.06115e-9" in jump.message, jump.message
    assert abs(result.exact_gradient["x"][1] - 1 / (1 + np.exp(-1.0))) < 1e-15


def _plain_in_a_gradcli_script(x):
    return np.sum(np.exp(x))  # this module imports gradcli: read as gradcli code unless told


def test_plain_numpy_code_beside_gradcli_is_told_how_to_check_it_unchanged():
    """P1: the check says framework='numpy'; given it, the same function is checked as the NumPy code it is."""
    point = [{"x": np.array([1.0, 2.0])}]
    report = gradcli.check(_plain_in_a_gradcli_script, point, dtypes=("float64",), fixes=False)
    assert report.results[0].status == "error"
    assert any("framework='numpy'" in note for note in report.notes), report.notes
    told = gradcli.check(_plain_in_a_gradcli_script, point, dtypes=("float64",), fixes=False, framework="numpy")
    assert told.results[0].status == "ok" and not any("framework='numpy'" in note for note in told.notes)
    assert np.allclose(told.results[0].gradient["x"], np.exp([1.0, 2.0]), rtol=1e-14)


def test_a_sweep_ranges_over_a_number_of_a_tree_held_from_args():
    """T1: params.a of poly_fit_args swept, the rest of the trees held; a leaf of several numbers, or none of the
    trees', is refused with its reason."""
    held = numpy_lib24c.poly_fit_args()
    swept = sweep(numpy_lib24c.poly_fit_loss, {"params.a": (-1, 1, 3)}, fixed=held, dtypes=("float64",), fixes=False)
    assert [str(i.status) for i in swept.dtypes["float64"].intervals] == ["ok"]
    assert "params.a" in swept.variables and "data.x" in swept.variables
    with pytest.raises(InputError, match=r"data.x: a leaf of \(4,\) numbers"):
        sweep(numpy_lib24c.poly_fit_loss, {"data.x": (0, 1, 3)}, fixed=held, dtypes=("float64",), fixes=False)
    with pytest.raises(InputError, match="params.zz: not a variable of the target, nor a leaf"):
        sweep(numpy_lib24c.poly_fit_loss, {"params.zz": (0, 1, 3)}, fixed=held, dtypes=("float64",), fixes=False)


def test_the_command_line_sweeps_a_number_of_a_tree_held_from_args():
    """T1 as typed: gradcli sweep file.py:poly_fit_loss --args file.py:poly_fit_args --range params.b=-2:2:3."""
    from click.testing import CliRunner

    from gradcli.cli import cli

    path = numpy_lib24c.__file__
    result = CliRunner().invoke(cli, ["sweep", f"{path}:poly_fit_loss", "--args", f"{path}:poly_fit_args",
                                      "--range", "params.b=-2:2:3", "--dtype", "float64", "--json", "--no-fix"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["ranges"]["params.b"]["n"] == 3 and document["dtypes"]["float64"]["counts"] == {"ok": 3}


def test_an_audit_spec_sweeps_a_number_of_a_tree_held_from_args(tmp_path):
    """T1 in a spec: range = "params.b=..." beside args =."""
    from click.testing import CliRunner

    from gradcli.cli import cli

    path = numpy_lib24c.__file__
    spec = tmp_path / "spec.toml"
    spec.write_text(f'[[case]]\nname = "fit"\ntarget = "{path}:poly_fit_loss"\nargs = "{path}:poly_fit_args"\n'
                    'range = "params.b=-2:2:3"\ndtypes = ["float64"]\n')
    result = CliRunner().invoke(cli, ["audit", str(spec), "--json"])
    assert result.exit_code == 0, result.output
    (fit,) = json.loads(result.stdout)["cases"]
    assert fit["status"] == "pass" and fit["sweep"]["dtypes"]["float64"]["counts"] == {"ok": 3}


SOFTMAX_ENTRY = '''import numpy as np


def first(z):
    return -np.log(np.exp(z[0]) / np.sum(np.exp(z)))


def second(z):
    return -np.log(np.exp(z[1]) / np.exp(z).sum())
'''


@pytest.mark.parametrize("function, point", [("first", {"z": [800.0, 0.0, 1.0]}),
                                             ("second", {"z": [0.0, -900.0, 1.0]})])
def test_a_softmax_entry_picked_inside_the_exp_is_offered_log_softmax(tmp_path, function, point):
    """X1's class: -log(exp(z[k]) / sum(exp(z))) is the cross-entropy of entry k, whatever the sum's spelling: an exp
    overflows (or the entry underflows to 0), and log_softmax's entry k is offered and re-checked ok."""
    path = tmp_path / "entry.py"
    path.write_text(SOFTMAX_ENTRY)
    report = gradcli.check(f"{path}:{function}", point, dtypes=("float64",))
    assert report.results[0].status == "unstable"
    (fix,) = [fix for fix in report.fixes if fix.name == "log_softmax"]
    assert not fix.partial and all(str(verdict) == "ok" for verdict in fix.after.values())
