"""What the polygamma tests of the three bridges share: mpmath's psi(n, x) as the truth, and one check's point."""

import json

import mpmath
from click.testing import CliRunner

from gradcli.cli import cli


def psi(n, x):
    """psi(n, x) at 40 digits, as a float."""
    with mpmath.workdps(40):
        return float(mpmath.psi(n, mpmath.mpf(x)))


def checked(target, at, code=None, more=()):
    """The one point of ``gradcli check target --at ... --json`` in float64 (its exit code asserted when given)."""
    result = CliRunner().invoke(cli, ["check", target, "--dtype", "float64", "--json", *more]
                                + [a for p in at for a in ("--at", p)])
    assert code is None or result.exit_code == code, result.output
    (point,) = json.loads(result.stdout)["results"]
    return point


def users_file(tmp_path_factory, folder, text):
    """The users' module ``text`` written to a fresh folder; its path."""
    path = tmp_path_factory.mktemp(folder) / "users.py"
    path.write_text(text)
    return str(path)
