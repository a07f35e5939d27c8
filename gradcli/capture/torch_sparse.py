"""Sparse tensors while a capture traces: a COO, CSR or CSC tensor made by the user's function is traced as the dense
tensor its entries make, so that its values may be the checked input.

PyTorch differentiates a sparse tensor's values (``torch.sparse_coo_tensor(indices, w, size)``, its gradient the
upstream gradient read at the indices), but its rule coalesces the tensor and masks by its pattern, whose number of
entries hangs on the indices' numbers, which the fake tensors of a trace do not hold: the trace cannot run that rule.
The dense tensor of the same entries (zeros with the values added at their indices, a repeated index summed as an
uncoalesced tensor means) is the same linear function of the values, and its rule (the upstream gradient read at the
indices) is PyTorch's sparse rule's mathematics; a product, sum or ``to_dense()`` of it computes the same numbers.
PyTorch's own run of the function, the numbers under test, keeps the user's sparse tensors and PyTorch's sparse rules.

Its limits: a tensor given no ``size`` (its size then read from the indices' numbers), a batched compressed tensor,
and reads of a sparse tensor's own parts (``values()``, ``indices()``, ``crow_indices()``) stay PyTorch's sparse
calls, whose trace fails where their values are the checked input.
"""

from __future__ import annotations

from contextlib import contextmanager


@contextmanager
def sparse_tensors_dense():
    """While a capture traces: the sparse tensors the function makes as the dense tensors of their entries, and the
    sparse-only calls on them as their dense meaning (see the module)."""
    import torch  # lazy: only a PyTorch target needs it
    from torch.overrides import TorchFunctionMode  # lazy: likewise

    dense = _dense_meanings(torch)

    class Dense(TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            meaning = dense.get(func)
            if meaning is not None:
                answer = meaning(*args, **kwargs)
                if answer is not NotImplemented:
                    return answer
            return func(*args, **kwargs)

    with Dense():
        yield


def _dense_meanings(torch):
    """PyTorch's sparse call -> its dense meaning on the traced stand-ins (NotImplemented: PyTorch's own call)."""
    return {
        torch.sparse_coo_tensor: _coo,
        torch.sparse_csr_tensor: lambda crow, col, values, size=None, **kw: _compressed(crow, col, values, size, 0, kw),
        torch.sparse_csc_tensor: lambda ccol, row, values, size=None, **kw: _compressed(ccol, row, values, size, 1, kw),
        torch.Tensor.coalesce: _dense_itself,
        torch._sparse_sum: _sum,  # what torch.sparse.sum calls
        torch.sparse.addmm: lambda mat, mat1, mat2, *, beta=1, alpha=1: torch.addmm(mat, mat1, mat2, beta=beta, alpha=alpha),
    }


def _dense_itself(tensor):
    """``coalesce()`` of a dense stand-in: the same entries."""
    import torch  # lazy: only a PyTorch target needs it

    return tensor if tensor.layout == torch.strided else NotImplemented


def _sum(tensor, dim=None, dtype=None):
    """``torch.sparse.sum`` of a dense stand-in: the sum of its entries (over ``dim``)."""
    import torch  # lazy: only a PyTorch target needs it

    if tensor.layout != torch.strided:
        return NotImplemented
    summed = tensor.sum() if dim is None else tensor.sum(dim)
    return summed if dtype is None else summed.to(dtype)


def _coo(indices, values, size=None, *, dtype=None, device=None, requires_grad=False, check_invariants=None,
         is_coalesced=None, pin_memory=None):
    """``torch.sparse_coo_tensor`` as its dense tensor: zeros with ``values`` added at ``indices``."""
    import torch  # lazy: only a PyTorch target needs it

    if size is None:
        return NotImplemented
    indices = torch.as_tensor(indices)
    return _entries_added(values, tuple(indices[d] for d in range(indices.shape[0])), size, dtype)


def _compressed(compressed, plain, values, size, compressed_dim, kwargs):
    """``torch.sparse_csr_tensor`` (``compressed_dim`` 0: rows compressed) or ``sparse_csc_tensor`` (1) as its dense
    tensor. Entry k lies in the row (column) whose run of entries holds k: the count of runs ending at or before k,
    which needs no number of the indices to size it."""
    import torch  # lazy: only a PyTorch target needs it

    compressed, plain = torch.as_tensor(compressed), torch.as_tensor(plain)
    if size is None or compressed.dim() != 1:
        return NotImplemented
    values = torch.as_tensor(values)
    entries = torch.arange(values.shape[0], dtype=compressed.dtype)
    runs = (compressed[1:].unsqueeze(0) <= entries.unsqueeze(1)).sum(1)
    where = (runs, plain) if compressed_dim == 0 else (plain, runs)
    return _entries_added(values, where, size, kwargs.get("dtype"))


def _entries_added(values, where, size, dtype):
    """Zeros of ``size`` with ``values`` (one per entry, each with the dense dimensions after the indexed ones) added
    at the indices ``where``: a repeated index summed."""
    import torch  # lazy: only a PyTorch target needs it

    values = torch.as_tensor(values)
    if dtype is not None:
        values = values.to(dtype)
    return torch.zeros(tuple(size), dtype=values.dtype).index_put(where, values, accumulate=True)
