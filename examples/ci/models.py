"""The model code an audit checks: a logistic loss written to stay finite and accurate everywhere.

gradcli.toml audits it at large, small and moderate margins (the places where
log(1 + exp(-z)), its first draft, loses the loss or overflows), in float32 and float64.
"""

import gradcli.numpy as gnp


def logistic_loss(z):
    """log(1 + exp(-z)) for a margin z: exp only ever sees -|z|, so it cannot overflow."""
    return gnp.maximum(-z, 0) + gnp.log1p(gnp.exp(-gnp.abs(z)))
