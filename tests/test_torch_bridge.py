"""PyTorch code checked unchanged: its own autograd under test, its ATen graphs replayed by gradcli for the reference.

Every mapped ATen op is compared with PyTorch's own value and gradient in
float64; the verdicts (a wrong autograd.Function.backward at its line, the
float32 overflow at the user's exp, the NaN leaking through torch.where, the
norm at 0) are the ones gradcli gives its own twins of the same functions.
"""

import importlib.util
import json
import os
import subprocess
import sys
import warnings
from types import SimpleNamespace

import mpmath
import numpy as np
import pytest
import torch
import torch.nn.functional as F
from click.testing import CliRunner

import gradcli
import gradcli.numpy as gnp
from gradcli.capture.torch_bridge import capture
from gradcli.cli import cli
from gradcli.errors import InputError

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
EXAMPLE = os.path.join(ROOT, "examples", "torch", "log1pexp.py")
RNG = np.random.default_rng(7)
A = RNG.normal(size=(2, 3))
B = RNG.normal(size=(2, 3))
M = RNG.normal(size=(3, 4))
POS = np.abs(A) + 0.5


def check(fun, points, **options):
    return gradcli.check(fun, points, framework="torch", **options)


# Each case: a function of tensors using the op, and its arguments (float64 NumPy arrays).
OPS = {
    "add/sub/mul/div/neg (broadcasting)": (lambda a, b: ((a + b[0]) * (a - 2.0 * b) / (1.5 + b * b) - (-a)).sum(), (A, B)),
    "pow (integer, scalar, tensor)": (lambda a, p: (a**2 + a**3 + p**0.5 + torch.pow(p, a)).sum(), (A, POS)),
    "exp/log/log1p/expm1": (lambda a, p: (torch.exp(a) + torch.log(p) + torch.log1p(p) + torch.expm1(a)).sum(), (A, POS)),
    "sigmoid/tanh/sqrt/rsqrt": (lambda a, p: (torch.sigmoid(a) * torch.tanh(a) + torch.sqrt(p) + torch.rsqrt(p)).sum(), (A, POS)),
    "abs/sign/clamp/where": (lambda a, b: (torch.abs(a) * torch.sign(b) + a.clamp(-0.5, 0.7) + torch.where(a > b, a, b * b)).sum(), (A, B)),
    "maximum/minimum/clamp_min": (lambda a, b: (torch.maximum(a, b) - torch.minimum(a, 2 * b) + a.clamp(min=0.1)).sum(), (A, B)),
    "sum/mean/amax (dims)": (lambda a, b: a.sum(1).mean() * a.amax(0).sum() + b.mean(dim=0, keepdim=True).sum(), (A, B)),
    "logsumexp/log_softmax/softmax": (lambda a, b: torch.logsumexp(a, 1).sum() + F.log_softmax(a, 1)[:, 0].sum() + F.softmax(b, 0)[0].sum(), (A, B)),
    "softplus (beta, threshold)": (lambda a, b: (F.softplus(a * 30.0, beta=2.0, threshold=10.0) + F.softplus(b)).sum(), (A, B)),
    "binary_cross_entropy_with_logits": (lambda a, b: F.binary_cross_entropy_with_logits(a, torch.sigmoid(b), pos_weight=torch.tensor([1.0, 2.0, 0.5], dtype=a.dtype)), (A, B)),
    "mse_loss": (lambda a, b: F.mse_loss(a, b) + F.mse_loss(a, b, reduction="sum"), (A, B)),
    "mm/addmm/bmm/t/linear": (lambda a, m: (a @ m).sum() + torch.addmm(a[:, :1], a, m, beta=0.5).sum() + torch.bmm(a[None], m[None]).sum() + F.linear(a, m.t()).sum(), (A, M)),
    "view/reshape/expand/permute/transpose": (lambda a, b: (a.view(3, 2).t() * b.reshape(2, 3)).sum() + a[:1].expand(4, 3).permute(1, 0).sum() + a.transpose(0, 1)[0].sum(), (A, B)),
    "unsqueeze/squeeze/select/slice/cat": (lambda a, b: (torch.cat([a.unsqueeze(0), b[None]], 0)[:, 1, 1:].squeeze() ** 2).sum() + a[1, ::2].sum(), (A, B)),
    "index/gather": (lambda a, b: a[torch.tensor([1, 0, 1])].sum() + torch.gather(b, 1, torch.tensor([[0, 2], [1, 1]])).sum(), (A, B)),
    "constants/_to_copy/detach": (lambda a, b: (a * torch.tensor(2.0, dtype=a.dtype) + a.detach() * b + b.to(torch.float64)).sum(), (A, B)),
    "norm": (lambda a, b: torch.linalg.vector_norm(a) + b.norm(dim=1).sum(), (A, B)),
}


@pytest.mark.parametrize("name", OPS)
def test_every_mapped_op_replays_as_pytorch_computes_it(name):
    fun, args = OPS[name]
    bridge = capture(fun, name)
    value, grads = bridge.own(args, np.float64(1.0))
    assert np.allclose(bridge.forward(*args), value, rtol=1e-12, atol=0)
    for replayed, own in zip(bridge.backward(args, np.float64(1.0)), grads):
        assert np.allclose(replayed, own, rtol=1e-11, atol=1e-14)


def test_cross_entropy_with_integer_labels_in_a_tree():
    def loss(logits, batch):
        return F.cross_entropy(logits, batch["y"]) + F.nll_loss(F.log_softmax(logits, 1), batch["y"], reduction="sum")

    point = {"logits": A, "batch": {"y": np.array([2, 0])}}
    [result] = check(loss, [point], dtypes=("float64",)).results
    assert result.status == "ok"
    expected = torch.tensor(A, requires_grad=True)
    loss(expected, {"y": torch.tensor([2, 0])}).backward()
    assert np.allclose(result.gradient["logits"], expected.grad.numpy(), rtol=1e-13)


def test_the_exact_gradient_is_right_to_1e_10():
    def softplus(x):
        return F.softplus(x) * torch.tanh(x)

    [result] = check(softplus, [{"x": 3.0}], dtypes=("float64",)).results
    with mpmath.workdps(40):  # never mpmath's global precision: later tests in this process read it
        x = mpmath.mpf(3)
        exact = mpmath.diff(lambda t: mpmath.log1p(mpmath.exp(t)) * mpmath.tanh(t), x)
        assert abs(mpmath.mpf(result.exact_gradient_text["x"]) - exact) < 1e-10 * abs(exact)
    assert result.status == "ok"


class WrongLog1pexp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.log1p(torch.exp(x))

    @staticmethod
    def backward(ctx, grad):  # the line a wrong rule is reported at
        (x,) = ctx.saved_tensors
        return grad / (1 + torch.exp(x))


BACKWARD_LINE = f"{__file__}:{WrongLog1pexp.backward.__code__.co_firstlineno + 1}"


def test_a_wrong_autograd_function_backward_is_wrong_at_its_line():
    [result] = check(lambda x: WrongLog1pexp.apply(x), [{"x": 1.0}], dtypes=("float64",)).results
    assert result.status == "wrong"
    [finding] = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location == BACKWARD_LINE
    assert "backward() of WrongLog1pexp" in finding.op


def test_a_right_autograd_function_backward_is_ok():
    class Square(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x

        @staticmethod
        def backward(ctx, grad):
            (x,) = ctx.saved_tensors
            return 2 * x * grad

    [result] = check(lambda x: Square.apply(x).sum(), [{"x": A}], dtypes=("float64",)).results
    assert result.status == "ok"


def naive(x):
    return torch.log(1 + torch.exp(x))


NAIVE_EXP_LINE = f"{__file__}:{naive.__code__.co_firstlineno + 1}"


def test_log1pexp_at_100_in_float32_is_unstable_naming_exp_at_the_users_line():
    [result] = check(naive, [{"x": 100.0}], dtypes=("float32",)).results
    assert result.status == "unstable"
    [finding] = [f for f in result.findings if f.kind == "nonfinite" and f.phase == "forward"]
    assert (finding.op, finding.gradcli_op, finding.location) == ("torch.exp (aten.exp)", "exp", NAIVE_EXP_LINE)


def test_the_stable_softplus_is_ok_in_both_dtypes_without_findings():
    results = check(lambda x: F.softplus(x), [{"x": 100.0}, {"x": -30.0}], dtypes=("float32", "float64")).results
    assert [r.status for r in results] == ["ok"] * 4
    assert not [f for r in results for f in r.findings if f.kind == "nonfinite"]


def test_nan_leaking_through_where_is_wrong_as_gradclis_own_twin_is():
    def leak(x):
        return torch.where(x > 0, torch.sqrt(x), torch.zeros_like(x)).sum()

    def twin(x):
        return gnp.sum(gnp.where(x > 0, gnp.sqrt(x), gnp.zeros_like(x)))

    point = [{"x": np.array([-1.0, 4.0])}]
    [result] = check(leak, point, dtypes=("float64",)).results
    [own] = gradcli.check(twin, point, dtypes=("float64",)).results
    assert result.status == own.status == "wrong"
    assert np.isnan(result.gradient["x"][0])


@pytest.mark.parametrize("x", [np.zeros(3), np.array([3.0, 4.0, 0.0])])
def test_the_norm_is_judged_as_gradclis_own_twin(x):
    [result] = check(lambda v: torch.sqrt((v * v).sum()), [{"v": x}], dtypes=("float64",)).results
    [own] = gradcli.check(lambda v: gnp.sqrt(gnp.sum(v * v)), [{"v": x}], dtypes=("float64",)).results
    assert result.status == own.status


def test_a_dict_of_tensors_is_named_by_path():
    def loss(params, x):
        return (torch.tanh(x @ params["w"] + params["b"]) ** 2).sum()

    point = {"params": {"w": M[:, :2], "b": np.array([0.1, -0.2])}, "x": A}
    report = check(loss, [point], dtypes=("float64",), wrt=("params.w",))
    [result] = report.results
    assert result.status == "ok"
    assert set(result.gradient) == {"params.w"}
    w = torch.tensor(M[:, :2], requires_grad=True)
    loss({"w": w, "b": torch.tensor([0.1, -0.2])}, torch.tensor(A)).backward()
    assert np.allclose(result.gradient["params.w"], w.grad.numpy(), rtol=1e-13)


def test_float32_arguments_run_pytorch_in_float32():
    bridge = capture(lambda x: (x * x).sum(), "square")
    value, (grad,) = bridge.own((np.array([1.5, 2.0], dtype=np.float32),), np.float32(1.0))
    assert value.dtype == np.float32 and grad.dtype == np.float32
    assert bridge.forward(np.array([1.5, 2.0], dtype=np.float32)).dtype == np.float32


def test_an_op_gradcli_cannot_replay_is_an_input_error_with_its_line():
    def reflections(x):
        return torch.linalg.householder_product(x.reshape(3, 1), x[:1]).sum()

    with pytest.raises(InputError, match=rf"aten\.linalg_householder_product.*:{reflections.__code__.co_firstlineno + 1} "):
        check(reflections, [{"x": np.array([3.0, 1.0, 2.0])}], dtypes=("float64",))


def test_a_branch_on_a_tensor_value_is_an_input_error_with_its_line():
    def branch(x):
        if x.sum() > 0:
            return x.exp().sum()
        return x.sum()

    with pytest.raises(InputError, match=rf"branches on a tensor's value at .*:{branch.__code__.co_firstlineno + 1}"):
        check(branch, [{"x": np.array([1.0])}], dtypes=("float64",))


def test_an_in_place_op_replays_as_its_value_and_a_write_a_view_sees_as_the_values_it_makes():
    def in_place(x):
        y = x * 1.0
        z = y.exp()
        y.add_(1.0)
        return (y * z).sum()

    def through_a_view(x):
        y = x * 1.0
        first = y[0]
        y.mul_(3.0)
        return (first * y).sum()

    [result] = check(in_place, [{"x": np.array([1.0, 2.0])}], dtypes=("float64",)).results
    assert result.status == "ok"
    assert np.allclose(result.gradient["x"], (np.array([1.0, 2.0]) + 2) * np.exp([1.0, 2.0]), rtol=1e-13)
    # the view ``first`` sees the write: 9 x0 (x0 + x1), functionalized (the write a new value, the view read again)
    [result] = check(through_a_view, [{"x": np.array([1.0, 2.0])}], dtypes=("float64",)).results
    assert result.status == "ok"
    assert np.allclose(result.gradient["x"], [36.0, 9.0], rtol=1e-13)
    assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), [36.0, 9.0], rtol=1e-13)


def test_vectorised_gives_pytorchs_values_and_gradients_over_a_range():
    bridge = capture(lambda x, y: torch.log1p(torch.exp(x)) * y, "f")
    xs, ys = np.linspace(-5, 5, 7), np.linspace(1, 2, 7)
    values, (gx, gy) = bridge.vectorised([xs, ys], np.float32)
    assert values.dtype == np.float32 and values.shape == (7,)
    for i in range(7):
        value, (one_x, one_y) = bridge.own((np.float32(xs[i]), np.float32(ys[i])), np.float32(1.0))
        assert np.allclose([values[i], gx[i], gy[i]], [value, one_x, one_y], rtol=1e-6)


def _cli(*args):
    """``gradcli ARGS`` in this process, through click's runner, as (returncode, stdout, stderr).

    A fresh interpreter would import PyTorch again (seconds of CPU a command); the README's PyTorch
    commands (tests/test_readme.py) run as ``python -m gradcli`` does, the first of them in an
    interpreter of its own.
    """
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return SimpleNamespace(returncode=result.exit_code, stdout=result.stdout, stderr=result.stderr)


def test_cli_checks_a_pytorch_file_and_says_its_framework():
    run = _cli("check", f"{EXAMPLE}:naive", "--at", "x=100", "--dtype", "float32", "--json")
    assert run.returncode == 1, run.stderr
    report = json.loads(run.stdout)
    assert report["framework"] == "torch"
    [result] = report["results"]
    assert result["status"] == "unstable"
    assert any(f["gradcli_op"] == "exp" and f["phase"] == "forward" for f in result["findings"])


def test_cli_framework_override_and_a_wrong_rule():
    run = _cli("check", f"{EXAMPLE}:custom", "--at", "1", "--dtype", "float64", "--framework", "torch", "--json")
    assert run.returncode == 1, run.stderr
    [result] = json.loads(run.stdout)["results"]
    assert result["status"] == "wrong"


def test_nothing_but_a_pytorch_target_imports_torch():
    code = (
        "import sys, gradcli, gradcli.numpy as gnp\n"
        "from click.testing import CliRunner\n"
        "from gradcli.cli import cli\n"
        "CliRunner().invoke(cli, ['--help'])\n"
        "gradcli.check('log(1+exp(x))', [1.0], dtypes=('float64',))\n"
        "gradcli.check(lambda x: gnp.exp(x), [1.0], dtypes=('float64',))\n"
        "print('torch' in sys.modules)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=ROOT))
    assert run.stdout.strip() == "False", run.stderr


def _load_example(name):
    spec = importlib.util.spec_from_file_location(f"torch_example_{name}", os.path.join(ROOT, "examples", "torch", f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MLP = _load_example("mlp")  # loss(model, x), with a module-level `model = Net()`


def _torch_gradient(module, x, name):
    module.zero_grad()
    MLP.loss(module, torch.tensor(x)).backward()
    return dict(module.named_parameters())[name].grad.numpy().copy()


def test_an_nn_module_argument_is_checked_by_its_parameters_names():
    x = np.array([[0.5, -1.0]])
    other = MLP.Net()
    report = check(MLP.loss, [{"model": other, "x": x}], dtypes=("float64",), wrt=("model.fc1.weight",))
    assert report.variables == ["model.fc1.weight", "model.fc1.bias", "model.fc2.weight", "model.fc2.bias", "x"]
    [result] = report.results
    assert result.status == "ok"
    assert set(result.gradient) == {"model.fc1.weight"}
    assert np.allclose(result.gradient["model.fc1.weight"], _torch_gradient(other, x, "fc1.weight"), rtol=1e-13)
    exact = np.asarray(result.exact_gradient["model.fc1.weight"], dtype=float)
    assert np.allclose(exact, result.gradient["model.fc1.weight"], rtol=1e-10)


def test_a_module_the_point_leaves_out_is_the_one_of_that_name_in_the_users_module():
    x = np.array([[0.5, -1.0]])
    [result] = check(MLP.loss, [{"x": x}], dtypes=("float64",), wrt=("model.fc2",)).results
    assert result.status == "ok"
    assert np.allclose(result.gradient["model.fc2.weight"], _torch_gradient(MLP.model, x, "fc2.weight"), rtol=1e-13)


def test_cli_checks_a_models_layer_by_name():
    mlp = os.path.join(ROOT, "examples", "torch", "mlp.py")
    run = _cli("check", f"{mlp}:loss", "--args", f"{mlp}:example", "--wrt", "model.fc1.weight", "--json")
    assert run.returncode == 0, run.stderr
    results = json.loads(run.stdout)["results"]
    assert [r["status"] for r in results] == ["ok", "ok"]
    assert list(results[0]["gradient"]) == ["model.fc1.weight"]


def test_cli_takes_the_module_of_the_users_file_when_at_gives_the_data_alone():
    mlp = os.path.join(ROOT, "examples", "torch", "mlp.py")
    run = _cli("check", f"{mlp}:loss", "--at", "x=[[0.5,-1.0]]", "--wrt", "model.fc1.weight", "--dtype", "float64", "--json")
    assert run.returncode == 0, run.stderr
    (result,) = json.loads(run.stdout)["results"]
    assert result["status"] == "ok" and list(result["gradient"]) == ["model.fc1.weight"]


NAIVE_SOFTPLUS = """\
import torch


def loss(x):
    return torch.log(1 + torch.exp(x)).sum()
"""


def test_a_naive_softplus_gets_a_rechecked_fix_spelled_in_pytorch(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(NAIVE_SOFTPLUS)
    report = gradcli.check(f"{path}:loss", [{"x": np.array([100.0, 1.0])}], dtypes=("float32",))
    assert report.framework == "torch" and report.results[0].status == "unstable"
    [fix] = [f for f in report.fixes if f.name == "softplus"]
    assert "+    return torch.nn.functional.softplus(x).sum()" in fix.diff
    assert list(fix.after.values()) == ["ok"]


def test_a_read_only_cotangent_reaches_pytorch_without_a_warning():
    # A cotangent may arrive as a read-only view (a broadcast constant): torch.as_tensor warns of those.
    bridge = capture(lambda x: torch.exp(x) * 2, "exp_twice")
    x = np.array([0.5, -1.0])
    cotangent = np.broadcast_to(np.float64(1.0), (2,))
    assert not cotangent.flags.writeable
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _, (gradient,) = bridge.own((x,), cotangent)
    assert np.allclose(gradient, 2 * np.exp(x), rtol=1e-15, atol=0)
