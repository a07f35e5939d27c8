"""np.vectorize in plain NumPy code: the user's Python function run entry by entry on gradcli's values.

Values against NumPy's own vectorize on the same floats; gradients against mpmath's derivatives of the same
mathematics written independently (closed forms, or central differences at 50 digits).
"""

import math
import textwrap

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.errors import InputError
from test_numpy_modules import import_as_the_user_would

MODULE = '''\
import math

import numpy as np


def huber_entry(r, delta=1.0):
    if abs(r) < delta:
        return 0.5 * r * r
    return delta * (abs(r) - 0.5 * delta)


huber = np.vectorize(huber_entry, excluded={"delta"})
DATA = np.array([0.3, 2.0, -4.0])


def loss(x):
    return np.sum(huber(x * DATA, delta=1.5))


@np.vectorize
def softplus(z):
    return math.log(1 + math.exp(z))


def loss_decorated(x):
    return np.sum(softplus(np.array([x, 2 * x, -x])))


@np.vectorize(otypes=[float], signature="(n)->()")
def log_sum_exp(row):
    top = max(row[0], row[1], row[2])
    return top + math.log(sum(math.exp(v - top) for v in row))


def loss_rows(x):
    return np.sum(log_sum_exp(np.outer(np.array([1.0, -2.0]), np.array([x, 2 * x, 0.5]))))


def loss_int_first(x):
    clipped = np.vectorize(lambda v: 0 if v < 0 else v)
    return np.sum(clipped(np.array([-1.0, x])))
'''


@pytest.fixture(scope="module")
def module_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("vectorize") / "legacy_vectorize.py"
    path.write_text(MODULE)
    return str(path)


def huber_mp(r, delta):
    return 0.5 * r * r if abs(r) < delta else delta * (abs(r) - 0.5 * delta)


def mp_derivative(f, x):
    with mpmath.workdps(50):
        return float(mpmath.diff(f, mpmath.mpf(x)))


CASES = {
    # name: (point, the same mathematics in mpmath, written apart from the module)
    "loss": (0.7, lambda x: sum(huber_mp(x * d, 1.5) for d in (mpmath.mpf("0.3"), 2, -4))),
    "loss_decorated": (1.3, lambda x: sum(mpmath.log(1 + mpmath.exp(z)) for z in (x, 2 * x, -x))),
    "loss_rows": (0.4, lambda x: sum(mpmath.log(sum(mpmath.exp(s * v) for v in (x, 2 * x, mpmath.mpf("0.5"))))
                                     for s in (1, -2))),
}


def test_values_are_numpys_own_vectorize_in_each_dtype(module_path):
    """The substituted module's answers equal NumPy's vectorize's on the same floats, dtype included."""
    theirs = import_as_the_user_would(module_path)
    for name in ("loss", "loss_decorated", "loss_rows", "loss_int_first"):
        for dtype in (np.float32, np.float64):
            x = dtype(0.7)
            expected = getattr(theirs, name)(x)
            report = gradcli.check(f"{module_path}:{name}", [float(x)], dtypes=(np.dtype(dtype).name,), fixes=False)
            (result,) = report.results
            assert result.value == pytest.approx(float(expected), rel=1e-6 if dtype is np.float32 else 1e-14), name


@pytest.mark.parametrize("name", sorted(CASES))
def test_gradients_flow_through_the_users_python_function(module_path, name):
    point, truth = CASES[name]
    (result,) = gradcli.check(f"{module_path}:{name}", [point], dtypes=("float64",), fixes=False).results
    assert result.status == "ok", (result.status, result.error)
    expected = mp_derivative(truth, point)
    assert result.gradient["x"] == pytest.approx(expected, rel=1e-12)
    assert result.exact_gradient["x"] == pytest.approx(expected, rel=1e-12)


def test_a_first_answer_that_is_an_int_makes_the_result_integer_as_in_numpy(module_path):
    """NumPy types the output by the first answer: 0 (an int) truncates the rest, so the slope is 0 and x's value
    is cut, as the program computes it."""
    theirs = import_as_the_user_would(module_path)
    assert theirs.loss_int_first(2.5) == 2  # NumPy's own behaviour, which the replay must keep
    (result,) = gradcli.check(f"{module_path}:loss_int_first", [2.5], dtypes=("float64",), fixes=False).results
    assert result.value == 2 and result.gradient["x"] == 0


def test_every_entry_computes_in_float64_and_the_first_scalar_call_types_the_result():
    """NumPy types the result by a call on the first entry's own float32 scalar, then computes every entry on
    Python's floats: (1 + 1e-8) - 1 is 1e-8 in each entry (0 in float32 arithmetic), cast to float32; a function
    answering Python's float (math.exp) makes the result float64."""
    probe = lambda v: (v + 1e-8) - 1.0  # noqa: E731
    data = np.array([1.0, 1.0, 1.0], dtype=np.float32)
    expected = np.vectorize(probe)(data)
    ours = gnp.vectorize(probe)(data)
    assert ours.dtype == expected.dtype == np.float32
    assert np.array_equal(ours, expected) and expected[0] != 0
    assert gnp.vectorize(lambda v: math.exp(float(v)))(data).dtype == np.vectorize(math.exp)(data).dtype == np.float64


def test_signature_excluded_otypes_and_tuple_answers_are_numpys():
    rows = np.arange(6.0).reshape(2, 3)
    cases = [
        (dict(signature="(n)->()"), lambda r: (r * r).sum(), (rows,), {}),
        (dict(signature="(n)->(n)"), lambda r: r[::-1] * 2, (rows,), {}),
        (dict(signature="(n),(n)->()"), lambda a, b: (a * b).sum(), (rows, rows[0]), {}),
        (dict(excluded={1}), lambda a, k: a ** k, (rows, 3), {}),
        (dict(excluded={"k"}), lambda a, k=2: a * k, (rows,), {"k": 5.0}),
        (dict(otypes=[np.float32]), lambda a: a / 3, (rows,), {}),
        (dict(otypes="dd"), lambda a: (a, -a), (rows,), {}),
        ({}, lambda a: (a, a * a), (rows,), {}),
    ]
    for options, fun, args, kwargs in cases:
        expected = np.vectorize(fun, **options)(*args, **kwargs)
        ours = gnp.vectorize(fun, **options)(*args, **kwargs)
        for e, o in zip(expected if isinstance(expected, tuple) else (expected,), ours if isinstance(ours, tuple) else (ours,)):
            assert o.dtype == e.dtype and o.shape == e.shape and np.array_equal(o, e), options


def test_gradient_through_a_signature_and_a_branch_against_mpmath():
    def per_row(r):
        return r[0] * r[1] if r[0] > 0 else gnp.sin(r[1])

    f = lambda x: gnp.sum(gnp.vectorize(per_row, signature="(n)->()")(gnp.reshape(x, (2, 2))))  # noqa: E731
    x = np.array([0.5, 1.25, -0.5, 2.0])
    exact = [1.25, 0.5, 0.0, float(mpmath.cos(2))]
    assert np.allclose(gradcli.grad(f)(x), exact, rtol=1e-14, atol=0)


def test_size_0_inputs_need_otypes_as_in_numpy():
    with pytest.raises(ValueError, match="otypes"):
        np.vectorize(abs)(np.zeros(0))
    with pytest.raises(ValueError, match="otypes"):
        gnp.vectorize(abs)(np.zeros(0))
    assert gnp.vectorize(abs, otypes=[float])(np.zeros(0)).dtype == np.float64


def test_a_numpy_function_gradcli_lacks_inside_the_vectorized_function_is_named_at_its_line(tmp_path):
    path = tmp_path / "lacking.py"
    path.write_text(textwrap.dedent('''\
        import numpy as np


        def entry(v):
            return np.spacing(v) + v


        def loss(x):
            return np.sum(np.vectorize(entry)(np.array([x, x])))
        '''))
    with pytest.raises(InputError, match=r"line 5: numpy.spacing is a NumPy function"):
        gradcli.check(f"{path}:loss", [0.5], dtypes=("float64",), fixes=False)
