"""--executor dask runs the same cases on a (here local, two-worker) Dask cluster and gives the same verdicts."""

from audit_helpers import audit_json

SPEC = '''
[defaults]
dtypes = ["float32", "float64"]
fixes = false

[[case]]
name = "passing"
target = "exp(x)"
at = ["x=1"]

[[case]]
name = "failing"
target = "log(1+exp(x))"
at = ["x=100", "x=1"]

[[case]]
name = "known"
target = "log(1+exp(x))"
at = ["x=100"]
expect = "unstable"

[[case]]
name = "raising"
target = "boom.py:boom"
at = ["x=1"]

[[case]]
name = "swept"
target = "exp(x)"
range = "x=-5:5:11"
'''


def test_dask_verdicts_are_the_local_ones(tmp_path):
    import distributed  # noqa: F401

    (tmp_path / "gradcli.toml").write_text(SPEC)
    (tmp_path / "boom.py").write_text("def boom(x):\n    raise ValueError('no')\n")

    def verdicts(*executor):
        code, report, _ = audit_json(tmp_path / "gradcli.toml", *executor)
        return code, [(c["name"], c["status"], c["worst"], c["worst_by_dtype"], c["error"]) for c in report["cases"]]

    local = verdicts("--executor", "local")
    assert local == verdicts("--executor", "dask")
    assert [status for _, status, *_ in local[1]] == ["pass", "fail", "pass", "error", "pass"]
