"""A cancellation's finding that names an earlier op which absorbed its digits tells the two ops apart where they
share a name: "the later subtract", at its own line, or in a formula by its characters."""

import gradcli


def _first_finding(target):
    report = gradcli.check(target, [{"x": 1e16}], dtypes=("float64",), fixes=False)
    (result,) = report.results
    assert result.status.value == "unstable", result
    return result.findings[0]


def test_two_subtracts_in_a_formula_are_told_apart_by_the_later_ones_characters():
    finding = _first_finding("(x - 1) - x")
    assert finding.op == "subtract" and finding.span == (1, 6)  # x - 1 absorbed the 1
    assert "and the later subtract (characters 1 to 11 of the formula) subtracts nearly equal numbers" in finding.message


def test_two_subtracts_on_one_line_of_python_are_told_apart_as_the_later_one(tmp_path):
    path = tmp_path / "absorbed.py"
    path.write_text("def one_line(x):\n    return (x - 1.0) - x\n\n\ndef two_lines(x):\n    y = x - 1.0\n    return y - x\n")
    finding = _first_finding(f"{path}:one_line")
    assert finding.location == f"{path}:2"
    assert "and the later subtract at absorbed.py:2 subtracts nearly equal numbers" in finding.message
    finding = _first_finding(f"{path}:two_lines")
    assert finding.location == f"{path}:6"
    assert "and the later subtract at absorbed.py:7 subtracts nearly equal numbers" in finding.message
