"""The classes of round 32a's findings (tests/trials/cases32a.py), each against an independent truth.

F1: a fix's re-check labelled each checked point by its numbers to six digits, so two points apart only past the
sixth (a Hodgkin-Huxley rate checked at -55 and -54.9999999 mV, or 1e-10 and 1.0000001e-10) shared one label: the
re-check kept the verdict of one of them alone, and a fix could be called sound on a point it was never judged at
(a single point read back as another: "v=-55" for -54.9999999). Each number in a label is now the shortest text
that reads back as it: distinct points, distinct labels, each re-checked.
"""

import pytest

import gradcli

GROWTH = """import numpy as np


def log_growth(x):
    return np.log(1 + x)
"""


@pytest.fixture(scope="module")
def growth_report(tmp_path_factory):
    path = tmp_path_factory.mktemp("f1") / "growth32a.py"
    path.write_text(GROWTH)
    points = [{"x": 1e-10}, {"x": 1.0000001e-10}]
    return gradcli.check(f"{path}:log_growth", points, dtypes=("float64",))


def _labelled_point(label):
    """The point a fix label names: ``x=1.0000001e-10 float64`` -> {"x": 1.0000001e-10}."""
    text, _, _dtype = label.rpartition(" ")
    return {name: float(value) for name, value in (part.split("=") for part in text.split(","))}


def test_points_apart_past_six_digits_are_each_rechecked(growth_report):
    # log(1 + x) at 1e-10 keeps 6 digits: unstable at both points, and log1p is offered
    assert [r.status for r in growth_report.results] == ["unstable", "unstable"]
    (fix,) = [f for f in growth_report.fixes if f.name == "log1p"]
    assert sorted(_labelled_point(label)["x"] for label in fix.after) == [1e-10, 1.0000001e-10]
    assert set(fix.after.values()) == {"ok"} and not fix.partial
