"""The log of a mean of exponentials (a kernel density's log, over a normaliser too) is fixed in each framework's
own spelling: logsumexp(u) - log(n) - log(c), n counted from u where the fix runs, re-checked in the framework.

At x = 100 with h = 0.5 every e^(-z^2 / 2) underflows to 0 and the log is -inf; the log-sum-exp spelling keeps the
value -19601.6 and its slope. NumPy's fix was offered without the normaliser only; TensorFlow's and PyTorch's
log(mean(exp(u))) had none (no mean read in their spellings, no count their log takes: TensorFlow's log refuses
tf.size's integer, PyTorch's a Python int). Truth: the fixes' re-checks in the frameworks themselves.
"""

import pytest

import gradcli

SOURCES = {
    "numpy": """import math
import numpy as np


def kde(x, h):
    z = (x - np.array([0.0, 1.0])) / h
    return np.log(np.mean(np.exp(-0.5 * z ** 2)) / (h * math.sqrt(2 * math.pi)))
""",
    "tensorflow": """import math
import tensorflow as tf


def kde(x, h):
    z = (x - tf.constant([0.0, 1.0], x.dtype)) / h
    return tf.math.log(tf.reduce_mean(tf.exp(-0.5 * z ** 2)) / (h * math.sqrt(2 * math.pi)))
""",
    "torch": """import torch


def kde(x, h):
    z = (x - torch.tensor([0.0, 1.0], dtype=x.dtype)) / h
    return torch.log(torch.exp(-0.5 * z ** 2).mean())
""",
}
SPELLED = {
    "numpy": "scipy.special.logsumexp(-0.5 * z ** 2) - np.log(np.size(-0.5 * z ** 2)) - np.log(h * math.sqrt(2 * math.pi))",
    "tensorflow": ("tf.math.reduce_logsumexp(-0.5 * z ** 2) - tf.math.log(tf.cast(tf.size(-0.5 * z ** 2), "
                   "(-0.5 * z ** 2).dtype)) - tf.math.log(h * math.sqrt(2 * math.pi))"),
    "torch": ("torch.logsumexp(torch.flatten(-0.5 * z ** 2), 0) - torch.log(torch.tensor((-0.5 * z ** 2).numel(), "
              "dtype=(-0.5 * z ** 2).dtype))"),
}


@pytest.mark.parametrize("framework", ["numpy", "tensorflow", "torch"])
def test_log_mean_exp_is_fixed_in_the_frameworks_spelling(tmp_path, framework):
    path = tmp_path / f"kde_{framework}.py"
    path.write_text(SOURCES[framework])
    report = gradcli.check(f"{path}:kde", [{"x": 100.0, "h": 0.5}], dtypes=("float64",))
    assert report.results[0].status == "unstable"
    [fix] = [f for f in report.fixes if f.name == "logsumexp"]
    assert f"+    return {SPELLED[framework]}\n" in fix.diff, fix.diff
    assert fix.after == {"x=100,h=0.5 float64": "ok"}
