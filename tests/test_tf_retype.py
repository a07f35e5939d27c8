"""A float64 trace retyped to float32 stands for the float32 trace only where it is that trace, bit for bit.

The bridge traces a function in float64 (the exact reference replays that)
and, instead of tracing it again in float32, retypes that graph
(`tf_retype`) where no code can have chosen by dtype while it traced. These
tests hold the retyped graph's rerun to TensorFlow's own eager float32 call,
bit for bit, at points other than the one the bridge checked it at, on the
kinds of functions `test_tf_rerun` covers; and show that code reading its
dtype, casting, or holding a float64-only constant keeps its float32 trace.
"""

import importlib.util
import textwrap

import numpy as np
import pytest
import tensorflow as tf

from bitlevel import assert_same_bits
from gradcli.capture.tf_bridge import TensorFlowFunction

# Written as a user's module: none of its words is about dtypes, so its graphs may be retyped.
CLEAN = textwrap.dedent(
    '''
    import numpy as np
    import tensorflow as tf

    W = np.random.default_rng(3).standard_normal((5, 4))


    @tf.custom_gradient
    def log1pexp(x):
        e = tf.exp(x)

        def grad(upstream):
            return upstream * (1 - 1 / (1 + e))

        return tf.math.log(1 + e), grad


    def naive(x):
        return tf.math.log(1 + tf.exp(x))


    def custom(x):
        return tf.reduce_sum(log1pexp(x))


    def softplus_tanh_sum(x):
        return tf.reduce_sum(tf.math.softplus(x) * tf.tanh(x))


    def centred_mean_square(x):
        return tf.reduce_mean(tf.square(x - tf.reduce_mean(x)))


    def matvec(x):
        return tf.reduce_sum(tf.sigmoid(tf.linalg.matvec(W + 0.0 * x[None, :], x)))  # W rounded as x is


    def matmul_logsumexp(a, b):
        return tf.reduce_logsumexp(tf.matmul(a, b))


    def norm(x):
        return tf.norm(x)


    def where(x):
        return tf.reduce_sum(tf.where(x > 0, tf.sqrt(tf.abs(x)), x ** 2))


    def broadcast(x, y):
        return tf.reduce_sum(x[:, None] * y[None, :] / (1 + x[:, None] ** 2) + 0.1)


    def vector_valued(x):
        return tf.exp(x) * tf.sin(x)


    def chooses_by_type(x):
        # Reads its type of number without a word for it: the check at the first point must catch it.
        name = getattr(x, "d" "type").name
        return x * {"f" "loat32": 2.0}.get(name, 3.0)
    '''
)

SHAPES = {
    "naive": [()], "custom": [(6,)], "softplus_tanh_sum": [(8,)], "centred_mean_square": [(7,)], "matvec": [(4,)],
    "matmul_logsumexp": [(6, 5), (5, 3)], "norm": [(9,)], "where": [(10,)], "broadcast": [(3,), (4,)],
    "vector_valued": [(4,)],
}

rng = np.random.default_rng(11)


@pytest.fixture(scope="module")
def clean(tmp_path_factory):
    path = tmp_path_factory.mktemp("tf_retype") / "clean_model.py"
    path.write_text(CLEAN)
    spec = importlib.util.spec_from_file_location("clean_model", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _eager(fun, args, cotangent):
    tensors = [tf.constant(a) for a in args]
    with tf.GradientTape() as tape:
        tape.watch(tensors)
        y = fun(*tensors)
    grads = tape.gradient(y, tensors, output_gradients=tf.constant(cotangent), unconnected_gradients="zero")
    return y.numpy(), [g.numpy() for g in grads]


def _float32(function):
    [captured] = [c for c in function.captured.values() if c.output and c.output[1] == np.float32]
    return captured


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_the_retyped_graph_gives_tensorflows_float32_bits_at_other_points(clean, name):
    fun, shapes = getattr(clean, name), SHAPES[name]
    function = TensorFlowFunction(fun, name)
    first = [rng.standard_normal(s).astype(np.float32) for s in shapes]
    function.forward(*first)  # the checker's replay: the float64 trace, retyped, checked against TensorFlow here
    captured = _float32(function)
    assert captured.retyped and captured.rerun is not None  # under test: the retyped graph's rerun
    for scale in (1.0, 7.0, 60.0):  # 60: exp overflows in float32 at some entries
        args = [(rng.standard_normal(s) * scale).astype(np.float32) for s in shapes]
        shape = captured.output[0]
        cotangent = np.ones(shape, np.float32) if not shape else rng.standard_normal(shape).astype(np.float32)
        value, grads = function.own(tuple(args), cotangent)
        with np.errstate(all="ignore"):
            want_value, want_grads = _eager(fun, args, cotangent)
        assert_same_bits(value, want_value)
        for got, want in zip(grads, want_grads):
            assert_same_bits(got, want)


def test_a_fix_recheck_asks_float32_numbers_without_a_float32_trace(clean):
    function = TensorFlowFunction(clean.naive, "naive")
    for x in (np.float32(100.0), np.float32(1.0), np.float32(-40.0)):  # as a re-check asks: no replay, numbers only
        value, none = function.own((x,), None)
        _, (grad,) = function.own((x,), np.ones((), np.float32))
        want_value, (want_grad,) = _eager(clean.naive, [x], np.float32(1.0))
        assert none is None
        assert_same_bits(value, want_value)
        assert_same_bits(grad, want_grad)
    assert _float32(function).retyped


def test_code_that_chooses_by_dtype_unseen_is_caught_at_the_first_point_and_traced_in_float32(clean):
    function = TensorFlowFunction(clean.chooses_by_type, "chooses_by_type")
    x = np.array([0.5, -1.5], np.float32)
    function.forward(x)
    assert not _float32(function).retyped
    value, (grad,) = function.own((x,), np.ones(2, np.float32))
    assert list(value) == [1.0, -3.0] and list(grad) == [2.0, 2.0]  # the float32 branch's factor, 2


@pytest.mark.parametrize(
    "source",
    [
        "def f(x):\n    return tf.exp(x) * np.finfo(x.dtype.as_numpy_dtype).eps\n",
        "def f(x):\n    return tf.exp(tf.cast(tf.cast(x, tf.float64), x.dtype))\n",
        "def f(x):\n    return tf.exp(x) + 1e-300\n",
    ],
    ids=["finfo", "cast", "float64-only constant"],
)
def test_code_that_may_choose_by_dtype_keeps_its_float32_trace(tmp_path, source):
    path = tmp_path / "chooses.py"
    path.write_text("import numpy as np\nimport tensorflow as tf\n\n\n" + source)
    spec = importlib.util.spec_from_file_location("chooses", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    function = TensorFlowFunction(module.f, "f")
    x = np.float32(0.75)
    function.forward(x)
    assert not _float32(function).retyped
    value, (grad,) = function.own((x,), np.ones((), np.float32))
    want_value, (want_grad,) = _eager(module.f, [x], np.float32(1.0))
    assert_same_bits(value, want_value)
    assert_same_bits(grad, want_grad)
