"""The provenance's words say what happened: an add that keeps less than one bit of its smaller operand keeps none of
it (never "keeps only 0 of its 24 bits")."""

import json

import numpy as np
from click.testing import CliRunner

from gradcli.cli import cli

SOURCE = "import numpy as np\n\n\ndef near(s):\n    return np.sum(((s + 1e4) - 1e4) ** 2)\n"


def test_an_add_keeping_less_than_one_bit_of_its_smaller_operand_keeps_none(tmp_path):
    """(s + 1e4) - 1e4 at s = 6e-4 in float32: 1e4's last place is 2^-10 (9.8e-4), more than s, so the add keeps less
    than one of s's 24 bits."""
    at = [6e-4, 6.5e-4]
    assert all(np.spacing(np.float32(1e4)) > np.float32(s) for s in at)  # the truth: below one unit of 1e4's last place
    path = tmp_path / "near.py"
    path.write_text(SOURCE)
    ran = CliRunner().invoke(cli, ["check", f"{path}:near", "--at", f"s={at}".replace(" ", ""), "--dtype", "float32",
                                   "--no-fix", "--json"])
    (point,) = json.loads(ran.stdout)["results"]
    (told,) = [f["message"] for f in point["findings"] if f["op"] == "add"]
    assert "keeps none (less than one bit) of its smaller operand's 24 bits" in told, told
    assert "keeps only 0" not in told
