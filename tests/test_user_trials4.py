"""The fourth round of user trials (tests/trials/cases4.py) and what it fixed: fixes that end a NaN but still lose
digits offered as partial and labelled so (T7), the log1mexp rewrite in every framework's spelling, and NumPy's
cumprod and SciPy's log_expit and ndtr in the core.

The whole set runs with ``python tests/trials/run.py``; here, the cases that guard what the trials found broken.
"""

import json
import os
import re
import sys

import mpmath
import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases4  # noqa: E402
import judge  # noqa: E402

from test_user_trials import _run, round_tests  # noqa: E402
from test_user_trials3 import _rewrites  # noqa: E402

import gradcli  # noqa: E402
import gradcli.numpy as gnp  # noqa: E402
from gradcli.checker.fixes import _judged_fix, verdict_parts  # noqa: E402
from gradcli.checker.results import CheckReport, PointResult  # noqa: E402
from gradcli.checker.verdict import Verdict  # noqa: E402

CHOSEN = [
    # log1mexp: the where of log(-expm1(u)) and log1p(-exp(u)), in each framework's spelling, re-checked ok
    "tf_user4:log1mexp@x=-1e-10:float64",
    "jax_user4:log1mexp@x=[-1e-10,-50]:float64",
    "torch_user4:log1mexp@x=[-1e-10,-50]:float64",
    "numpy_user4:log1mexp@x=[-1e-10,-50]:float64",
    # float32: e^-1e-10 rounds to 1, where the fix's untaken log1p(-exp(u)) has an infinite slope (trials18 F2)
    "tf_user4:log1mexp@x=-1e-10:float32",
    "jax_user4:log1mexp@x=[-1e-10,-50]:float32",
    "torch_user4:log1mexp@x=[-1e-10,-50]:float32",
    "numpy_user4:log1mexp@x=[-1e-10,-50]:float32",
    # np.cumprod through a zero entry, scipy.special.log_expit far left: new in the core
    "numpy_user4:cum_prod@x=[2,0,3]:float64",
    "numpy_user4:log_expit@x=[-800,50]:float64",
    # sound code stays ok: a fori_loop, LayerNorm on constant input, a tf.while_loop
    "jax_user4:horner@x=0.7:float64",
    "torch_user4:layer_norm@x=[3,3,3,3]:float64",
    "tf_user4:iterated@x=0.5:float64",
    # Keras's label-smoothed cross-entropy: TensorFlow's fused rule assumes float32 labels summing to 1 (T10)
    "tf_user4:smoothed_cce@logits=[[1,2,3]]:float32",
    # the spectral norm through mpmath's SVD, whose iterations stall under directed rounding (T16)
    "numpy_user4:spectral@b=[[3,1],[0.5,1]]:float64",
]
BY_ID = {case.id: case for case in cases4.ALL}


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases4, CHOSEN)


# -- T7: a fix that ends a NaN but still loses digits ---------------------------------------------------------


def _partial_labels(fixes):
    return {fix.name: fix for fix in fixes if fix.partial}


def test_a_formula_fix_that_ends_an_inf_but_still_loses_digits_is_offered_as_partial_never_ok():
    report = gradcli.check("x - log(1 + exp(x))", {"x": 100.0}, dtypes=("float32",))
    fix = _partial_labels(report.fixes)["softplus"]
    assert fix.after == {"x=100 float32": Verdict.UNSTABLE}  # still unstable: e^-100 is below float32's digits here
    assert "it fixes: no NaN/inf at x=100 float32" in fix.note
    assert "what remains: still loses 23 bits at x=100 float32" in fix.note


@pytest.mark.parametrize("case_id, offered", [
    ("jax_user4:hand_xent@x=[100,90]:float32", "-jax.nn.log_softmax(x)[0]"),
    ("torch_user4:hand_xent@x=[100,90]:float32", "-F.log_softmax(x, dim=0)[0]"),
    ("numpy_user4:hand_xent@x=[100,90]:float32", "-scipy.special.log_softmax(x)[0]"),
])
def test_a_log_softmax_that_ends_the_nan_but_still_loses_bits_is_offered_labelled_in_the_json(case_id, offered):
    case = BY_ID[case_id]
    code, out, err = _run(case)
    assert judge.judge(case, code, out, err) == []  # the case itself: unstable, its exact gradient, its line
    fixes = {fix["name"]: fix for fix in json.loads(out)["fixes"]}
    fix = fixes["log_softmax"]
    assert fix["partial"] is True and set(fix["after"].values()) == {"unstable"}
    assert offered in fix["diff"]
    assert "it fixes: no NaN/inf at x=[100.0, 90.0] float32" in fix["note"]
    # what remains: log(1 + e^-10) computed as 0 - log(1.0000454) (or 100 - 100.0000454) in float32: some bits, not all
    lost = int(re.search(r"what remains: still loses (\d+) bits at x=\[100.0, 90.0\] float32", fix["note"]).group(1))
    assert 8 <= lost < 23


def _report(value, gradient, status, exact_value=1.0, exact_gradient=2.0, bits=None):
    result = PointResult(point={"x": 1.0}, dtype="float64", value=value, gradient={"x": gradient},
                         exact_value=exact_value, exact_gradient={"x": exact_gradient}, status=status,
                         value_status=status, gradient_status=status, bits_lost=bits)
    return CheckReport(target="f", kind="function", variables=["x"], results=[result])


def test_a_fix_that_turns_a_finite_answer_into_nan_at_the_same_verdict_is_rejected():
    before = verdict_parts(_report(1.1, 2.2, Verdict.UNSTABLE, bits=40))
    fix, why_not = _judged_fix(before, _report(float("nan"), 2.2, Verdict.UNSTABLE), "rewrite", "r", None, "n")
    assert fix is None and "a NaN or inf" in why_not


def test_a_fix_that_ends_a_nan_is_partial_and_one_that_changes_nothing_is_not_offered():
    before = verdict_parts(_report(float("nan"), float("nan"), Verdict.UNSTABLE, bits=52))
    fix, _ = _judged_fix(before, _report(1.1, 2.2, Verdict.UNSTABLE, bits=3.4), "rewrite", "r", None, "n")
    assert fix.partial and fix.note == "n; partial; it fixes: no NaN/inf at x=1 float64; what remains: still loses 3 bits at x=1 float64"
    same, why_not = _judged_fix(before, _report(float("nan"), 2.2, Verdict.UNSTABLE), "rewrite", "r", None, "n")
    assert same is None and why_not == "better nowhere"


# -- log1mexp, written by the array patterns -------------------------------------------------------------------


@pytest.mark.parametrize("framework, head, call, want", [
    ("tf", "import tensorflow as tf", "tf.math.log1p(-tf.exp(x))",
     "tf.where(x > -0.6931471805599453, tf.math.log(-tf.math.expm1(x)), "
     "tf.math.log1p(-tf.exp(tf.where(x <= -0.6931471805599453, x, -1.0))))"),
    ("jax", "import jax.numpy as jnp", "jnp.log(1 - jnp.exp(2 * x))",
     "jnp.where(2 * x > -0.6931471805599453, jnp.log(-jnp.expm1(2 * x)), "
     "jnp.log1p(-jnp.exp(jnp.where(2 * x <= -0.6931471805599453, 2 * x, -1.0))))"),
    ("torch", "import torch", "torch.log1p(-torch.exp(x))",
     "torch.where(x > -0.6931471805599453, torch.log(-torch.expm1(x)), "
     "torch.log1p(-torch.exp(torch.where(x <= -0.6931471805599453, x, -1.0))))"),
    ("numpy", "import numpy as np", "np.log(1.0 - np.exp(x))",
     "np.where(x > -0.6931471805599453, np.log(-np.expm1(x)), "
     "np.log1p(-np.exp(np.where(x <= -0.6931471805599453, x, -1.0))))"),
])
def test_log1mexp_is_rewritten_in_each_frameworks_spelling(framework, head, call, want):
    source = f"{head}\n\n\ndef f(x):\n    return {call}\n"
    assert f"    return {want}\n" in _rewrites(source, [5], framework)["log1mexp"]


def test_a_log_of_one_plus_exp_is_no_log1mexp():
    source = "import numpy as np\n\n\ndef f(x):\n    return np.log(1.0 + np.exp(x)) + np.log1p(np.exp(x))\n"
    assert "log1mexp" not in _rewrites(source, [5], "numpy")


# -- the new core ops at high precision --------------------------------------------------------------------------


def _exact_gradient(function, x):
    report = gradcli.check(function, {"x": x}, dtypes=("float64",), fixes=False)
    return report.results[0]


def test_log_expit_and_ndtr_have_exact_gradients_far_out():
    import gradcli.scipy.special as special

    result = _exact_gradient(lambda x: gnp.sum(special.log_expit(x)), np.array([-800.0, 50.0]))
    assert result.status == Verdict.OK
    with mpmath.workdps(40):
        for got, want in zip(result.exact_gradient["x"], [1 / (1 + mpmath.exp(-800)), 1 / (1 + mpmath.exp(50))]):
            assert abs(mpmath.mpf(float(got)) - want) <= 1e-12 * want
    result = _exact_gradient(lambda x: gnp.sum(special.ndtr(x)), np.array([-30.0, 0.5]))
    assert result.status == Verdict.OK
    with mpmath.workdps(40):
        for got, x in zip(result.exact_gradient["x"], [-30, 0.5]):
            assert abs(mpmath.mpf(float(got)) - mpmath.npdf(x)) <= 1e-12 * mpmath.npdf(x)


def test_cumprod_with_a_zero_is_exact_and_ok():
    result = _exact_gradient(lambda x: gnp.sum(gnp.cumprod(x)), np.array([2.0, 0.0, 3.0, -1.5]))
    assert result.status == Verdict.OK
    # d/dx_k sum_j prod_{i<=j} x_i: [1 + 0 + 0 + 0, 2 + 6 - 9, 0, 0]
    assert np.array_equal(np.asarray(result.exact_gradient["x"], dtype=float), [1.0, -1.0, 0.0, 0.0])


def _tf_gradient(source, point, dtype):
    """The value and gradient of ``f`` in ``source`` as a float64 or float32 ``tf.function`` computes them (a graph:
    where a float32 number beside a float64 tensor is refused)."""
    import tensorflow as tf

    namespace = {}
    exec(compile(source, "<rewritten>", "exec"), namespace)
    traced = tf.function(namespace["f"])
    args = {name: tf.constant(value, getattr(tf, dtype)) for name, value in point.items()}
    with tf.GradientTape() as tape:
        tape.watch(args["x"])
        y = tf.reduce_sum(traced(**args))
    return y.numpy(), tape.gradient(y, args["x"]).numpy()


@pytest.mark.parametrize("dtype, x", [("float64", [-1e-20, -5.0]), ("float32", [-1e-10, -5.0])])
def test_the_log1mexp_fix_runs_in_a_tensorflow_graph_of_either_dtype_with_its_exact_slopes(dtype, x):
    source = "import tensorflow as tf\n\n\ndef f(x):\n    return tf.math.log1p(-tf.exp(x))\n"
    value, gradient = _tf_gradient(_rewrites(source, [5], "tf")["log1mexp"], {"x": x}, dtype)
    rounded = np.asarray(x, dtype).astype(float)
    exact = [float(mpmath.exp(v) / mpmath.expm1(v)) for v in rounded]
    assert np.isfinite(value) and np.allclose(gradient, exact, rtol=1e-5, atol=0)


def test_a_double_where_on_a_mask_guards_with_a_one_of_the_operands_dtype_in_a_tensorflow_graph():
    source = ("import tensorflow as tf\n\n\ndef f(x, m):\n"
              "    return tf.where(m > 0.5, tf.zeros_like(x), tf.math.log(x - 1.0))\n")
    fixed = _rewrites(source, [5], "tf")["double where"]
    assert "tf.math.log(tf.where(m > 0.5, tf.ones_like(x), x) - 1.0)" in fixed
    _, gradient = _tf_gradient(fixed, {"x": [1.0, 3.0], "m": [1.0, 0.0]}, "float64")
    assert gradient.tolist() == [0.0, 0.5]
