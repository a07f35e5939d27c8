"""Every --json is, byte for byte, ``json.dumps(jsonable(data), indent=2)``: the view's own writer changes no byte."""

import enum
import io
import json
import math

import numpy as np

import gradcli
from gradcli.audit.results import AuditReport, CaseResult
from gradcli.checker.verdict import Verdict
from gradcli.jsondata import jsonable
from gradcli.views.json import dump_json, indented


def reference(data):
    return json.dumps(jsonable(data), indent=2)


class Level(enum.IntEnum):
    LOW = 1


class Point:
    def to_dict(self):
        return {"x": np.float32(1.5), "tags": ("a", Verdict.OK)}


SAMPLES = [
    {},
    [],
    {"a": {}, "b": [], "c": [[]], "d": [{}]},
    {"nested": {"deeper": {"deepest": [1, [2, [3, {"e": None}]]]}}},
    [True, False, None, 0, -7, 2**70, 0.1, -0.0, 1e300, 5e-324, 1.0, math.pi],
    [math.nan, math.inf, -math.inf, {"k": math.nan}],
    {"text": "é ü \u2603 \U0001f600 \"quoted\" \\ back\nnew\ttab \x00 \x1f"},
    {"é": 1, "\n": 2, "": 3},
    {1: "int key", 2.5: "float key", True: "bool key", None: "none key"},
    {Verdict.OK: "verdict key", "v": Verdict.UNSTABLE, "list": [Verdict.WRONG]},
    {"level": Level.LOW, "levels": [Level.LOW]},
    {"array": np.arange(6.0).reshape(2, 3), "scalar": np.float64(2.5), "i": np.int64(3), "b": np.bool_(True)},
    {"array32": np.array([np.nan, 1.0, np.inf], dtype=np.float32), "empty": np.zeros((0, 2))},
    ("tuple", (1, 2), [(3,)]),
    {"object": Point(), "objects": [Point(), {"p": Point()}]},
    "just text",
    3.25,
    None,
]


def test_the_view_writes_exactly_what_json_dumps_writes():
    for data in SAMPLES:
        assert indented(data) == reference(data), data


def test_real_reports_are_written_byte_for_byte_as_json_dumps_writes_them():
    report = gradcli.check("log(1+exp(x))", [100.0, 1e-3, -800.0], dtypes=("float32", "float64"))
    case = CaseResult("softplus", "log(1+exp(x))", "fail", 0.5, check=jsonable(report), worst=Verdict.UNSTABLE,
                      worst_by_dtype={"float32": Verdict.UNSTABLE, "float64": Verdict.OK}, reason="worst verdict unstable")
    errored = CaseResult("broken", "models.py:f", "error", 30.0, error="timed out after 30 s")
    audit = AuditReport(cases=[case, errored], shard=(1, 2), seconds=3.5, regressions=["softplus"], changed={"a": "b"})
    for data in (report, report.to_dict(), audit, audit.to_dict()):
        assert indented(data) == reference(data)
    out = io.StringIO()
    dump_json(audit, out)
    assert out.getvalue() == reference(audit) + "\n"
