"""What the tests of numbers read out of a framework's graph share: the check of one of the user's functions at one
point, the exact gradient by mpmath, the line of a text in the user's source, and the finding named at a read."""

import mpmath
import numpy as np

import gradcli


def checked(users, name, point, dtypes=("float64",), **options):
    """The results of ``gradcli.check`` of ``name`` in the file ``users`` at ``point``, without fixes (``options``:
    the check's others, ``wrt=["x"]``)."""
    return gradcli.check(f"{users}:{name}", [point], dtypes=dtypes, fixes=False, **options).results


def mp_gradient(f, values):
    """The gradient of ``f`` (a function of mpmath numbers, one per entry) at ``values``, by mpmath at 50 digits."""
    with mpmath.workdps(50):
        at = [mpmath.mpf(v) for v in values]
        return np.array([float(mpmath.diff(f, at, tuple(int(j == k) for j in range(len(at)))))
                         for k in range(len(at))])


def line_of(source, text):
    """The line of ``source`` holding ``text``."""
    return next(k for k, line in enumerate(source.splitlines(), 1) if text in line)


def named_at_the_read(result, read, line, number="a Python number"):
    """The one wrong-rule finding of ``result``, placed and named at the read ``read`` (``".item()"``) on ``line`` of
    the user's ``users.py``, which reads ``number``."""
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.op == f"gradient through {read}", finding.op
    assert finding.location.endswith(f"users.py:{line}"), finding.location
    assert f"{read} at users.py:{line} reads a value that moves with the inputs as {number}" in finding.message
    return finding
