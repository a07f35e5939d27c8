"""A JAX function whose Python reads a number made of its module's constants alone is checked, as jax.grad runs it.

Efron's tie count ``d = int(tied.sum())`` of module-level ``jnp.array``s reads no argument: ``jax.grad`` computes
it as it is met (only ``jax.jit`` stages constants, and fails there). gradcli's traces stage everything, so the
function was refused as if it read a differentiated argument, with advice (--wrt) that could not help. Where a trace
meets such a read, the bridge traces again computing what depends on no traced value as met
(``jax.ensure_compile_time_eval``); a read of a differentiated argument fails that way too and is said as before,
and an error past the read is the function's own, said as such.
"""

import textwrap

import numpy as np
import pytest

import gradcli
from gradcli.errors import InputError

SOURCE = '''
    import jax.numpy as jnp

    TIMES = jnp.array([1.0, 2.0, 2.0, 3.0])
    EVENTS = jnp.array([1.0, 1.0, 1.0, 0.0])


    def tied_deaths(r):
        tied = (TIMES == 2.0) & (EVENTS == 1.0)
        d = int(tied.sum())  # 2: a number of the data alone
        return d * jnp.sum(r * r) + jnp.log(jnp.sum(jnp.exp(r)))


    def reads_its_argument(x):
        return x * int(x)


    def reads_then_fails(r):
        d = int(((TIMES == 2.0) & (EVENTS == 1.0)).sum())
        return d * jnp.sum(jnp.ones((2, 3)) @ r)  # r has 3 entries: a shape error of the function's own
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    pytest.importorskip("jax")
    path = tmp_path_factory.mktemp("reads") / "efron.py"
    path.write_text(textwrap.dedent(SOURCE))
    return path


def test_a_count_read_from_the_data_alone_is_checked_as_jax_grad_runs_it(module):
    import mpmath

    r = [0.5, -0.3, 1.2]
    report = gradcli.check(f"{module}:tied_deaths", [{"r": r}], dtypes=("float64", "float32"))
    assert [res.status for res in report.results] == ["ok", "ok"], [f.message for res in report.results for f in res.findings]
    for res in report.results:  # 2 * 2 r + softmax(r) at r as the dtype holds it, the count 2 read from the data
        held = [mpmath.mpf(float(np.asarray(v, dtype=res.dtype))) for v in r]
        total = mpmath.fsum(mpmath.exp(v) for v in held)
        for got, v in zip(res.exact_gradient["r"], held):
            assert float(got) == pytest.approx(float(4 * v + mpmath.exp(v) / total), rel=1e-12)


def test_a_number_read_from_a_differentiated_argument_is_still_refused_and_said(module):
    with pytest.raises(InputError, match="Python reads the value of an argument that is differentiated there"):
        gradcli.check(f"{module}:reads_its_argument", [{"x": 1.5}], dtypes=("float64",))


def test_an_error_past_the_read_is_the_functions_own_not_the_read(module):
    [result] = gradcli.check(f"{module}:reads_then_fails", [{"r": [0.5, -0.3]}], dtypes=("float64",)).results
    said = result.to_dict()["error"]
    assert result.status == "error" and "dot_general" in said, said
    assert "Python reads the value" not in said and "ConcretizationTypeError" not in said, said
