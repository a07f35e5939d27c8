"""PyTorch's own argument checks, answered on their valid path only while gradcli traces, and only there.

`valid_guards` answers the truth test of a raise-only check in PyTorch's files
with the value that skips it; another thread of the user's program that calls a
PyTorch check meanwhile keeps the check (its invalid argument still raises).
"""

import queue
import threading

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import gradcli
from gradcli.capture.torch_graph import torch_dir
from gradcli.capture.torch_guards import valid_guards


def _invalid_variance():
    return F.gaussian_nll_loss(torch.zeros(2), torch.zeros(2), -torch.ones(2))


def test_another_thread_keeps_pytorchs_checks_while_gradcli_traces(validating_by_default):
    outcome = {}

    def other():
        try:
            _invalid_variance()
            outcome["raised"] = False
        except ValueError:
            outcome["raised"] = True

    with valid_guards(torch_dir()):
        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
        _invalid_variance()  # the tracing thread itself is answered: no raise here
    assert outcome == {"raised": True}
    with pytest.raises(ValueError):
        _invalid_variance()  # and after tracing, in this thread too


def test_a_check_in_one_thread_and_pytorchs_check_in_another_meanwhile():
    asked, answered, calls = queue.Queue(), queue.Queue(), []
    untraced = torch.Tensor.__bool__

    def other():
        while asked.get():
            try:
                _invalid_variance()
            except ValueError:
                answered.put(True)
            else:
                answered.put(False)

    def loss(mu, var):
        # a handshake: the other thread calls PyTorch's check while this one waits inside its call, traced or not
        asked.put(True)
        calls.append((torch.Tensor.__bool__ is not untraced, answered.get(timeout=60)))
        return F.gaussian_nll_loss(mu, torch.zeros_like(mu), var, reduction="sum")

    thread = threading.Thread(target=other)
    thread.start()
    try:
        [result] = gradcli.check(loss, [{"mu": np.array([0.5, -1.0]), "var": np.array([2.0, 0.5])}],
                                 framework="torch", dtypes=("float64",)).results
    finally:
        asked.put(False)
        thread.join()
    assert result.status == "ok"
    assert any(traced for traced, _ in calls), "no call of the loss while gradcli traced"
    assert all(raised for _, raised in calls)


# -- values read as numbers (.item(), float(), int()) in a raise-only check; constraints' early returns ---------

LIBRARY = '''
def checked(x):
    if x.item() < 0:
        raise ValueError("x must not be negative")
    if not 0 <= x.sum().item() * 2 <= 10 ** 9:
        raise ValueError("x is out of range")
    return x * 2


def branching(x):
    if x.max().item() > 0:
        return x * 2
    return x * 3
'''


def _library(folder):
    import importlib.util

    path = folder / "library.py"
    path.write_text(LIBRARY)
    spec = importlib.util.spec_from_file_location("library_under_guard", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_item_read_in_a_raise_only_check_is_traced_on_the_valid_path(tmp_path):
    from torch.fx.experimental.proxy_tensor import make_fx

    library = _library(tmp_path)
    with pytest.raises(Exception, match="(?i)data.dependent|_local_scalar_dense"):
        make_fx(library.checked, tracing_mode="fake")(torch.tensor(1.0))  # what tracing meets unanswered
    with valid_guards(str(tmp_path)):
        graph = make_fx(library.checked, tracing_mode="fake")(torch.tensor(1.0))
    assert "mul" in str(graph.code) and "_local_scalar_dense" not in str(graph.code)
    with valid_guards(str(tmp_path)), pytest.raises(Exception, match="(?i)data.dependent|_local_scalar_dense"):
        # a branch that computes (x * 2 or x * 3) is not a check: still refused
        make_fx(library.branching, tracing_mode="fake")(torch.tensor(1.0))
    with pytest.raises(ValueError):
        library.checked(torch.tensor(-1.0))  # the library's own run keeps its checks


D = torch.distributions
V = [2.0, 3.0, 0.0]


def mvn_checked(x):
    return D.MultivariateNormal(x, torch.eye(3, dtype=x.dtype), validate_args=True).log_prob(torch.tensor(V, dtype=x.dtype))


def mvn_precision_checked(x):
    precision = 2 * torch.eye(3, dtype=x.dtype)
    return D.MultivariateNormal(x, precision_matrix=precision, validate_args=True).log_prob(torch.tensor(V, dtype=x.dtype))


def mvn_covariance_checked(x):
    covariance = torch.diag(x.exp())
    return D.MultivariateNormal(torch.zeros(3, dtype=x.dtype), covariance_matrix=covariance, validate_args=True).log_prob(
        torch.tensor(V, dtype=x.dtype))


class PositiveDefiniteSample(D.Distribution):
    """A distribution over positive definite matrices that validates the sample it is asked about."""

    arg_constraints = {}
    support = D.constraints.positive_definite

    def __init__(self):
        super().__init__(event_shape=torch.Size([3, 3]), validate_args=True)

    def log_prob(self, value):
        self._validate_sample(value)
        return -(value * value).sum()


def sample_checked(x):
    return PositiveDefiniteSample().log_prob(torch.diag(x.exp()))


CHECKED = {
    # a distribution with validate_args=True checks its matrix is positive definite through constraints whose
    # check returns early on a failing part (`if not sym_check.all(): return sym_check`): traced past them
    "mvn": (mvn_checked, lambda p: [v - m for v, m in zip(V, p)]),
    "mvn precision": (mvn_precision_checked, lambda p: [2 * (v - m) for v, m in zip(V, p)]),
    "mvn covariance": (mvn_covariance_checked, lambda p: [0.5 * v * v * np.exp(-s) - 0.5 for v, s in zip(V, p)]),
    # a sample validated the same way (`Distribution._validate_sample`)
    "sample": (sample_checked, lambda p: [-2 * np.exp(2 * s) for s in p]),
}


@pytest.mark.parametrize("name", sorted(CHECKED))
def test_a_distribution_with_validate_args_is_checked_with_its_exact_gradient(name):
    fun, gradient = CHECKED[name]
    point = np.array([0.5, -1.0, 0.25])
    [result] = gradcli.check(fun, [{"x": point}], framework="torch", dtypes=("float64",)).results
    assert result.status == "ok"
    assert np.allclose([float(g) for g in result.exact_gradient["x"]], gradient(point), rtol=1e-12)
    with pytest.raises(ValueError):
        fun(torch.tensor([0.5, float("nan"), 0.0], dtype=torch.float64))  # PyTorch's own run keeps the checks


def where_positive_definite(m):
    ok = D.constraints.positive_definite.check(m)
    return torch.where(ok, (m * m).sum(), -(m * m).sum())


def test_a_constraints_result_the_user_reads_as_data_is_refused_at_the_users_line():
    # the check returns early (`if not sym_check.all(): return sym_check`) with what the user's where reads:
    # not an argument check of PyTorch's, so no valid path stands for it
    import inspect

    from gradcli.errors import InputError

    m = np.array([[2.0, 5.0], [0.5, 2.0]])  # not symmetric (its lower triangle is positive definite)
    assert float(where_positive_definite(torch.tensor(m))) == pytest.approx(-33.25, rel=1e-15)  # PyTorch's value
    line = inspect.getsourcelines(where_positive_definite)[1] + 1
    with pytest.raises(InputError, match=rf"test_torch_guards\.py:{line}\b"):
        gradcli.check(where_positive_definite, [{"m": m}], framework="torch", dtypes=("float64",))


@pytest.fixture
def validating_by_default():
    """The process's default of ``validate_args`` on, as PyTorch starts: the first ``torch.compile`` of a process
    turns it off for good (dynamo's patching), and another test of the worker may have compiled."""
    before = D.Distribution._validate_args
    D.Distribution.set_default_validate_args(True)
    yield
    D.Distribution.set_default_validate_args(before)


def test_another_thread_keeps_its_distributions_checks_while_gradcli_traces(validating_by_default):
    outcome = {}

    def other():
        try:
            D.Normal(torch.tensor(0.0), torch.tensor(-1.0))  # validate_args by PyTorch's default
            outcome["raised"] = False
        except ValueError:
            outcome["raised"] = True

    with valid_guards(torch_dir()):
        D.Normal(torch.tensor(0.0), torch.tensor(-1.0))  # the tracing thread's are off: no raise
        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
    assert outcome == {"raised": True}
    with pytest.raises(ValueError):
        D.Normal(torch.tensor(0.0), torch.tensor(-1.0))


def test_the_tensor_class_is_left_as_it_was():
    # __bool__ and item live on torch._C.TensorBase: a copy left on Tensor would outlive the trace, slower for every call.
    before = {name: name in vars(torch.Tensor) for name in ("__bool__", "item")}
    with valid_guards(torch_dir()):
        pass
    assert {name: name in vars(torch.Tensor) for name in ("__bool__", "item")} == before


def test_only_pytorchs_own_folder_counts_as_pytorchs():
    import os

    package = os.path.dirname(os.path.abspath(torch.__file__))
    folder = torch_dir()
    assert not os.path.join(package + "vision", "ops", "focal_loss.py").startswith(folder)
    assert os.path.join(package, "nn", "functional.py").startswith(folder)


def test_only_pytorchs_constraints_file_has_early_returns_answered(tmp_path):
    import os

    from gradcli.capture.torch_guards import _constraint_returns

    source = "def check(value):\n    part = value > 0\n    if not part.all():\n        return part\n    return value < 1\n"
    (tmp_path / "constraints.py").write_text(source)
    assert _constraint_returns(str(tmp_path / "constraints.py")) == {}  # a check of someone else's
    constraints = os.path.join(torch_dir(), "distributions", "constraints.py")
    returns = _constraint_returns(constraints)
    assert returns and set(returns.values()) == {True}
    with open(constraints) as lines:
        text = lines.read().splitlines()
    assert all(text[line - 1].strip().startswith("if not ") for line in returns)
