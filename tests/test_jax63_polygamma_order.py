"""JAX's polygamma(n, x): the order n is data (integers, entry by entry, arrays of orders too), the derivative in x
alone; differentiated in n, the check is an error whose finding gives the exact gradient in x and says that n has
none. Truths are mpmath's psi(n, x)."""

import re

import pytest
from click.testing import CliRunner

from gradcli.cli import cli
from polygamma_checks import checked as _checked
from polygamma_checks import psi as _psi

USERS = '''\
import jax.numpy as jnp
from jax import lax
from jax.scipy import special

ORDERS = jnp.array([1, 2])


def orders_array(x):
    return jnp.sum(special.polygamma(ORDERS, x))


def lax_orders_and_spellings(x):
    orders = lax.polygamma(jnp.array([0.0, 3.0]), x)
    return jnp.sum(orders + special.digamma(x) + special.polygamma(1, x) + lax.polygamma(2.0, x))


def in_its_order(n, x):
    return jnp.sum(lax.polygamma(n, x))


def order_read_by_python(n, x):
    return jnp.sum(special.polygamma(int(n), x))
'''


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    path = tmp_path_factory.mktemp("jax63_polygamma") / "users.py"
    path.write_text(USERS)
    return str(path)


def test_an_array_of_orders_is_replayed_entry_by_entry(users):
    """special.polygamma([1, 2], x): each entry its own order; the slope in x is psi(n + 1, x)."""
    point = _checked(f"{users}:orders_array", ["x=[1.7,2.5]"], 0)
    assert point["status"] == "ok"
    assert point["exact_value"] == pytest.approx(_psi(1, 1.7) + _psi(2, 2.5), rel=1e-13)
    assert point["exact_gradient"]["x"] == pytest.approx([_psi(2, 1.7), _psi(3, 2.5)], rel=1e-12)


def test_lax_orders_digamma_and_trigamma_spellings(users):
    point = _checked(f"{users}:lax_orders_and_spellings", ["x=[0.3,4.5]"], 0)
    assert point["status"] == "ok"
    xs, orders = (0.3, 4.5), (0, 3)
    slopes = [_psi(n + 1, x) + _psi(1, x) + _psi(2, x) + _psi(3, x) for n, x in zip(orders, xs)]
    assert point["exact_gradient"]["x"] == pytest.approx(slopes, rel=1e-12)


def test_differentiated_in_its_order_the_finding_says_which_exact_gradient_is_shown(users):
    """JAX refuses the slope in n: an error at the user's line, JAX's value judged, the exact gradient in x
    psi(n + 1, x), and in n no finite number: the finding gives the numbers of the one and says the other has none."""
    point = _checked(f"{users}:in_its_order", ["n=3,x=0.5"], 1)
    assert point["status"] == "error" and point["gradient"] == {"n": None, "x": None}
    assert point["value"] == pytest.approx(_psi(3, 0.5), rel=1e-13)
    assert point["exact_gradient"]["x"] == pytest.approx(_psi(4, 0.5), rel=1e-12)
    assert point["exact_gradient"]["n"] == "nan"
    (finding,) = point["findings"]
    assert finding["kind"] == "no-derivative" and finding["location"].endswith("users.py:18")
    message = finding["message"]
    said = re.search(r"the function's exact gradient is \{x: ([-+0-9.e]+)\};", message)  # true in a sweep's interval too
    assert said is not None and float(said.group(1)) == pytest.approx(_psi(4, 0.5), rel=1e-9), message
    assert "in n the exact reference finds no finite derivative either" in message


def test_an_order_read_by_python_is_refused_where_it_is_differentiated(users):
    """int(n) on an argument that is differentiated: jax.grad traces it, so JAX cannot give Python its number; exit 2
    naming the user's line and how to hold it."""
    result = CliRunner().invoke(cli, ["check", f"{users}:order_read_by_python", "--at", "n=2.5,x=1.7"])
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())
    assert "users.py:22" in said and "ConcretizationTypeError" in said
    assert "differentiated there" in said and "--wrt naming the others" in said


def test_an_order_read_by_python_is_checked_as_jax_runs_it(users):
    """int(n) on an argument --wrt holds: handed as a number, as JAX's own jax.grad(f, argnums=1) hands it."""
    point = _checked(f"{users}:order_read_by_python", ["n=2,x=1.7"], 0, ["--wrt", "x"])
    assert point["exact_gradient"]["x"] == pytest.approx(_psi(3, 1.7), rel=1e-12)
