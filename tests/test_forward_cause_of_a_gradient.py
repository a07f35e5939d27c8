"""A forward cancellation the value hardly feels but that puts the gradient wholly off is named, before the backward.

Rodrigues' rotation R p = p + (sin t / t) K p + ((1 - cos t) / t^2) K^2 p at
w = [1e-8, 2e-8, 0]: 1 - cos t keeps 2.2e-16 of 2.5e-16, so its term is 11%
off, but that term multiplies K^2 p ~ 1e-16 and the value is fine; the slope in
w[1] reads it whole and is 11% off (4.44e-9 for 5e-9). Only the backward pass
was asked, and it named a gradient accumulation whose own effect is 3e-10.
Where the value is not unstable and the gradient is, a forward op off by as
much as the gradient (half its error or more) is named first. Where no forward
op is that far off (e^x - x at 1e-8, whose slope e^x - 1 cancels in the
backward alone), none is. Truths by mpmath.
"""

import textwrap

import mpmath
import pytest

import gradcli

SOURCE = textwrap.dedent('''
    import gradcli.numpy as gnp

    POINT = gnp.array([1.0, 2.0, 3.0])


    def hat(w):
        return gnp.array([[0.0, -w[2], w[1]], [w[2], 0.0, -w[0]], [-w[1], w[0], 0.0]])


    def rotated_y(w):
        theta = gnp.linalg.norm(w)
        a = gnp.sin(theta) / theta
        b = (1 - gnp.cos(theta)) / theta ** 2
        k = hat(w)
        return (POINT + a * (k @ POINT) + b * (k @ (k @ POINT)))[1]


    def exp_less_x(x):
        return gnp.exp(x) - x
''')


@pytest.fixture(scope="module")
def user_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("rodrigues") / "rodrigues.py"
    path.write_text(SOURCE)
    return str(path)


def _rotated_y_slope_in_w1(w):
    """d/dw1 of Rodrigues' y coordinate, by mpmath.diff at 60 digits."""
    with mpmath.workdps(60):
        p = mpmath.matrix([1, 2, 3])

        def y(w1):
            v = [mpmath.mpf(w[0]), w1, mpmath.mpf(w[2])]
            t = mpmath.sqrt(sum(c * c for c in v))
            k = mpmath.matrix([[0, -v[2], v[1]], [v[2], 0, -v[0]], [-v[1], v[0], 0]])
            r = p + (mpmath.sin(t) / t) * (k * p) + ((1 - mpmath.cos(t)) / t ** 2) * (k * (k * p))
            return r[1]

        return mpmath.diff(y, mpmath.mpf(w[1]))


def test_a_small_terms_cancellation_that_ruins_a_slope_is_named_first(user_file):
    w = [1e-8, 2e-8, 0.0]
    result, = gradcli.check(f"{user_file}:rotated_y", [{"w": w}], dtypes=["float64"], fixes=False).results
    assert result.value_status == "ok" and result.gradient_status == "unstable"
    truth = _rotated_y_slope_in_w1(w)
    assert abs(result.exact_gradient["w"][1] - truth) / abs(truth) < 1e-12
    first = result.findings[0]
    assert (first.phase, first.op, first.kind) == ("forward", "subtract", "cancellation"), first.message
    assert first.location.endswith("rodrigues.py:14")


def test_a_cancellation_of_the_backward_alone_names_no_forward_op(user_file):
    result, = gradcli.check(f"{user_file}:exp_less_x", [{"x": 1e-8}], dtypes=["float64"], fixes=False).results
    assert result.gradient_status == "unstable"
    named = [f for f in result.findings if f.kind != "fd-unreliable"]
    assert named and all(f.phase == "backward" for f in named), [f.message for f in result.findings]
