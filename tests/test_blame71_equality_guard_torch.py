"""A guard of 0 / 0 whose value at the guarded point alone has another slope than the function: named at its line.

`where(d == 0, 0, x / safe)` (TensorFlow's divide_no_nan replays as one, and a user's own double where is one)
picks its constant at d = 0 only; its rule passes on that constant's slope 0, and so does gradcli's own rule of the
replay, so no rule departs from gradcli's and the search for an off rule finds none. The slope lost is the guarded
expression's as it nears the point: the finding names the where's own line (`rule_blame._at_an_equality`), not the
line where the backward pass starts.
"""

import pytest

from read_checks import checked, line_of

pytest.importorskip("torch")

USER_CODE = '''import torch

T = 2.0


def guarded(ka, ke):
    d = ka - ke
    safe = torch.where(d == 0, torch.ones_like(d), d)
    ratio = torch.where(d == 0, torch.zeros_like(d), -torch.expm1(-safe * T) / safe)
    total = ratio + torch.where(d == 0, T, 0.0)
    return 10.0 * ka * torch.exp(-ke * T) * total
'''


def test_the_guards_line_is_named_where_its_constant_loses_the_slope(tmp_path):
    (tmp_path / "pk.py").write_text(USER_CODE)
    (result,) = checked(tmp_path / "pk.py", "guarded", {"ka": 0.5, "ke": 0.5})
    assert result.status == "wrong"
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    line = line_of(USER_CODE, "ratio = torch.where(d == 0, torch.zeros_like(d)")
    assert finding.location.endswith(f"pk.py:{line}"), finding.location
    assert finding.op == "gradient rule of torch.where"
    assert "equality that holds at this very point alone" in finding.message
