"""A JAX program's own copies of its constants keep the sharing of its nested jaxprs: a nested jaxpr that several
equations call (a library's ``gammasgn``, called at five places of ``hyp2f1``) is one copy called at each, so the
copy's text is the original's and XLA compiles one program for a library call met in the forward graph and in the
gradient's program (tests/test_jax56_library_calls.py counts them in a check of hyp2f1)."""

import jax
import numpy as np

from gradcli.capture.jax_modes import own_constants

HALF = np.array(0.5)  # a 0-d array: a literal of the jaxpr, which `own_constants` copies


@jax.jit
def halved(x):
    return x * HALF


def twice_halved(x):
    return halved(x) + halved(x * 2.0)


def test_a_shared_nested_jaxpr_is_copied_once_and_stays_shared():
    closed = jax.make_jaxpr(twice_halved)(np.float32(1.0))
    original = [eqn.params["jaxpr"] for eqn in closed.jaxpr.eqns if "jaxpr" in eqn.params]
    assert len(original) == 2 and original[0] is original[1]
    copied = own_constants(closed, literals=True)
    copies = [eqn.params["jaxpr"] for eqn in copied.jaxpr.eqns if "jaxpr" in eqn.params]
    assert copies[0] is copies[1] and copies[0] is not original[0]
    (literal,) = [v for v in copies[0].jaxpr.eqns[0].invars if hasattr(v, "val")]
    (written,) = [v for v in original[0].jaxpr.eqns[0].invars if hasattr(v, "val")]
    assert literal.val is not written.val and float(literal.val) == 0.5  # a copy, JAX's conversion let go
    assert str(copied) == str(closed)
