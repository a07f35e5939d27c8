"""TensorFlow code read as the user wrote it: rules and ops named where the user wrote them (in a narrower dtype's own
trace as in float64's, in a custom-gradient factory called inside a ``tf.function``, an op of a library's rule at the
line that called it), and ``tf.executing_eagerly`` bound to a parameter's default answered as the eager run answers.

Where the user's code chose by dtype while it traced, the float32 program is
its own trace, and the rules judged alone are that program's rules: a rule
off in float32 alone is named there, not the outer rule that calls it.
Autograph converts a function called inside a ``tf.function`` into generated
code of its own; its frames are told at the user's lines they were made from.
"""

import numpy as np
import pytest

import gradcli

tf = pytest.importorskip("tensorflow")


def _checked(function, point, dtype="float64", **options):
    (result,) = gradcli.check(function, [point], dtypes=(dtype,), fixes=False, **options).results
    return result


def _def_line(name):
    with open(__file__) as handle:
        return next(n for n, text in enumerate(handle, 1) if f"def {name}(" in text)


def make_sine_of(inner):
    """sin(inner(x)), its rule taking the inner custom function's gradient by a tape (right)."""
    @tf.custom_gradient
    def sine(x):
        value = inner(x)

        def sine_grad(upstream):
            with tf.GradientTape() as tape:
                tape.watch(x)
                taped = inner(x)
            return upstream * tf.math.cos(value) * tape.gradient(taped, x)
        return tf.math.sin(value), sine_grad
    return sine


@tf.custom_gradient
def square_by_dtype(x):
    shift = 1e-3 if x.dtype == tf.float32 else 1e-12  # the code chooses by dtype: float32 has its own trace

    def square_by_dtype_grad(upstream):
        return upstream * (3.0 * x if x.dtype == tf.float32 else 2.0 * x)  # off in float32 alone
    return x * x + shift, square_by_dtype_grad


sine_of_square = make_sine_of(square_by_dtype)


def chooses_by_dtype(x):
    return tf.reduce_sum(sine_of_square(x))


def test_a_rule_off_in_a_narrower_dtypes_own_trace_is_judged_alone_there():
    point = {"x": np.array([0.5, 1.5])}
    assert _checked(chooses_by_dtype, point).status == "ok"
    result = _checked(chooses_by_dtype, point, "float32")
    assert result.status == "wrong"
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.op == "gradient rule square_by_dtype_grad() of square_by_dtype", finding.op
    assert finding.location.endswith(f"test_tf58_user_code.py:{_def_line('square_by_dtype_grad')}"), finding.location
    assert "judged alone" in finding.message


def make_cube(power):
    """A custom-gradient factory: x^3, its rule giving ``power`` x^2 (right for 3)."""
    @tf.custom_gradient
    def cube(x):
        def cube_grad(upstream):
            return upstream * power * x * x
        return x * x * x, cube_grad
    return cube


@tf.function
def cube_made_inside(x):
    return tf.reduce_sum(make_cube(2.0)(x))  # autograph converts the factory, its rule with it


def make_softplus():
    def softplus_naive(x):
        return tf.math.log(1.0 + tf.math.exp(x))  # the exp line
    return softplus_naive


@tf.function
def softplus_made_inside(x):
    return tf.reduce_sum(make_softplus()(x))


def _line_of(marker):
    with open(__file__) as handle:
        return next(n for n, text in enumerate(handle, 1) if marker in text)


def test_a_factorys_rule_converted_inside_a_tf_function_is_named_at_the_users_def():
    result = _checked(cube_made_inside, {"x": np.array([0.5, 1.5])})
    assert result.status == "wrong"
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.op == "gradient rule cube_grad() of cube", finding.op
    assert finding.location.endswith(f"test_tf58_user_code.py:{_def_line('cube_grad')}"), finding.location


def test_an_op_of_a_function_converted_inside_a_tf_function_is_named_at_the_users_line():
    result = _checked(softplus_made_inside, {"x": np.array([100.0], np.float32)}, "float32")
    assert result.status == "unstable"
    located = {f.location for f in result.findings if f.op == "tf.math.exp (Exp)" or f.framework_op == "Mul"}
    assert located == {f"{__file__}:{_line_of('# the exp line')}"}, located


@tf.function
def nested_made_inside(x):
    return tf.reduce_sum(make_sine_of(make_cube(2.0))(x))  # the inner rule off, the outer right


def test_nested_factories_converted_inside_a_tf_function_name_the_inner_rule_judged_alone():
    result = _checked(nested_made_inside, {"x": np.array([0.5, 0.75])})
    assert result.status == "wrong"
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.op == "gradient rule cube_grad() of cube", (finding.op, finding.message)
    assert finding.location.endswith(f"test_tf58_user_code.py:{_def_line('cube_grad')}"), finding.location
    assert "judged alone" in finding.message


def silu_total(x):
    return tf.reduce_sum(tf.nn.silu(x))  # a library's custom gradient


def test_the_ops_of_a_librarys_custom_gradient_are_at_the_line_that_called_it():
    # tf.nn.silu's rule makes its ops in no user frame, some reading none of a user's line: the call's line, not the
    # function's first line
    from gradcli.capture.tf_bridge import TensorFlowFunction

    captured = TensorFlowFunction(silu_total, "silu_total")._capture([np.array([0.5, 1.0])], list)
    lines = {step.op_type: step.location for step in captured.backward.steps}
    assert set(lines.values()) == {f"{__file__}:{_line_of('# a library')}"}, lines


def softplus_by_default(x, eager=tf.executing_eagerly):
    return tf.math.log(1 + tf.exp(x)) if eager() else tf.math.softplus(x)


def softplus_by_keyword(x, *, eager=tf.executing_eagerly):
    return tf.math.log(1 + tf.exp(x)) if eager() else tf.math.softplus(x)


def helped_by_keyword(x):
    return softplus_by_keyword(x) * 1.0


@pytest.mark.parametrize("function, held", [
    (softplus_by_default, softplus_by_default), (helped_by_keyword, softplus_by_keyword),
])
def test_a_default_holding_executing_eagerly_is_answered_as_the_eager_run(function, held):
    result = _checked(function, {"x": 800.0}, max_digits=120)
    # Eagerly log(1 + exp(x)) overflows: that run is judged, not the graph's softplus, and no graph-differs.
    assert result.status == "unstable" and result.value == np.inf, (result.status, result.findings)
    assert result.findings[0].op == "tf.math.exp (Exp)" and all(f.kind != "graph-differs" for f in result.findings)
    # The defaults hold TensorFlow's own function again once the trace is over.
    defaults = [*(held.__defaults__ or ()), *(held.__kwdefaults__ or {}).values()]
    assert defaults == [tf.executing_eagerly] and tf.executing_eagerly.__module__.startswith("tensorflow")


EAGER_TENSOR = type(tf.constant(0.0))


def branches_on_a_value(x):
    if x > 0:  # a Python branch on a tensor
        return tf.math.log(x + 1.0)
    return x * 2.0


def chooses_by_its_tensors_type(x):
    if isinstance(x, EAGER_TENSOR):  # eagerly one formula, in a graph another
        return tf.reduce_sum(tf.math.log(1.0 + tf.exp(x)))
    return tf.reduce_sum(tf.math.softplus(x))


def test_a_sweep_run_point_by_point_says_what_the_code_does_and_where():
    from gradcli.checker.targets import resolve
    from gradcli.sweep.vectorised import evaluate_columns

    _, _, why = evaluate_columns(resolve(chooses_by_its_tensors_type), [np.array([-1.0, 0.5, 2.0])], ("x",))
    line = _line_of("# eagerly one formula")
    assert why.startswith("it computes otherwise in a graph than eagerly (eagerly it runs Exp, AddV2, Log and Sum at "
                          f"test_tf58_user_code.py:{line + 1}, which the graph does not; the graph runs Softplus and Sum "
                          f"at test_tf58_user_code.py:{line + 2}"), why


def test_a_python_branch_on_a_tensor_that_stops_the_map_is_named_at_its_line():
    # what tf.vectorized_map's trace of the function raises there (the sweep's one call over the points), told
    from gradcli.capture.tf_errors import unmapped_reason

    with pytest.raises(tf.errors.OperatorNotAllowedInGraphError) as raised:
        tf.function(branches_on_a_value, autograph=False).get_concrete_function(tf.TensorSpec((None,), tf.float64))
    assert unmapped_reason(raised.value, tf) == (
        f"its Python code branches on a tensor's value at test_tf58_user_code.py:{_line_of('# a Python branch')} (an if, "
        "while, and or or), so each point takes its own branch in TensorFlow's eager run")
