"""A whole number typed for a PyTorch function's argument outside --wrt: a count it takes as a Python int stays an
int, a target tensor it raises on as an int is checked as the float of the dtype (issue 29: ``y=0`` for
F.binary_cross_entropy_with_logits' target raised "'int' object has no attribute 'size'", where ``y=0.0`` checks).

The truths: binary cross-entropy from logits at z = 20, y = 0 is softplus(20), its slope sigmoid(20); n of them, n
times as much.
"""

import json
import math

import pytest

import gradcli
from gradcli.cli import main

pytest.importorskip("torch")

SOURCE = '''import torch.nn.functional as F


def bce(z, y):
    return F.binary_cross_entropy_with_logits(z, y)


def repeated_bce(z, y, n):
    total = 0.0
    for _ in range(n):
        total = total + F.binary_cross_entropy_with_logits(z, y)
    return total


def needs_a_count(z, n):
    return z * len(range(n))
'''

SIGMOID_20 = 1 / (1 + math.exp(-20.0))


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    (path := tmp_path_factory.mktemp("typed") / "typed_ints.py").write_text(SOURCE)
    return path


def test_a_whole_number_for_a_target_tensor_is_checked_as_the_float(source, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["check", f"{source}:bce", "--at", "z=20,y=0", "--wrt", "z", "--dtype", "float32", "--no-fix", "--json"])
    out = capsys.readouterr()
    assert stop.value.code == 0, out.err
    report = json.loads(out.out)
    (result,) = report["results"]
    assert result["status"] == "ok"
    assert result["exact_gradient"]["z"] == pytest.approx(SIGMOID_20, rel=1e-12)
    assert any("y = 0, typed without a point" in note and "y is checked as 0.0" in note for note in report["notes"])


def test_a_count_stays_an_int_beside_a_tensor_made_a_float(source):
    # range(n) raises on a float: only y is made one, and n = 3 counts three terms
    (result,) = gradcli.check(f"{source}:repeated_bce", [{"z": 20.0, "y": 0, "n": 3}], wrt=["z"],
                              dtypes=("float64",), fixes=False).results
    assert result.status == "ok"
    assert float(result.exact_gradient["z"]) == pytest.approx(3 * SIGMOID_20, rel=1e-12)
    check = gradcli.check(f"{source}:needs_a_count", [{"z": 0.5, "n": 4}], wrt=["z"], dtypes=("float64",), fixes=False)
    assert check.results[0].status == "ok" and float(check.results[0].exact_gradient["z"]) == 4.0
    assert not any("typed without a point" in note for note in check.notes)  # a count that runs is no tensor


def test_a_sweep_holds_a_whole_number_for_a_target_tensor_as_the_float(source):
    result = gradcli.sweep(f"{source}:bce", {"z": (-2.0, 2.0, 3)}, fixed={"y": 0}, dtypes=("float64",), fixes=False)
    assert [i.status for i in result.dtypes["float64"].intervals] == ["ok"]
    assert any("y = 0, typed without a point" in note for note in result.notes)


def test_points_holding_other_counts_keep_the_note_of_a_tensor_made_a_float(source):
    # n = 1 and n = 3 are two runs, each checked as its own target: y's note is still the report's
    check = gradcli.check(f"{source}:repeated_bce", [{"z": 20.0, "y": 0, "n": 1}, {"z": 20.0, "y": 0, "n": 3}],
                          wrt=["z"], dtypes=("float64",), fixes=False)
    assert [r.status for r in check.results] == ["ok", "ok"]
    assert [float(r.exact_gradient["z"]) for r in check.results] == pytest.approx([SIGMOID_20, 3 * SIGMOID_20],
                                                                                  rel=1e-12)
    assert sum("y = 0, typed without a point" in note for note in check.notes) == 1
