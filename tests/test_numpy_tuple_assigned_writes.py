"""A plain NumPy function may write into arrays it makes in one tuple assignment (``s, c = np.zeros(n),
np.zeros(n)``, as GNN code accumulates sums and counts: round 74d's F2); names a tuple binds to other names or to the
parts of a value not written out item by item stay refused, as an alias is."""

import textwrap

import numpy as np
import pytest

import gradcli

SOURCE = textwrap.dedent('''
    import numpy as np

    IDX = np.array([1, 0, 1])


    def tuple_made(x):
        s, c = np.zeros(2), np.zeros(2)
        np.add.at(s, IDX, x)
        np.add.at(c, IDX, 1.0)
        return np.sum(s ** 2 / np.maximum(c, 1.0))


    def nested_made(x):
        (s, c), n = (np.zeros(2), np.zeros(2)), 2
        np.add.at(s, IDX, x)
        c[0] = n
        return np.sum(s * s) + c[0]


    def swapped(x):
        s, c = np.zeros(2), np.zeros(2)
        s, c = c, s
        s[0] = x[0]
        return np.sum(s * c) + x[1]


    def unpacked_argument(x, pair):
        s, c = pair
        s[0] = x[0]
        return np.sum(s) + x[1]
''')


def _result(tmp_path, name, point):
    path = tmp_path / "accumulate.py"
    path.write_text(SOURCE)
    [result] = gradcli.check(f"{path}:{name}", [point], dtypes=["float64"], fixes=False).results
    return result


def test_accumulators_made_in_one_tuple_assignment_are_followed(tmp_path):
    result = _result(tmp_path, "tuple_made", {"x": np.array([0.5, -1.0, 2.0])})
    assert result.status == "ok", result.error or [f.message for f in result.findings]
    assert [float(g) for g in result.exact_gradient["x"]] == [2.5, -2.0, 2.5]


def test_nested_tuple_targets_are_followed(tmp_path):
    result = _result(tmp_path, "nested_made", {"x": np.array([0.5, -1.0, 2.0])})
    assert result.status == "ok", result.error or [f.message for f in result.findings]
    assert [float(g) for g in result.exact_gradient["x"]] == [5.0, -2.0, 5.0]


@pytest.mark.parametrize("name, point", [
    ("swapped", {"x": np.array([0.5, 2.0])}),
    ("unpacked_argument", {"x": np.array([0.5, 2.0]), "pair": np.zeros((2, 2))}),
])
def test_a_tuple_that_aliases_is_still_refused(tmp_path, name, point):
    result = _result(tmp_path, name, point)
    assert result.status == "error" and "written into an array other names may see" in (result.error or ""), (
        result.status, result.error)
