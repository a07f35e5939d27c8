"""The JAX bridge replays many points at once (the noise estimate's steps of a difference) grouped by the trace each
point's check replays: a function whose Python reads a held number runs its batch with that number's trace, an entry
holding another number costs its own trace and no one else's batch, and the noise estimate replays alone only the
entries whose noise the batch cannot tell."""

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.autodiff import mp as mp_core
from gradcli.capture.bridge import differentiating, replaying_points
from gradcli.checker import fd
from gradcli.checker.targets import resolve

jax = pytest.importorskip("jax")

USERS = '''\
import jax.numpy as jnp


def by_sign(x, s):
    if s > 0:
        return s * jnp.log1p(jnp.exp(x))
    return jnp.exp(x) * s


CALLS = []


def log_partial_sum(x, n):
    CALLS.append(n)
    total = 0.0
    for k in range(n):
        total = total + jnp.exp(-x * k)
    return jnp.log(total)
'''


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    path = tmp_path_factory.mktemp("jax65_at_once") / "users.py"
    path.write_text(USERS)
    return str(path)


def test_an_entry_holding_another_number_costs_one_trace(users):
    bridge = resolve(f"{users}:by_sign").bridge
    captured = bridge.forward.__self__
    mp_core.enable()
    xs = np.array([mpmath.mpf(v) for v in (0.5, 0.625, 0.75, 0.875)], dtype=object)
    ss = np.array([mpmath.mpf(v) for v in (2.0, 2.0, -1.0, 2.0)], dtype=object)
    with differentiating((True, False)):
        with replaying_points():
            together = bridge.forward(xs, ss)
        assert len(captured.graphs) == 2  # one trace per number the Python reads, the odd entry's its own
        alone = [bridge.forward(x, s) for x, s in zip(xs, ss)]
    with mpmath.workdps(40):
        exact = [s * mpmath.log1p(mpmath.exp(x)) if s > 0 else mpmath.exp(x) * s for x, s in zip(xs, ss)]
    for batched, single, truth in zip(together, alone, exact):
        assert float(batched) == pytest.approx(float(single), rel=1e-15)
        assert float(batched) == pytest.approx(float(truth), rel=1e-14)


def test_a_held_integer_read_by_the_python_keeps_the_steps_together(users, monkeypatch):
    replayed_alone = []
    own = fd._noise_replayed_alone
    monkeypatch.setattr(fd, "_noise_replayed_alone", lambda g_mp, t: replayed_alone.append(t) or own(g_mp, t))
    report = gradcli.check(f"{users}:log_partial_sum", [{"x": 0.75, "n": 3}], wrt=("x",), dtypes=("float64",))
    assert replayed_alone == []
    (result,) = report.results
    with mpmath.workdps(40):
        x = mpmath.mpf(0.75)
        terms = [mpmath.exp(-k * x) for k in range(3)]
        slope = -mpmath.fsum(k * t for k, t in enumerate(terms)) / mpmath.fsum(terms)
    assert result.status == "ok"
    assert result.exact_gradient["x"] == pytest.approx(float(slope), rel=1e-13)
    assert result.fd_gradient["x"] == pytest.approx(float(slope), rel=1e-9)


def test_each_held_integer_is_traced_once_for_every_point_holding_it(users):
    target = resolve(f"{users}:log_partial_sum")
    calls = target.bridge.forward.__self__.fun.__globals__["CALLS"]
    ran = []
    for points in ([{"x": 1.5, "n": 2}], [{"x": 1.75, "n": 3}], [{"x": 2.0, "n": 2}, {"x": 1.25, "n": 3}]):
        before = len(calls)
        report = gradcli.check(target, points, wrt=("x",), dtypes=("float64",), fixes=False)
        ran.append(sorted({int(n) for n in calls[before:] if not isinstance(n, jax.core.Tracer)}))
        assert [r.status for r in report.results] == ["ok"] * len(points)
    assert ran == [[2], [3], []]  # the Python is traced for each new n alone; every later point holding one reuses it


def test_the_noise_of_an_entry_the_batch_cannot_tell_is_replayed_alone():
    calls = []

    def one(v):
        """e^v, but at 3 the reciprocal of 3 - (3 - e^-60): infinite rounded to nearest, finite rounded down."""
        if v != 3:
            return mpmath.exp(v)
        apart = v - (v - mpmath.exp(-60))
        return mpmath.inf if apart == 0 else 1 / apart

    def g_mp(t):
        calls.append(np.shape(t))
        return np.array([one(v) for v in t], dtype=object) if isinstance(t, np.ndarray) else one(t)

    noises = fd._noises_at(g_mp, [1.0, 2.0, 3.0, 4.0], elementwise=True)
    batches, alone = calls.count((4,)), calls.count(())
    assert batches and alone == batches and len(calls) == batches + alone  # the batch, then the one entry alone
    assert noises[2] == fd._noise_of(lambda: g_mp(mpmath.mpf(3.0)))
    for t, noise in zip((1.0, 2.0, 4.0), (noises[0], noises[1], noises[3])):
        assert 0 < noise <= 4 * float(mpmath.exp(t)) * 2.0 ** -52  # a few roundings of e^t, as its own replay finds
        assert noise == pytest.approx(fd._noise_of(lambda t=t: g_mp(mpmath.mpf(t))), rel=1e-12)
