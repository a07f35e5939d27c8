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
On a proof's exact quotients, a loop whose numbers lengthen trip after trip gives the proof up (`_Lengthening`).
"""

from __future__ import annotations

import contextlib
import contextvars
import math

import numpy as np

import gradcli.numpy as gnp

from ..autodiff import arb as arb_core
from ..autodiff import arb_proof, arb_proof_quotients as quotients
from ..autodiff.arb import Jet, NoArb
from ..autodiff.ops_special import BeyondNumbers
from ..autodiff.values import raw
from .exact_constants import BALL, MP, PROOF, kind_of, loaded_mpmath, off_the_path, precision
from .loop_trips import Cycle, LoopNeverEnds, turns


def _stacked(parts, shape, dtype):
    """``parts`` (one value per iteration) stacked along a new first axis; an empty loop's zeros of ``shape``."""
    if not parts:
        return np.zeros(shape, dtype=dtype)
    return gnp.stack(list(parts), axis=0)


def scan_rule(params, compile_body, where=None, solver=None):
    """The replay of a ``scan`` equation: its body run ``length`` times, carries threaded, outputs stacked; ``where``:
    the user's line of the loop.

    A ``solver`` (`Solver`: a scan of no inputs and no outputs but its carry, as a ``lax.fori_loop`` of a fixed trip
    count becomes, in the primal of a user's custom rule: a Newton iteration run a fixed number of times) is run on
    exact numbers past its last trip to its limit, as a while loop's is (`while_rule`): its N-th iterate's slope is
    off the limit's by more than its value is (a Newton iteration's, by its value's error over the last step's).
    """
    body = compile_body(params["jaxpr"])
    consts_n, carry_n = int(params["num_consts"]), int(params["num_carry"])
    length, reverse = int(params["length"]), bool(params.get("reverse", False))
    named = f"a lax.scan{f' at {where}' if where else ''}"

    def scan(rule_params, kind, *operands):
        consts = list(operands[:consts_n])
        carry = list(operands[consts_n : consts_n + carry_n])
        xs = operands[consts_n + carry_n :]
        ys = [[None] * length for _ in rule_params["_out"][carry_n:]]
        lengthening = _Lengthening(operands, named)
        for i in reversed(range(length)) if reverse else range(length):
            out = body.run(consts + carry + [x[i] for x in xs])
            carry = list(out[:carry_n])
            lengthening.trip(carry)
            for column, y in zip(ys, out[carry_n:]):
                column[i] = y
        if kind is not None:
            return _past_its_end(body, consts, carry, operands, solver, named, kind)
        stacked = [
            _stacked(column, shape, dtype)
            for column, shape, dtype in zip(ys, rule_params["_out"][carry_n:], rule_params["_dtypes"][carry_n:])
        ]
        return carry + stacked

    return _run_as_solver(solver, named, scan)


def fixed_iteration(params):
    """Whether a ``scan`` equation iterates its carry alone a fixed number of times (no inputs scanned over, no
    outputs stacked: a ``lax.fori_loop`` with trip counts known when traced) by one map, the form a solver of fixed
    trips takes: a loop whose steps read their trip count (a series' terms, a table's entry by trip) is no solver."""
    jaxpr = params["jaxpr"].jaxpr
    consts, carry = int(params["num_consts"]), int(params["num_carry"])
    return (len(jaxpr.invars) == consts + carry and len(jaxpr.outvars) == carry
            and not reads_its_count(jaxpr, jaxpr.invars[consts:]))


def reads_its_count(jaxpr, carried, counted=()):
    """Whether a loop body ``jaxpr`` computes a float it carries on from an integer among its ``carried`` inputs (a
    trip count: ``fori_loop``'s index, a while loop's counter), or from one at the positions ``counted`` (a float
    counter, `counters`): a sum of terms or a recurrence of its own trips, not one map iterated towards a fixed point;
    an equation reading such a value counts as reading it in all it gives."""
    read = {id(v) for k, v in enumerate(carried)
            if k in counted or np.dtype(getattr(v.aval, "dtype", np.float64)).kind in "iu"}
    for eqn in jaxpr.eqns:
        if any(id(v) in read for v in eqn.invars):
            read.update(id(v) for v in eqn.outvars)
    return any(id(v) in read and np.dtype(getattr(v.aval, "dtype", np.float64)).kind in "fc" for v in jaxpr.outvars)


def counters(jaxpr, consts):
    """The positions of a loop body's carried values (after its ``consts`` inputs) that each trip steps by a constant,
    ``k + 1`` in floats or integers: its trip counts, which never settle however far a series runs."""
    carried = jaxpr.invars[consts:]
    made = {id(out): eqn for eqn in jaxpr.eqns for out in eqn.outvars}
    found = set()
    for position, (var, out) in enumerate(zip(carried, jaxpr.outvars)):
        eqn = made.get(id(out))
        if (eqn is not None and eqn.primitive.name in ("add", "sub") and any(v is var for v in eqn.invars)
                and any(type(v).__name__ == "Literal" for v in eqn.invars)):
            found.add(position)
    return found


def while_rule(params, compile_body, where=None, solver=None):
    """The replay of a ``while`` equation: its body run while its condition holds at the replayed values; ``where``:
    the user's line of the loop, named if it is stopped.

    A condition giving an array (a loop JAX batched, ``jax.scipy.special.exp1``'s series over each entry) runs
    while any entry holds, and each carry keeps the body's new values only where its own entry's does, as
    JAX's lowering selects them.

    A ``solver`` (`Solver`: a loop in the primal of a user's custom rule, a bisection or a Newton iteration that
    stops at its own tolerance) is run on exact numbers past its stopping test until its state stops changing at
    the working precision (`_moved`): what it converges to, the function its rule differentiates, whose differences at
    growing precision are that function's slope (the loop's own end is off it by its tolerance, and where it
    chooses its state by comparisons a step function of its input, its slope 0 between the steps). Where the state
    never settles, or stops converging, the loop as written stands (``solver.settled`` says which, at the point
    `solving_at` names). On balls too, each ball of its limit widened by what a trip may still move it; jets run
    it where its state is a smooth function of its input.
    """
    condition = compile_body(params["cond_jaxpr"])
    body = compile_body(params["body_jaxpr"])
    cond_n, body_n = int(params["cond_nconsts"]), int(params["body_nconsts"])
    named = f"a lax.while_loop{f' at {where}' if where else ''}"
    watched = _deciding(params)

    def loop(rule_params, kind, *operands):
        cond_consts = list(operands[:cond_n])
        body_consts = list(operands[cond_n : cond_n + body_n])
        carry = list(operands[cond_n + body_n :])
        lengthening = _Lengthening(operands, named)
        cycle = Cycle() if kind_of(operands) is None else None  # a float run: one that comes back never ends
        for trip in turns(condition, named):
            (going,) = condition.run(cond_consts + carry)
            going = np.asarray(raw(going)).astype(bool)
            if not going.any():
                if kind is None:
                    return carry
                return _past_its_end(body, body_consts, carry, operands, solver, named, kind)
            stepped = list(body.run(body_consts + carry))
            carry = stepped if going.ndim == 0 else [_where_going(going, new, old) for new, old in zip(stepped, carry)]
            lengthening.trip(carry)
            earlier = cycle.came_back([raw(carry[k]) for k in watched], trip + 1) if cycle is not None else 0
            if earlier:
                raise _never_ends(named, where, carry, trip + 1, earlier)

    return _run_as_solver(solver, named, loop)


def _deciding(params):
    """The positions of a ``while`` equation's carried values that decide its later trips: all but the counters
    (`counters`) that neither its condition nor its body reads except to step them (``k + 1`` carried along for
    the caller), which never come back though the state that decides does."""
    body, cond = params["body_jaxpr"].jaxpr, params["cond_jaxpr"].jaxpr
    body_n, cond_n = int(params["body_nconsts"]), int(params["cond_nconsts"])
    carried = len(body.outvars)
    free = set()
    for k in counters(body, body_n):
        var, in_cond = body.invars[body_n + k], cond.invars[cond_n + k]
        readers = [eqn for eqn in body.eqns if any(v is var for v in eqn.invars)]
        stepped_only = len(readers) == 1 and any(out is body.outvars[k] for out in readers[0].outvars)
        unread = not any(v is in_cond for eqn in cond.eqns for v in eqn.invars) and in_cond not in cond.outvars
        if stepped_only and unread and not any(out is var for out in body.outvars):
            free.add(k)
    return [k for k in range(carried) if k not in free]


def _never_ends(named, where, carry, trips, earlier):
    """The `LoopNeverEnds` of a float run whose state after ``trips`` trips is its state after ``earlier``."""
    floats = [np.asarray(raw(v)) for v in carry if np.asarray(raw(v)).dtype.kind == "f"]
    dtype = floats[0].dtype if floats else None
    run = f"in {dtype.name}" if dtype is not None else "in its dtype"
    period = trips - earlier
    how = "stands still" if period == 1 else f"steps through the same {period} states"
    return LoopNeverEnds(
        f"{named} never ends {run} at this point: after {trips} trips its state was the one it had after {earlier} "
        f"(it {how}) with its condition still true, so the program's own run loops for ever: its stopping test asks "
        f"for what {dtype.name if dtype is not None else 'the dtype'} never reaches there (most often a tolerance "
        "finer than the dtype's rounding of the numbers it compares)", named, trips, where, dtype)


class _Lengthening:
    """A loop's watch on proof numbers (`exact_constants.PROOF`: a proof of 0, `arb_proof`), which gives the proof up
    (`arb_proof.NoProof`) once the carried exact quotients have lengthened in each of `_LENGTHENING_TRIPS` trips in a
    row: an iteration towards a fixed point (a Riccati step, Newton's) gains bits or terms every trip, so its trips
    cost ever more (300 Riccati steps: minutes) and no trip count bounds them, while the balls settle its slopes
    anyway. On other numbers it watches nothing."""

    __slots__ = ("named", "sizes")

    def __init__(self, operands, named):
        self.named = named
        self.sizes = [] if kind_of(operands) == PROOF else None

    def trip(self, carry):
        """Note the size of ``carry`` after one trip, raising `arb_proof.NoProof` where it keeps lengthening."""
        if self.sizes is None:
            return
        self.sizes.append(_proof_size(carry))
        last = self.sizes[-_LENGTHENING_TRIPS - 1:]
        if len(last) > _LENGTHENING_TRIPS and all(later > earlier for earlier, later in zip(last, last[1:])):
            raise arb_proof.NoProof(f"{self.named} lengthens its exact numbers every trip")


def _proof_size(carry):
    """The size of a loop's carried proof numbers: the terms and leading coefficients' bits of every quotient they
    hold (values and slopes), summed."""
    total = 0
    for value in carry:
        held = raw(value)
        entries = held.ravel() if isinstance(held, np.ndarray) and held.dtype == object else [held]
        for entry in entries:
            entry = raw(entry)
            if type(entry) is not arb_proof.Sym:
                continue
            for quotient in [entry.q, *(entry.d or ())]:
                if quotient is not None:
                    total += sum(len(part) + quotients._bits(part) for part in quotient)
    return total


# The trips in a row whose carried proof numbers lengthen, past which a loop gives its proof up: a short scan (a
# polynomial's few terms, a sum over a handful of entries) still proves its zeros.
_LENGTHENING_TRIPS = 6


def _run_as_solver(solver, named, run):
    """A loop's rule from ``run(rule_params, kind, *operands)``, handed the kind of exact numbers a ``solver`` runs
    to its limit on (`_exact_kind`: None for a float run or no solver). On balls the solver's comparisons are
    decided off the program's path (`exact_constants.off_the_path`): its steps choose its state by comparisons whose
    outcomes change within any difference step, while the limit it runs to is one smooth function there."""

    def rule(rule_params, *operands):
        kind = _exact_kind(solver, operands, named)  # of all operands: a bracket of constants reads the input
        with off_the_path() if kind == BALL else contextlib.nullcontext():
            return run(rule_params, kind, *operands)

    return rule


def _exact_kind(solver, operands, named):
    """The kind of exact numbers (`exact_constants.kind_of`) a ``solver``'s loop runs on here, which it runs to its
    limit: mpmath's or balls (jets too, where the solver's state is a smooth function of its input); None for a
    float run or no solver. A proof's numbers, and jets through a solver choosing its state by comparisons (whose
    slope they would take as the steps' 0), raise `NoArb`: the reference turns to differences of the limit."""
    kind = kind_of(operands) if solver is not None else None
    if kind == PROOF or (kind == BALL and solver.by_comparisons and _holds_jets(operands)):
        raise NoArb(f"{named} is a solver, whose limit's slope the exact reference finds by differences")
    return kind


def _holds_jets(values):
    """Whether ``values`` (a loop's operands) hold jets: forward mode's balls, carrying slopes."""
    for value in values:
        value = raw(value)
        first = value.flat[0] if isinstance(value, np.ndarray) and value.dtype == object and value.size else value
        if type(raw(first)) is Jet:
            return True
    return False


def _past_its_end(body, consts, carry, operands, solver, named, kind):
    """A solver's state ``carry`` at its own end, run on (``body`` on ``consts`` and the state) until it stops
    changing at the working precision: its limit (`_reading`; on balls each widened by what a trip may still move
    it, `_widened`), or ``carry`` itself where it grows or cycles instead. What it did is recorded at the point
    `solving_at` names (`Solver.settled`)."""
    at, ended, moves, value_moves = point_key(_POINT.get()), carry, [], []
    settled = _unit(kind, _UNITS - precision(kind))
    watched = range(len(carry)) if solver.watched is None else solver.watched
    for past in turns(body, f"{named}, run past its end to its limit,"):
        stepped = list(body.run(consts + carry))
        moves.append(_moved([stepped[k] for k in watched], [carry[k] for k in watched]))
        # by its value alone: how far its end is from its limit, and whether it converges (a jet's slopes may
        # still move more each trip while its value closes in: they follow it)
        value_moves.append(_moved([stepped[k] for k in watched], [carry[k] for k in watched], slopes=False))
        if not past:
            first = float(value_moves[0])
        if moves[-1] <= settled:
            solver.settled[at] = (True, first)
            return _reading(stepped, operands) if kind == MP else _widened(stepped, 4 * settled)
        # (a value moving within the working precision is there, jitter or not: its slopes are what still settles)
        if (value_moves[-1] > settled and _not_converging(value_moves)) or (
                past >= _PAST_THE_END * precision(kind) and not _contracting(moves, past, kind)):
            solver.settled[at] = (False, first)
            if solver.series:
                _no_limit(named, past + 1, kind)
            return ended  # no limit at this precision: the loop as written
        carry = stepped
    return ended


def _no_limit(named, trips, kind):
    """Raise what a series that does not settle past its stopping test gives the exact reference: no reference (the
    sum it stands for has no limit gradcli can find, and the terms the loop took are no function of the point's); on
    balls the reference turns to mpmath, which says so."""
    if kind != MP:
        raise NoArb(f"{named} sums a series that does not settle on balls")
    raise BeyondNumbers(f"{named} sums a series whose sum still moved after {trips} trips past its stopping test, "
                        "a limit gradcli cannot find")


def _unit(kind, exponent):
    """2 ** ``exponent`` as an exact number of ``kind`` (a float would be 0 past 2^-1074)."""
    if kind == MP:
        return loaded_mpmath().mpf(2) ** exponent
    return arb_core.ARB(2) ** exponent


def _widened(carry, relative):
    """A solver's settled state on balls, each ball (a jet's value and its slopes too) widened by ``relative`` of
    itself: its limit is within what a last trip may move it (a bisection's bracket holds its root)."""
    def wide(ball):
        return ball + arb_core.ARB(0, (abs(ball).upper() * relative).upper())

    def entry(x):
        x = raw(x)
        if type(x) is Jet:
            d = None if x.d is None else np.array([None if t is None else wide(t) for t in x.d], dtype=object)
            return Jet(wide(x.v), d)
        return wide(x) if isinstance(x, arb_core.ARB) else x

    out = []
    for value in carry:
        held = raw(value)
        if isinstance(held, np.ndarray) and held.dtype == object:
            out.append(np.array([entry(x) for x in held.ravel()], dtype=object).reshape(held.shape))
        else:
            out.append(entry(held) if held is not None else value)
    return out


# A solver's trips past its own end, per bit of the working precision: a bisection halves its bracket once a trip.
_PAST_THE_END = 2
# The most trips per bit a solver that contracts linearly is run past its end (`_contracting`).
_MOST_PAST_THE_END = 64


class Solver:
    """A loop in the primal of a user's custom rule, which the exact reference runs to its limit (`while_rule`,
    `scan_rule`): the loop's name for a note (``lax.while_loop``, ``lax.fori_loop``), whether it chooses its state by
    comparisons (`solver_loop`), and, by the point of the run (`point_key`), what the last exact run there did:
    ``(settled, moved)``, whether its state settled past its end and how far (relative) its first trip past the end
    moved it (`CONVERGED`); the exact references of all a check's points run before the first is judged, so each
    point reads its own. A ``series`` is a while loop whose steps read their trip count (`reads_its_count`: a sum of
    terms to a tolerance), run to its limit all the same and named as the series it is: its ``watched`` values (the
    sum the program reads, not its terms or its counter) settle there, and one that never does has no exact
    reference."""

    __slots__ = ("named", "by_comparisons", "settled", "series", "watched")

    def __init__(self, by_comparisons, named="lax.while_loop", series=False, watched=None):
        self.named, self.by_comparisons, self.settled, self.series = named, by_comparisons, {}, series
        self.watched = watched  # the carried values whose settling is the limit's (None: all): those read after it


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
    """The point whose float inputs are ``floats`` (float arrays, or exact numbers of a run at that point), as a
    hash of their float64 values: an exact run at the point a float run holds has the key of its arguments (None:
    no point named)."""
    if floats is None:
        return None
    return hash(tuple(_float_of(entry) for leaf in floats for entry in np.asarray(raw(leaf), dtype=object).ravel()))


def _float_of(entry):
    """The float an exact run's input ``entry`` stands at (a jet's value's, a ball's midpoint)."""
    entry = raw(entry)
    if type(entry) is Jet:
        entry = entry.v
    return float(entry.mid()) if arb_core.ARB is not None and isinstance(entry, arb_core.ARB) else float(entry)


def _reading(carry, operands):
    """A solver's limit ``carry``, each value joined to the exact numbers among the loop's ``operands`` by a select
    that keeps it: the limit is a function of them, though the loop's steps only compare them, and a traced run's
    graph reaches them (`reference_mpmath.unread_inputs` claims no slope 0 for an input a solver reads)."""
    read = [gnp.sum(value) for value in operands if kind_of([value]) == MP]
    if not read:
        return carry
    joined = read[0] if len(read) == 1 else gnp.sum(gnp.stack(read))
    return [gnp.where(True, value, joined) if kind_of([value]) == MP else value for value in carry]


def _moved(new, old, slopes=True):
    """How far a loop's carried numbers moved in a trip, relative to their size (the largest move; 0 where none
    did); its counters, integers, left out; a ball by its midpoint, a jet by its value's and (``slopes``) its
    slopes'."""
    largest = 0
    for a, b in zip(new, old):
        a, b = np.asarray(raw(a)), np.asarray(raw(b))
        if a.dtype.kind in "biu" and b.dtype.kind in "biu":
            continue
        for one, other in zip(a.astype(object).ravel(), b.astype(object).ravel()):
            for x, y in zip(_numbers(one, slopes), _numbers(other, slopes)):
                if x != y:
                    size = max(abs(x), abs(y))
                    largest = max(largest, abs(x - y) / size if size else 0)
    return largest


def _numbers(entry, slopes):
    """The numbers `_moved` compares in a carried entry: mpmath's number itself, a ball's midpoint, a jet's value's
    and (``slopes``) its slopes' midpoints."""
    entry = raw(entry)
    if type(entry) is Jet:
        d = () if entry.d is None or not slopes else entry.d
        return [entry.v.mid()] + [t.mid() for t in d if t is not None]
    if arb_core.ARB is not None and isinstance(entry, arb_core.ARB):
        return [entry.mid()]
    return [entry]


def _contracting(moves, past, kind):
    """Whether a solver past its first budget of trips converges linearly, fast enough to settle within
    `_MOST_PAST_THE_END` trips per bit of the working precision: each of its last trips moved it by at most a steady
    fraction r < 1 of the one before (a contraction of 0.91 gains a seventh of a bit a trip, past a bisection's
    budget), and the trips its moves still need to fall to the settled size, twice over, fit there. A move that
    shrinks ever more slowly (a fixed point where the contraction tends to 1) asks for more trips at each look and
    is given up once they do not fit."""
    last = moves[-_STALLS - 1:]
    if len(last) <= _STALLS or any(move == 0 for move in last):
        return False
    ratio = max(later / earlier for earlier, later in zip(last, last[1:]))
    if not ratio < 1:
        return False
    needed = (_log2(last[-1]) - (_UNITS - precision(kind))) / -_log2(ratio)
    return past + 2 * needed <= _MOST_PAST_THE_END * precision(kind)


def _log2(number):
    """log2 of a positive relative move, as a float (an mpmath number's or a ball's, however far below a double)."""
    if arb_core.ARB is not None and isinstance(number, arb_core.ARB):
        return float(number.log() / arb_core.ARB(2).log())
    if isinstance(number, float):
        return math.log2(number)
    return float(loaded_mpmath().log(number, 2))


def _not_converging(moves):
    """Whether a loop run past its end moves no less in each of its last trips than in the one before (a loop that
    grows or cycles, no solver): its limit is not looked for further."""
    last = moves[-_STALLS - 1:]
    return len(last) > _STALLS and all(later >= earlier for earlier, later in zip(last, last[1:]))


# How many of the working precision's last bits a settled solver's state may still move by in a trip (a Newton
# iteration may step between two neighbours there forever), and how many trips in a row a solver past its end may
# move no less than before.
_UNITS, _STALLS = 8, 3
# The move, relative, of a solver's first trip past its end, below which its end is its limit to a few of float64's
# last bits: a loop converged by its end (a note says how far from its limit one that moves more ends).
CONVERGED = 2.0 ** (_UNITS - 53)


def solver_loop(params):
    """Whether a ``while`` (or ``scan``) equation's body chooses its state by comparisons of floats (a ``select_n``,
    and an order of two floats: a bisection, a bracketing search), so that its end is a step function of its inputs;
    a choice by a counter (an integer, or a float stepped by a constant: `counters`) leaves the state a smooth
    function of them."""
    found = set()

    def walk(jaxpr, counted):
        for eqn in jaxpr.eqns:
            if all(id(v) in counted or type(v).__name__ == "Literal" for v in eqn.invars):
                counted.update(id(v) for v in eqn.outvars)  # a trip count's parity, a sign by trip: no choice of state
                continue
            if eqn.primitive.name == "select_n" and id(eqn.invars[0]) in counted:
                continue
            floats = all(np.dtype(getattr(v.aval, "dtype", np.float64)).kind == "f" for v in eqn.invars)
            found.add("order of floats" if eqn.primitive.name in _ORDERS and floats else eqn.primitive.name)
            for value in eqn.params.values():
                inner = getattr(value, "jaxpr", value)
                if hasattr(inner, "eqns"):
                    walk(inner, set())

    body = params["body_jaxpr" if "body_jaxpr" in params else "jaxpr"].jaxpr
    consts = int(params.get("body_nconsts", params.get("num_consts", 0)))
    walk(body, {id(body.invars[consts + k]) for k in counters(body, consts)})
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
