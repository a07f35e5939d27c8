"""TensorFlow's CPU kernels flush subnormal results: tf.exp(-720) is 0 there though float64 holds 2.0e-313 (mpmath's
exp), and the finding says this run flushed it as TensorFlow's kernels do, not XLA, not the function."""

import json

import mpmath
from click.testing import CliRunner

from gradcli.cli import cli

USERS = '''\
import tensorflow as tf


def scaled_exp_sum(x):
    return tf.reduce_sum(tf.exp(x) * 1e300)
'''


def test_tensorflows_flushed_exp_names_its_kernels(tmp_path):
    (tmp_path / "users.py").write_text(USERS)
    args = ["check", f"{tmp_path / 'users.py'}:scaled_exp_sum", "--at", "x=[-720]", "--dtype", "float64", "--json"]
    (checked,) = json.loads(CliRunner().invoke(cli, args).stdout)["results"]
    (finding,) = [f for f in checked["findings"] if f["kind"] == "underflow"]
    message = " ".join(finding["message"].split())
    with mpmath.workdps(30):
        exact = mpmath.exp(-720)
    said = float(message.split("the exact result ")[1].split()[0])
    assert said == float(mpmath.nstr(exact, 10)) and "is a subnormal float64" in message
    assert "which this run flushed to 0, as TensorFlow's CPU kernels do with subnormal results" in message
    assert "XLA" not in message and finding["location"].endswith("users.py:5")
