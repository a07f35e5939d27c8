"""Whose call a bare ball's ``stop_gradient`` answers: the user's code (a plain box, whose comparisons are
decided as branches) or gradcli's own (the ball itself), told by the caller's file being inside the package.

A user's folder whose name merely begins with the package's (``gradcli_examples`` beside it) is the user's,
and so is the caller of a door that calls itself again (a Variable read first).
"""

import os

from flint import arb

import gradcli
from gradcli.autodiff import arb as arb_ops
from gradcli.autodiff import tracer
from gradcli.autodiff.tape import Variable
from gradcli.folders import GRADCLI_FOLDER

USER = '''
import gradcli


def stopped(x):
    return gradcli.stop_gradient(x)
'''


def _user_function(path):
    """``stopped`` of USER, its code naming ``path`` as its file (as Python names a module loaded from there)."""
    namespace = {}
    exec(compile(USER, path, "exec"), namespace)
    return namespace["stopped"]


def _is_plain_ball(value):
    return isinstance(value, tracer.Box) and value._trace is tracer.PLAIN and isinstance(tracer.unplain(value), arb)


def test_a_user_file_in_a_folder_named_like_the_package_gets_a_plain_box(tmp_path):
    arb_ops.enable()  # the exact reference's balls: a bare one handed to user code is boxed from now on
    folder = tmp_path / "gradcli_examples"
    folder.mkdir()
    (folder / "user_code.py").write_text(USER)
    # the same file where such a folder would sit: beside the package, its path begins with the package's
    beside = os.path.join(os.path.dirname(GRADCLI_FOLDER.rstrip(os.sep)), "gradcli_examples", "user_code.py")
    for path in (str(folder / "user_code.py"), beside):
        assert _is_plain_ball(_user_function(path)(arb(0.5))), path


def test_a_users_call_that_reads_a_variable_first_gets_a_plain_box():
    arb_ops.enable()
    stopped = _user_function(os.path.join(os.sep, "elsewhere", "user_code.py"))
    assert _is_plain_ball(stopped(Variable(arb(0.5))))  # the door reads it, then calls itself on its value


def test_gradclis_own_call_gets_the_ball_itself():
    arb_ops.enable()
    inside = _user_function(os.path.join(GRADCLI_FOLDER, "numpy", "user_code.py"))
    assert type(inside(arb(0.5))) is arb
