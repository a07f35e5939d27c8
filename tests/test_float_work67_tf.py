"""A Keras loss computing in float32 (its dtype, Keras's default policy) inside a float64 check: the float64 run is
judged as the numbers it returned, unstable where float32's rounding lost float64's digits and ok where float32's work
is still exact, with the exact gradient either way and the loss, its dtype, the user's line and how to ask for float64
said (the cause of an unstable verdict, a note beside an ok one); the same loss made with dtype="float64" is checked
in float64 as any float64 program. And data a tree argument holds (a leaf --wrt leaves out) is float work the
differences never step."""

import keras
import mpmath
import tensorflow as tf

import gradcli

Y = [0.2, 0.7, 1.0]
P = [0.3, 0.5, 0.9]
DEFAULT = keras.losses.MeanSquaredError()
WIDE = keras.losses.MeanSquaredError(dtype="float64")


def default_loss(p):
    return DEFAULT(tf.constant(Y, dtype=p.dtype), p)


def float64_loss(p):
    return WIDE(tf.constant(Y, dtype=p.dtype), p)


# Numbers float32 holds exactly, four of them: the mean's division by 4 is exact too, so float32's work is float64's
EXACT_Y = [0.5, 0.75, 1.0, 1.5]
EXACT_P = [0.25, 0.5, 1.0, 2.0]


def exact_in_float32(p):
    return DEFAULT(tf.constant(EXACT_Y, dtype=p.dtype), p)


def _assert_mean_squared_slopes(result, dtype, p_given=P, y_given=Y):
    """The exact gradient is 2 (p - y) / n at the point as ``dtype`` holds it, y as ``dtype`` holds it (mpmath)."""
    import numpy as np

    with mpmath.workdps(40):
        for got, p, y in zip(result.exact_gradient["p"], p_given, y_given):
            want = 2 * (mpmath.mpf(float(np.dtype(dtype).type(p))) - mpmath.mpf(float(np.dtype(dtype).type(y)))) \
                / len(p_given)
            assert abs(mpmath.mpf(got) - want) <= 1e-12 * abs(want)


def _said_of_the_loss(words, line):
    for expected in ("keras.losses.MeanSquaredError computes in float32, its dtype", 'dtype="float64"',
                     'keras.config.set_dtype_policy("float64")', f"test_float_work67_tf.py:{line}"):
        assert expected in words, words


def test_a_float32_keras_loss_in_a_float64_check_is_judged_unstable_and_named_as_the_cause():
    report = gradcli.check(default_loss, [{"p": P}], fixes=False, framework="tensorflow")
    verdicts = {r.dtype: r.status.value for r in report.results}
    assert verdicts == {"float32": "ok", "float64": "unstable"}, [r.findings for r in report.results]
    wide = next(r for r in report.results if r.dtype == "float64")
    _assert_mean_squared_slopes(wide, "float64")
    _assert_mean_squared_slopes(next(r for r in report.results if r.dtype == "float32"), "float32")
    headline = wide.findings[0]
    assert headline.op == "keras.losses.MeanSquaredError", wide.findings
    _said_of_the_loss(f"{headline.message} {headline.location}", default_loss.__code__.co_firstlineno + 1)
    # the float64 run's numbers are float32's: its gradient is off float64's exact one by float32's rounding
    assert abs(wide.gradient["p"][1] - float(wide.exact_gradient["p"][1])) > 1e-9


def test_a_float32_keras_loss_whose_work_is_exact_in_float32_is_ok_in_float64_and_noted():
    (result,) = gradcli.check(exact_in_float32, [{"p": EXACT_P}], dtypes=("float64",), fixes=False,
                              framework="tensorflow").results
    assert result.status.value == "ok", result.findings
    _assert_mean_squared_slopes(result, "float64", EXACT_P, EXACT_Y)
    assert not [f for f in result.findings if "MeanSquaredError" in f.op]
    (said,) = [note for note in result.notes if "MeanSquaredError" in note]
    _said_of_the_loss(said, exact_in_float32.__code__.co_firstlineno + 1)


def test_a_keras_loss_made_in_float64_is_checked_in_float64():
    report = gradcli.check(float64_loss, [{"p": P}], dtypes=("float64",), fixes=False, framework="tensorflow")
    (result,) = report.results
    assert result.status == "ok", result.findings
    assert not [note for note in report.notes + result.notes if "MeanSquaredError" in note]
    _assert_mean_squared_slopes(result, "float64")


def guarded(params):
    return tf.reduce_sum(tf.sqrt(params["data"] - 0.5) * params["w"])


def test_held_data_of_a_tree_at_its_domains_edge_is_not_stepped():
    """Finite differences step only the leaves a check asks about: the tree's data leaf, at sqrt's edge, is held."""
    point = {"params": {"w": [0.3, 0.2], "data": [0.5, 2.0]}}
    (result,) = gradcli.check(guarded, [point], wrt=("params.w",), dtypes=("float64",), fixes=False,
                              framework="tensorflow").results
    assert result.status == "ok", result.findings
    assert not [f for f in result.findings if f.kind == "fd-unreliable"], result.findings
    with mpmath.workdps(30):
        truth = [mpmath.sqrt(mpmath.mpf(d) - mpmath.mpf("0.5")) for d in point["params"]["data"]]
    for got, want in zip(result.fd_gradient["params.w"], truth):
        assert abs(mpmath.mpf(float(got)) - want) <= 1e-8 * max(1, abs(want))


def test_an_eager_run_computing_in_float32_differs_from_its_graph_by_float32s_rounding_alone():
    """A library's float32 inside a float64 run (keras.losses.ctc casts to float32): two runs 1e-7 apart are beyond
    float64's rounding but within float32's, which the eager run computed in."""
    import numpy as np

    from gradcli.capture.tf_stand_in import beyond_rounding

    eager = [np.array([1.0, 2.0])]
    graph = [np.array([1.0 + 1e-7, 2.0])]
    assert beyond_rounding(eager, graph, np.dtype("float64"))
    assert not beyond_rounding(eager, graph, np.dtype("float64"), {"float64", "float32"})
    assert beyond_rounding([np.array([1.0])], [np.array([1.01])], np.dtype("float64"), {"float32"})
