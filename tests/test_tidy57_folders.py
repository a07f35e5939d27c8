"""gradcli.folders: whose code a file is, by its folder, for every search of the user's own line."""

from __future__ import annotations

import os
import sys

import gradcli
from gradcli.capture.lines import innermost_reading, innermost_users
from gradcli.folders import GRADCLI_FOLDER, outside_python_and_gradcli, python_folders


def test_gradclis_folder_is_the_package_with_its_separator():
    assert GRADCLI_FOLDER == os.path.join(os.path.dirname(os.path.abspath(gradcli.__file__)), "")


def test_a_sibling_named_like_a_folder_is_outside_it():
    sibling = os.path.join(os.path.dirname(GRADCLI_FOLDER.rstrip(os.sep)), "gradcli_examples", "loss.py")
    stdlib_sibling = python_folders("stdlib")[0].rstrip(os.sep) + "-extras" + os.sep + "loss.py"
    assert outside_python_and_gradcli(sibling)
    assert outside_python_and_gradcli(stdlib_sibling)


def test_gradclis_and_pythons_own_code_and_stdin_are_not_the_users():
    assert not outside_python_and_gradcli(os.path.join(GRADCLI_FOLDER, "numpy.py"))
    assert not outside_python_and_gradcli(os.__file__)
    assert not outside_python_and_gradcli("<stdin>")


def test_the_innermost_users_frame_of_a_traceback_is_the_deepest_outside_gradcli(tmp_path):
    path = tmp_path / "user_loss.py"
    path.write_text("import json\n\ndef loss(text):\n    return json.loads(text)\n")
    namespace = {}
    exec(compile(path.read_text(), str(path), "exec"), namespace)  # the user's file, run as the user's code
    try:
        namespace["loss"]("{")
    except ValueError:
        tb = sys.exc_info()[2]
    frame, line = innermost_users(tb, outside_python_and_gradcli)
    assert (frame.f_code.co_filename, line) == (str(path), 4)  # json's own frames below it are Python's


def _reading(frame, line):
    return frame.f_code.co_name if frame.f_code.co_name.endswith("_call") else None


def _outer_call():
    return _inner_call()


def _inner_call():
    return _read_here()


def _read_here():
    return innermost_reading(sys._getframe(), _reading), innermost_reading(sys._getframe().f_back.f_back, _reading)


def test_a_live_stack_is_read_from_its_frame_outward_and_the_first_reading_kept():
    assert _outer_call() == ("_inner_call", "_outer_call")
