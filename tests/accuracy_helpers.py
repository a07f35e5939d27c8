"""Shared by the checker accuracy tests: run the command line in-process, read its output,
and compute exact answers with mpmath (never with gradcli)."""

import json
import os

import mpmath
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli, main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "examples")


def grad_json(*args):
    """`gradcli grad ... --json`, in-process: the parsed gradcli.check/1 document."""
    result = CliRunner().invoke(cli, ["grad", *map(str, args), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["schema"] == "gradcli.check/1"
    return data


def grad_text(*args):
    result = CliRunner().invoke(cli, ["grad", *map(str, args)])
    assert result.exit_code == 0, result.output
    return result.stdout


def run(argv, capsys):
    """`gradcli.cli.main` in-process: the code it exits with, its stdout and its stderr."""
    with pytest.raises(SystemExit) as stop:
        main([str(a) for a in argv])
    captured = capsys.readouterr()
    return stop.value.code, captured.out, captured.err


def exit_code(argv, capsys):
    """`gradcli.cli.main` in-process: the code it exits with, and its stdout."""
    code, out, _ = run(argv, capsys)
    return code, out


def check(target, points, dtypes=("float64",), **options):
    """`gradcli.check` without fixes, in float64 unless told."""
    return gradcli.check(target, points, dtypes=dtypes, fixes=False, **options)


def one(data, dtype):
    """The single result of a one-point JSON document in ``dtype``."""
    rows = [r for r in data["results"] if r["dtype"] == dtype]
    assert len(rows) == 1, data["results"]
    return rows[0]


def result_in(report, dtype, point=None):
    rows = [r for r in report.results if r.dtype == dtype and (point is None or r.point == point)]
    assert len(rows) == 1
    return rows[0]


def exact(function, x, dps=200):
    """``function`` at the binary float ``x`` (converted exactly) with ``dps`` digits."""
    with mpmath.workdps(dps):
        return +function(mpmath.mpf(float(x)))


def relative(approx, truth):
    with mpmath.workdps(60):
        truth = mpmath.mpf(truth)
        return float(abs(mpmath.mpf(approx) - truth) / abs(truth))


def rounded_to_20_digits(text, truth):
    """Is ``text`` the exact ``truth`` to 20 significant digits (read at enough precision)?"""
    with mpmath.workdps(60):
        return abs(mpmath.mpf(text) - truth) <= mpmath.mpf("0.6e-19") * abs(truth)


def span_text(formula, finding):
    start, end = finding["span"] if isinstance(finding, dict) else finding.span
    return formula[start:end]


def underlines(text, formula):
    """For each time ``formula`` is printed with carets under it: (line before, underlined text)."""
    lines = text.splitlines()
    out = []
    for i in range(1, len(lines) - 1):
        line, below = lines[i], lines[i + 1]
        if line.strip() == formula and below.strip() and set(below.strip()) == {"^"}:
            column = line.index(formula)
            start, end = below.index("^"), below.rindex("^") + 1
            out.append((lines[i - 1], formula[start - column : end - column]))
    return out


def table_row(text, dtype):
    """The cells of the table row for ``dtype`` in a `gradcli grad` screen."""
    rows = [line for line in text.splitlines() if line.startswith("│") and f" {dtype} " in line]
    assert len(rows) == 1, text
    return [cell.strip() for cell in rows[0].strip("│").split("│")]


def log1pexp_mp(x):
    return mpmath.log(1 + mpmath.exp(x))


def log1pexp_derivative_mp(x):
    return 1 / (1 + mpmath.exp(-x))
