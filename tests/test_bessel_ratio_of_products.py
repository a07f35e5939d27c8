"""A ratio of modified Bessel functions written inside products is rewritten through their scaled twins.

A thin disc fin's efficiency 2 I1(x) / (x I0(x)), by torch.special.i1 and i0:
at x = 800 both overflow and the quotient is inf / inf. The scaled-ratio fix
matched only a bare i1(u) / i0(u); a factor on either side (the 2, the x) hid
it. One i1 of the numerator's factors and one i0 of the denominator's, of the
same argument, are now rewritten (their scales e^-|u| cancel, whatever the
other factors), and the rewrite is re-checked.
"""

import textwrap

import pytest

import gradcli
from gradcli.checker.source_fixes import source_rewrites

CODE = """
import torch


def disc_fin(x):
    return 2 * torch.special.i1(x) / (x * torch.special.i0(x))


def scaled_on_top(x):
    return torch.special.i1(x) * 3 / torch.special.i0(x)


def two_arguments(x, y):
    return 2 * torch.special.i1(x) / (x * torch.special.i0(y))


def two_families(x):
    return 2 * torch.special.i1(x) / (x * torch.special.k0(x))
"""


def _rewrites():
    from gradcli.capture import torch_bridge

    source = textwrap.dedent(CODE)
    found = source_rewrites(source, list(range(1, source.count("\n") + 2)), "torch", torch_bridge.SPELLINGS)
    return {name: [text for _, text in edits if not text.startswith("import ")] for name, _, edits in found}


def test_one_pair_of_factors_is_scaled_and_look_alikes_are_left():
    pytest.importorskip("torch")
    assert _rewrites()["scaled bessel ratio"] == [
        "2 * torch.special.i1e(x) / (x * torch.special.i0e(x))",
        "torch.special.i1e(x) * 3 / torch.special.i0e(x)",
    ]


def test_the_disc_fin_at_800_is_mended_and_rechecked(tmp_path):
    pytest.importorskip("torch")
    path = tmp_path / "fins.py"
    path.write_text(textwrap.dedent(CODE))
    report = gradcli.check(f"{path}:disc_fin", [{"x": 800.0}], dtypes=["float64"])
    assert report.results[0].status == "unstable"  # I1(800) overflows: inf / inf
    fix = next(f for f in report.fixes if f.name == "scaled bessel ratio")
    assert set(fix.after.values()) == {"ok"}
