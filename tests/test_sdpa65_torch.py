"""A library's own constants in a PyTorch replay are the library's, in a float32 check as in float64: attention's
scale from its head's width and the tanh GELU's coefficients are held as the library wrote them, while the same
number written by the user is held as the float32 program holds it. Truth: mpmath at 40 digits."""

import mpmath
import pytest

torch = pytest.importorskip("torch")
F = torch.nn.functional

import gradcli  # noqa: E402

KEYS = [[1, 0.5, -0.25], [0.5, 0.5, 0], [0, -1, 0.75]]
VALUES = [[1, 2, 0], [0, -1, 0.5], [3, 0.5, -2]]
Q = [[1, 0.5, -0.25], [0.25, -0.75, 0.5]]
MP_SCALE = 0.8408964152537145  # sqrt(1 / sqrt(2)) as a double: what a user's own attention might write


def library_attention(q):
    """Attention through scaled_dot_product_attention, which scales by 1 / sqrt(3) itself (3^-1/4 on q and on k)."""
    k, v = torch.tensor(KEYS, dtype=q.dtype), torch.tensor(VALUES, dtype=q.dtype)
    return F.scaled_dot_product_attention(q[None], k[None], v[None]).sum()


def users_attention(q):
    """Attention written out, with the user's own scale MP_SCALE on q and on k."""
    k, v = torch.tensor(KEYS, dtype=q.dtype), torch.tensor(VALUES, dtype=q.dtype)
    scores = (q * MP_SCALE) @ (k * MP_SCALE).T
    return (torch.softmax(scores, dim=-1) @ v).sum()


def tanh_gelu(x):
    """The tanh GELU, whose decomposition writes sqrt(2/pi) and 0.044715."""
    return F.gelu(x, approximate="tanh").sum()


def _attention_truth(scale_squared):
    """d/dq of sum(softmax(q k^T scale_squared) v), each entry by mpmath's differentiation at 40 digits."""
    def f(*flat):
        total = 0
        for row in (flat[:3], flat[3:]):
            scores = [sum(a * b for a, b in zip(row, key)) * scale_squared for key in KEYS]
            e = [mpmath.exp(s) for s in scores]
            total += sum(w / sum(e) * sum(v) for w, v in zip(e, VALUES))
        return total
    return _gradient(f, [x for row in Q for x in row])


def _gradient(f, point):
    with mpmath.workdps(40):
        point = [mpmath.mpf(x) for x in point]
        return [float(mpmath.diff(lambda t: f(*point[:i], t, *point[i + 1:]), point[i])) for i in range(len(point))]


def _exact(fun, data):
    """The exact gradient gradcli's float32 check of ``fun`` at the float32 ``data`` finds, flattened."""
    report = gradcli.check(fun, torch.tensor(data, dtype=torch.float32))
    found = next(result for result in report.results if result.dtype == "float32")
    gradient = next(iter(found.exact_gradient.values()))
    return [x for row in gradient for x in row] if isinstance(gradient[0], list) else list(gradient)


def _close(found, truth):
    return all(abs(a - b) <= 1e-13 * max(1, abs(b)) for a, b in zip(found, truth)) and len(found) == len(truth)


def test_attentions_own_scale_is_one_over_sqrt_of_its_width_in_a_float32_check():
    truth = _attention_truth(1 / mpmath.sqrt(3))
    assert _close(_exact(library_attention, Q), truth)


def test_the_users_own_scale_is_held_as_the_float32_program_holds_it():
    with mpmath.workdps(40):
        held = mpmath.mpf(float(torch.tensor(MP_SCALE, dtype=torch.float32)))
        truth = _attention_truth(held * held)
    assert _close(_exact(users_attention, Q), truth)


def test_tanh_gelus_coefficients_are_the_librarys_in_a_float32_check():
    data = [1.5, -0.75, 0.25, 3.0]

    def f(*xs):
        c = mpmath.sqrt(2 / mpmath.pi)
        return sum(x / 2 * (1 + mpmath.tanh(c * (x + mpmath.mpf("0.044715") * x**3))) for x in xs)
    assert _close(_exact(tanh_gelu, data), _gradient(f, data))


def test_attentions_own_scale_is_its_irrational_number_in_the_exact_reference():
    report = gradcli.check(library_attention, torch.tensor(Q, dtype=torch.float64))
    with mpmath.workdps(40):
        found = mpmath.mpf(next(r for r in report.results if r.dtype == "float64").exact_value_text)
        s = 1 / mpmath.sqrt(3)
        truth = 0
        for row in Q:
            e = [mpmath.exp(sum(a * b for a, b in zip(row, key)) * s) for key in KEYS]
            truth += sum(w / sum(e) * sum(v) for w, v in zip(e, VALUES))
        assert abs(found - truth) <= mpmath.mpf(10) ** -19 * abs(truth)
