"""The fifty-sixth round (d) of user trials (tests/trials/cases56d.py): control flow and structure as users write
it, on the JAX, PyTorch, TensorFlow and plain-NumPy bridges: lax.cond / switch / scan / fori_loop / while_loop,
jax.checkpoint, jit(static_argnums), vmap inside the loss; Python if / for over tensors, torch.where chains, detach
and no_grad, nn.Modules by parameter name; tf.cond, tf.while_loop, autograph loops, stop_gradient, custom rules
wrong on one branch; NumPy helpers in loops. Here, cheap cases: a custom_jvp whose slope goes through lax.cond and is
wrong on the x <= 0 branch (wrong at the rule at x = -1); a where leak inside a lax.scan body (wrong at the where's
line); an nn.Module with submodules, a Parameter and a Python loop in forward, checked by --wrt model.fc1.weight; a
sin(kx) / x where leak in a Python loop of TensorFlow code; a naive softplus helper called in a NumPy loop at 800
(unstable at the helper's line). And the round's findings, mended: an eager tf.cond at a subnormal (TensorFlow's
predicate reads it as 0 and takes the other branch) was `error` with a misdiagnosis where `unstable` is right (F1);
a sweep of a TensorFlow function with a tf.cond spilled TensorFlow's pfor ERROR logs on a successful run (F2).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases56d.ALL).
"""

import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases56d  # noqa: E402
import judge  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("jax")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib56d:cond_rule@x=-1:float64":
        "a custom_jvp whose slope is lax.cond(x > 0, sigmoid(x), sigmoid(-x)): wrong on the x <= 0 branch alone, "
        "at the rule's def",
    "jax_lib56d:scan_where@x=[-1,2]:float64":
        "where(c > 0, sqrt(c), 0) inside a lax.scan body, c = -1 in the first iteration: the untaken sqrt's NaN "
        "leaks into the gradient, wrong at the where's line (exact slopes 1/2 each)",
    "torch_lib56d:block_loss@block_args:float64":
        "an nn.Module with two nn.Linear submodules, a Parameter and a Python loop of torch.where in forward, "
        "checked by --wrt model.fc1.weight: ok, exact",
    "tf_lib56d:sinc_terms@x=[0,0.5]:float64":
        "tf.where(x != 0, sin(k x) / x, k) summed in a Python loop: the untaken 0/0 leaks NaN at x = 0 where the "
        "exact slope is 0: wrong at the where's line",
    "np_lib56d:loop_softplus@x=[800]:float64":
        "a NumPy helper log(1 + exp(y)) called twice in a loop at 800: exp overflows, unstable at the helper's line",
    "tf_lib56d:cond_sqrt@x=1e-40:float32":
        "F1, mended: eager tf.cond(x > 0, sqrt, -x) at float32's subnormal 1e-40: TensorFlow's Greater reads it as 0 "
        "and runs -x; the graph's record is replayed as its kernels read numbers: unstable at the cond's line",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases56d, CHOSEN)


def test_tf_cond_sweep_keeps_tensorflow_pfor_errors_quiet():
    """F2, mended: a sweep of a TensorFlow function holding a tf.cond falls back to one run per point (noted), and
    TensorFlow's pfor conversion ERROR logs (the failed map's graph, hundreds of lines) no longer reach stderr."""
    env = dict(os.environ, PYTHONPATH=judge.REPO)
    done = subprocess.run([sys.executable, "-m", "gradcli", "sweep", "tests/trials/tf_lib56d.py:cond_sqrt",
                           "--range", "x=1:4:3", "--dtype", "float64"],
                          cwd=judge.REPO, env=env, capture_output=True, text=True, timeout=600)
    if done.returncode != 0 or "ran once per point" not in done.stdout:
        pytest.fail(f"the sweep no longer runs as F2 saw it (exit {done.returncode}): its finding may be mended, or "
                    f"it fails otherwise:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    assert "ERROR:tensorflow" not in done.stderr
