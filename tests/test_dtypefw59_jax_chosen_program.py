"""A JAX function whose code chooses by its dtype: float32's exact reference replays float32's own program."""

from __future__ import annotations

import numpy as np
import pytest

import gradcli

jax = pytest.importorskip("jax")
jnp = jax.numpy

from gradcli.capture.jax_modes import programs_differ  # noqa: E402 - after the skip: JAX is optional
from gradcli.capture.jax_walk import _written_by_user  # noqa: E402 - after the skip: JAX is optional

_TABLE = np.array([1.0, 3.0, -2.0])


@jax.custom_jvp
def _sine(x):
    return jnp.sin(x)


_sine.defjvp(lambda primals, tangents: (_sine(primals[0]), jnp.cos(primals[0]) * tangents[0]))

SAME = {
    "constants the dtype rounds": lambda x: jnp.sin(x) * 0.1 + x ** 3,
    "a loop": lambda x: jax.lax.fori_loop(0, 3, lambda i, c: c * 0.1 + x, x),
    "a custom rule": lambda x: _sine(x) * 2.0,
    "a float64 module array promoting": lambda x: jnp.sum(_TABLE * x),
    "a cond": lambda x: jax.lax.cond(x > 0.3, lambda y: y * 0.1, lambda y: y, x),
    "an astype": lambda x: x.astype(jnp.float32) * 2,
}
CHOSEN = {
    "a branch on the dtype": lambda x: x * 2 if x.dtype == jnp.float32 else x * x,
    "finfo's eps": lambda p: jnp.clip(p, jnp.finfo(p.dtype).eps, 1 - jnp.finfo(p.dtype).eps),
    "a branch inside a loop": lambda x: jax.lax.fori_loop(0, 2, lambda i, c: c + (x if x.dtype == jnp.float32 else 1.0), x),
}


def _traces(fun):
    with jax.enable_x64(True):
        return [jax.make_jaxpr(fun)(jax.ShapeDtypeStruct((), dtype)) for dtype in (np.float64, np.float32)]


@pytest.mark.parametrize("name", SAME)
def test_a_program_that_reads_no_dtype_is_one_program(name):
    assert not programs_differ(*_traces(SAME[name]))


@pytest.mark.parametrize("name", CHOSEN)
def test_a_program_that_chose_by_its_dtype_differs(name):
    assert programs_differ(*_traces(CHOSEN[name]))


def test_a_librarys_bounds_chosen_by_the_dtype_are_no_choice_of_the_users():
    # log_ndtr's series bounds are -20 and 8 in float64, -10 and 5 in float32: one mathematics, JAX's means to it
    traces = _traces(jax.scipy.stats.norm.logsf)
    assert programs_differ(*traces)  # every literal counted: the bounds differ
    assert not programs_differ(*traces, _written_by_user)
    assert programs_differ(*_traces(CHOSEN["finfo's eps"]), _written_by_user)


CLIPPED = '''\
import jax.numpy as jnp


def clipped_log(p):
    eps = jnp.finfo(p.dtype).eps
    return jnp.log(jnp.clip(p, eps, 1 - eps))
'''


def test_a_clip_by_the_dtypes_eps_is_judged_as_float32s_clip(tmp_path):
    # float32 clips 1e-8 up to its eps (slope 0); float64 keeps it (slope 1e8)
    (tmp_path / "jax_clip_eps.py").write_text(CLIPPED)
    report = gradcli.check(f"{tmp_path}/jax_clip_eps.py:clipped_log", {"p": 1e-8}, dtypes=["float32", "float64"])
    points = {p.dtype: p for p in report.results}
    assert points["float64"].exact_gradient["p"] == pytest.approx(1e8, rel=1e-6)
    assert points["float32"].exact_gradient["p"] == 0
    assert points["float32"].status == "ok"
