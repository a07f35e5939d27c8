"""An error raised while autograph traces the user's function names the user's file and line, never gradcli's own.

Autograph rewrites such an error into an "in user code" message quoting the
frames it passed through: gradcli's wrapper first, and for an error inside
an ``if`` body a line of autograph's generated file. The message keeps the
user's frames alone, each at the user's line, and the check's error names
the line that raised.
"""

import os
import textwrap

import tensorflow as tf  # noqa: F401 - the extra `tensorflow`, installed by `make test`

import gradcli

SOURCE = """
import tensorflow as tf

SCALE = tf.constant([1.0, 2.0], dtype=tf.float64)
WEIGHTS = tf.Variable([5.0, 10.0], dtype=tf.float64)


def branchy(x):
    if x > 0:
        return tf.reduce_sum(tf.exp(x) * SCALE)
    return x


@tf.function
def compiled_branchy(x):
    if x > 0:
        return tf.reduce_sum(tf.exp(x) * SCALE)
    return x


@tf.custom_gradient
def _linear(x):
    y = WEIGHTS[1] * x + WEIGHTS[0]

    def grad_fn(dy, variables):
        return dy * WEIGHTS[1], [tf.stack([tf.reduce_sum(dy), tf.reduce_sum(dy * x)])]

    return y, grad_fn


def mixed_dtypes(x):
    return _linear(x)
"""


def _error(tmp_path, name):
    path = tmp_path / "traced_errors.py"
    path.write_text(textwrap.dedent(SOURCE))
    (result,) = gradcli.check(f"{path}:{name}", [{"x": 2.0}], dtypes=("float32",), fixes=False).results
    assert result.status.value == "error"
    return result.error, str(path)


def _lines(text):
    return [i for i, line in enumerate(textwrap.dedent(SOURCE).splitlines(), 1) if line.strip() == text]


def _quoted_files(message):
    return {line.split('"')[1] for line in message.splitlines() if line.strip().startswith('File "')}


def test_an_error_inside_an_if_body_is_named_at_the_users_line(tmp_path):
    for name, raised in zip(("branchy", "compiled_branchy"), _lines("return tf.reduce_sum(tf.exp(x) * SCALE)")):
        error, path = _error(tmp_path, name)
        assert error.endswith(f"(at {path}:{raised})"), error
        assert _quoted_files(error) == {path}, error
        assert f'File "{path}", line {raised}, in {name}' in error, error
        assert "__autograph_generated" not in error


def test_gradclis_own_frames_are_not_quoted(tmp_path):
    error, path = _error(tmp_path, "mixed_dtypes")
    package = os.path.dirname(os.path.abspath(gradcli.__file__))
    assert _quoted_files(error) == {path}, error
    assert package not in error
    assert error.endswith(f"(at {path}:{_lines('y = WEIGHTS[1] * x + WEIGHTS[0]')[0]})"), error
