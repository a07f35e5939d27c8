"""The backward pass writes only into arrays of its own: never an input, a value the user holds, or a gradient it gave back.

The core computes some cotangents in place (a rule's own temporaries, sums of
cotangents, a cotangent handed to its only reader). These tests run every op
of the op tables inside a loss that exercises each of those paths, with the
inputs and every forward value the function keeps made read-only (a write
into one raises), and compare everything with copies afterwards. The
results must also be those of the plain path (no in-place work at all, as
when a hook watches the ops) as far as the ops promise (see ``bitlevel``):
bit for bit where every op on the way is elementwise, within a few ulps where
a sum or contraction is (the loss's own sums, so its value, always are).

Only arrays of at least ``buffers.LARGE_BYTES`` are worked on in place;
these tests lower that to 0 so that their small arrays take every in-place
path, and one test checks that a large array does at the default.
"""

from __future__ import annotations

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import buffers, core, hooks

import opcheck
from bitlevel import ULPS, assert_same_bits, assert_within_ulps
from each_case import failing_cases

pytestmark = pytest.mark.bitlevel

ELEMENTWISE = [(name, fun, [domain]) for name, fun, domain in opcheck.UNARY + opcheck.SPECIAL_UNARY] + [
    (name, fun, list(domains)) for name, fun, domains in opcheck.BINARY + opcheck.SPECIAL_BINARY
]
# Ops whose gradient may sum: repeats, broadcasts and repeated indices sum
# cotangents; contractions and linalg routines are sums. The ops that only
# move elements (reshape, transpose, slices) keep every bit, but share these
# lists with repeat, tile and repeated indices: all are held to the bound.
SUMMING = opcheck.SHAPE_CASES + opcheck.INDEX_CASES + opcheck.LINALG_CASES


@pytest.fixture(autouse=True)
def every_array_in_place(monkeypatch):
    # Every array is then also pooled: a value reused while someone holds it shows here.
    monkeypatch.setattr(buffers, "LARGE_BYTES", 0)
    buffers.release()
    yield
    buffers.release()


def _case_args(domains_or_specs, elementwise):
    if elementwise:
        return [opcheck.sample(domain, (3, 4)) for domain in domains_or_specs]
    return [np.asarray(a, dtype=np.float64) for a in opcheck.make_args(domains_or_specs)]


# (name, family, (op, its inputs' domains or specs, how to draw them, what its gradients promise))
CASES = (
    [(name, "elementwise", (fun, domains, True, assert_same_bits)) for name, fun, domains in ELEMENTWISE]
    + [(name, "selection", (fun, specs, False, assert_same_bits)) for name, fun, specs in opcheck.SELECTIONS]
    + [(name, "summing", (fun, specs, False, assert_within_ulps)) for name, fun, specs in SUMMING]
    + [
        (f"{name}{shape}-{axis}", "reduction", (fun, [(domain, shape), axis], "reduction", assert_within_ulps))
        for name, fun, domain, axes in opcheck.REDUCTIONS
        for shape, axis in axes[-3:]
    ]
)
FAMILIES = ("elementwise", "selection", "summing", "reduction")


def _frozen(value):
    """``value`` made read-only when it is an array (then any write into it raises)."""
    if isinstance(value, np.ndarray):
        value.flags.writeable = False
    return value


def _inputs(fun, spec, kind):
    if kind == "reduction":
        (domain, shape), axis = spec
        return (lambda x: fun(x, axis=axis)), [opcheck.sample(domain, shape)]
    return fun, _case_args(spec, kind)


def _loss(fun, held):
    """A loss around ``fun`` that takes every in-place path: owned and shared cotangents, sums, kept values.

    ``held`` gets each forward value the user keeps, with a copy of it as it was then.
    """

    def loss(*args):
        out = fun(*args)
        kept = _frozen(gradcli.stop_gradient(out))  # a forward value the user keeps
        held.append((kept, np.copy(kept)))
        # Both exps get the one cotangent of the sum (neither may write into it); each
        # negative and multiply below them gets a cotangent of its own (it may).
        both = (gnp.exp(-(out * 0.5)) + gnp.exp(out * 0.25)) * 1.5
        return gnp.sum(both) + gnp.sum(gnp.tanh(out) * out) + gnp.sum(out)  # out's cotangents meet

    return loss


def _forward_mode_gradient(loss, args):
    """The gradient by forward mode, one basis direction at a time: no backward pass at all."""
    grads = []
    for i, a in enumerate(args):
        g = np.zeros(a.shape)
        for j in np.ndindex(a.shape):
            tangents = [np.zeros(b.shape) for b in args]
            tangents[i][j] = 1.0
            g[j] = gradcli.jvp(loss, args, tangents)[1]
        grads.append(g)
    return grads


def _value_and_grads(fun, args, held):
    argnums = tuple(range(len(args)))
    return gradcli.value_and_grad(_loss(fun, held), argnums=argnums)(*args)


@pytest.mark.parametrize("family", FAMILIES)
def test_backward_pass_writes_into_no_input_and_no_held_value(family):
    # Every case of the family in a loop (`failing_cases` names each failing op and why): 247 cheap cases as
    # pytest items would cost more in pytest than in the checks.
    def check(name):
        buffers.release()  # each case starts from an empty pool, as a test of its own does
        _check_against_the_plain_path(*_case(name))

    assert failing_cases(check, [(name,) for name, of, _ in CASES if of == family]) == {}


def _check_against_the_plain_path(fun, spec, kind, gradients_agree):
    fun, args = _inputs(fun, spec, kind)
    copies = [a.copy() for a in args]
    args = [_frozen(a) for a in args]
    held = []
    value, grads = _value_and_grads(fun, args, held)
    # The plain path (a hook watching: nothing is computed in place), on the arrays the pool now holds.
    hooks.backward = lambda node, g, cotangents: None
    try:
        plain_value, plain_grads = _value_and_grads(fun, [c.copy() for c in copies], [])
    finally:
        hooks.backward = None
    for a, c in zip(args, copies):
        assert_same_bits(a, c)
    # The values the function kept are still what the forward pass computed.
    for kept, as_it_was in held:
        assert_same_bits(kept, as_it_was)
    # The two paths give what the ops promise.
    assert_within_ulps(value, plain_value)  # the loss sums: a reduction on arrays in other memory
    for got, want in zip(grads, plain_grads):
        gradients_agree(got, want)
    # And they are right: forward mode, which has no backward pass to get wrong, agrees.
    reference = _forward_mode_gradient(_loss(fun, []), [c.copy() for c in copies])
    for got, want in zip(grads, reference):
        np.testing.assert_allclose(got, want, rtol=1e-9, atol=1e-12)


def _case(name):
    """The parameters of the case named ``name``."""
    (values,) = [values for case_name, _, values in CASES if case_name == name]
    return values


def _in_place_sums_off_by(ulps):
    """The backward pass's in-place sum of cotangents, ``ulps`` units in the last place too large."""
    add_arrays = core._add_arrays

    def off(prev, ct, prev_owned, ct_owned):
        total = add_arrays(prev, ct, prev_owned, ct_owned)
        return total * (1 + ulps * np.finfo(total.dtype).eps)

    return off


# Test the tester: the check fails when the in-place path really goes wrong.


@pytest.mark.parametrize("name", ["tanh", "multiply", "where"])
def test_the_check_fails_when_an_elementwise_gradient_is_one_ulp_off(name, monkeypatch):
    monkeypatch.setattr(core, "_add_arrays", _in_place_sums_off_by(1))
    with pytest.raises(AssertionError, match="not equal"):
        _check_against_the_plain_path(*_case(name))


@pytest.mark.parametrize("name", ["repeat counts", "einsum transpose", "matmul batched", "std(2, 3, 4)-1"])
def test_the_check_fails_when_a_summed_gradient_is_off_beyond_its_bound(name, monkeypatch):
    monkeypatch.setattr(core, "_add_arrays", _in_place_sums_off_by(1))
    _check_against_the_plain_path(*_case(name))  # within the bound: what a kernel may do
    monkeypatch.setattr(core, "_add_arrays", _in_place_sums_off_by(3 * ULPS))
    with pytest.raises(AssertionError, match="Not equal to tolerance"):
        _check_against_the_plain_path(*_case(name))


@pytest.mark.parametrize("name", ["exp", "repeat counts"])
def test_the_check_fails_when_the_pass_writes_into_arrays_it_does_not_own(name, monkeypatch):
    monkeypatch.setattr(core, "_own", lambda *args: True)
    with pytest.raises((AssertionError, ValueError)):
        _check_against_the_plain_path(*_case(name))


@pytest.mark.parametrize("name", ["exp", "repeat counts"])
def test_the_check_fails_when_the_pool_reuses_a_held_value(name, monkeypatch):
    # Unfrozen, a held value may reach the pool; a pool blind to who holds it reuses it.
    monkeypatch.setattr(buffers, "_pop_counted", lambda dying: (dying.pop(), buffers._ALONE))
    monkeypatch.setitem(globals(), "_frozen", lambda value: value)
    with pytest.raises(AssertionError, match="not equal"):
        _check_against_the_plain_path(*_case(name))


def _chain(x, y):
    z = x * y
    return gnp.exp(-z) * 2.0 + gnp.tanh(z) * z + gnp.log1p(z * z)


def test_gradients_given_back_are_never_written_again():
    # A vjp's pullback run twice on one trace: the second pass writes into
    # nothing the first one returned, nor into the cotangent it was given.
    rng = np.random.default_rng(3)
    x, y = _frozen(rng.standard_normal(50)), _frozen(rng.standard_normal(50))
    out, pullback = gradcli.vjp(_chain, x, y)
    _frozen(out)
    u = _frozen(np.ones(50))
    first = pullback(u)
    kept = [f.copy() for f in first]
    second = pullback(_frozen(np.full(50, 2.0)))
    for f, k in zip(first, kept):
        np.testing.assert_array_equal(f, k)
    for f, s in zip(first, second):
        assert not np.shares_memory(f, s)
        np.testing.assert_array_equal(s, 2.0 * f)


def test_the_gradients_of_two_inputs_are_independent_arrays_when_computed_in_place():
    # x receives three cotangents, summed in place: the sum is x's alone.
    rng = np.random.default_rng(4)
    x, y = rng.standard_normal(20), rng.standard_normal(20)
    gx, gy = gradcli.grad(lambda a, b: gnp.sum(gnp.exp(-a) * b + gnp.tanh(a) + a * a), argnums=(0, 1))(x, y)
    assert not np.shares_memory(gx, gy)
    want_x = -np.exp(-x) * y + 1 / np.cosh(x) ** 2 + 2 * x
    np.testing.assert_allclose(gx, want_x, rtol=1e-14)
    np.testing.assert_allclose(gy, np.exp(-x), rtol=1e-15)


def test_a_hessian_through_in_place_rules_is_unchanged():
    # Second order: the inner pass runs its rules on traced values, never in place.
    x = np.linspace(-1.5, 1.5, 7)
    h = gradcli.hessian(lambda v: gnp.sum(gnp.exp(-v) * gnp.tanh(v)))(x)
    sech2 = 1 / np.cosh(x) ** 2
    d2 = np.exp(-x) * (np.tanh(x) - 2 * sech2 - 2 * np.tanh(x) * sech2)
    np.testing.assert_allclose(h, np.diag(d2), rtol=1e-13, atol=1e-15)


def test_a_large_array_is_worked_on_in_place_at_the_default_threshold(monkeypatch):
    # tracemalloc counts every NumPy allocation: the peak is exact, not timed.
    # sum(tanh(x)*exp(-x**2) + log1p(x**2)) peaks at 2.0x its plain forward when the pass works in
    # place, 2.33x when it makes a new array at every step.
    import tracemalloc

    monkeypatch.undo()
    assert buffers.LARGE_BYTES == 1 << 17
    x = np.random.default_rng(0).standard_normal(1 << 20)  # 8 MiB, far above the threshold

    def objective(np_, x):
        return np_.sum(np_.tanh(x) * np_.exp(-(x**2)) + np_.log1p(x**2))

    value_and_grad = gradcli.value_and_grad(lambda x: objective(gnp, x))
    value_and_grad(x[:4])  # anything made once, on first use, is not the pass's

    def peak(run):
        tracemalloc.start()
        try:
            run()
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    forward = peak(lambda: objective(np, x))
    assert peak(lambda: value_and_grad(x)) <= 2.05 * forward
