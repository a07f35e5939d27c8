"""``np.lib.stride_tricks.sliding_window_view`` in plain NumPy code: NumPy's windows, differentiated as one gather.

Values and shapes are compared with NumPy's own view of the same plain floats;
gradients with the calculus of the windows (an entry's gradient is the sum of
the upstream weights of every window position it sits in), counted from
NumPy's view of distinct values, never from gradcli's index.
"""

import textwrap

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff.values import raw
from gradcli.capture.numpy_names import missing_function
from gradcli.errors import InputError

WINDOWS = gnp.lib.stride_tricks.sliding_window_view
# (shape of x, window_shape, axis): ints and tuples, axis None, negative, a tuple, a repeated axis.
CASES = [
    ((7,), 3, None),
    ((7,), (7,), None),
    ((4, 5), (2, 3), None),
    ((4, 5), 2, 0),
    ((4, 5), 3, -1),
    ((3, 4, 5), (2, 2), (0, 2)),
    ((6, 5), (2, 2), (0, 0)),
]


@pytest.mark.parametrize("shape, window_shape, axis", CASES)
def test_windows_of_a_traced_value_are_numpys_and_its_gradient_sums_each_entrys_windows(shape, window_shape, axis):
    x = np.arange(1.0, 1.0 + np.prod(shape)).reshape(shape) * 0.37  # distinct entries, so each is found by value
    expected = np.lib.stride_tricks.sliding_window_view(x, window_shape, axis)
    weights = np.random.default_rng(3).normal(size=expected.shape)
    seen = []

    def loss(v):
        windows = WINDOWS(v, window_shape, axis)
        seen.append(raw(windows).copy())
        return gnp.sum(windows * weights)

    gradient = gradcli.grad(loss)(x)
    assert seen[0].shape == expected.shape
    np.testing.assert_array_equal(seen[0], expected)  # the same entries, copied: no arithmetic on either side
    by_value = np.array([weights[expected == entry].sum() for entry in x.ravel()]).reshape(shape)
    np.testing.assert_allclose(gradient, by_value, rtol=1e-13, atol=1e-13)


def test_a_plain_array_gets_numpys_own_read_only_view_and_numpys_errors():
    x = np.arange(5.0)
    view = WINDOWS(x, 2)
    assert view.base is not None and not view.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        view[0, 0] = 1.0
    with pytest.raises(ValueError, match="window shape cannot be larger"):
        gradcli.grad(lambda v: gnp.sum(WINDOWS(v, 6)))(x)
    with pytest.raises(ValueError, match="window_shape"):
        gradcli.grad(lambda v: gnp.sum(WINDOWS(v, (2, 2))))(x)


MODULE = """\
import numpy as np
import numpy.lib.stride_tricks as tricks
from numpy.lib.stride_tricks import sliding_window_view


def local_max(x):
    return np.sum(np.max(np.lib.stride_tricks.sliding_window_view(x, 3), axis=-1))


def moving_average(x):
    return np.sum(sliding_window_view(x, 2).mean(axis=-1) ** 2)


def written(x):
    windows = tricks.sliding_window_view(x, 2)
    windows[0, 0] = 1.0
    return np.sum(windows)


def added(x):
    windows = sliding_window_view(x, 2)
    windows += 1.0
    return np.sum(windows)


def strided(x):
    return np.sum(tricks.as_strided(x, (2, 2), (8, 8)))
"""
POINT = [1.0, 3.0, 2.0, 5.0, 4.0]


@pytest.fixture(scope="module")
def module_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("views62") / "frames.py"
    path.write_text(textwrap.dedent(MODULE))
    return str(path)


def test_the_sum_of_window_maxima_in_a_module_has_the_argmax_counts_as_its_gradient(module_path):
    report = gradcli.check(f"{module_path}:local_max", {"x": np.array(POINT)}, dtypes=("float64",))
    (result,) = report.results
    assert report.framework == "numpy" and result.status == "ok"
    # windows [1,3,2], [3,2,5], [2,5,4]: maxima 3, 5, 5; x[1] wins once, x[3] twice
    assert float(result.value) == 13.0
    expected = [0.0, 1.0, 0.0, 2.0, 0.0]
    np.testing.assert_array_equal(np.asarray(result.gradient["x"], dtype=float), expected)
    np.testing.assert_array_equal(np.asarray(result.exact_gradient["x"], dtype=float), expected)


def test_a_moving_average_in_a_module_has_the_closed_form_gradient(module_path):
    report = gradcli.check(f"{module_path}:moving_average", {"x": np.array(POINT)}, dtypes=("float64",))
    (result,) = report.results
    assert result.status == "ok"
    x = np.array(POINT)
    means = (x[:-1] + x[1:]) / 2  # loss = sum(m_i^2): d/dx_j = m_{j-1} + m_j, each present term
    expected = np.concatenate([[0.0], means]) + np.concatenate([means, [0.0]])
    assert float(result.value) == pytest.approx(np.sum(means ** 2), rel=1e-15)
    np.testing.assert_allclose(np.asarray(result.gradient["x"], dtype=float), expected, rtol=1e-15)
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), expected, rtol=1e-15)


@pytest.mark.parametrize("name, message", [("written", "assignment destination is read-only"),
                                           ("added", "output array is read-only")])
def test_a_write_into_the_windows_fails_as_numpys_does_never_silently(module_path, name, message):
    report = gradcli.check(f"{module_path}:{name}", {"x": np.array(POINT)}, dtypes=("float64",))
    (result,) = report.results
    assert result.status == "error" and message in result.error and "frames.py" in result.error


def test_the_other_stride_tricks_stay_refused_at_the_users_line(module_path):
    assert missing_function("numpy.lib.stride_tricks.sliding_window_view") is None
    assert "as_strided" in missing_function("numpy.lib.stride_tricks.as_strided")
    with pytest.raises(InputError) as raised:
        gradcli.check(f"{module_path}:strided", {"x": np.array(POINT)}, dtypes=("float64",))
    assert "numpy.lib.stride_tricks.as_strided" in str(raised.value) and "line 27" in str(raised.value)


def test_a_writeable_view_of_a_traced_value_is_refused_clearly():
    with pytest.raises(TypeError, match="writeable=True"):
        gradcli.grad(lambda v: gnp.sum(WINDOWS(v, 2, writeable=True)))(np.arange(4.0))
