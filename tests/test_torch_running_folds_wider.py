"""PyTorch's running sums and products of float32 are replayed as its CPU kernels compute them: in float64.

ATen's CPU kernels of cumsum, cumprod and logcumsumexp accumulate float32 in
float64 (and float16 and bfloat16 in float32) and round each result once. The
replay ran them as a running float32 product, so a DDPM noise schedule's
alpha_bar, e^-110 at its last step, stuck at a subnormal 2.8e-45 in the replay
where PyTorch's is 0: the report explained a division by 2.8e-45 PyTorch never
made, and did not name the underflow. Now the replay is PyTorch's own numbers,
the underflow is named where the kernel rounds its result to float32, and the
kernel's float64 steps are no "step not computed in float32".
"""

import textwrap

import numpy as np
import pytest

import gradcli
from gradcli.capture import torch_ops

torch = pytest.importorskip("torch")

SOURCE = textwrap.dedent('''
    import torch


    def log_snr_last(beta):
        alpha_bar = torch.cumprod(1 - beta, dim=0)
        ab = alpha_bar[-1]
        return torch.log(ab / (1 - ab))


    def running_total(x):
        return torch.cumsum(x, dim=0)[-1] ** 2
''')


@pytest.fixture(scope="module")
def user_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("folds") / "schedules.py"
    path.write_text(SOURCE)
    return path


def _numbers(dtype, n=2000, spread=1e-3):
    rng = np.random.default_rng(7)
    return (1 + spread * rng.standard_normal(n)).astype(dtype)


@pytest.mark.parametrize("name", ["cumsum", "cumprod", "logcumsumexp"])
@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_the_replay_in_the_dtype_is_pytorchs_own_numbers(name, dtype):
    x = _numbers(dtype, n=500 if dtype is np.float16 else 2000)
    own = getattr(torch, name)(torch.from_numpy(x), 0).numpy()
    replayed = np.asarray(torch_ops.OPS[name](x, 0))
    assert replayed.dtype == own.dtype
    # one rounding of the same float64 (or float32) sequence on both sides: equal bit for bit on every machine
    assert np.array_equal(replayed, own, equal_nan=True)


def test_a_float32_fold_to_float64_is_cast_first():
    x = _numbers(np.float32)
    own = torch.cumsum(torch.from_numpy(x), 0, dtype=torch.float64).numpy()
    replayed = np.asarray(torch_ops.OPS["cumsum"](x, 0, dtype="float64"))  # a graph names dtypes by name
    assert replayed.dtype == np.float64 and np.array_equal(replayed, own)


def test_the_underflow_is_named_where_the_kernel_rounds_to_float32(user_file):
    # 0.25 ** k: below float32's smallest subnormal from k = 75 on, held by float64 to the last step
    beta = [0.75] * 400
    result, = gradcli.check(f"{user_file}:log_snr_last", [{"beta": beta}], dtypes=["float32"], fixes=False).results
    assert result.status == "unstable"
    first = result.findings[0]
    assert first.kind == "underflow" and "torch.cumprod (aten.cumprod)" in first.op, first.op
    assert "PyTorch's CPU kernel of aten.cumprod computes in float64" in first.message, first.message
    assert "rounded to float32 underflowed to 0.0" in first.message and "reached log(0.0)" in first.message
    assert first.location.endswith("schedules.py:6")
    assert not any(n.startswith("not every step computed") for n in result.notes), result.notes


def test_float64_folds_keep_their_own_running_product(user_file):
    # float64 accumulates in float64: the running multiply itself underflows, and is named
    beta = [0.9] * 400
    result, = gradcli.check(f"{user_file}:log_snr_last", [{"beta": beta}], dtypes=["float64"], fixes=False).results
    first = result.findings[0]
    assert first.kind == "underflow" and first.op == "multiply in torch.cumprod (aten.cumprod)", first.op


def test_a_float32_running_sum_is_judged_against_the_right_replay(user_file):
    # a sum of 2000 ones near 1: float64 accumulation makes PyTorch's total right to float32's last bit, ok
    x = [float(v) for v in _numbers(np.float32)]
    result, = gradcli.check(f"{user_file}:running_total", [{"x": x}], dtypes=["float32"], fixes=False).results
    assert result.status == "ok", [f.message for f in result.findings]
    assert not any(n.startswith("not every step computed") for n in result.notes), result.notes
