"""The reference's --max-time cut waits for an import in progress to end.

The framework campaign (PyTorch, seed 41) ran its first point past --max-time while PyTorch, tracing for the first
time, imported sympy: the alarm's interrupt left ``sympy`` half made, and every later point of the process failed
with "module 'sympy' has no attribute 'printing'". The cut now waits for the import, then stops the check.
"""

from __future__ import annotations

import signal
import sys
import time

import pytest

from gradcli.checker import balls


def test_a_cut_inside_an_import_lets_the_module_finish_then_stops_the_check(tmp_path, monkeypatch):
    # the module rings the budget's alarm while it is being imported, as a slow import under a spent budget would
    (tmp_path / "gradcli_cut_while_importing.py").write_text(
        "import signal\nsignal.raise_signal(signal.SIGALRM)\nFINISHED = True\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "gradcli_cut_while_importing", raising=False)
    with pytest.raises(balls.OutOfTime):
        with balls.Budget(60.0).interrupting():
            import gradcli_cut_while_importing

            assert gradcli_cut_while_importing.FINISHED
            time.sleep(30)  # the alarm rings again half a second on: the check still stops
    assert sys.modules["gradcli_cut_while_importing"].FINISHED
    assert signal.getitimer(signal.ITIMER_REAL)[0] == 0
    del sys.modules["gradcli_cut_while_importing"]
