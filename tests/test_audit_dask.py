"""--executor dask runs the same cases on a (here local, two-worker) Dask cluster and gives the same verdicts."""

from audit_helpers import TARGETS, audit_json, spec_of


def test_dask_verdicts_are_the_local_ones(tmp_path):
    import distributed  # noqa: F401 - in the test extra: a missing one fails here, it is not skipped

    # Not the hanging or worker-killing cases: Dask cannot stop a running task, and retries a killed one.
    (tmp_path / "gradcli.toml").write_text(spec_of(["passing", "failing", "known", "better", "raising", "swept"]))
    (tmp_path / "targets.py").write_text(TARGETS)

    def verdicts(*executor):
        code, report, _ = audit_json(tmp_path / "gradcli.toml", *executor)
        return code, [(c["name"], c["status"], c["worst"], c["worst_by_dtype"], c["error"]) for c in report["cases"]]

    local = verdicts("--executor", "local")
    assert local == verdicts("--executor", "dask")
    assert [status for _, status, *_ in local[1]] == ["pass", "fail", "pass", "fail", "error", "pass"]
