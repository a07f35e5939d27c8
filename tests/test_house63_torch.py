"""A number the user's PyTorch code reads with ``.item()`` and computes on with: PyTorch's gradient holds it constant
while the function's values follow it, so the gradient is `wrong`, named at the ``.item()`` line; the exact gradient is
the function's (mpmath's derivative of the same mathematics, written independently here), the gradient under test
PyTorch's own. A ``.detach()`` the user writes is a declared constant (a note, not a finding); a read used only for
logging changes nothing; a read the code cannot compute on with stays refused at its line."""

import json

import mpmath
import numpy as np
import pytest
import torch
from click.testing import CliRunner

from gradcli.cli import cli
from gradcli.errors import InputError
from read_checks import checked as _check, line_of, mp_gradient as _mp_gradient, named_at_the_read

USERS = '''\
import torch


def scaled_by_its_peak(x):
    scale = x.max().item()
    return torch.sum(x * scale)


def normalised(x):
    n = x.norm().item()
    return torch.sum(torch.log1p(x / n))


def weighted(x, y):
    w = (x * y).sum().item() * 2.0 + 1.0
    return torch.sum(torch.sin(x)) * w + torch.sum(y)


def logged(x):
    seen = x.sum().item()
    return torch.sum(torch.exp(x))


def held_on_purpose(x):
    s = x.sum().detach()
    return torch.sum(x) * s


def filled_with_a_number(x):
    s = x.sum().item()
    return torch.sum(x * torch.full_like(x, s))


def of_a_constant(x):
    c = torch.tensor(2.5, dtype=x.dtype).exp().item()
    return torch.sum(x * c)


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, y):
        ctx.y = y.detach()
        return y ** 3

    @staticmethod
    def backward(ctx, g):
        return g * 2 * ctx.y ** 2  # wrong: the slope is 3 y^2


def logged_beside_a_wrong_rule(x):
    seen = x.sum().item()
    return Cube.apply(x).sum()
'''


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    path = tmp_path_factory.mktemp("house63_torch") / "users.py"
    path.write_text(USERS)
    return str(path)


def _torchs_gradient(fun, *values):
    """PyTorch's own gradient of ``fun`` at ``values`` (float64): the numbers under test, computed here."""
    xs = [torch.tensor(v, dtype=torch.float64, requires_grad=True) for v in values]
    return [g.numpy() for g in torch.autograd.grad(fun(*xs), xs)]


def _line(text):
    """The line of ``USERS`` holding ``text``."""
    return line_of(USERS, text)


def _named_at_the_read(result, line):
    return named_at_the_read(result, ".item()", line)


def test_a_scale_read_with_item_is_wrong_at_its_line_in_each_dtype(users):
    point = [1.0, 2.0, 0.5]
    results = _check(users, "scaled_by_its_peak", {"x": point}, dtypes=("float32", "float64"))
    # the function: sum(x) * max(x); away from a tie the max is its largest entry, a smooth function there
    truth = _mp_gradient(lambda a, b, c: (a + b + c) * b, point)
    own = _torchs_gradient(lambda x: torch.sum(x * x.max().item()), point)[0]
    assert np.allclose(own, [2.0, 2.0, 2.0])  # PyTorch's: the scale held
    for result in results:
        assert result.status == "wrong", (result.dtype, result.status)
        assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), truth, rtol=1e-13)
        assert np.allclose(np.asarray(result.gradient["x"], dtype=float), own, rtol=1e-6)
        _named_at_the_read(result, _line("scale = x.max().item()"))


def test_a_norm_read_with_item_is_wrong_and_its_exact_gradient_is_the_functions(users):
    point = [0.7, -0.2, 1.9]
    (result,) = _check(users, "normalised", {"x": point})
    truth = _mp_gradient(
        lambda a, b, c: sum(mpmath.log1p(v / mpmath.sqrt(a * a + b * b + c * c)) for v in (a, b, c)), point)
    own = _torchs_gradient(lambda x: torch.sum(torch.log1p(x / x.norm().item())), point)[0]
    assert result.status == "wrong"
    assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), truth, rtol=1e-12)
    assert np.allclose(np.asarray(result.gradient["x"], dtype=float), own, rtol=1e-14)
    assert not np.allclose(own, truth, rtol=1e-3)  # the point shows the path PyTorch leaves out
    _named_at_the_read(result, _line("n = x.norm().item()"))


def test_a_read_of_two_inputs_through_python_arithmetic_gives_both_their_paths(users):
    x, y = [0.4, 1.3], [2.0, -0.6]
    (result,) = _check(users, "weighted", {"x": x, "y": y})

    def f(x0, x1, y0, y1):
        w = (x0 * y0 + x1 * y1) * 2 + 1
        return (mpmath.sin(x0) + mpmath.sin(x1)) * w + y0 + y1

    truth = _mp_gradient(f, x + y)
    assert result.status == "wrong"
    assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), truth[:2], rtol=1e-12)
    assert np.allclose(np.asarray(result.exact_gradient["y"], dtype=float), truth[2:], rtol=1e-12)
    _named_at_the_read(result, _line("w = (x * y)"))


def test_a_read_only_logged_changes_nothing(users):
    point = [0.3, -1.1]
    (result,) = _check(users, "logged", {"x": point})
    assert result.status == "ok"
    assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), np.exp(point), rtol=1e-14)


def test_a_read_the_value_does_not_depend_on_is_never_blamed_for_a_wrong_rule(users):
    (result,) = _check(users, "logged_beside_a_wrong_rule", {"x": [1.0, 2.0]})
    assert result.status == "wrong"
    assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), [3.0, 12.0], rtol=1e-14)
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith(f"users.py:{_line('def backward(ctx, g)')}"), finding.location
    assert ".item()" not in finding.message and ".item()" not in finding.op


def test_a_detach_written_on_purpose_is_a_declared_constant_noted_not_a_finding(users):
    point = [1.0, 2.0]
    (result,) = _check(users, "held_on_purpose", {"x": point})
    assert result.status == "ok"
    assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), [3.0, 3.0], rtol=1e-14)
    assert any("held constant in the exact derivative" in note for note in result.notes), result.notes


def test_a_read_of_a_constant_is_no_finding(users):
    (result,) = _check(users, "of_a_constant", {"x": [0.5, 1.5]})
    assert result.status == "ok"
    assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), [float(mpmath.exp(2.5))] * 2, rtol=1e-7)


def test_a_read_the_code_cannot_compute_on_with_as_a_tensor_stays_refused_at_its_line(users):
    line = _line("torch.full_like(x, s)") - 1  # the .item() on the line before: a fill value PyTorch reads itself
    with pytest.raises(InputError, match=rf"branches on a tensor's value at .*users\.py:{line} "):
        _check(users, "filled_with_a_number", {"x": [1.0, 2.0]})


def test_the_cli_exits_1_with_the_read_named_in_json(users):
    result = CliRunner().invoke(cli, ["check", f"{users}:normalised", "--at", "x=[0.7,-0.2,1.9]", "--dtype",
                                      "float64", "--json", "--no-fix"])
    assert result.exit_code == 1, result.output
    (point,) = json.loads(result.stdout)["results"]
    assert point["status"] == "wrong"
    assert any(f["op"] == "gradient through .item()" for f in point["findings"]), point["findings"]
