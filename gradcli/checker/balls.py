"""Ball arithmetic (python-flint's ``arb``) for the exact reference, and the reference's time budget.

A ball is a midpoint and a radius that provably contains the true value: an
answer whose radius is below 1e-13 of its midpoint is right to 13 digits,
whatever cancellation happened on the way (``exp(x)/(exp(x)-1)`` at 300 or
``1 - cos(x)`` at 1e-17), with no second precision to agree with and no
directed-rounding reruns. `evaluate_formula` runs a formula's IR (the formula,
or its symbolic derivative from `expr.derivative`) on balls, doubling the bits
until every entry is that tight; an entry is 0 only when its ball is exactly 0
(an exact computation) or the formula's structure proves it (`exact_zero`), so a
tiny entry (tanh'(-1000), 1e-869) is computed to its own digits, never taken for
0. One still around 0 at `MAX_BITS` is no number (`Unproven`): "within 2^-N of 0
but not proven 0", however small N.

`Budget` bounds every high-precision loop of the reference in seconds: a loop
asks `Budget.afford` before a pass it estimates from the last one, and in the
main thread a timer interrupts a single operation that runs past the end
(mpmath's sin of 10^(10^9)). Running out raises `OutOfTime`. Inside `one_clock`
(a whole check) every budget draws on the same clock, so ``--max-time`` bounds
the reference of the whole check, not each point and dtype; that clock counts
the reference's own work alone, so what else a check does, and how loaded the
machine is while it does it, leaves the reference's seconds alone.
"""

from __future__ import annotations

import contextlib
import contextvars
import math
import signal
import threading
import time

from ..autodiff import arb as arb_core
from ..autodiff import arb_proof
from ..autodiff.arb import Undecided
from ..expr.operators import BINARY, COMPARISONS
from ..expr.functions import FUNCTIONS
from ..expr.ir import Binary, Call, Compare, Const, Num, Unary, Var, postorder
from . import exact_zero

START_BITS = 64
MAX_BITS = 1 << 15
RELATIVE_RADIUS = 1e-22  # every entry settles this tight: the 20 digits a result is shown with are right
ZERO_RADIUS_LOG2 = -16384  # the width around 0 below which a difference tells no number from 0 (`exact_jets`)
DEFAULT_MAX_TIME = 30.0

# The clock of the check (or sweep) that is running: every budget made inside it draws on it.
_CHECK_CLOCK = contextvars.ContextVar("gradcli_check_clock", default=None)


class _Clock:
    """The seconds a check's exact reference has spent, summed over its points, dtypes and fixes' re-checks.

    It runs only inside `Budget.interrupting` (the reference at work), so
    what the rest of a check costs (a framework's capture, its own numbers,
    finite differences, loading a fix's module) and a loaded machine's share
    of it draw nothing from --max-time. A ``wall`` clock (a sweep's: its
    --max-time bounds the sweep from its first point on, once the target is
    loaded and traced) counts every second since it started.
    """

    def __init__(self, wall=False):
        self.started = time.perf_counter()
        self.wall, self.spent, self.depth, self.since = wall, 0.0, 0, 0.0

    def used(self):
        if self.wall:
            return time.perf_counter() - self.started
        return self.spent + (time.perf_counter() - self.since if self.depth else 0.0)

    @contextlib.contextmanager
    def running(self):
        if self.depth == 0:
            self.since = time.perf_counter()
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1
            if self.depth == 0:
                self.spent += time.perf_counter() - self.since


@contextlib.contextmanager
def one_clock(wall=False):
    """One time budget for a whole check: points, dtypes, Jacobian rows and fixes' re-checks all draw on it.

    By default only the exact reference's own work counts (`_Clock`); with
    ``wall`` every second does (a sweep). Nested inside another, it is the outer one.
    """
    if _CHECK_CLOCK.get() is not None:  # a re-check inside a check shares the outer clock
        yield
        return
    token = _CHECK_CLOCK.set(_Clock(wall))
    try:
        yield
    finally:
        _CHECK_CLOCK.reset(token)


def seconds_left(seconds):
    """What is left of ``seconds`` on the wall clock of the sweep running now (a check inside it draws on it), else
    ``seconds``."""
    clock = _CHECK_CLOCK.get()
    return seconds if seconds is None or clock is None or not clock.wall else max(seconds - clock.used(), 0.0)


_RAN_PAST = "the exact reference ran past --max-time"  # how every `OutOfTime` message begins


def ran_out_of_time(result):
    """Whether a checked point's ``error`` is the budget running out (a finding says so), not an answer about it.

    What a point would have been given more time is unknown: a reader comparing
    verdicts (a fix's re-check) must say "out of time" there, never "worse".
    """
    return any(f.kind == "undetermined" and f.message.startswith(_RAN_PAST) for f in result.findings)


class OutOfTime(BaseException):
    """The reference's time budget ran out (the message names --max-time).

    A BaseException, as KeyboardInterrupt is: the reference's many ``except
    Exception`` (a target raising at high precision) must not swallow it.
    """


class NoBall(Exception):
    """The formula uses something balls cannot do here (a function arb lacks, an undecidable branch)."""


class Unproven(NoBall):
    """Every entry settled but some 0s, each a ball around 0 at `MAX_BITS` that nothing proves 0: no reference."""


class Budget:
    """Seconds for the exact reference (of one check, inside `one_clock`): ``afford(estimate)`` before a pass; `interrupting` for single ops."""

    def __init__(self, seconds=DEFAULT_MAX_TIME):
        self.seconds = seconds
        # Outside a check a budget is a wall clock of its own, from now.
        self.clock = _CHECK_CLOCK.get() or _Clock(wall=True)
        self.start = self.clock.started
        self.passes = 0  # how many high-precision passes were paid for (tests count work, not seconds)

    def left(self):
        return self.seconds - self.clock.used()

    def afford(self, estimate=0.0):
        """Raise `OutOfTime` unless a pass estimated at ``estimate`` seconds ends within the budget."""
        self.passes += 1
        if estimate > self.left() or self.left() <= 0:
            raise OutOfTime(self.message())

    def message(self):
        return (
            f"{_RAN_PAST} ({self.seconds:g} seconds for the whole check; raise "
            "--max-time to let it try longer): no verdict"
        )

    def interrupting(self):
        """A context for the reference at work: its clock runs, and a single operation running past the budget
        is interrupted (main thread only)."""
        return _Alarm(self)


class _Alarm:
    def __init__(self, budget):
        self.budget = budget
        self.armed = False

    def __enter__(self):
        self.running = self.budget.clock.running()
        self.running.__enter__()
        if (
            not hasattr(signal, "setitimer")
            or threading.current_thread() is not threading.main_thread()
            or signal.getitimer(signal.ITIMER_REAL)[0] > 0
            or not math.isfinite(self.budget.seconds)
        ):
            return self

        def ring(signum, frame):
            # Again in half a second, until the block ends: user code that swallows this one
            # (a bare ``except BaseException`` in the target) must not leave the check unbounded.
            signal.setitimer(signal.ITIMER_REAL, 0.5)
            if _importing(frame):
                return  # cut inside an import, a module stays half made for the process: the cut waits for its end
            raise OutOfTime(self.budget.message())

        self.saved = signal.signal(signal.SIGALRM, ring)
        signal.setitimer(signal.ITIMER_REAL, max(self.budget.left(), 0.001) + 0.5)
        self.armed = True
        return self

    def __exit__(self, *exc):
        if self.armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.saved)
        self.running.__exit__(None, None, None)
        return False


def _importing(frame):
    """Whether ``frame`` runs inside an import (Python's import machinery among its callers): PyTorch imports sympy
    the first time it traces, and an interrupt there leaves ``sympy`` without ``sympy.printing`` for every later check
    in the process."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


# -- formulas on balls --------------------------------------------------------------------


def _ball_operations():
    """Each operation a formula compiles to, on balls: the core's own ball table (`autodiff.arb`), and three more.

    ``abs`` decides no branch here (a formula's kinks are the kink test's), and
    ``mod``, ``floor`` and ``ceil``, which the core leaves to mpmath, are exact on balls.
    """

    arb_core.enable()
    return {
        **arb_core.ELEMENTWISE,
        "abs": abs,
        "mod": lambda x, y: x - y * (x / y).floor(),
        "floor": lambda x: x.floor(),
        "ceil": lambda x: x.ceil(),
    }


_OPERATIONS = {}  # filled on first use: the core's ball table needs flint imported


def _operation(name):
    if not _OPERATIONS:
        _OPERATIONS.update(_ball_operations())
    try:
        return _OPERATIONS[name]
    except KeyError:
        raise NoBall(f"no ball arithmetic for {name}") from None


class _BallNumpy:
    """What a formula's function specs call as ``gnp``: the operations above, on balls."""

    def __getattr__(self, name):
        return _operation(name)


_NAMESPACE = _BallNumpy()
_BINARY = {op.symbol: op.core for op in BINARY}
_COMPARE = {op.symbol: op.core for op in COMPARISONS}


class Program:
    """Roots of IR (a formula and its partial derivatives) as one flat list of steps on balls, made once per check.

    Each node shared by several roots (a derivative reuses its formula's nodes:
    exp(u) in exp(u) * u') is one step, computed once for the value and every
    partial; walking the list costs no tree walk and no decision of each
    node's kind per point and precision. The roots' own IR objects are kept
    (``roots``): a step reads its node as `_evaluate` once did, when it runs.
    """

    def __init__(self, roots):
        self.roots = list(roots)
        self.steps = []  # (compute(args, env), its children's positions in this list)
        self.nodes = {}  # key -> its IR node, in the steps' order
        position = {}  # key -> its step's position
        for root in self.roots:
            for node in postorder(root):
                key = id(node)
                if key in self.nodes:
                    continue
                self.nodes[key] = node
                children = tuple(position[id(c)] for c in node.children())
                position[key] = len(self.steps)
                self.steps.append((_step(node), children))
        self.keys = [id(root) for root in self.roots]
        self.root_positions = [position[key] for key in self.keys]
        self._reaching = {}

    def __len__(self):
        return len(self.roots)

    def reaching(self, index):
        """The keys of the steps root ``index`` is made of, children first (made on first use, then kept)."""
        keys = self._reaching.get(index)
        if keys is None:
            keys = self._reaching[index] = list(dict.fromkeys(id(node) for node in postorder(self.roots[index])))
        return keys


def program_of(roots):
    """``roots`` as a `Program` (a Program stays itself)."""
    return roots if isinstance(roots, Program) else Program(roots)


def _step(node):
    """``compute(args, env)`` of one IR node on balls, from its children's balls and the variables' (``env``)."""
    from flint import arb

    if isinstance(node, Num):
        numerator, denominator = node.exact.numerator, node.exact.denominator
        return lambda args, env: arb(numerator) / denominator
    if isinstance(node, Const):
        if node.name == "pi":
            return lambda args, env: arb.pi()
        return lambda args, env: arb(1).exp()
    if isinstance(node, Var):
        name = node.name
        return lambda args, env: env[name]
    if isinstance(node, Unary):
        if node.op == "-":
            return lambda args, env: -args[0]
        return lambda args, env: args[0]
    if isinstance(node, Binary) and power_times_its_log(node):
        return _power_times_its_log
    if isinstance(node, (Binary, Compare)):
        name = (_BINARY if isinstance(node, Binary) else _COMPARE)[node.op]
        return lambda args, env: _operation(name)(*args)
    if isinstance(node, Call):
        spec = FUNCTIONS[node.name]
        arb_core.enable()  # a function the ball table lacks (SciPy's erfcx) runs its primitive, which then takes balls

        def on_balls(args, env):
            try:
                return spec.core(_NAMESPACE, *args)
            except ArithmeticError as refused:  # a primitive refusing a ball (i0e at its corner): mpmath's path answers
                raise NoBall(f"{node.name} on balls: {refused}") from None

        return on_balls
    raise NoBall(f"unknown IR node {type(node).__name__}")  # pragma: no cover - the parser makes no other nodes


def power_times_its_log(node):
    """Whether ``node`` is ``u**w * log(u)`` with one ``u``: the slope in w of u**w, as derivatives build it."""
    return (node.op == "*" and isinstance(node.left, Binary) and node.left.op == "**"
            and isinstance(node.right, Call) and node.right.name == "log" and node.right.args[0] is node.left.left)


def _power_times_its_log(args, env):
    """u**w * log(u) on balls (``args``: the balls of u**w and of log u), 0 where u**w is an exact 0.

    An exact 0 power is a 0 base under an exponent proven above 0, where u**w is 0 for every w
    near: its slope in w is 0, the limit of u**w log u as u falls to 0, though log(0) is no ball.
    """
    power, log = args
    if power.is_zero():
        return power
    return _operation("multiply")(power, log)


def _evaluate(program, env):
    """Every step of ``program`` (a `Program`) on balls (``env``: variable name -> ball), at flint's current
    precision: ``(the roots' balls, every step's ball in the steps' order)``."""
    results = []
    append = results.append
    for compute, children in program.steps:
        append(compute([results[c] for c in children], env))
    return [results[p] for p in program.root_positions], results


def settled(ball, relative=RELATIVE_RADIUS):
    """The entry a ball proves, as an mpmath number; None while the ball is too wide (or not finite)."""
    return _entry(ball, _proof(ball, relative))


def _proof(ball, relative):
    """How a ball proves its entry: by its midpoint ("mid"), or not yet (None: too wide, around 0, or not finite).

    A ball around 0 proves no 0, however narrow: only an exact ball, or the
    formula's structure (`_structural_zeros`, which gives "zero"), does.
    """
    if not ball.is_finite():
        return None
    if ball.is_exact():
        return "mid"
    if ball.contains(0):
        return None
    if ball.rad() <= abs(ball.mid()) * _exact_ball(relative):
        return "mid"
    return None


def _entry(ball, proof):
    """The mpmath number a ball's `_proof` gives (read only once every entry of a point has one)."""
    if proof is None:
        return None
    return _mp_zero() if proof == "zero" else to_mpf(ball.mid())


def within_floor(ball):
    """Whether ``ball`` is around 0 within 2^ZERO_RADIUS_LOG2: no difference tells it from 0 (never a proof of 0)."""
    return ball.contains(0) and ball.rad() < _exact_ball(_ZERO_RADIUS)


_ZERO_RADIUS = "zero radius"
_EXACT_BALLS = {}  # a float (or the zero radius) -> its ball: exact at any precision, so made once


def _exact_ball(number):
    """The exact ball of a float, or of 2^ZERO_RADIUS_LOG2 for `_ZERO_RADIUS` (made on first use, then kept)."""
    ball = _EXACT_BALLS.get(number)
    if ball is None:
        from flint import arb

        ball = arb(2) ** ZERO_RADIUS_LOG2 if number == _ZERO_RADIUS else arb(number)
        if len(_EXACT_BALLS) < 64:
            _EXACT_BALLS[number] = ball
    return ball


def _mp_zero():
    import mpmath

    return mpmath.mpf(0)


def to_mpf(exact_ball):
    """An exact ball (a midpoint) as an mpmath number: every bit, up to 256 (far past the 1e-22 it settled to)."""
    import mpmath
    from mpmath.libmp import from_man_exp

    man, exp = exact_ball.man_exp()
    man, exp = int(man), int(exp)
    # mpf(man) at that many bits, rounded as the context rounds, times 2^exp: made in one step.
    bits = min(max(53, man.bit_length() + 1), 256)
    return mpmath.mp.make_mpf(from_man_exp(man, exp, bits, mpmath.mp._prec_rounding[1]))


def evaluate_formula(roots, point, budget, max_bits=MAX_BITS, nonzero_bits=False):
    """Each IR in ``roots`` on balls at ``point`` ({name: float}), bits doubling until all settle.

    Returns ``(entries, bits)``: mpmath numbers, one per root. Raises `NoBall`
    when balls cannot settle them within ``max_bits`` (a function arb lacks,
    a branch undecided, a result not finite: the caller falls back to mpmath),
    and `OutOfTime` when the budget ends first. With ``nonzero_bits``, a third
    number: the bits at which every entry that is not 0 had settled (a 0 can
    need 2^15 bits to be proven, where the others settled at 64).
    """
    found = evaluate_points(roots, [point], budget, max_bits, nonzero_bits=nonzero_bits)
    return (found[0][0], *found[1:])


def evaluate_points(roots, points, budget, max_bits=MAX_BITS, relative=RELATIVE_RADIUS, nonzero_bits=False):
    """`evaluate_formula` at many points (a formula at an array point, element by element) in one loop.

    Returns ``(entries, bits)``: per point, one mpmath number per root; ``bits``
    the most any point needed. Each pass (one `Budget.afford`) evaluates only
    the points not settled yet: an element that settles at 128 bits is not
    recomputed because another needs 4096. ``relative`` is the radius every
    entry must fall below, relative to its midpoint (tighter when a sum over
    the elements cancels). ``nonzero_bits``: see `evaluate_formula`.
    """
    import flint
    from flint import arb

    program = program_of(roots)
    saved = flint.ctx.prec
    bits, last = START_BITS, 0.0
    around = None  # the last pass's balls around 0 that nothing proved (False: something else was unsettled)
    results = [None] * len(points)
    first = [[None] * len(program.roots) for _ in points]  # per point and root: the bits it first settled at
    pending = list(range(len(points)))
    proven, asked = {}, set()  # per point the entries proven 0; (point, prover) each asked once (`_with_proven_zeros`)
    envs = [{name: arb(float(value)) for name, value in point.items()} for point in points]  # exact at any bits
    with budget.clock.running():  # the reference at work, wherever it is called from (a sweep's bands too)
        try:
            while bits <= max_bits:
                budget.afford(last * 2.5)  # a pass at twice the bits costs ~2-3x
                started = time.perf_counter()
                flint.ctx.prec = bits
                still, around = [], None
                for k in pending:
                    env = envs[k]
                    try:
                        found, every = _evaluate(program, env)
                        proofs = [_proof(ball, relative) for ball in found]
                    except (Undecided, ZeroDivisionError):
                        found, proofs = [], [None]
                    if found:
                        proofs = _with_proven_zeros(program, points[k], k, found, proofs, every, proven, asked)
                    for j, proof in enumerate(proofs):
                        if proof is not None and first[k][j] is None:
                            first[k][j] = bits
                    if all(proof is not None for proof in proofs):
                        # Read as numbers once, at the pass that settles them all: those of the passes before are not kept.
                        results[k] = [_entry(ball, proof) for ball, proof in zip(found, proofs)]
                    else:
                        still.append(k)
                        around = _unproven(found, proofs, around)
                pending = still
                last = time.perf_counter() - started
                if not pending:
                    if nonzero_bits:
                        nonzero = [b for row, found in zip(results, first) for e, b in zip(row, found) if e != 0]
                        return results, bits, max(nonzero, default=START_BITS)
                    return results, bits
                bits *= 2
        finally:
            flint.ctx.prec = saved
    if around:
        raise Unproven(_not_proven(around))
    raise NoBall(f"balls did not settle below {max_bits} bits")


def _unproven(found, proofs, around):
    """``around`` (this pass's so far) and the (index, ball) of each entry a point left unproven, where each
    is a ball around 0 narrower than 2^ZERO_RADIUS_LOG2 (a 0 in the making, as far as balls can tell); False
    where some other entry of any point is what is unsettled in this pass (sin of 1e300 is no 0)."""
    if around is False or not found or not _only_zeros_left(found, proofs):
        return False
    left = [(j, b) for j, (b, p) in enumerate(zip(found, proofs)) if p is None]
    if not all(within_floor(b) for _, b in left):
        return False
    return (around or []) + left


def _not_proven(around):
    """Why a point has no reference: its entries ``around`` ((index, ball); 0 is the value) are balls around 0."""
    what = "value" if any(j == 0 for j, _ in around) else "derivative"
    widest = max(b.rad() for _, b in around)
    mid = widest.mid()
    man, exp = mid.man_exp()
    log2 = int(exp) + int(man).bit_length()
    return f"on balls, the exact {what} is within 2^{log2} of 0 but not proven 0{below_every_float(log2)}"


def below_every_float(log2):
    """What a bound of 2^``log2`` around 0 means for the working precision, where it is below every float64 (else
    ""): a float rounds every number that close to 0 to 0, and no climb of gradcli's tells the number from 0."""
    if log2 >= _SMALLEST_FLOAT64_LOG2:
        return ""
    return (f" (smaller than any float64, whose least is 2^{_SMALLEST_FLOAT64_LOG2}, so a 0 in any working precision"
            f" is what it rounds to, 0 or not; balls of up to {MAX_BITS} bits, the most gradcli climbs to, cannot"
            " tell it from 0: the program cancels more digits than that)")


_SMALLEST_FLOAT64_LOG2 = -1074  # float64's least subnormal


def _only_zeros_left(found, proofs):
    """Whether every entry not proven yet is a finite ball around 0: a 0 in the making, or a tiny number."""
    return any(p is None for p in proofs) and all(
        p is not None or (b.is_finite() and b.contains(0)) for b, p in zip(found, proofs))


def _with_proven_zeros(program, point, k, found, proofs, every, proven, asked):
    """``proofs`` of point ``k`` with its entries proven 0: those proven at an earlier pass (``proven``), by
    the formula's structure (`exact_zero`, asked once a point), and by the functions' own laws (`arb_proof`:
    exp(x) exp(-y) = exp(x - y), asked once a point, once every entry left is a ball around 0 narrower than
    2^ZERO_RADIUS_LOG2, which a tiny number parts from 0 before it gets to)."""
    known = proven.get(k)
    if known:
        proofs = ["zero" if j in known else p for j, p in enumerate(proofs)]
    if None not in proofs or not _only_zeros_left(found, proofs):
        return proofs
    if (k, "structure") not in asked:
        proofs, again = _structural_zeros(program, point, proofs, every)
        if not again:  # the structure is the same at every precision: asked once a point
            asked.add((k, "structure"))
    left = [j for j, p in enumerate(proofs) if p is None]
    if left and (k, "laws") not in asked and all(within_floor(found[j]) for j in left):
        asked.add((k, "laws"))
        proofs = ["zero" if p is None and _proven_by_proof_numbers(program.roots[j], point) else p
                  for j, p in enumerate(proofs)]
    proven[k] = {j for j, p in enumerate(proofs) if p == "zero"}
    return proofs


def _structural_zeros(program, point, proofs, every):
    """``(proofs, again)``: ``proofs`` with the zeros the formula's structure proves (`exact_zero`) at ``point``
    (``every``: each step's ball there); ``again`` when a ball not finite yet kept a proof from being tried."""
    out, again = [], False
    every = dict(zip(program.nodes, every))  # each step's ball by its key, as `exact_zero` reads them
    for index, proof in enumerate(proofs):
        if proof is None:
            proven = exact_zero.proves_zero(program, index, point, every)
            again = again or proven is None
            proof = "zero" if proven else None
        out.append(proof)
    return out, again


def _proven_by_proof_numbers(root, point):
    """Whether the IR ``root`` is 0 at ``point`` as the proof numbers (`autodiff.arb_proof`) see it: the formula
    as an exact rational function over the values of the functions it calls, with their identities (exp of
    a sum, sin^2 + cos^2), at the point's exact values or as an identity in its variables."""
    names = list(point)
    values = [float(point[name]) for name in names]
    for symbolic in (False, True):
        try:
            with arb_proof.session():
                numbers = arb_proof.seeded(values, [[] for _ in values], symbolic)
                if arb_proof.zeros_of(_on_proof_numbers(root, dict(zip(names, numbers))))[0]:
                    return True
        except Exception:  # noqa: BLE001 - no proof either way: an op without a rule, a branch undecided, a limit
            continue
    return False


def _on_proof_numbers(root, env):
    """The IR ``root`` run on `arb_proof.Sym` numbers (``env``: variable name -> its number)."""
    namespace = _ProofNumpy()
    done = {}
    for node in postorder(root):
        args = [done[id(c)] for c in node.children()]
        if isinstance(node, Num):
            answer = arb_proof.written(node.exact)
        elif isinstance(node, Const):
            answer = arb_proof.written(name=node.name)
        elif isinstance(node, Var):
            answer = env[node.name]
        elif isinstance(node, Unary):
            answer = arb_proof.run("negative", args[0]) if node.op == "-" else args[0]
        elif isinstance(node, (Binary, Compare)):
            answer = arb_proof.run((_BINARY if isinstance(node, Binary) else _COMPARE)[node.op], *args)
        else:
            answer = FUNCTIONS[node.name].core(namespace, *args)
        done[id(node)] = answer
    return done[id(root)]


class _ProofNumpy:
    """What a formula's function specs call as ``gnp`` on proof numbers: `arb_proof.run` of the op's name."""

    def __getattr__(self, name):
        return lambda *args: arb_proof.run(name, *args)
