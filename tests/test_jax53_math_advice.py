"""The advice for a ``math`` call that met a traced value names Python's ``math`` module alone: a framework's own
``tf.math.log1p`` on a line that raised for another reason is no such call (that advice refused sound code)."""

import sys

import pytest

from gradcli.capture.lines import math_call_advice


def _traceback_of(tmp_path, line):
    """The traceback of a TypeError raised on ``line`` of a user's file (``tf`` and ``math`` stand-ins that raise)."""
    path = tmp_path / "users.py"
    path.write_text(f"def f(x):\n    return {line}\n")

    class Raising:
        def __getattr__(self, name):
            def refuse(*args):
                raise TypeError("Input 'e' of 'SelectV2' Op has type float64 that does not match type float32")
            return refuse if name != "math" else self

    namespace = {"tf": Raising(), "math": Raising()}
    exec(compile(path.read_text(), str(path), "exec"), namespace)
    try:
        namespace["f"](1.0)
    except TypeError:
        return str(path), sys.exc_info()[2]
    raise AssertionError("the stand-in did not raise")


@pytest.mark.parametrize("line, advice", [
    ("tf.math.log1p(-tf.exp(x))", None),
    ("tf.where(x > 0, 0.0, tf.math.log(x))", None),
    ("math.log1p(-x)", "math.log1p turns a traced value into a Python number, which cannot be differentiated: "
                       "use tf.math.log1p instead"),
    ("1 + math.exp(x)", "math.exp turns a traced value into a Python number, which cannot be differentiated: "
                        "use tf.math.exp instead"),
])
def test_only_pythons_math_module_gets_the_advice(tmp_path, line, advice):
    path, tb = _traceback_of(tmp_path, line)
    found = math_call_advice(tb, lambda file: file == path, "tensorflow", "tf", ".math")
    assert (found and found[1]) == advice
    if advice is not None:
        assert found[0] == f"{path}:2"
