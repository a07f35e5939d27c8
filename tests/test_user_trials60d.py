"""The sixtieth round (d) of user trials (tests/trials/cases60d.py): models with state and modes as users build them,
on the JAX, PyTorch, TensorFlow and plain-NumPy bridges: nn.Sequential / ModuleDict / ModuleList by parameter name,
tied weights, register_buffer, BatchNorm1d in train() and eval(), Dropout in eval(), weight_norm / orthogonal /
spectral_norm parametrizations and register_parametrization with a user module, nn.Embedding(padding_idx); Keras
Sequential and subclassed models with Dense / LayerNormalization / BatchNormalization(training=True/False) /
Embedding, a tf.Variable as state, an L2 penalty over model.trainable_variables; JAX params as nested dicts, lists of
tuples and NamedTuples, jax.nn initialisers, batch-norm state threaded by hand, jax.tree_util maps in the loss; NumPy
modules; at ordinary data and at extremes (saturated tanh / sigmoid, logits of +-100, variances of 0). Here, cheap
cases: a tied embedding / output projection (one Parameter, both uses summed); nn.Embedding(padding_idx=0) with a
loaded padding row (PyTorch's rule gives that row 0 on purpose: wrong at the call); a layer norm spelled with jnp.std
at a constant row (differentiable, JAX's sqrt rule gives NaN: wrong); batch norm threaded by hand through a JAX
params/state tree (ok); NumPy batch norm at a batch variance of 0 (ok); a tf.Variable-scaled log(sigmoid) at -100
(unstable, tf.math.log_sigmoid re-checked); H2, mended: a rewrite of a user module's forward re-checked on the
rewritten class. H3, mended: a JAX flag in the arguments no longer folds the held state's arithmetic into float32 constants.
H1, mended: spectral_norm in train() mode, whose power iteration writes its buffers with out=, was an error.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases60d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases60d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("jax")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "torch_lib60d:tied_loss@tied_args:float64":
        "an embedding and its output projection sharing one Parameter (out.weight = emb.weight) under "
        "F.cross_entropy: one variable, its exact gradient the sum of both uses",
    "torch_lib60d:pad_linear@pad_loaded_args:float64":
        "nn.Embedding(padding_idx=0) with a loaded, nonzero padding row the forward uses: PyTorch's rule gives that "
        "row 0 on purpose, off the derivative [6, -12]: wrong at the call",
    "jax_lib60d:layer_norm_std@x=[2,2,2]:float64":
        "a layer norm (x - mean) / (jnp.std(x) + 1e-5) at a constant row: differentiable ((c - mean c) / eps), "
        "JAX's sqrt rule at 0 gives inf * 0 = NaN: wrong at the std's line",
    "jax_lib60d:bn_mlp@bn_args:float64":
        "batch norm in training mode threaded by hand through a params / state tree with a Python flag: ok, exact",
    "np_lib60d:bn_train@x=[[2,1],[2,-1],[2,0.5]]:float64":
        "a NumPy batch norm at a column of equal values (batch variance 0, divided by sqrt(eps)): smooth, ok, exact",
    "tf_lib60d:naive_scaled@x=[-50,1]:float32":
        "log(sigmoid(SCALE * x)) with a module-level tf.Variable SCALE = 2 at x = -50: sigmoid underflows, unstable "
        "at the line; tf.math.log_sigmoid offered and re-checked",
    "torch_lib60d:param_loss@positive_naive_args:float32":
        "H2, mended: log(1 + exp(X)) in a user module's forward under register_parametrization at X = 100 in "
        "float32: unstable at the line, and F.softplus offered, re-checked on the model turned to the rewritten "
        "class (source_fixes.with_rewritten_classes)",
    "jax_lib60d:bn_mlp@bn_eval_args:float32":
        "H3, mended: a JAX loss(params, state, x, train) with the Python flag train=False and --wrt params.w,"
        "params.gamma in float32: the flag alone is handed to the trace as a number (jax_bridge._read_leaves), the "
        "held state stays traced, and state['var'] + 1e-5 is 4 + float32(1e-5) exactly, not JAX's folded float32 sum",
    "torch_lib60d:spectral_loss@spectral_train_args:float64":
        "H1, mended: spectral_norm in train() mode: its power iteration's out= writes into u and v are functionalized "
        "(torch_graph._functionalized, one input per buffer) and the buffers put back at every call "
        "(ModuleArguments.restore_buffers): the one iteration under no_grad moves with W, PyTorch's gradient holds "
        "u, v: wrong",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases60d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
