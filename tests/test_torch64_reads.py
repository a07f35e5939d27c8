"""Numbers the user's PyTorch code reads out of the graph with ``float(t)`` and ``t.tolist()`` and computes with: the
exact gradient is the function's (mpmath's derivative of the same mathematics, written independently here), PyTorch's
gradient, which holds the numbers constant, is `wrong` at the read's line; a read only logged or printed changes
nothing and prints no fake tensor; a number that decides the graph stays refused at its line."""

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


def scaled_by_float(x):
    scale = float(x.max())
    return torch.sum(x * scale)


def doubled_from_a_list(x):
    doubled = [v * 2 for v in x.tolist()]
    return torch.sum(x * torch.tensor(doubled, dtype=x.dtype))


def weighted_by_a_python_sum(x):
    s = sum(x.tolist())
    return torch.sum(torch.sin(x)) * s


def rebuilt_from_an_item(x):
    s = x.sum().item()
    return torch.sum(x * torch.tensor([s, 1.0], dtype=x.dtype))


def logged_as_float(x):
    seen = float(x.sum())
    print("logged", seen, x.tolist(), x)
    return torch.sum(torch.exp(x))


def printed_formatted(x):
    loss = torch.sum(torch.exp(x))
    print(f"loss {loss.item():.4f} peak {float(x.max()):7.3f}")
    return loss


def branched_on_float(x):
    if float(x.max()) > 1.0:
        return torch.sum(x)
    return torch.sum(x * x)


def indexed_by_a_number(x):
    k = int(x.tolist()[0])
    return x[k] * 2.0


def floats_of_numbers_read(x):
    numbers = list(map(float, x.tolist()))
    return torch.sum(x * torch.tensor(numbers, dtype=x.dtype)) * float(x.max().item())


def float_of_a_constant(x):
    return torch.sum(x) * float(torch.tensor(2.0, dtype=x.dtype).exp())


def floats_that_stay_python_floats(x):
    big = float("2.5")
    assert isinstance(big, float) and isinstance(x.sum().detach(), torch.Tensor)
    return torch.sum(x) * big
'''


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    path = tmp_path_factory.mktemp("torch64_reads") / "users.py"
    path.write_text(USERS)
    return str(path)


def _line(text):
    """The line of ``USERS`` holding ``text``."""
    return line_of(USERS, text)


def _exact(result):
    return np.asarray(result.exact_gradient["x"], dtype=float)


def _named_at_the_read(result, read, line):
    assert result.status == "wrong", result.status
    named_at_the_read(result, read, line, "Python numbers" if read == ".tolist()" else "a Python number")


def test_a_scale_read_with_float_is_wrong_at_its_line_in_each_dtype(users):
    point = [1.0, 2.0, 0.5]
    truth = _mp_gradient(lambda a, b, c: (a + b + c) * b, point)  # sum(x) * max(x), b the largest entry
    for result in _check(users, "scaled_by_float", {"x": point}, dtypes=("float32", "float64")):
        assert np.allclose(_exact(result), truth, rtol=1e-12, atol=0), (result.dtype, result.exact_gradient)
        assert np.allclose(np.asarray(result.gradient["x"], dtype=float), [2.0, 2.0, 2.0], rtol=1e-6)  # PyTorch's
        _named_at_the_read(result, "float()", _line("scale = float(x.max())"))


def test_numbers_read_with_tolist_and_made_a_tensor_again_keep_their_path(users):
    point = [0.7, -1.3, 2.1]
    (result,) = _check(users, "doubled_from_a_list", {"x": point})
    truth = _mp_gradient(lambda a, b, c: 2 * (a * a + b * b + c * c), point)
    assert np.allclose(_exact(result), truth, rtol=1e-12, atol=0)
    assert np.allclose(np.asarray(result.gradient["x"], dtype=float), 2 * np.array(point), rtol=1e-14)
    _named_at_the_read(result, ".tolist()", _line("x.tolist()]"))


def test_a_python_sum_of_tolist_numbers_keeps_its_path(users):
    point = [0.4, 1.1]
    (result,) = _check(users, "weighted_by_a_python_sum", {"x": point})
    truth = _mp_gradient(lambda a, b: (mpmath.sin(a) + mpmath.sin(b)) * (a + b), point)
    assert np.allclose(_exact(result), truth, rtol=1e-12, atol=0)
    _named_at_the_read(result, ".tolist()", _line("s = sum(x.tolist())"))


def test_an_item_made_a_tensor_again_with_a_constant_keeps_its_path(users):
    point = [1.5, -0.5]
    (result,) = _check(users, "rebuilt_from_an_item", {"x": point})
    truth = _mp_gradient(lambda a, b: a * (a + b) + b, point)
    assert np.allclose(_exact(result), truth, rtol=1e-12, atol=0)
    _named_at_the_read(result, ".item()", _line("s = x.sum().item()"))


def test_floats_of_numbers_read_already_keep_their_path(users):
    point = [0.75, -0.25]
    (result,) = _check(users, "floats_of_numbers_read", {"x": point})
    truth = _mp_gradient(lambda a, b: (a * a + b * b) * a, point)  # a is the larger entry: max(x)
    assert np.allclose(_exact(result), truth, rtol=1e-12, atol=0)
    assert result.status == "wrong"
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    listed, maximum = _line("numbers = list(map(float, x.tolist()))"), _line("float(x.max().item())")
    assert finding.op == "gradient through .tolist()" and finding.location.endswith(f"users.py:{listed}"), finding
    assert f".item() at users.py:{maximum}" in finding.message  # each read the value depends on, named


def test_a_float_of_a_constant_is_no_finding(users):
    (result,) = _check(users, "float_of_a_constant", {"x": [0.5, 1.5]})
    assert result.status == "ok", result.status
    with mpmath.workdps(30):
        assert np.allclose(_exact(result), [float(mpmath.exp(2))] * 2, rtol=1e-15, atol=0)


def test_reads_only_logged_change_nothing_and_print_no_fake_tensor(users, capsys):
    point = [0.3, -1.1]
    (result,) = _check(users, "logged_as_float", {"x": point})
    assert result.status == "ok", result.status
    assert np.allclose(_exact(result), [float(mpmath.exp(v)) for v in point], rtol=1e-14)
    printed = capsys.readouterr().out
    assert "Fake" not in printed, printed
    assert "logged -0.8" in printed  # PyTorch's own run prints the user's numbers


def test_reads_formatted_to_print_are_no_refusal_and_print_the_real_numbers(users, capsys):
    point = [0.5, 1.0]
    (result,) = _check(users, "printed_formatted", {"x": point})
    assert result.status == "ok", result.status
    assert np.allclose(_exact(result), [float(mpmath.exp(v)) for v in point], rtol=1e-14)
    printed = capsys.readouterr().out
    expected = f"loss {float(mpmath.exp(0.5) + mpmath.exp(1)):.4f} peak   1.000"
    assert expected in printed and "nan" not in printed, printed


def test_a_float_the_code_branches_on_stays_refused_at_its_line(users):
    line = _line("if float(x.max()) > 1.0")
    with pytest.raises(InputError, match=rf"branches on a tensor's value at .*users\.py:{line} "):
        _check(users, "branched_on_float", {"x": [0.5, 2.0]})


def test_a_listed_number_used_as_an_index_stays_refused_at_its_line(users):
    line = _line("k = int(x.tolist()[0])")
    with pytest.raises(InputError, match=rf"at .*users\.py:{line}\b"):
        _check(users, "indexed_by_a_number", {"x": [1.0, 2.0]})


def test_python_floats_of_the_users_module_stay_python_floats(users):
    (result,) = _check(users, "floats_that_stay_python_floats", {"x": [1.0, 2.0]})
    assert result.status == "ok"
    assert np.allclose(_exact(result), [2.5, 2.5], rtol=1e-15)


def test_the_cli_json_stays_clean_and_names_the_read(users):
    result = CliRunner().invoke(cli, ["check", f"{users}:scaled_by_float", "--at", "x=[1,2,0.5]", "--dtype",
                                      "float64", "--json", "--no-fix"])
    assert result.exit_code == 1, result.output
    (point,) = json.loads(result.stdout)["results"]
    assert point["status"] == "wrong"
    assert any(f["op"] == "gradient through float()" for f in point["findings"]), point["findings"]
    logged = CliRunner().invoke(cli, ["check", f"{users}:logged_as_float", "--at", "x=[0.5,0.25]", "--dtype", "float64",
                                      "--json", "--no-fix"])
    assert logged.exit_code == 0, logged.output
    assert json.loads(logged.stdout)["ok"] is True
    assert "Fake" not in logged.output


def test_the_users_float_is_pythons_again_after_the_trace(users):
    import sys

    _check(users, "logged_as_float", {"x": [0.5, 0.25]})
    module = next(m for m in list(sys.modules.values()) if getattr(m, "__file__", None) == users)
    assert "float" not in vars(module)
    assert torch.tensor(2.0, requires_grad=True).tolist() == 2.0
