"""A faster check is the same check: verdicts, exact values, findings and fixes held to a saved run.

The check's speed work (batched rounding replays, balls sharing a formula's
nodes, re-checks of fixes judged by their verdicts) must change nothing a user
sees. This runs a spread of the benchmark's formulas (`bench/formulas.py`:
cancellation, overflow, tiny derivatives, ordinary ones) in float64 and
compares what does not depend on the CPU's NumPy kernels with
`tests/check_results.json`: every verdict, the exact value and gradient as
text (proven on balls, the same everywhere), each finding's kind, phase, op
and span, whether the differences were trusted, and each fix with its
verdicts before and after.

When an answer changes on purpose: ``python tests/test_check_results.py --update``.
"""

import json
import os
import pathlib
import sys

import pytest

import gradcli

HERE = pathlib.Path(__file__).resolve().parent
SAVED = HERE / "check_results.json"
sys.path.insert(0, os.fspath(HERE.parent / "bench"))

import formulas  # noqa: E402

# Every fourth formula: a spread of every kind, in a few seconds.
CHOSEN = formulas.CASES[::4]


def _seen(report):
    """What a user sees of a check that no CPU's rounding can move."""
    results = []
    for r in report["results"]:
        results.append({
            "point": r["point"],
            "status": r["status"],
            "value_status": r["value_status"],
            "gradient_status": r["gradient_status"],
            "exact_value": r["exact_value_text"],
            "exact_gradient": r["exact_gradient_text"],
            "fd_method": r["fd_method"],
            "findings": [[f["kind"], f["phase"], f["op"], f["span"]] for f in r["findings"]],
        })
    fixes = [[f["kind"], f["name"], f["formula"], f["partial"], f["before"], f["after"]] for f in report["fixes"]]
    return {"ok": report["ok"], "derivative": report.get("derivative"), "results": results, "fixes": fixes}


def _run(text, points):
    return _seen(json.loads(json.dumps(gradcli.check(text, points, dtypes=("float64",)).to_dict())))


@pytest.fixture(scope="module")
def saved():
    return json.loads(SAVED.read_text())


def test_the_saved_run_covers_the_chosen_formulas(saved):
    assert sorted(saved) == sorted(text for text, _ in CHOSEN)


@pytest.mark.parametrize("text, points", CHOSEN, ids=[text for text, _ in CHOSEN])
def test_the_check_sees_what_it_saw(saved, text, points):
    assert _run(text, points) == saved[text]


if __name__ == "__main__":
    if sys.argv[1:] != ["--update"]:
        sys.exit("usage: python tests/test_check_results.py --update")
    SAVED.write_text(json.dumps({text: _run(text, points) for text, points in CHOSEN}, indent=1, sort_keys=True) + "\n")
    print(f"wrote {SAVED}")
