"""An op that underflowed in some entries while others were true zeros is named, not passed over for those zeros.

The root-cause walk from a NaN or inf back to the 0 that made it followed
every input holding a zero at the entries it came from; an input holding a
true 0 in one entry (w = [1e-300, 0, 0]) was followed alone, and the square
whose other entry underflowed (1e-600 to 0) was never named. Now an op whose
zeros are partly its own (its inputs nonzero there) is named where no zero
before it explains the break: a norm of [1e-300, 0, 0] under sin(t)/t, and
the log of a norm of [1e-200, 0]'s distances, in gradcli.numpy and in
TensorFlow.
"""

import textwrap

import pytest

import gradcli

SOURCE = textwrap.dedent('''
    import gradcli.numpy as gnp


    def sinc_of_norm(w):
        theta = gnp.linalg.norm(w)
        return gnp.sin(theta) / theta


    def log_of_sum_of_squares(p):
        return gnp.log(gnp.sum(p * p))
''')

TF_SOURCE = textwrap.dedent('''
    import tensorflow as tf


    def log_distance(p):
        d = tf.norm(tf.reshape(p, (1, 2)), axis=1)
        return tf.reduce_sum(tf.math.log(d))
''')


@pytest.fixture(scope="module")
def user_files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("zeros")
    (folder / "zeros.py").write_text(SOURCE)
    (folder / "tf_zeros.py").write_text(TF_SOURCE)
    return folder


def _underflow(result):
    return [f for f in result.findings if f.kind == "underflow"]


@pytest.mark.parametrize("w", [[1e-300, 0.0, 0.0], [0.0, 1e-300, 0.0], [1e-300, 1e-300, 1e-300]])
def test_a_norm_whose_squares_underflow_beside_true_zeros_is_named(user_files, w):
    result, = gradcli.check(f"{user_files / 'zeros.py'}:sinc_of_norm", [{"w": w}], dtypes=["float64"],
                            fixes=False).results
    assert result.status == "unstable"
    found = _underflow(result)
    assert found and found[0].op == "square", [f.message for f in result.findings]
    assert found[0].location.endswith("zeros.py:6")
    assert "the root cause is the underflow, not divide" in found[0].message


def test_a_sum_of_squares_beside_a_true_zero_names_its_multiply(user_files):
    result, = gradcli.check(f"{user_files / 'zeros.py'}:log_of_sum_of_squares", [{"p": [1e-200, 0.0]}],
                            dtypes=["float64"], fixes=False).results
    found = _underflow(result)
    assert found and found[0].op == "multiply", [f.message for f in result.findings]
    assert "not log" in found[0].message


def test_true_zeros_alone_name_no_underflow(user_files):
    result, = gradcli.check(f"{user_files / 'zeros.py'}:log_of_sum_of_squares", [{"p": [0.0, 0.0]}],
                            dtypes=["float64"], fixes=False).results
    assert result.status == "domain"
    assert not _underflow(result), [f.message for f in result.findings]


def test_tensorflow_norm_of_a_tiny_and_a_zero_distance_names_its_mul(user_files):
    result, = gradcli.check(f"{user_files / 'tf_zeros.py'}:log_distance", [{"p": [1e-200, 0.0]}],
                            dtypes=["float64"], fixes=False).results
    found = _underflow(result)
    assert found, [f.message for f in result.findings]
    assert found[0].location.endswith("tf_zeros.py:6")
