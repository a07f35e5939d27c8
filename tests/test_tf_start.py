"""TensorFlow's C++ start-up lines that its own log level does not reach are filtered from the import (tf_start)."""

import sys
import textwrap

import pytest

from gradcli.capture.tf_start import import_quietly, kept_lines

NOTICE = "WARNING: All log messages before absl::InitializeLog() is called are written to STDERR\n"
INFO = "I0000 00:00:1796045276.994125   20258 port.cc:153] oneDNN custom operations are on.\n"
WARNING = "W0000 00:00:1796045276.994125   20258 cpu_feature_guard.cc:12] a warning\n"
ERROR = "E0000 00:00:1796045276.994125   20258 cuda_dnn.cc:8579] Unable to register cuDNN factory\n"
OTHER = "Traceback-free words a library printed\n"


@pytest.mark.parametrize("level, kept", [
    (0, NOTICE + INFO + WARNING + ERROR + OTHER),
    (1, WARNING + ERROR + OTHER),
    (2, ERROR + OTHER),
    (3, OTHER),
])
def test_each_level_keeps_what_tensorflows_own_filter_would(level, kept):
    assert kept_lines(NOTICE + INFO + WARNING + ERROR + OTHER, level) == kept


@pytest.fixture
def fake_tensorflow(tmp_path, monkeypatch):
    """A `tensorflow` module that writes absl's lines to descriptor 2 as TensorFlow's shared libraries do."""
    (tmp_path / "tensorflow.py").write_text(textwrap.dedent(f"""
        import os
        os.write(2, {(NOTICE + INFO + NOTICE + INFO + ERROR).encode()!r})
        LOADED = True
    """))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(sys.modules, "tensorflow", None)  # restored (or removed) when the test ends
    del sys.modules["tensorflow"]


def test_the_import_writes_back_only_what_the_level_keeps(fake_tensorflow, monkeypatch, capfd):
    monkeypatch.setenv("TF_CPP_MIN_LOG_LEVEL", "2")
    import_quietly()
    assert sys.modules["tensorflow"].LOADED
    assert capfd.readouterr().err == ERROR


def test_a_level_the_user_chose_keeps_every_line(fake_tensorflow, monkeypatch, capfd):
    monkeypatch.setenv("TF_CPP_MIN_LOG_LEVEL", "0")
    import_quietly()
    assert capfd.readouterr().err == NOTICE + INFO + NOTICE + INFO + ERROR


def test_a_failing_import_is_left_to_the_users_own_import(tmp_path, monkeypatch, capfd):
    (tmp_path / "tensorflow.py").write_text("import os\nos.write(2, b'E0000 00:00:1.5 7 x.cc:1] broken\\n')\nraise ImportError('no')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(sys.modules, "tensorflow", None)
    del sys.modules["tensorflow"]
    monkeypatch.setenv("TF_CPP_MIN_LOG_LEVEL", "2")
    import_quietly()
    assert "tensorflow" not in sys.modules
    assert "broken" in capfd.readouterr().err
