"""A plain NumPy function that keys a dict or a set by a number it read runs under gradcli as in NumPy's own run.

NumPy's scalars hash by value, so ``{x[0]: ...}.get(x[1])``, ``x.sum() in seen`` and ``cache[float(x)]`` find an
equal number however it was made; its arrays are unhashable. The truths: NumPy's own run of the module (its value),
and the derivative of the branch NumPy's run takes, written here independently of the module and computed by mpmath.
"""

from __future__ import annotations

import mpmath
import numpy
import pytest

from tests.numpys_run import numpys_module
from tests.read_checks import checked

SOURCE = '''\
import numpy as np

_memo = {}


def keyed_by_entry(x):
    cache = {x[0]: np.sum(x ** 2)}
    return cache[x[0]]


def sum_in_seen(x):
    seen = {x.sum()}
    return (1.0 if x[0] + x[1] in seen else 2.0) * np.sum(np.exp(x))


def memo_by_float(x):
    key = float(x)
    if key not in _memo:
        _memo[key] = 3.0
    return _memo[key] * x ** 3 if float(x) in _memo else x


def array_key(x):
    return {x: 1.0}[x] * np.sum(x)
'''

X = [1.5, 1.5]


@pytest.fixture(scope="module")
def module_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("hashes68") / "hashes68.py"
    path.write_text(SOURCE)
    return path


def _slopes(result):
    return [float(v) for v in numpy.ravel(numpy.asarray(result.exact_gradient["x"], dtype=float))]


def test_a_dict_keyed_by_an_entry_finds_it_read_again(module_path):
    assert numpys_module(module_path, "hashes68_numpy").keyed_by_entry(numpy.array(X)) == pytest.approx(4.5)
    (result,) = checked(module_path, "keyed_by_entry", {"x": X})
    assert result.status == "ok", result.findings
    assert _slopes(result) == pytest.approx([2 * v for v in X], rel=1e-14)  # d/dx sum(x^2)


def test_a_set_of_a_sum_holds_an_equal_sum(module_path):
    assert numpys_module(module_path, "hashes68_numpy").sum_in_seen(numpy.array(X)) == pytest.approx(2 * numpy.exp(1.5))
    (result,) = checked(module_path, "sum_in_seen", {"x": X})
    with mpmath.workdps(30):
        truth = [float(mpmath.exp(mpmath.mpf(v))) for v in X]  # d/dx sum(exp(x)), the weight 1
    assert _slopes(result) == pytest.approx(truth, rel=1e-14)


def test_a_number_read_out_by_float_keys_the_same_entry_in_every_run(module_path):
    assert numpys_module(module_path, "hashes68_numpy").memo_by_float(numpy.float64(0.5)) == pytest.approx(3 * 0.125)
    (result,) = checked(module_path, "memo_by_float", {"x": 0.5})
    assert result.status == "ok", result.findings
    assert _slopes(result) == pytest.approx([9 * 0.25], rel=1e-14)  # d/dx 3 x^3


def test_an_array_stays_unhashable(module_path):
    with pytest.raises(TypeError) as numpys:
        numpys_module(module_path, "hashes68_numpy").array_key(numpy.array(X))
    (result,) = checked(module_path, "array_key", {"x": X})
    assert result.status == "error" and result.error.startswith(f"TypeError: {numpys.value} (at "), result.error
