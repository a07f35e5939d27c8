"""JAX's loops (``scan``, ``while``) replayed iteration by iteration with gradcli's operations.

``lax.scan``, ``lax.map``, ``lax.fori_loop`` with a trip count known when
traced (a scan), and ``lax.while_loop`` reach a jaxpr as one equation holding
the loop's body as a sub-jaxpr. The walker compiles each sub-jaxpr once into a
program of gradcli operations and hands it to a rule here, which runs it as
many times as the loop does, on whatever numbers the replay carries (arrays of
a dtype, mpmath numbers, balls). Nothing is unrolled at capture: a while loop's
condition is evaluated on the point's own values at every iteration, so the
replay takes exactly the trips JAX takes there (on balls a condition too close
to call raises, as every undecided comparison does, and the exact reference
turns to mpmath). The backward graph of a scan is a scan, replayed the same way.
"""

from __future__ import annotations

import contextlib
import contextvars

import numpy as np

import gradcli.numpy as gnp

from ..autodiff.arb import NoArb
from ..autodiff.values import raw
from .exact_constants import BALL, MP, PROOF, kind_of, precision
from .loop_trips import turns


def _stacked(parts, shape, dtype):
    """``parts`` (one value per iteration) stacked along a new first axis; an empty loop's zeros of ``shape``."""
    if not parts:
        return np.zeros(shape, dtype=dtype)
    return gnp.stack(list(parts), axis=0)


def scan_rule(params, compile_body):
    """The replay of a ``scan`` equation: its body run ``length`` times, carries threaded, outputs stacked."""
    body = compile_body(params["jaxpr"])
    consts_n, carry_n = int(params["num_consts"]), int(params["num_carry"])
    length, reverse = int(params["length"]), bool(params.get("reverse", False))

    def scan(rule_params, *operands):
        consts = list(operands[:consts_n])
        carry = list(operands[consts_n : consts_n + carry_n])
        xs = operands[consts_n + carry_n :]
        ys = [[None] * length for _ in rule_params["_out"][carry_n:]]
        for i in reversed(range(length)) if reverse else range(length):
            out = body.run(consts + carry + [x[i] for x in xs])
            carry = list(out[:carry_n])
            for column, y in zip(ys, out[carry_n:]):
                column[i] = y
        stacked = [
            _stacked(column, shape, dtype)
            for column, shape, dtype in zip(ys, rule_params["_out"][carry_n:], rule_params["_dtypes"][carry_n:])
        ]
        return carry + stacked

    return scan


def while_rule(params, compile_body, where=None, solver=None):
    """The replay of a ``while`` equation: its body run while its condition holds at the replayed values; ``where``:
    the user's line of the loop, named if it is stopped.

    A condition giving an array (a loop JAX batched, ``jax.scipy.special.exp1``'s series over each entry) runs
    while any entry holds, and each carry keeps the body's new values only where its own entry's does, as
    JAX's lowering selects them.

    A ``solver`` (`Solver`: a loop in the primal of a user's custom rule, a bisection or a Newton iteration that
    stops at its own tolerance) is run on mpmath numbers past its stopping test until its state stops changing at
    the working precision (`_moved`): what it converges to, the function its rule differentiates, whose differences at
    growing precision are that function's slope (the loop's own end is off it by its tolerance, and where it
    chooses its state by comparisons a step function of its input, its slope 0 between the steps). Where the state
    never settles, or stops converging, the loop as written stands (``solver.settled`` says which, at the point
    `solving_at` names). On balls it raises `NoArb`, so the exact reference takes mpmath's numbers.
    """
    condition = compile_body(params["cond_jaxpr"])
    body = compile_body(params["body_jaxpr"])
    cond_n, body_n = int(params["cond_nconsts"]), int(params["body_nconsts"])
    named = f"a lax.while_loop{f' at {where}' if where else ''}"

    def loop(rule_params, *operands):
        cond_consts = list(operands[:cond_n])
        body_consts = list(operands[cond_n : cond_n + body_n])
        carry = list(operands[cond_n + body_n :])
        kind = kind_of(operands) if solver is not None else None  # a bracket of constants: the body reads the input
        if kind in (BALL, PROOF):
            raise NoArb(f"{named} is a solver, whose limit the exact reference finds on mpmath's numbers")
        ended, past, moves = None, 0, []
        for _ in turns(condition, named):
            if ended is not None:  # a solver past its own end: on until its state stops changing
                stepped = list(body.run(body_consts + carry))
                past += 1
                moves.append(_moved(stepped, carry))
                if moves[-1] <= 2 ** (_UNITS - precision(MP)):
                    solver.settled[point_key(_POINT.get())] = True
                    return _reading(stepped, operands)
                if past > _PAST_THE_END * precision(MP) or _not_converging(moves):
                    solver.settled[point_key(_POINT.get())] = False
                    return ended  # no limit at this precision: the loop as written
                carry = stepped
                continue
            (going,) = condition.run(cond_consts + carry)
            going = np.asarray(raw(going)).astype(bool)
            if not going.any():
                if kind != MP:
                    return carry
                ended = carry
                continue
            stepped = list(body.run(body_consts + carry))
            carry = stepped if going.ndim == 0 else [_where_going(going, new, old) for new, old in zip(stepped, carry)]

    return loop


# A solver's trips past its own end, per bit of the working precision: a bisection halves its bracket once a trip.
_PAST_THE_END = 2


class Solver:
    """A while loop in the primal of a user's custom rule, which the exact reference runs to its limit (`while_rule`):
    whether it chooses its state by comparisons (`solver_loop`), and, by the point of the run (`point_key`), whether
    the last exact run there settled: the exact references of all a check's points run before the first is judged,
    so each point reads its own."""

    __slots__ = ("by_comparisons", "settled")

    def __init__(self, by_comparisons):
        self.by_comparisons, self.settled = by_comparisons, {}


_POINT = contextvars.ContextVar("gradcli_solver_point", default=None)  # the float inputs of the run `solving_at` names


@contextlib.contextmanager
def solving_at(floats):
    """Inside it, each solver's exact run (`while_rule`) is recorded as one at the point whose float inputs are
    ``floats`` (`Solver.settled`)."""
    token = _POINT.set(floats)
    try:
        yield
    finally:
        _POINT.reset(token)


def point_key(floats):
    """The point whose float inputs are ``floats`` (float arrays, or mpmath's numbers of a run at that point), as a
    hash of their float64 values: an exact run at the point a float run holds has the key of its arguments (None:
    no point named)."""
    if floats is None:
        return None
    return hash(tuple(float(entry) for leaf in floats for entry in np.asarray(raw(leaf), dtype=object).ravel()))


def _reading(carry, operands):
    """A solver's limit ``carry``, each value joined to the exact numbers among the loop's ``operands`` by a select
    that keeps it: the limit is a function of them, though the loop's steps only compare them, and a traced run's
    graph reaches them (`reference_mpmath.unread_inputs` claims no slope 0 for an input a solver reads)."""
    read = [gnp.sum(value) for value in operands if kind_of([value]) == MP]
    if not read:
        return carry
    joined = read[0] if len(read) == 1 else gnp.sum(gnp.stack(read))
    return [gnp.where(True, value, joined) if kind_of([value]) == MP else value for value in carry]


def _moved(new, old):
    """How far a loop's carried numbers moved in a trip, relative to their size (the largest move; 0 where none
    did); its counters, integers, left out."""
    largest = 0
    for a, b in zip(new, old):
        a, b = np.asarray(raw(a)), np.asarray(raw(b))
        if a.dtype.kind in "biu" and b.dtype.kind in "biu":
            continue
        for one, other in zip(a.astype(object).ravel(), b.astype(object).ravel()):
            if one != other:
                size = max(abs(one), abs(other))
                largest = max(largest, abs(one - other) / size if size else 0)
    return largest


def _not_converging(moves):
    """Whether a loop run past its end moves no less in each of its last trips than in the one before (a loop that
    grows or cycles, no solver): its limit is not looked for further."""
    last = moves[-_STALLS - 1:]
    return len(last) > _STALLS and all(later >= earlier for earlier, later in zip(last, last[1:]))


# How many of the working precision's last bits a settled solver's state may still move by in a trip (a Newton
# iteration may step between two neighbours there forever), and how many trips in a row a solver past its end may
# move no less than before.
_UNITS, _STALLS = 8, 3


def solver_loop(params):
    """Whether a ``while`` equation's body chooses its state by comparisons of floats (a ``select_n``, and an order
    of two floats: a bisection, a bracketing search), so that its end is a step function of its inputs; a choice by
    an integer counter leaves the state a smooth function of them."""
    found = set()

    def walk(jaxpr):
        for eqn in jaxpr.eqns:
            floats = all(np.dtype(getattr(v.aval, "dtype", np.float64)).kind == "f" for v in eqn.invars)
            found.add("order of floats" if eqn.primitive.name in _ORDERS and floats else eqn.primitive.name)
            for value in eqn.params.values():
                inner = getattr(value, "jaxpr", value)
                if hasattr(inner, "eqns"):
                    walk(inner)

    walk(params["body_jaxpr"].jaxpr)
    return {"select_n", "order of floats"} <= found


_ORDERS = ("lt", "le", "gt", "ge")


def _where_going(going, new, old):
    """``new`` where the batched condition ``going`` holds (its shape the leading axes of the carry's), else ``old``."""
    shape = np.shape(raw(old))
    return gnp.where(np.reshape(going, going.shape + (1,) * (len(shape) - going.ndim)), new, old)


def linear_solve_rule(params, compile_body):
    """The replay of a ``custom_linear_solve`` (``jnp.linalg.solve``, ``inv``): its primal, the ``solve`` jaxpr, on b.

    The equation's operands are the constants of its four jaxprs in the order
    matvec, vecmat, solve, transpose_solve, then the right-hand side.
    """
    lengths = params["const_lengths"]
    start = int(lengths.matvec) + int(lengths.vecmat)
    count = int(lengths.solve)
    solve = compile_body(params["jaxprs"].solve)
    total = sum(int(n) for n in lengths)

    def linear_solve(rule_params, *operands):
        return solve.run(list(operands[start : start + count]) + list(operands[total:]))

    return linear_solve


# Loop primitive -> rule(params, compile_body) giving the equation's replay; ``compile_body(closed_jaxpr)``
# is the walker's: a sub-jaxpr as a program of gradcli operations on the user's lines.
LOOPS = {
    "scan": scan_rule,
    "while": while_rule,
    "custom_linear_solve": linear_solve_rule,
}
