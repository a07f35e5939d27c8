"""The entanglement entropy by xlogy of eigvalsh of a complex rank-one a a^H whose entries carry phases exp(i y).

a a^H has the eigenvalue 0 at every (x, y): its characteristic polynomial's constant term, det(a a^H), is the zero
polynomial in a's parts, so the entropy -sum(xlogy(l, l)) is 0 all about any point and its slopes are 0. mpmath's
eigensolver puts that 0 a sliver below 0 at the difference steps beside the point (xlogy of a negative number: NaN),
and those NaN differences once read as a domain edge ("no finite derivative": domain, issue 28, 88d F1's phased
twin). The proof run with every input an unknown (`python_zero.zeros_defined_beside`) shows the program a number all
about the point, so the NaN is the differences' rounding: the exact value and slopes are 0, never domain. The
expected numbers are the mathematics (0, slopes 0), not gradcli's path.
"""

import json
import math
import textwrap

import pytest
from click.testing import CliRunner

from gradcli.cli import cli

NUMPY = """
import gradcli.numpy as np
from gradcli.scipy.special import xlogy


def ent(a):
    lam = np.linalg.eigvalsh(np.outer(a, np.conj(a)))
    return -np.sum(xlogy(lam, lam))


def phased(x, y):
    return ent(np.array([np.exp(1j * y) * np.cos(x / 2), np.sin(x / 2)]))


def phased_vector(t):
    return ent(np.array([np.cos(t[0] / 2), np.exp(1j * t[1]) * np.sin(t[0] / 2)]))
"""

JAX = """
import jax.numpy as jnp
from jax.scipy.special import xlogy


def ent(a):
    lam = jnp.linalg.eigvalsh(jnp.outer(a, a.conj()))
    return -jnp.sum(xlogy(lam, lam))


def phased(x, y):
    return ent(jnp.array([jnp.exp(1j * y) * jnp.cos(x / 2), jnp.sin(x / 2)]))


def phased_vector(t):
    return ent(jnp.array([jnp.cos(t[0] / 2), jnp.exp(1j * t[1]) * jnp.sin(t[0] / 2)]))
"""


def _checked(tmp_path, source, name, at):
    path = tmp_path / "entropy_phased.py"
    path.write_text(textwrap.dedent(source))
    result = CliRunner().invoke(cli, ["check", f"{path}:{name}", "--at", at, "--dtype", "float64", "--json",
                                      "--max-time", "600"], catch_exceptions=False)
    (found,) = json.loads(result.stdout)["results"]
    return found


def _zeros(entries):
    values = entries.values() if isinstance(entries, dict) else entries
    flat = [e for v in values for e in (v if isinstance(v, list) else [v])]
    return all(isinstance(e, (int, float)) and math.isfinite(e) and e == 0 for e in flat)


@pytest.mark.parametrize("framework", ["numpy", "jax"])
@pytest.mark.parametrize(("name", "at"), [("phased", "x=1.0,y=0.5"), ("phased_vector", "t=[1.0,0.5]")])
def test_phased_rank_one_entropy_is_0_all_about_the_point_not_domain(tmp_path, framework, name, at):
    if framework == "jax":
        pytest.importorskip("jax")
    found = _checked(tmp_path, NUMPY if framework == "numpy" else JAX, name, at)
    assert found["status"] not in ("domain", "error"), found
    assert found["exact_value"] == 0 and _zeros(found["exact_gradient"]), found
