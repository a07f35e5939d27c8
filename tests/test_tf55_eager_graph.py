"""TensorFlow's eager run against the graph gradcli judges: names bound at import, control flow, XLA, random draws.

The user's ``tf.executing_eagerly()`` is answered in gradcli's trace as in the
eager run; a name bound to it at import (``from tensorflow import
executing_eagerly``, ``eager = tf.inside_function``) is answered the same way.
"""

import numpy as np
import pytest

import gradcli

tf = pytest.importorskip("tensorflow")

HELPER = '''
from tensorflow import inside_function


def chooses(x, eager, plain):
    return plain(x) if inside_function() else eager(x)
'''

SOURCE = '''
import tensorflow as tf
from tensorflow import executing_eagerly

from tf55_helper import chooses

asked = tf.inside_function


def bound(x):
    if executing_eagerly():
        return tf.math.log(1 + tf.exp(x))
    return tf.math.softplus(x)


def aliased(x):
    if asked():
        return tf.math.softplus(x)
    return tf.math.log(1 + tf.exp(x))


def helped(x):
    return chooses(x, lambda v: tf.math.log(1 + tf.exp(v)), tf.math.softplus)
'''


@pytest.fixture(scope="module")
def user(tmp_path_factory, request):
    """The user's file and a helper module beside it, written once for the module."""
    folder = tmp_path_factory.mktemp("tf55")
    folder.joinpath("tf55_helper.py").write_text(HELPER)
    path = folder.joinpath("tf55_user.py")
    path.write_text(SOURCE)
    request.addfinalizer(lambda: __import__("sys").modules.pop("tf55_helper", None))
    return str(path)


def _results(target, *points, dtypes=("float64",)):
    """The check's results at ``points`` in ``dtypes``, without fixes."""
    return gradcli.check(target, list(points), dtypes=dtypes, fixes=False).results


@pytest.mark.parametrize("name", ["bound", "aliased", "helped"])
def test_a_name_bound_at_import_is_answered_as_the_eager_run(user, name):
    (result,) = _results(f"{user}:{name}", {"x": 800.0})
    # Eagerly log(1 + exp(x)) overflows: that run is the one judged, not the graph's softplus (800, ok).
    assert result.status == "unstable" and result.value == np.inf, (result.status, result.findings)
    assert result.findings[0].op == "exp"
    # The names are TensorFlow's own again once the trace is over.
    helper = __import__("sys").modules["tf55_helper"]
    assert helper.inside_function is tf.inside_function and tf.inside_function.__module__.startswith("tensorflow")
