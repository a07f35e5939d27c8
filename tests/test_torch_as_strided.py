"""``aten.as_strided`` in a captured PyTorch graph (F.group_norm's decomposition uses it, torch.stft's frames too): the
replay gathers its input's entries by its sizes, strides and offset over the input's recorded layout, overlapping
windows included (round 71d's F1: torch.stft at a hop below its frame), and a write through such a view (its
gradient's) scatters to the same places; a write through overlapping windows and places outside the input are
refused at the user's line."""

import os
import sys

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import gradcli
from gradcli.capture.torch_graph import strided_index
from gradcli.errors import InputError

TRIALS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials")
sys.path.insert(0, TRIALS)

import torch_lib7  # noqa: E402


def _line_of(function, text):
    """The file:line of the line of ``function``'s source that holds ``text``."""
    import inspect

    lines, first = inspect.getsourcelines(function)
    [offset] = [i for i, line in enumerate(lines) if text in line]
    return f"{inspect.getsourcefile(function)}:{first + offset}"


@pytest.mark.parametrize("shape, size, stride, offset", [
    ((2, 3, 4), (4, 6), (6, 1), 0),  # a reshape
    ((2, 3, 4), (4, 3, 2), (1, 4, 12), 0),  # a transpose (a permutation of the axes)
    ((2, 3, 4), (2, 2), (12, 1), 5),  # a slice with an offset
    ((6,), (3, 6), (0, 1), 0),  # a broadcast: stride 0 repeats the rows
    ((2, 3, 4), (3, 2), (8, 1), 1),  # every other row's middle pair
    ((1, 2, 2, 1), (1, 4), (4, 1), 0),  # group_norm's own
])
def test_the_index_map_gathers_what_torch_as_strided_reads(shape, size, stride, offset):
    x = torch.arange(float(np.prod(shape)), dtype=torch.float64).reshape(shape)
    index = strided_index(size, stride, offset, (tuple(x.shape), tuple(x.stride()), x.storage_offset()))
    want = torch.as_strided(x, size, stride, offset).numpy()
    assert index.shape == tuple(size)
    assert np.array_equal(x.numpy().reshape(-1)[index], want)


def test_the_index_map_of_a_view_of_a_transposed_input_follows_its_storage():
    base = torch.arange(12.0, dtype=torch.float64).reshape(3, 4)
    x = base.t()[1:]  # shape (3, 3), strides (1, 4), storage offset 1: not contiguous
    index = strided_index((2, 3), (4, 1), 1, (tuple(x.shape), tuple(x.stride()), x.storage_offset()))
    want = torch.as_strided(x, (2, 3), (4, 1), 1).numpy()
    assert np.array_equal(x.numpy().reshape(-1)[index], want)


@pytest.mark.parametrize("overlapping", [False, True])
def test_the_index_map_refuses_places_outside_the_input_and_overlapping_windows_unless_read(overlapping):
    assert strided_index((2, 4), (4, 1), 1, ((8,), (1,), 0), overlapping) is None  # past the input's end
    windows = strided_index((3, 2), (1, 1), 0, ((8,), (1,), 0), overlapping)  # sliding windows share places
    if not overlapping:
        assert windows is None
        return
    x = torch.arange(8.0, dtype=torch.float64)
    assert np.array_equal(x.numpy()[windows], torch.as_strided(x, (3, 2), (1, 1)).numpy())


def test_as_strided_sliding_windows_are_read_and_their_gradient_adds_each_window_s_share():
    def windows(x):
        return torch.as_strided(x, (3, 2), (1, 1)).prod(1).sum()

    # x0 x1 + x1 x2 + x2 x3 at 1, 2, 3, 4: each entry's slope sums over the windows it is in
    [result] = gradcli.check(windows, [{"x": np.arange(1.0, 5.0)}], framework="torch", dtypes=("float64",)).results
    assert result.status == "ok"
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), [2.0, 4.0, 6.0, 3.0], rtol=1e-15)


def test_stft_frames_at_a_hop_below_their_length_are_replayed():
    def power(x):
        window = torch.hann_window(4, dtype=x.dtype)
        return torch.stft(x, 4, 1, 4, window, return_complex=True).abs().pow(2).sum()

    x = np.array([0.3, -0.7, 0.2, 0.9, -0.4, 0.1])
    [result] = gradcli.check(power, [{"x": x}], framework="torch", dtypes=("float64",)).results
    assert result.status == "ok", [f.message for f in result.findings]
    t = torch.tensor(x, requires_grad=True)
    power(t).backward()
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), t.grad.numpy(), rtol=1e-12)


def test_a_write_through_overlapping_windows_is_refused_at_the_users_line():
    def written(x):
        y = x.clone()
        torch.as_strided(y, (3, 2), (1, 1)).mul_(2.0)
        return (y * y).sum()

    with pytest.raises(InputError) as raised:
        gradcli.check(written, [{"x": np.arange(1.0, 5.0)}], framework="torch", dtypes=("float64",))
    assert "aten.as_strided" in str(raised.value) and "writes through overlapping windows" in str(raised.value)
    assert _line_of(written, "torch.as_strided") in str(raised.value)


def test_the_gradient_of_a_users_own_as_strided_is_its_write_through_the_view():
    # its backward writes into zeros through an as_strided view: functionalized, a scatter to the places it reads
    def reshaped(x):
        return (torch.as_strided(x, (2, 3), (1, 2)) ** 2 * torch.arange(1.0, 7.0, dtype=x.dtype).reshape(2, 3)).sum()

    [result] = gradcli.check(reshaped, [{"x": np.arange(1.0, 7.0)}], framework="torch", dtypes=("float64",)).results
    # entry [i, j] of the view is x[i + 2 j], weighted 1 + 3 i + j: d/dx[k] = 2 x[k] (1 + 3 i + j) for k = i + 2 j
    want = [2 * (i + 2 * j + 1) * (1 + 3 * i + j) for j in range(3) for i in range(2)]
    assert result.status == "ok"
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), want, rtol=1e-13)


def test_group_norm_at_constant_channels_is_ok_with_its_exact_gradient():
    [result] = gradcli.check(torch_lib7.group_norm, [{"x": np.full(8, 5.0)}], framework="torch", dtypes=("float64",)).results
    # at constant channels the group's deviations vanish: the slope is (c_j - mean of c over j's group) / sqrt(eps)
    c = (np.repeat([1.0, 2.0, -1.0, 0.5], 2) * np.arange(8.0)).reshape(2, 4)
    want = ((c - c.mean(axis=1, keepdims=True)) / np.sqrt(1e-5)).reshape(8)
    assert result.status == "ok"
    assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), want, rtol=1e-10)
    assert np.allclose(result.gradient["x"], want, rtol=1e-6)


def test_group_norm_at_ordinary_points_matches_torch():
    x = np.random.default_rng(3).normal(size=(1, 4, 3))

    def normed(x):
        return (F.group_norm(x, 2, weight=torch.linspace(-1, 2, 4, dtype=x.dtype), eps=1e-3) ** 3).sum()

    [result] = gradcli.check(normed, [{"x": x}], framework="torch", dtypes=("float64",)).results
    t = torch.tensor(x, requires_grad=True)
    normed(t).backward()
    assert result.status == "ok"
    assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), t.grad.numpy(), rtol=1e-10, atol=1e-12)
