"""A sweep of a JAX function with an op JAX cannot differentiate traces its gradient once per argument layout: every
point after the first is handed the first trace's error, marked with the op and the user's line, without tracing
again or emptying JAX's caches."""

import jax
import mpmath
import pytest

from gradcli import check
from gradcli.capture import jax_bridge
from gradcli.checker.options import CheckOptions
from gradcli.sweep import sweep

USERS = '''\
import jax.numpy as jnp
from jax.scipy import special


def betainc_in_a(a):
    return jnp.sum(special.betainc(a, 2.0, 0.3))
'''


@pytest.fixture
def counted(monkeypatch):
    """The bridge's traces of JAX's gradient programs and JAX's cache clears, counted."""
    counts = {"traced": 0, "cleared": 0}
    traced, clear = jax_bridge._Captured._traced, jax.clear_caches

    def counting_traced(*args, **kwargs):
        counts["traced"] += 1
        return traced(*args, **kwargs)

    def counting_clear():
        counts["cleared"] += 1
        return clear()

    monkeypatch.setattr(jax_bridge._Captured, "_traced", counting_traced)
    monkeypatch.setattr(jax, "clear_caches", counting_clear)
    return counts


def test_each_point_is_told_the_op_without_tracing_again(tmp_path, counted):
    path = tmp_path / "refused68.py"
    path.write_text(USERS)
    result = sweep(f"{path}:betainc_in_a", {"a": (0.5, 3.0, 5)}, CheckOptions(dtypes=("float64",), fixes=False))
    swept = result.dtypes["float64"]
    assert [interval.kind for interval in swept.intervals] == ["no derivative"]
    assert sum(interval.points for interval in swept.intervals) == 5
    (interval,) = swept.intervals
    assert interval.op == "jax.scipy.special.betainc"
    assert interval.error.endswith("refused68.py:6)")
    # one trace of value_and_grad at the one layout the sweep asks for (its forward graph is traced apart), and the
    # one failed trace of it traced again with JAX's caches emptied
    assert counted["traced"] == 1, counted
    assert counted["cleared"] <= 1, counted


def test_a_point_told_from_the_first_trace_still_shows_the_exact_slope(tmp_path, counted):
    path = tmp_path / "refused68b.py"
    path.write_text(USERS)
    result = check(f"{path}:betainc_in_a", [{"a": 0.75}, {"a": 1.25}], CheckOptions(dtypes=("float64",)))
    assert counted["traced"] == 1, counted
    for point, a in zip(result.results, ("0.75", "1.25")):
        (finding,) = point.findings
        assert finding.kind == "no-derivative" and finding.location.endswith("refused68b.py:6")
        with mpmath.workdps(30):
            slope = mpmath.diff(lambda v: mpmath.betainc(v, 2, 0, mpmath.mpf("0.3"), regularized=True), mpmath.mpf(a))
        assert point.exact_gradient["a"] == pytest.approx(float(slope), rel=1e-12)
