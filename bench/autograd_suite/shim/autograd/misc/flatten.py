"""A nested structure of arrays as one vector, and the function that rebuilds it: differentiable both ways."""

import numpy as np

import gradcli.numpy as gnp
from gradcli.autodiff.tree import flatten as _leaves_of


def flatten(value):
    """``(vector, unflatten)``: every leaf raveled and concatenated, and its inverse."""
    leaves, rebuild = _leaves_of(value)
    shapes = [gnp.shape(leaf) for leaf in leaves]
    sizes = [int(np.prod(s)) for s in shapes]
    vector = gnp.concatenate([gnp.ravel(leaf) for leaf in leaves]) if leaves else np.zeros(0)

    def unflatten(flat):
        parts, start = [], 0
        for shape, size in zip(shapes, sizes):
            parts.append(gnp.reshape(flat[start : start + size], shape))
            start += size
        return rebuild(parts)

    return vector, unflatten
