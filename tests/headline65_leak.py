"""A where leak written over two lines, checked through the CLI: the leak is the first finding, naming both lines.

The branch ``radius ** (2/3)`` is computed on the where's line from ``radius``, made on the line before it from
``depth``. At depth = [-0.1, 1] the dry cell's radius is negative, its power NaN in the branch the where does not
take, and that NaN leaks into the gradient (0 * NaN). The exact gradient is 0 at the dry cell and the slope of
(4 d / (4 + 2 d))^(2/3) at the wet one, computed here by mpmath from that expression.
"""

from __future__ import annotations

import json

import mpmath
from click.testing import CliRunner

from gradcli.cli import cli

RADIUS_LINE, WHERE_LINE = 7, 8  # the lines of the module texts below
POINT = "depth=[-0.1,1]"


def leak_module(imports, where, total, zeros="0.0"):
    """The Manning sum over cells in one framework's spelling: ``radius`` on line 7, the where on line 8."""
    return (f"{imports}\n\nWIDTH = 4.0\n\n\ndef wet_cells(depth):\n"
            "    radius = WIDTH * depth / (WIDTH + 2.0 * depth)\n"
            f"    return {total}({where}(depth > 0, radius ** (2.0 / 3.0), {zeros}))\n")


def wet_slope(depth):
    """d/dd (4 d / (4 + 2 d))^(2/3), by mpmath at 50 digits."""
    with mpmath.workdps(50):
        return float(mpmath.diff(lambda d: (4 * d / (4 + 2 * d)) ** (mpmath.mpf(2) / 3), mpmath.mpf(depth)))


def _check(path, *extra):
    return CliRunner().invoke(cli, ["check", f"{path}:wet_cells", "--at", POINT, "--dtype", "float64", *extra])


def assert_leak_is_the_headline(tmp_path, text):
    """Terminal and JSON both lead with the where leak at the where's line, naming the radius line; the offered
    double where rewrites that radius line, and the rewritten module checks ok against the exact gradient."""
    path = tmp_path / "leak.py"
    path.write_text(text)
    shown = _check(path)
    assert shown.exit_code == 1, shown.output
    lines = shown.output.splitlines()
    verdict = next(i for i, line in enumerate(lines) if line.startswith("float64: wrong"))
    headline = " ".join(lines[verdict + 1:verdict + 6])  # the first finding, wrapped over its lines
    assert f"at leak.py:{WHERE_LINE}:" in lines[verdict + 1], lines[verdict + 1]
    assert "leaks through" in headline and f"leak.py:{RADIUS_LINE}" in headline, headline

    report = json.loads(_check(path, "--json").stdout)
    result = report["results"][0]
    first = result["findings"][0]
    assert first["kind"] == "where-nan", first
    assert first["location"].endswith(f"leak.py:{WHERE_LINE}")
    assert f"leak.py:{RADIUS_LINE} (the input to guard" in first["message"]
    truth = [0.0, wet_slope(1.0)]
    assert all(abs(e - t) <= 1e-12 * max(1.0, abs(t)) for e, t in zip(result["exact_gradient"]["depth"], truth))

    fix = next(f for f in report["fixes"] if f["name"] == "double where")
    assert set(fix["after"].values()) == {"ok"}
    source = text.splitlines()
    removed = [line[1:] for line in fix["diff"].splitlines() if line.startswith("-") and not line.startswith("---")]
    assert removed == [source[RADIUS_LINE - 1]]  # the very line the headline names
    added = next(line[1:] for line in fix["diff"].splitlines() if line.startswith("+") and not line.startswith("+++"))
    fixed = tmp_path / "fixed.py"
    fixed.write_text("\n".join(source[:RADIUS_LINE - 1] + [added] + source[RADIUS_LINE:]) + "\n")
    again = json.loads(_check(fixed, "--json").stdout)["results"][0]
    assert again["status"] == "ok", again["findings"]
    assert all(abs(g - t) <= 1e-12 * max(1.0, abs(t)) for g, t in zip(again["gradient"]["depth"], truth))
