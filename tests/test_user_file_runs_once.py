"""A user's file runs once per process and text: its import-time effects happen once per check.

TensorFlow's gradient registry refuses a second ``RegisterGradient`` of one
name, so a file registering its rule at module level (as TensorFlow's guide
writes it) could not be checked at all when the CLI and the checker each ran
it; the TensorFlow case itself is a trial (tests/test_user_trials9b.py).
"""

import textwrap

import pytest

from gradcli.cli import main

MODULE = textwrap.dedent(
    """
    import os
    import gradcli.numpy as gnp

    with open(os.environ["RUNS_LOG"], "a") as log:
        log.write("{tag}\\n")

    def loss(x):
        return gnp.sum(gnp.log1p(gnp.exp(x)))
    """
)


def _runs(log):
    with open(log) as handle:
        return handle.read().split()


def _check(path, capsys):
    with pytest.raises(SystemExit) as exited:
        main(["check", f"{path}:loss", "--at", "x=[0.5, -2]", "--dtype", "float64,float32"])
    capsys.readouterr()
    return exited.value.code


def test_a_file_runs_once_in_a_check_and_again_only_when_its_text_changes(tmp_path, monkeypatch, capsys):
    log = tmp_path / "runs.txt"
    log.write_text("")
    monkeypatch.setenv("RUNS_LOG", str(log))
    path = tmp_path / "model_runs_once.py"
    path.write_text(MODULE.format(tag="first"))
    assert _check(path, capsys) == 0
    assert _runs(log) == ["first"]
    assert _check(path, capsys) == 0
    assert _runs(log) == ["first"]  # the same text in the same process: the module already ran
    path.write_text(MODULE.format(tag="second"))
    assert _check(path, capsys) == 0
    assert _runs(log) == ["first", "second"]  # an edited file is the user's new code


def test_a_numpy_function_gradcli_lacks_is_an_error_for_each_function_of_a_file_already_run(tmp_path, capsys):
    path = tmp_path / "legacy_runs_once.py"
    path.write_text(
        "import numpy as np\n\n"
        "def fine(x):\n    return np.sum(np.exp(x))\n\n"
        "def uses_spacing(x):\n    return np.sum(np.spacing(x))\n"
    )
    for name, expected in [("fine", 0), ("uses_spacing", 2), ("fine", 0), ("uses_spacing", 2)]:
        with pytest.raises(SystemExit) as exited:
            main(["check", f"{path}:{name}", "--at", "x=[0.5, -2]", "--dtype", "float64"])
        err = capsys.readouterr().err
        assert exited.value.code == expected, (name, err)
        if expected == 2:
            assert "numpy.spacing" in err and "legacy_runs_once.py, line 7" in err
