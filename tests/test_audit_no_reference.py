"""An audit case whose point has no exact reference says why, in the report and on the progress line."""

from audit_helpers import audit_json


def test_an_unsettled_reference_is_reported_with_its_reason(tmp_path):
    # 1 - cos(x**32) at 1e-300 cancels ~19,200 digits, more than gradcli spends: the point has no verdict.
    (tmp_path / "gradcli.toml").write_text(
        '[[case]]\nname = "beyond"\ntarget = "(1-cos(x**32))/x**64"\nat = ["x=1e-300"]\ndtypes = ["float64"]\nfixes = false\n'
    )
    # The climb ends at its digits in seconds; the time limit is out of reach so that a loaded machine cannot decide it.
    code, report, progress = audit_json(tmp_path / "gradcli.toml", "--jobs", "1", "--max-time", "inf")
    (case,) = report["cases"]
    assert case["status"] == "error"
    assert case["error"].startswith("float64 at x=1e-300: ")
    assert "did not settle" in case["error"] and "None" not in case["error"]
    assert "did not settle" in progress
