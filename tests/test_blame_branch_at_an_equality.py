"""A branch an equality chooses at the point alone (lax.cond, lax.switch, where, a Python ``if``): named at its line.

At R = 0 the code takes a constant branch (the centre's value written out) of a function smooth through R = 0, so
the gradient is the constant's 0 while the derivative is the other branch's slope there: `wrong`, rightly. No rule
departs from gradcli's own through the same branch, so the finding names the line of the comparison that chose the
branch (`rule_blame._at_an_equality`), never a helper the branch calls, whichever arguments are differentiated.
"""

import pytest

from read_checks import checked, line_of

HELPER = '''

def helper(n):
    return 2.0 * n - 1.0 / 3.0
'''

JAX_CODE = '''import jax
import jax.numpy as jnp
''' + HELPER + '''

def by_cond(R, n):
    return jax.lax.cond(R == 0.0, lambda: jnp.exp(helper(n)) + 0.0 * R,
                        lambda: jnp.exp(-helper(n) * (R ** (1.0 / n) - 1.0)))


def by_switch(R, n):
    index = jnp.where(R == 0.0, 0, 1)
    return jax.lax.switch(index, [lambda: jnp.exp(helper(n)) + 0.0 * R,
                                  lambda: jnp.exp(-helper(n) * (R ** (1.0 / n) - 1.0))])


def by_where(R, n):
    safe = jnp.where(R == 0.0, 1.0, R)
    return jnp.where(R == 0.0, jnp.exp(helper(n)), jnp.exp(-helper(n) * (safe ** (1.0 / n) - 1.0)))
'''

NUMPY_CODE = '''import numpy as np
''' + HELPER + '''

def by_if(R, n):
    if R == 0:
        return np.exp(helper(n))
    return np.exp(-helper(n) * (R ** (1 / n) - 1))
'''

TORCH_CODE = '''import torch
''' + HELPER + '''

def by_where(R, n):
    safe = torch.where(R == 0.0, torch.ones_like(R), R)
    return torch.where(R == 0.0, torch.exp(helper(n)), torch.exp(-helper(n) * (safe ** (1.0 / n) - 1.0)))
'''

CENTRE = {"R": 0.0, "n": 1.0}


def _named_at(source, path, name, text, wrt):
    """The check of ``name`` at the centre is wrong, its one finding at the line of ``source`` holding ``text``."""
    options = {"wrt": wrt} if wrt else {}
    (result,) = checked(path, name, CENTRE, **options)
    assert result.status == "wrong", result.status
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith(f"{path.name}:{line_of(source, text)}"), finding.location
    return finding


@pytest.mark.parametrize("name, text, wrt", [
    ("by_cond", "jax.lax.cond(R == 0.0", None),
    ("by_cond", "jax.lax.cond(R == 0.0", ["R"]),
    ("by_switch", "index = jnp.where(R == 0.0", None),
    ("by_where", "return jnp.where(R == 0.0", None),
    ("by_where", "return jnp.where(R == 0.0", ["R"]),
])
def test_jax_names_the_construct_that_chose_the_constant(tmp_path, name, text, wrt):
    pytest.importorskip("jax")
    (tmp_path / "disc.py").write_text(JAX_CODE)
    finding = _named_at(JAX_CODE, tmp_path / "disc.py", name, text, wrt)
    if name != "by_where":
        assert finding.op == "gradient of the branch chosen by eq"
        assert "holds at this very point alone and chooses the branch" in finding.message


@pytest.mark.parametrize("wrt", [None, ["R"]])
def test_a_python_if_in_numpy_code_is_named(tmp_path, wrt):
    (tmp_path / "legacy.py").write_text(NUMPY_CODE)
    finding = _named_at(NUMPY_CODE, tmp_path / "legacy.py", "by_if", "if R == 0:", wrt)
    assert finding.op == "gradient of the branch chosen by =="


def test_torch_where_on_an_input_is_named(tmp_path):
    pytest.importorskip("torch")
    (tmp_path / "tdisc.py").write_text(TORCH_CODE)
    finding = _named_at(TORCH_CODE, tmp_path / "tdisc.py", "by_where", "return torch.where(R == 0.0", None)
    assert finding.op == "gradient rule of torch.where"
