"""Functions audited by gradcli.toml beside this file, and one marked for `gradcli audit models.py`."""

import gradcli
import gradcli.numpy as np


def softplus(x):
    """log(1 + exp(x)) without overflow: the stable form."""
    return np.logaddexp(0.0, x)


def naive(x):
    """log(1 + exp(x)) as written: exp overflows for large x."""
    return np.log(1 + np.exp(x))


@gradcli.audit(at=["x=30", "x=-30"], dtypes=["float64"])
def logistic(x):
    """The logistic function, audited where it saturates."""
    return 1 / (1 + np.exp(-x))
