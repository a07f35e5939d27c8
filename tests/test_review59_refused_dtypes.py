"""A program whose framework refuses to run it in one dtype (`bridge.dtypes_mixed`: a library's float32 constant
beside a float64 input) is judged in the dtype it runs in, the refusal said once in the report's notes however many
points meet it (`point.without_refused_dtypes`)."""

from gradcli.checker.point import without_refused_dtypes
from gradcli.checker.results import Finding, PointResult


def _point(x):
    refused = PointResult({"x": x}, "float64")
    refused.findings.append(Finding("dtypes-mixed", "forward", "RuntimeError", "the program raises in float64: mixed",
                                    location="f.py:6"))
    return [PointResult({"x": x}, "float32"), refused]


def test_the_refusal_of_a_dtype_is_said_once_for_all_points():
    notes = []
    kept = [without_refused_dtypes(_point(x), notes) for x in (0.5, 0.7, 0.9)]
    assert [[r.dtype for r in results] for results in kept] == [["float32"]] * 3
    assert notes == ["not run in float64: the program raises in float64: mixed (at f.py:6); the program runs in "
                     "float32, its verdict there"]
