"""The third round of user trials (tests/trials/cases3.py) and what it fixed: the straight-through PyTorch rule named at
its line, hand-written softmax and the double where offered in each framework's spelling and re-checked, PyTorch's
0/0 named at its line, and sweeps with an array held (--args) evaluated in one vectorised call.

The whole set runs with ``python tests/trials/run.py``; here, the cases that guard what the trials found broken.
"""

import json
import os
import sys

import numpy as np
import pytest
from click.testing import CliRunner

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases3  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

import gradcli  # noqa: E402
from gradcli.checker.source_fixes import source_rewrites, splice  # noqa: E402
from gradcli.cli import cli  # noqa: E402

CHOSEN = [
    # a straight-through backward (return g) computes nothing: replayed as g * 1 on its def line
    "torch_more:binarized@x=[0.3,-1.2]:float64",
    # hand-written softmax: the framework's log_softmax, re-checked (torch: by rows through two locals)
    "torch_more:softmax_rows@x=[[100,101],[0,1]]:float32",
    "tf_more:naive_xent@x=[100,101]:float32",
    "jax_seq:naive_xent@x=[100,101]:float32",
    "numpy_more:softmax_rows@z=[[800,0],[1,2]]:float64",
    # the double where, whichever branch is unsafe and however the condition is written
    "torch_more:sinc_where@x=[0,1]:float64",  # also: PyTorch's 0/0 named at its line
    "tf_more:sinc_eq@x=[0,1]:float64",
    "jax_seq:sinc_taylor@x=[0,0.5]:float64",
    "numpy_more:cube_root_where@x=[-1,0.5]:float64",
    # sound code stays ok: a scan RNN, label smoothing, TensorFlow's weighted cross-entropy
    "jax_seq:rnn_loss@w=[0.9,1.2]:float64",
    "torch_more:smoothed_ce@logits=[[1,2,3],[0.5,-1,2]]:float64",
    "tf_more:weighted_ce@logits=[3,-2]:float32",
    # TensorFlow flushes subnormals to 0 on CPU: its 0 for e^-90 in float32 is the dtype's answer
    "tf_more:log_sig@z=[90,-3]:float32",
    # a clip saturated at a float32 bound: the bound it picks is an exact ball, not a float32 constant in the next op
    "tf_more:keras_bce_probs@p=[1,0.5]:float32",
]


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases3, CHOSEN)


def _rewrites(source, lines, framework, ranks=None):
    from gradcli.capture import jax_bridge, tf_bridge, torch_bridge

    namespace, spellings = {
        "jax": ("jax.numpy", jax_bridge.SPELLINGS), "torch": ("torch", torch_bridge.SPELLINGS),
        "tf": ("tensorflow", tf_bridge.SPELLINGS), "numpy": ("numpy", None),
    }[framework]
    return {name: splice(source, edits) for name, _, edits in source_rewrites(source, lines, namespace, spellings, ranks)}


HAND_SOFTMAX = '''import torch


def f(x):
    e = torch.exp(x)
    return -torch.log(e[1] / e.sum())
'''


def test_a_hand_softmax_of_a_vector_is_the_framework_softmax_over_its_one_axis():
    found = _rewrites(HAND_SOFTMAX, [5, 6], "torch", {"x": 1})
    assert "return -torch.nn.functional.log_softmax(x, dim=0)[1]\n" in found["log_softmax"]
    assert "e = torch.exp(x)" not in found["log_softmax"]  # the local it emptied is gone
    assert "return -torch.log(torch.softmax(x, dim=0)[1])\n" in found["softmax"]


def test_a_hand_softmax_over_every_element_of_an_array_of_unknown_rank_stays_over_every_element():
    found = _rewrites(HAND_SOFTMAX, [5, 6], "torch")  # no ranks: x may be a matrix, summed whole
    assert "return -(x - torch.logsumexp(torch.flatten(x), 0))[1]\n" in found["log_softmax"]
    jax_source = HAND_SOFTMAX.replace("import torch", "import jax.numpy as jnp").replace("torch.", "jnp.").replace(
        "e.sum()", "jnp.sum(e)")
    assert "jax.nn.log_softmax(x, axis=None)[1]" in _rewrites(jax_source, [5, 6], "jax")["log_softmax"]


def test_a_sum_over_an_axis_without_keepdims_is_a_softmax_only_over_axis_0():
    source = "import numpy as np\n\n\ndef f(z):\n    return np.exp(z) / np.sum(np.exp(z), axis={})\n"
    assert "np.exp(z - scipy.special.logsumexp(z, axis=0, keepdims=True))" in _rewrites(source.format(0), [5], "numpy")["softmax"]
    assert "softmax" not in _rewrites(source.format(1), [5], "numpy")  # (n, m) / (n,) divides the wrong entries


@pytest.mark.parametrize("condition, chosen, other, want", [
    ("x != 0", "tf.sin(x) / x", "1.0", "tf.where(x != 0, tf.sin(tf.where(x != 0, x, 1.0)) / tf.where(x != 0, x, 1.0), 1.0)"),
    ("x == 0", "1.0", "tf.sin(x) / x", "tf.where(x == 0, 1.0, tf.sin(tf.where(x != 0, x, 1.0)) / tf.where(x != 0, x, 1.0))"),
    ("0 < x", "tf.math.log(x)", "0.0", "tf.where(0 < x, tf.math.log(tf.where(0 < x, x, 1.0)), 0.0)"),
    ("tf.abs(x) < 1e-3", "1.0 - x * x / 6", "tf.sin(x) / x",
     "tf.where(tf.abs(x) < 1e-3, 1.0 - x * x / 6, tf.sin(tf.where(tf.abs(x) >= 1e-3, x, 1.001)) / tf.where(tf.abs(x) >= 1e-3, x, 1.001))"),
    ("tf.not_equal(x, 0.0)", "tf.sin(x) / x", "tf.ones_like(x)",
     "tf.where(tf.not_equal(x, 0.0), tf.sin(tf.where(tf.not_equal(x, 0.0), x, 1.0)) / tf.where(tf.not_equal(x, 0.0), x, 1.0), tf.ones_like(x))"),
])
def test_the_double_where_guards_whichever_branch_is_unsafe(condition, chosen, other, want):
    source = f"import tensorflow as tf\n\n\ndef f(x):\n    return tf.where({condition}, {chosen}, {other})\n"
    assert f"    return {want}\n" in _rewrites(source, [5], "tf")["double where"]


def test_a_where_whose_branches_are_safe_gets_no_double_where():
    source = "import jax.numpy as jnp\n\n\ndef f(x):\n    return jnp.where(x != 0, x * 2.0, jnp.zeros_like(x))\n"
    assert "double where" not in _rewrites(source, [5], "jax")


HELD = '''import numpy as np
import torch

DATA = np.array([0.5, -1.0, 2.0])


def loss(w, data):
    return torch.log(1 + torch.exp(w * data)).sum()
'''


def test_a_sweep_with_an_array_held_is_one_vectorised_call(tmp_path):
    path = tmp_path / "held.py"
    path.write_text(HELD)
    result = gradcli.sweep(f"{path}:loss", {"w": (-100, 100, 64)}, fixed={"data": np.array([0.5, -1.0, 2.0])},
                           dtypes=("float32",), fixes=False)
    assert not any("elementwise" in note for note in result.notes), result.notes
    statuses = {str(i.status) for i in result.dtypes["float32"].intervals}
    assert statuses == {"ok", "unstable"}  # exp(w * 2) overflows beyond w = 44.36 in float32


UFUNCS = '''import numpy as np


def reduced(x):
    return np.logaddexp.reduce(x) + np.add.reduce(x * x)


def accumulated(x):
    np.add.at(x, [0, 0], 1.0)
    return x[0] * x[1]


def vectorised(x):
    return np.sum(np.vectorize(lambda v: v * v)(x))


def lacking(x):
    return np.sum(np.spacing(x) * x)
'''


def test_numpy_ufunc_reductions_and_methods_are_differentiated_and_what_gradcli_lacks_refused_at_its_line(tmp_path):
    path = tmp_path / "ufuncs.py"
    path.write_text(UFUNCS)
    x = np.array([1000.0, 1000.5, -3.0])
    report = gradcli.check(f"{path}:reduced", [{"x": x}], dtypes=("float64",))
    weights = np.exp(x - x.max()) / np.exp(x - x.max()).sum()
    assert report.results[0].status == "ok"
    assert np.allclose(np.asarray(report.results[0].exact_gradient["x"], dtype=float), weights + 2 * x, rtol=1e-12)
    accumulated = gradcli.check(f"{path}:accumulated", [{"x": np.array([1.0, 2.0])}], dtypes=("float64",)).results[0]
    assert accumulated.status == "ok"  # (x0 + 2) * x1, x0 added to twice in place
    assert np.allclose(np.asarray(accumulated.exact_gradient["x"], dtype=float), [2.0, 3.0], rtol=1e-14)
    vectorised = gradcli.check(f"{path}:vectorised", [{"x": np.array([1.0, 2.0])}], dtypes=("float64",)).results[0]
    assert vectorised.status == "ok"  # np.vectorize runs the Python function entry by entry on traced numbers
    assert np.allclose(np.asarray(vectorised.exact_gradient["x"], dtype=float), [2.0, 4.0], rtol=1e-14)
    code = CliRunner().invoke(cli, ["check", f"{path}:lacking", "--at", "x=[1,2]"])
    assert code.exit_code == 2 and "numpy.spacing" in code.stderr and "line 18" in code.stderr
