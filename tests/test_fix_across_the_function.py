"""A rewrite found at a finding's line is applied wherever it matches in that function: the same loss written twice
(an EKV transistor's forward and reverse currents, each log(1 + e^x)^2) is mended twice, and re-checked whole.

At vg = -1.5, vd = 0.5 in float32 both log(1 + e^x) absorb e^x (e^-28 and
e^-38 beside 1): the forward's 0 reaches the log of the current and is named,
the reverse's loses the whole slope in vd and reaches no log. softplus on the
named line alone leaves the slope in vd lost (a partial fix); on both lines it
is ok.
"""

import textwrap

import gradcli

SOURCE = """
import torch
import torch.nn.functional as F

VT = 0.025852


def log_current(vg, vd):
    vp = (vg - 0.4) / 1.3
    forward = torch.log(1 + torch.exp(vp / (2 * VT))) ** 2
    reverse = torch.log(1 + torch.exp((vp - vd) / (2 * VT))) ** 2
    return torch.log(1e-6 * (forward - reverse))


def elsewhere(x):
    return torch.log(1 + torch.exp(x))
"""


def test_both_lines_get_softplus_and_the_fix_is_whole(tmp_path):
    path = tmp_path / "ekv.py"
    path.write_text(textwrap.dedent(SOURCE))
    report = gradcli.check(f"{path}:log_current", [{"vg": -1.5, "vd": 0.5}], dtypes=("float32",))
    fix = {f.name: f for f in report.fixes}["softplus"]
    assert "+    forward = F.softplus(vp / (2 * VT)) ** 2\n" in fix.diff, fix.diff
    assert "+    reverse = F.softplus((vp - vd) / (2 * VT)) ** 2\n" in fix.diff, fix.diff
    assert "elsewhere" not in fix.diff and "+    return torch.log(1 + torch.exp(x))" not in fix.diff
    assert set(fix.after.values()) == {"ok"} and not fix.partial
