"""Reports name the user's file as the user wrote it, and a backward step handed a NaN is not said to have made it.

An audit spec names its targets relative to its own folder ("graphs.py:normalised"); every report of the audit
(terminal, Markdown, HTML, JUnit) names a finding about the whole target the same way, never by the full path the
audit loaded it from. In ``masked_square`` the forward ``torch.sqrt`` of a negative entry makes the NaN that
``torch.where`` hides from the value; PyTorch's backward ``aten.pow`` of that NaN passes it on: the finding names
the forward sqrt and its line, and does not call the pow the first NaN of the backward pass. The truths: mpmath's
derivatives of the functions, PyTorch's own gradient, and the lines of the source below.
"""

import os
import textwrap
import xml.etree.ElementTree as ET

import mpmath
import pytest
import torch  # the framework under test: imported once, here, for the file's CPU budget
from click.testing import CliRunner
from read_checks import checked, line_of

from gradcli.cli import cli

SOURCE = textwrap.dedent('''\
    import torch


    def normalised(adj):
        deg = adj.sum(dim=1)
        return deg.sqrt().sum()


    def masked_square(x):
        d = torch.sqrt(x)
        p = d.pow(2)
        return torch.where(x > 0, p, torch.zeros_like(p)).sum()
''')

SPEC = textwrap.dedent('''\
    [[case]]
    name = "square root of an isolated node's degree"
    target = "graphs.py:normalised"
    at = ["adj=[[0,1,0],[1,0,0],[0,0,0]]"]
    dtypes = ["float64"]
    expect = "domain"
''')


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    where = tmp_path_factory.mktemp("spec_folder")
    (where / "graphs.py").write_text(SOURCE)
    (where / "audit.toml").write_text(SPEC)
    return where


@pytest.fixture(scope="module")
def audited(folder):
    """The audit's terminal text and its Markdown, HTML and JUnit reports."""
    paths = {kind: str(folder / f"report.{kind}") for kind in ("md", "html", "xml")}
    run = CliRunner().invoke(cli, ["audit", str(folder / "audit.toml"), "--markdown", paths["md"],
                                   "--html", paths["html"], "--junit", paths["xml"]])
    assert run.exit_code == 0, run.output
    reports = {kind: open(path, encoding="utf-8").read() for kind, path in paths.items()}
    return run.stdout, reports


def test_the_isolated_node_is_a_domain_point_by_mpmath():
    # d/dadj[2][j] of sqrt(sum_j adj[2][j]) at a degree of 0: the one-sided slope is infinite
    with mpmath.workdps(30):
        slopes = [mpmath.diff(lambda t: mpmath.sqrt(t), h) for h in (mpmath.mpf("1e-10"), mpmath.mpf("1e-20"))]
    assert slopes[1] > 1e9 > slopes[0] > 1e4


def test_every_audit_report_names_the_file_as_the_spec_wrote_it(folder, audited):
    terminal, reports = audited
    # the isolated node's degree: singular in its row's entries (no value to their left, an infinite slope to the right)
    said = "the function is singular here in adj"  # (Markdown escapes the brackets of adj[2, 0])
    assert "forward adj[2, 0]: the function is singular" in terminal, terminal  # a table's cell wraps the rest
    assert said in reports["md"], reports["md"]
    assert said in reports["html"]
    assert "graphs.py:normalised" in reports["md"], reports["md"]
    assert "check of <code>graphs.py:normalised</code>" in reports["html"]
    (testcase,) = ET.fromstring(reports["xml"]).iter("testcase")
    assert said in testcase.find("system-out").text
    assert "graphs.py:normalised" in ET.tostring(testcase, encoding="unicode")
    folder_text = os.path.realpath(folder)
    for text in (terminal, *reports.values()):
        assert str(folder) not in text and folder_text not in text


@pytest.fixture(scope="module")
def masked(folder):
    (result,) = checked(str(folder / "graphs.py"), "masked_square", {"x": [9e6, -1.0, 4.0]})
    return result


def test_torchs_gradient_carries_the_forward_nan_that_the_exact_one_has_not(masked):
    x = torch.tensor([9e6, -1.0, 4.0], dtype=torch.float64, requires_grad=True)
    d = torch.sqrt(x)
    torch.where(x > 0, d.pow(2), torch.zeros_like(x)).sum().backward()
    assert torch.isnan(x.grad[1]) and masked.status.value == "wrong"
    # the exact function is x where x > 0 and 0 elsewhere: slopes 1, 0, 1
    exact = [float(mpmath.diff(lambda t: t if t > 0 else 0, v)) for v in (9e6, -1.0, 4.0)]
    assert list(map(float, masked.exact_gradient["x"])) == pytest.approx(exact, abs=1e-12)


def test_a_backward_step_handed_the_forward_nan_names_the_forward_op(folder, masked):
    (finding,) = [f for f in masked.findings if f.phase == "backward" and f.kind in ("nonfinite", "where-nan")]
    assert finding.location == f"{folder / 'graphs.py'}:{line_of(SOURCE, 'p = d.pow(2)')}"
    assert "first NaN" not in finding.message, finding.message
    assert finding.message.startswith(
        "in the framework's backward pass, aten.pow([3000, nan, 2], 1) gave [3000, nan, 2]: its [3000, nan, 2] comes "
        "from the forward pass, where torch.sqrt([9000000, -1, 4]) gave [3000, nan, 2] at "
        f"graphs.py:{line_of(SOURCE, 'd = torch.sqrt(x)')}: the forward op broke"), finding.message
