"""Numbers at high precision, and their rounding noise: what the exact reference settles on.

`Exact` is the exact reference of one point. `with_noise` runs a program at
the current mpmath precision three times, rounding to nearest and then
alternately down and up, so every result comes with its rounding noise;
`settle` takes a result once two precisions agree within that noise.
"""

from __future__ import annotations

import contextlib
import contextvars
import operator
import sys
from dataclasses import dataclass, field, replace

import numpy as np

from ..autodiff import arb_proof
from ..autodiff.arb import COMMUTING
from ..autodiff import mp as mp_core
from ..autodiff import plain
from ..autodiff.ops import raw
from ..autodiff.tracer import hooks
from .balls import ZERO_RADIUS_LOG2

START_DIGITS = 30


MAX_DIGITS = 4000
# The most digits the check that is running lets the reference climb to (`max_digits`): MAX_DIGITS unless it asks fewer.
_DIGITS_CEILING = contextvars.ContextVar("gradcli_max_digits", default=MAX_DIGITS)


AGREE_DIGITS = 20  # enough to judge float64 results with a margin

# The relative error bound every exact derivative entry is given to: the loosest way one is found, a Richardson
# extrapolation of differences on balls (`exact_python`), is taken at this bound; jets and formulas prove their
# balls to `balls.RELATIVE_RADIUS`, and mpmath's entries settle to AGREE_DIGITS.
EXACT_RTOL = 1e-14
# What the reference knows: a rule at high precision (right to AGREE_DIGITS of itself) and the exact derivative
# (right to EXACT_RTOL) can differ by this much with neither off; past it the rule provably disagrees.
REFERENCE_RTOL = 2 * (EXACT_RTOL + 10.0**-AGREE_DIGITS)


# Above this many inputs the exact gradient of a Python function is checked along one random direction:
# per coordinate, a point on a switch (abs at 0) costs two runs per input and its kink test more (27 s at 49).
MAX_FD_COORDINATES = 16
# Off every switch, one forward run on jets carries every input's tangent: 0.1-0.3 s at 64 inputs.
MAX_JET_COORDINATES = 64
_EVERY_COORDINATE = contextvars.ContextVar("every_coordinate", default=False)


def per_coordinate(count, on_jets=False):
    """Whether the exact gradient of ``count`` inputs is found entry by entry, not along one direction (--full: always);
    ``on_jets``: by forward mode on jets, at a point that decides no switch at a tie."""
    return count <= (MAX_JET_COORDINATES if on_jets else MAX_FD_COORDINATES) or _EVERY_COORDINATE.get()


@contextlib.contextmanager
def every_coordinate(on=True):
    """Within it, `per_coordinate` holds whatever the count (``on``: --full), so every entry of the gradient is exact."""
    token = _EVERY_COORDINATE.set(bool(on))
    try:
        yield
    finally:
        _EVERY_COORDINATE.reset(token)


def max_digits():
    """The most digits the mpmath reference climbs to before it says there is none: the running check's ceiling
    (--max-digits, `at_most_digits`), else MAX_DIGITS."""
    return _DIGITS_CEILING.get()


@contextlib.contextmanager
def at_most_digits(digits):
    """Within it, `max_digits` is ``digits`` (None: MAX_DIGITS): a check that gives up sooner where a 0 is not proven."""
    token = _DIGITS_CEILING.set(MAX_DIGITS if digits is None else int(digits))
    try:
        yield
    finally:
        _DIGITS_CEILING.reset(token)


@dataclass(frozen=True)
class Bounded:
    """What balls prove where they cannot settle a gradient entry: the value, each other entry, and a bound 2^log2 on
    the magnitude of each entry that is None in ``gradient`` (flat, over the variables' entries in order)."""

    log2: int
    value: object
    gradient: list
    rule: list = None  # gradcli's rule on balls, flat as ``gradient`` (a 0 where its ball holds 0 beside a bounded one)


def below_text(log2):
    """How a number balls bound only below 2^``log2`` is said, in place of its digits."""
    return f"below 2^{log2} in magnitude"


@dataclass
class Exact:
    """The exact value and gradients at one point, and how they were obtained."""

    value: object = None  # an mpf (or object array)
    gradient: list = field(default_factory=list)  # true derivative, one per variable (None: not computed)
    rule: list = field(default_factory=list)  # gradcli's rule at high precision, one per variable
    # Per variable, per rule entry (flat): the size of the terms its arithmetic combined (rounding noise / unit roundoff).
    rule_scale: list = field(default_factory=list)
    # Per variable, per rule entry (flat): the radius of the rule's ball where it ran on balls, a proven bound of the
    # rounding its own arithmetic did (None, or empty off balls: only `rule_scale`'s model of it is known there).
    rule_radius: list = field(default_factory=list)
    digits: int = 0
    determined: bool = True
    direction: object = None  # when the exact gradient is only known along a direction
    directional: object = None  # exact directional derivative along `direction`
    kinks: list = field(default_factory=list)  # (variable, left, right): one-sided derivatives that differ
    # (variable, left, right) where a side's difference quotient grows without bound as the step
    # shrinks (a jump, or a pole on one side): that side is a list of (step, quotient) pairs.
    # A side that jumps (a difference that does not shrink with the step) is a `Jump`, not a list.
    singular: list = field(default_factory=list)
    error: str = ""
    unsettled: bool = False  # the precision ran out before two precisions agreed
    out_of_time: str = ""  # the time budget ran out (the message, naming --max-time): no reference
    why: str = ""  # why there is no reference, where it is not the precision running out
    method: str = ""  # "balls" (the formula's symbolic derivative on arb balls) or "mpmath"
    notes: list = field(default_factory=list)
    # Where the point is unsettled only by gradient entries proven tiny (`Bounded`): what is proven. Never read as a
    # reference's numbers: only the judge of the point compares with it, against the dtype's least float.
    bounded: object = None
    # Where balls place the value below every float's least but prove no number (`exact_python._rule_on_balls`): N of
    # the bound 2^N; ``value`` is then the 0 every dtype rounds it to, judged against, and shown as the bound.
    value_bound: object = None
    # Whether the program replayed held a float constant that rounds a constant of mathematics (`exact_constants.watching`):
    # only such a program differs from the program as meant (`judge._value_as_meant`).
    holds_a_rounded_constant: bool = False
    # Whether the value jumps at the point whatever a stop_gradient holds (`kinks.jumps_whatever_is_held`): then no
    # entry along a coordinate it jumps in is a derivative, its one-sided slopes included (`no_derivative.settle_result`).
    jumps_whatever_is_held: bool = False

    def copied(self):
        """A copy whose lists are its own: the checker empties an unsettled reference it was handed."""
        lists = ("gradient", "rule", "rule_scale", "rule_radius", "kinks", "singular", "notes")
        return replace(self, **{name: list(getattr(self, name)) for name in lists})


@dataclass
class Jump:
    """One side of a point at which the function's value jumps (where at a tie, sign at 0, mod at a multiple).

    ``value`` is the side's limit of the value, ``at`` the value at the point, ``switch`` the branching op the
    program decides at a tie there and its line (empty where none is seen), ``where`` that line's whole path. A jump has no derivative: its
    difference quotient grows as 1/h, which says nothing a user can act on; the values and the switch do.
    """

    value: object
    at: object
    switch: str = ""
    where: str = ""  # the switch's file and line, whole, as a finding's location


@dataclass
class Edge:
    """Both sides of a point on the edge of an op's domain that the program's own branch covers: x log y at x = 0
    where log y is no number (xlogy(0, 0), xlog1py(0, -1)) is the op's 0, but its slope in x there is the log,
    so no entry moving that x or y has a derivative. ``op``: the op's name."""

    op: str


@dataclass
class Wavers:
    """One side of a point along which the difference quotient neither settles nor grows as the step shrinks: it
    swings up and down between values apart at every scale (x sin(1/x) at 0; sign(x) 2^round(log2 |x|) at 0, whose
    q(h) / h runs over [2^-1/2, 2^1/2] in every neighbourhood), so the side has no slope and the point no derivative.
    ``quotients``: the side's ``(step, quotient)`` pairs, longest step first."""

    quotients: list


@dataclass
class Outside:
    """One side of a point on the edge of the function's domain: the function is no number there at any step
    (sqrt(x - sin x) left of 0), so it has no derivative at the point, whatever the other side's slope."""


def to_mp(value):
    """An exact mpmath copy of a float or float array (every binary float is an mpf exactly)."""
    import mpmath

    exact = mp_core.held_exact  # so that an op's condition widens no rounding these copies do not carry
    if isinstance(value, np.ndarray):
        out = np.empty(value.shape, dtype=object)
        flat = value.astype(np.float64).ravel()
        for i, v in enumerate(flat):
            out.flat[i] = exact(mpmath.mpf(float(v)))
        return out
    return exact(mpmath.mpf(float(value)))


def exact_arguments(args, held=()):
    """`to_mp` copies of ``args``, those at the positions ``held`` (inputs the check holds still: ``--wrt`` leaves them
    out) handed to the program as `plain.Held`, as in the reference's traced runs: the differences' rounding replays
    and the one-sided slopes hand no traced input beside them, where a held input would be boxed as a moving one and
    ``complex(w)`` of it refused."""
    mp_core.enable()  # first: the held copies are boxed as numbers gradcli's ops know
    return [plain.handed(to_mp(a), held=True) if i in held else to_mp(a) for i, a in enumerate(args)]


def _as_array(value):
    if isinstance(value, np.ndarray):
        return value
    return np.array(value, dtype=object)


def flat_entries(value):
    """The entries of a result (mpf, 0-d array, object array, box) as a flat list of mpf."""
    import mpmath

    if type(value) is list:
        mpf = type(mpmath.mp.zero)
        for v in value:
            if type(v) is not mpf:
                break
        else:  # a run's entries, already plain mpmath numbers: the loop below would keep each as it is
            return list(value)
    value = _scalar_of(value)
    out = []
    for v in _as_array(value).ravel():
        v = _scalar_of(v)
        if isinstance(v, (mpmath.mpc, complex, np.complexfloating)):
            v = v.real if v.imag == 0 else mpmath.nan
        if isinstance(v, np.generic):  # mpmath takes no NumPy scalar: each as the Python number it holds exactly
            v = _held_exactly(v)
        try:
            out.append(v if isinstance(v, mpmath.mpf) else mpmath.mpf(v))
        except (TypeError, ValueError):
            out.append(mpmath.nan)
    return out


def _held_exactly(v):
    """A NumPy scalar as the Python or mpmath number it holds exactly (a long double's mantissa whole)."""
    if isinstance(v, (np.bool_, np.integer)):
        return int(v)
    if isinstance(v, np.longdouble) and np.finfo(np.longdouble).nmant > 52:
        import mpmath

        with mpmath.workprec(np.finfo(np.longdouble).nmant + 1):  # an mpf keeps the bits it was made with
            return mpmath.mpf(np.format_float_positional(v, unique=True))
    return float(v) if isinstance(v, np.floating) else v


class _Rounding:
    """Make mpmath round in one direction: "n" nearest, "f" down, "c" up.

    With ``alternate``, the direction flips after every gradcli op, so that
    ``a - b`` sees ``a`` rounded one way and ``b`` the other: rounding every op
    the same way lets correlated errors cancel (sqrt(x+1) - sqrt(x) at 1e300
    is 0 rounded down and rounded up alike).
    """

    def __init__(self, mode, alternate=False):
        self.mode = mode
        self.alternate = alternate
        self.same = SameNumbers()

    def __enter__(self):
        import mpmath

        self.saved = mpmath.mp._prec_rounding[1]
        mpmath.mp._prec_rounding[1] = self.mode
        self.saved_hook = hooks.forward
        if self.alternate:
            hooks.forward = self._flip

    def _flip(self, prim, args, kwargs, ans):
        import mpmath

        mpmath.mp._prec_rounding[1] = "c" if mpmath.mp._prec_rounding[1] == "f" else "f"
        # Alternation rounds e^a down and e^b up at a = b; the same number rounded two ways is no difference of two.
        return self.same.seen(prim, args, kwargs, ans)

    # Flipping reads no op's place: replays need not run on their users' lines for it.
    _flip.reads_locations = False

    def __exit__(self, *exc):
        import mpmath

        mpmath.mp._prec_rounding[1] = self.saved
        hooks.forward = self.saved_hook
        return False


class SameNumbers:
    """Equal computations as one number: an op on arguments equal as exact numbers gives what it gave them first.

    A call is known by its op, its static parameters and its arguments' exact values (an array's dtype and shape
    too), so two calls of one name compute the same function of the same numbers: recursively, equal inputs carried
    through the same ops stay equal in every rounding, and e^-1.6 - e^-1.6 or px / py of equal spectra computed apart
    are an exact 0 and an exact 1 where alternating directions would round the two sides apart. A call this cannot
    name (an unknown object, an array past `MAX_ENTRIES`) keeps its own answer.
    """

    MAX_ENTRIES = 4096  # naming reads each entry once per op: bounded, a fraction of an mpmath op's own cost
    _KINDS = None  # mpmath's real and complex number types, found once: every noise run makes two of these memos

    def __init__(self):
        if SameNumbers._KINDS is None:
            import mpmath  # lazy: only a high-precision run names its numbers

            SameNumbers._KINDS = (type(mpmath.mp.zero), type(mpmath.mpc(0)))
        self.exact_kinds = SameNumbers._KINDS
        self.made = {}  # a call's name -> what the op gave

    def seen(self, prim, args, kwargs, ans):
        """What ``prim`` gave for a call of the same name before (an array as a copy), or None the first time."""
        kind = type(ans)
        if not (kind in self.exact_kinds or kind is np.ndarray and ans.dtype == object):
            return None  # no number of mpmath's: no rounding direction reaches it
        call = self._name(args) if not kwargs else self._name((args, tuple(sorted(kwargs.items()))))
        if call is None:
            return None
        # cos a sin b and sin a cos b at a = b: one number; not with keywords, which may weigh one argument
        # (PyTorch's add(x, y, alpha=2))
        if (not kwargs and getattr(prim, "name", None) in COMMUTING and len(args) == 2
                and hash(call[1][0]) > hash(call[1][1])):
            call = (call[0], call[1][::-1])
        # One lookup that also keeps a first answer: a name is a nest of tuples, hashed afresh at every lookup.
        # Kept as a copy: the program may write into the array it was handed.
        first = ans.copy() if kind is np.ndarray else ans
        before = self.made.setdefault((prim, call), first)
        if before is first:
            return None
        return before.copy() if type(before) is np.ndarray else before

    def _name(self, value):
        kind = type(value)
        mpf, mpc = self.exact_kinds
        if kind is mpf:
            return ("mpf", value._mpf_)
        if kind is tuple or kind is list:
            if len(value) > self.MAX_ENTRIES:
                return None
            entries = tuple([self._name(e) for e in value])
            return None if None in entries else (kind.__name__, entries)
        if kind is np.ndarray:
            if value.size > self.MAX_ENTRIES:
                return None
            if value.dtype != object:  # plain numbers: their dtype and bits
                return ("array", value.dtype.str, value.shape, value.tobytes())
            entries = value.ravel().tolist()
            if not entries or set(map(type, entries)) == {mpf}:  # a replay's usual array: each named by its bits
                return ("mpf array", value.shape, tuple(map(_MPF_BITS, entries)))
            entries = tuple([self._name(e) for e in entries])
            return None if None in entries else ("array", value.shape, entries)
        if kind is mpc:
            return ("mpc", value._mpc_)
        if kind in _NAMED_BY_REPR:
            return (kind.__name__, repr(value))
        if isinstance(value, np.generic):
            return ("scalar", value.dtype.str, value.tobytes())
        if isinstance(value, np.dtype):
            return ("dtype", value.str)
        return None


_MPF_BITS = operator.attrgetter("_mpf_")  # an mpf's exact value: sign, mantissa, exponent, bit count
_NAMED_BY_REPR = frozenset({bool, int, float, complex, str, type(None), slice, type(Ellipsis)})


def _spread(nearest, others):
    """How far directed rounding moved one entry from ``nearest``: its rounding noise (inf: unknown)."""
    import mpmath

    values = (nearest, *others)
    mpf, specials = type(mpmath.mp.zero), _specials()
    for v in values:
        if type(v) is not mpf or v._mpf_ in specials:
            break
    else:  # all finite numbers: the last line below, without asking each whether it is NaN or infinite
        return max(abs(v - nearest) for v in others)
    if all(mpmath.isnan(v) for v in values):
        return mpmath.mpf(0)
    if mpmath.isnan(nearest) and not any(mpmath.isfinite(v) for v in others):
        # No number whichever way the ops round: an exact 0 divides what rounding leaves 0 (0 / 0) or a sliver of
        # either sign (+-inf), as inf * (e^-0.6 - e^-0.6) does; the rounding moves no digit of a NaN.
        return mpmath.mpf(0)
    if any(mpmath.isnan(v) or mpmath.isinf(v) for v in values):
        return mpmath.mpf(0) if all(v == nearest for v in others) else mpmath.inf
    return max(abs(v - nearest) for v in others)


_DIRECTED = (("f", True), ("c", True))


def _specials():
    """mpmath's encodings of NaN, +inf and -inf (an mpf's ``_mpf_`` is one of these when it is not finite)."""
    from mpmath import libmp  # lazy: mpmath is heavy; only a high-precision run asks for its encodings

    return (libmp.fnan, libmp.finf, libmp.fninf)


@contextlib.contextmanager
def rounding_every_op(mode):
    """Within it, every mpmath op rounds the one way ``mode`` says ("f" down, "c" up), the inputs counted exact: a 0
    that the rounding to nearest made (1 + 1e-200 - 1 at 60 digits) is a number in one of the two."""
    with _Rounding(mode, False), mp_core.exact_inputs():
        yield


def with_noise(fun):
    """``fun()`` rounded to nearest, and each entry's rounding noise.

    The same program is run twice more, its ops rounding alternately down and
    up, the first op down in one run and up in the other, so that every op is
    pushed both ways and the two sides of a subtraction apart (rounding every
    op the same way lets sqrt(x+1) - sqrt(x) cancel its own errors); how far
    those runs stray from the nearest-rounded one estimates the rounding
    error. Two precisions can agree on a false 0 (1 - cos(1e-300) is 0 below
    600 digits), but the directed runs give 2^-precision there, so the noise
    shows the 0 is not to be trusted; an exact computation (x - x) has no
    noise at all. Two runs, not four (down, up and both alternations): the
    uniform ones found nothing the alternating ones missed, at twice the cost.
    """
    nearest = fun()
    return nearest, _directed_noises(fun, nearest)


def with_noise_unless(fun, settled):
    """`with_noise` where ``settled(nearest)`` may spare the directed runs: ``(nearest, None)`` where it holds.

    A gradient rule whose nearest-rounded entries already agree with the exact
    derivative to AGREE_DIGITS needs no noise to be judged: more digits would
    only confirm an agreement that rounding cannot have made (`agreeing`).
    """
    nearest = fun()
    if settled(nearest):
        return nearest, None
    return nearest, _directed_noises(fun, nearest)


def agreeing(exact):
    """A ``settled`` for `with_noise_unless`: whether every flat entry is finite and agrees with its entry of
    ``exact`` (flat, None where unknown) to AGREE_DIGITS, or both are exactly 0; never, where ``exact`` is None (no
    exact derivative to agree with, or none that may spare the noise)."""
    import mpmath

    tol = mpmath.mpf(10) ** (-AGREE_DIGITS)

    def settled(entries):
        if exact is None or len(entries) != len(exact):
            return False
        for value, e in zip(entries, exact):
            if e is None or not (mpmath.isfinite(value) and mpmath.isfinite(e)):
                return False
            if not (value == e == 0 or (e != 0 and abs(value - e) <= tol * abs(e))):
                return False
        return True

    return settled


def _directed_noises(fun, nearest):
    """Each entry's rounding noise: how far ``fun()`` run rounding alternately down and up strays from ``nearest``."""
    import mpmath

    entries = flat_entries(nearest)
    runs = []
    for mode, alternate in _DIRECTED:
        try:
            with _Rounding(mode, alternate), mp_core.exact_inputs():
                runs.append(flat_entries(fun()))
        except Exception:  # noqa: BLE001 - raises only when rounded one way: noise unknown
            return [mpmath.inf] * len(entries)
    if any(len(run) != len(entries) for run in runs):
        return [mpmath.inf] * len(entries)
    return [_spread(n, others) for n, *others in zip(entries, *runs)]


def with_noise_when_read(fun):
    """`with_noise` for a caller that reads the noise of some of its runs only: ``fun()`` rounded to nearest now,
    its noises (`NoiseWhenRead`) from the two directed runs made the first time one is read.

    ``fun`` must give the same numbers whenever it is run at the same precision (a pure program, no state of its
    own), for a noise read later to be the one `with_noise` gives now.
    """
    nearest = fun()
    return nearest, NoiseWhenRead(fun, nearest)


class NoiseWhenRead:
    """The entries' rounding noises of a run rounded to nearest (`with_noise_when_read`), as a list reads them: the
    directed runs are made on the first read, at the precision, NumPy error state and context variables in force
    when the nearest run was made, so they round exactly as they would have then."""

    def __init__(self, fun, nearest):
        import mpmath

        self._fun, self._nearest, self._noises = fun, nearest, None
        # mpmath's precision is two numbers: bits, and the digits a program may read (workdps(30) leaves 30; leaving
        # a workprec sets the bits alone, and the digits follow them): both as they are now
        self._precision = (mpmath.mp._prec, mpmath.mp._dps)
        self._errors, self._context = np.geterr(), contextvars.copy_context()

    def _made(self):
        if self._noises is None:
            import mpmath

            context, saved = mpmath.mp, (mpmath.mp._prec, mpmath.mp._dps)
            try:
                (context._prec, context._dps), context._prec_rounding[0] = self._precision, self._precision[0]
                with np.errstate(**self._errors):
                    self._noises = self._context.run(_directed_noises, self._fun, self._nearest)
            finally:
                (context._prec, context._dps), context._prec_rounding[0] = saved, saved[0]
            self._fun = self._nearest = self._context = None  # nothing more to run: let the run's numbers go
        return self._noises

    def __getitem__(self, k):
        return self._made()[k]

    def __len__(self):
        return len(self._made())

    def __iter__(self):
        return iter(self._made())


def zero_floor():
    """Below this, an entry of gradcli's rule (judged, never shown as exact) that is 0 within its noise may
    be read as 0: 2^-16384, far below any float (`balls.ZERO_RADIUS_LOG2`).

    An exact entry is never taken to be 0 by it: a noise, however small, is no
    proof (a tiny derivative, tanh'(-1000) = 1e-869 or a softmax weight e^-1600,
    is a number to find), so an exact entry 0 within a noise that does not vanish
    stays unsettled, and the point has no exact reference (`settle`).
    """
    import mpmath

    return mpmath.mpf(2) ** ZERO_RADIUS_LOG2


def settle(previous, current, digits):
    """Entries agreed at two successive precisions, or None.

    ``previous`` and ``current`` are ``(entries, noises)``. An entry has settled
    when the current one is accurate to AGREE_DIGITS (its noise is that
    small) and the previous one agrees with it to as many digits; NaN with NaN
    and equal infinities agree when no rounding direction changes them. A 0
    settles only as an exact computation (no noise: x - x); one within a noise
    (sin(x)**2 + cos(x)**2 - 1 on mpmath, a difference quotient of a function
    that is 0) is not proven, and does not settle (`unproven_zeros` says so).
    """
    import mpmath

    tol = mpmath.mpf(10) ** (-AGREE_DIGITS)
    (before, before_noise), (now, now_noise) = previous, current
    if len(before) != len(now):
        return None
    out = []
    for a, ua, b, ub in zip(before, before_noise, now, now_noise):
        if mpmath.isnan(b) or mpmath.isinf(b) or mpmath.isnan(a) or mpmath.isinf(a):
            same = (mpmath.isnan(a) and mpmath.isnan(b)) or a == b
            if same and ub == 0:
                out.append(b)
                continue
            return None
        if ub <= tol * abs(b) and abs(a - b) <= tol * max(abs(a), abs(b)):
            out.append(b)
        else:
            return None
    return out


def unproven_zeros(current):
    """The largest noise of the entries that are 0 within it at the last precision (``current``: ``(entries,
    noises)``), where every entry not settled is such a 0; None where some other entry is what is unsettled."""
    import mpmath

    widths = []
    for b, ub in zip(*current):
        if not mpmath.isfinite(b) or ub <= mpmath.mpf(10) ** (-AGREE_DIGITS) * abs(b):
            continue
        if abs(b) > ub or ub > mpmath.mpf(10) ** (-AGREE_DIGITS):
            return None  # a number, or an entry too wide to be called near 0: not a 0 in the making
        widths.append(ub)
    return max(widths) if widths else None


def exact_entries(result, args):
    """The exact derivative of every entry of ``args``, flat, from ``result.gradient`` (None where not known)."""
    gradient = result.gradient if result.gradient else [None] * len(args)
    out = []
    for g, a in zip(gradient, args):
        out.extend(flat_entries(g) if g is not None else [None] * max(int(np.size(a)), 1))
    return out


# How many times its noise a rule entry at the check's last precision may be and still be a rounding residue of 0
# (`rule_entries`): the residue of Im(a conj b) at a = 2b (a fidelity's slope at two equal states, TensorFlow's rule)
# is 1.17 times the spread of the directed runs at 3840 digits, which stray as far on either side of the nearest run
# and not across 0. Below the last precision an entry past its noise takes more digits instead, where a real one
# stays and its noise shrinks.
ZERO_WITHIN_NOISE = 4


def rule_entries(entries, noises, exact, last=False):
    """``(cleaned, accurate)``: the rule's entries at one precision, and whether they suffice to judge it.

    An entry settles when its noise is below AGREE_DIGITS of it. An entry 0
    within its noise (at the ``last`` precision the check climbs to, within `ZERO_WITHIN_NOISE` times it: the noise is
    the spread of two directed runs about the nearest one, an estimate of its rounding and no bound on it) is 0 when
    the noise is below `zero_floor`, or when it
    cannot change the judgement: the exact derivative there (``exact``, flat,
    None where unknown) is 0, or so much larger that the rule is 0 beside it;
    where the exact entries are unknown (a random direction), when the noise is
    below AGREE_DIGITS of the largest settled entry. Else more digits are needed.
    """
    import mpmath

    if noises is None:  # spared by `with_noise_unless`: every entry agrees with the exact derivative
        return list(entries), True
    tol = mpmath.mpf(10) ** (-AGREE_DIGITS)
    settled = [abs(v) for v, n in zip(entries, noises) if mpmath.isfinite(v) and n <= tol * abs(v)]
    scale = max(settled, default=mpmath.mpf(0))
    cleaned, accurate = [], True
    for value, error, e in zip(entries, noises, list(exact) + [None] * (len(entries) - len(exact))):
        if mpmath.isnan(value) or mpmath.isinf(value):
            accurate = accurate and error == 0
            cleaned.append(value)
        elif error <= tol * abs(value):
            cleaned.append(value)
        elif abs(value) <= (ZERO_WITHIN_NOISE if last else 1) * error and _beside(error, e, scale, tol):
            cleaned.append(mpmath.mpf(0))
        else:
            accurate = False
            cleaned.append(value)
    return cleaned, accurate


def _beside(noise, exact, scale, tol):
    """Whether a rule entry 0 within ``noise`` may be taken as 0 next to the ``exact`` entry (None: unknown)."""
    import mpmath

    if noise <= zero_floor():
        return True
    if exact is not None and mpmath.isfinite(exact):
        return exact == 0 or noise <= tol * abs(exact)
    return exact is None and noise <= tol * scale


def rebuild(like, entries):
    """Entries back in the shape of ``like`` (a scalar, or an object array)."""
    like = _scalar_of(like)
    if isinstance(like, np.ndarray) and like.ndim:
        out = np.empty(like.shape, dtype=object)
        for i, v in enumerate(entries):
            out.flat[i] = v
        return out
    return entries[0]


def relative_step(x, h_scale):
    """A central-difference step relative to |x| (x +- h never crosses 0, where log and sqrt end)."""
    return h_scale * (abs(x) if x != 0 else 1)


def generic_weight(k):
    """The weight of the ``k``-th coordinate in a move of every coordinate at once, (+-)(1 + frac(k g)) with
    alternating signs: no two alike and no pattern a program's arithmetic undoes (a box's corners moved alike keep its
    width and height; a constant column moved alike stays constant). g, the golden ratio's fractional part, spreads
    its multiples evenly and never repeats one."""
    return (1 if k % 2 == 0 else -1) * (1 + (k * _GOLDEN) % 1)


_GOLDEN = 0.6180339887498949


def random_direction(args, seed, keep=None):
    """A random unit direction shaped as ``args``, from ``seed``; 0 in the arguments ``keep`` leaves out.

    The exact reference's differences, its kink test and the judge's
    comparison all take this one direction, so a check along it compares
    like with like.
    """
    rng = np.random.default_rng(seed)
    direction = [rng.standard_normal(np.shape(a)) if np.ndim(a) else rng.standard_normal() for a in args]
    if keep is not None:
        direction = [d if k else d * 0.0 for d, k in zip(direction, keep)]
    norm = np.sqrt(sum(np.sum(np.square(d)) for d in direction))
    return [d / norm for d in direction]


def only_chosen(target, args, wrt):
    """``(target, args, widen)``: the target as a function of the ``wrt`` variables alone, the others held.

    The exact gradient is sought only where the check asks for it (``--wrt``):
    the coordinates counted against MAX_FD_COORDINATES and the random
    direction above it span the chosen inputs, so a derivative along the held
    ones never stands in for the chosen ones'. The held inputs enter each
    call as exact numbers of the caller's kind (balls or mpf), never as
    float64 arrays an op would compute on in float64. ``widen(exact)`` puts
    an `Exact` of the reduced target back in terms of every variable: no
    gradient or rule for a held one, a 0 in the direction.
    """
    names = list(target.variables)
    if not wrt or set(wrt) >= set(names):
        return target, args, lambda exact: exact
    picked = [i for i, n in enumerate(names) if n in wrt]
    held = {i: a for i, a in enumerate(args) if i not in picked}
    converted = {}

    def reduced(*values):
        kind = _number_kind(values)
        if kind not in converted:
            # `plain.Held` in every run, one with no traced input beside it too: ``complex(w)`` answers as NumPy's
            converted[kind] = {i: plain.handed(_exactly_as(kind, a), held=True) for i, a in held.items()}
        full = dict(converted[kind])
        full.update(zip(picked, values))
        return target.mp_function(*[full[i] for i in range(len(names))])

    def widen(exact):
        def spread(per_picked, fill):
            out = [fill(a) for a in args]
            for i, g in zip(picked, per_picked):
                out[i] = g
            return out

        if exact.gradient:
            exact.gradient = spread(exact.gradient, lambda a: None)
        if exact.rule:
            exact.rule = spread(exact.rule, lambda a: None)
        if exact.rule_scale:
            exact.rule_scale = spread(exact.rule_scale, lambda a: None)
        if exact.rule_radius:
            exact.rule_radius = spread(exact.rule_radius, lambda a: None)
        if exact.direction is not None:
            exact.direction = spread(exact.direction, lambda a: np.zeros(np.shape(a)) if np.ndim(a) else 0.0)
        return exact

    chosen = replace(target, variables=tuple(names[i] for i in picked), mp_function=reduced)
    return chosen, [args[i] for i in picked], widen


def _number_kind(values):
    """The type of the first number among ``values`` (boxes and object arrays looked into)."""
    for v in values:
        v = raw(v)
        if isinstance(v, np.ndarray):
            if not v.size:
                continue
            v = raw(v.flat[0])
        return type(v)
    return float


def _exactly_as(kind, value):
    """A float or float array as exact numbers of ``kind``: balls for a run on balls or on jets, so a held input's
    comparisons are the same decisions in each run (a held mask's ``m > 0.5``, which the run at the point records);
    on proof numbers the proof's constant, the exact binary number it is, deciding as its ball does (log(x) - log(y)
    at x = y, x held, cancels to the proven 0 a ball of log(x) would leave standing); mpf for anything else."""
    import mpmath

    if kind is arb_proof.Sym:
        return arb_proof.constant(value)
    if kind.__module__.startswith("flint"):
        make = kind
    elif kind.__module__.startswith("gradcli.autodiff.arb"):
        import flint  # lazy: python-flint, loaded only by the exact reference

        make = flint.arb
    else:
        make = mpmath.mpf
    if not np.ndim(value):
        return make(float(value))
    out = np.empty(np.shape(value), dtype=object)
    for i, v in enumerate(np.asarray(value, dtype=np.float64).ravel()):
        out.flat[i] = make(float(v))
    return out


def _scalar_of(value):
    value = raw(value)
    return value[()] if isinstance(value, np.ndarray) and value.ndim == 0 else value


_STEP = 5  # spreads are compared in steps of 2^5 bits (some 10 digits)

# Ops whose result adds up their operands' entries: where a term far below the result is lost.
_ADDITIVE = frozenset({"add", "subtract", "sum", "mean", "cumsum", "dot", "matmul", "inner", "tensordot", "einsum"})


# Set while a run probes beside its own differences (how near a domain's edge lies, `unwatched`).
_PROBING = contextvars.ContextVar("gradcli_absorption_probing", default=False)


@contextlib.contextmanager
def unwatched():
    """Evaluations that only look for where the domain ends, not the program's differences: the absorption
    watch ignores their sums (a step 2^-30000 beside the point absorbs in 1e-8 + sqrt(t), by design)."""
    token = _PROBING.set(True)
    try:
        yield
    finally:
        _PROBING.reset(token)


class Absorption:
    """A watch on the additive ops a run makes: the precision its sums need before two precisions may agree.

    Directed rounding does not see a term absorbed: 3 - 2e-310 at 60 digits is 3
    rounded down and up alike once two such sums that round the same way are
    subtracted, so a wrong number settles with no noise at all. Every add,
    subtract and reduction here records how many digits separate its smallest
    nonzero term from its result: real and complex additions alike (a complex
    sum adds its real parts and its imaginary parts apart), and mpmath's exact
    sums ``fsum`` and ``fdot``, which drop a term more than twice the precision
    below the others. `needs` is that spread plus AGREE_DIGITS and a margin, and at
    least one and a half times the spread (the run's differences move a term by a
    step a third of the digits below it), below which no precision may settle.
    """

    MARGIN = 10

    def __init__(self):
        self.spread = 0
        self.seen = set()  # the spreads met, in steps of _STEP bits

    def __enter__(self):
        from mpmath import ctx_mp_python as numbers  # lazy: only a high-precision run watches its sums

        self.saved = hooks.forward
        hooks.forward = self._watch
        # Plain mpf arithmetic inside an op (a cross product's a*b - c*d) passes no hook: watch mpmath's own
        # add and subtract, at the run's precision only (mpmath's functions sum their series at a raised one).
        self.numbers, self.prec = numbers, numbers.mpf.context.prec
        watches = {"mpf_add": self._watched_real, "mpf_sub": self._watched_real, "mpc_add": self._watched_complex,
                   "mpc_sub": self._watched_complex, "mpc_add_mpf": self._watched_mixed,
                   "mpc_sub_mpf": self._watched_mixed, "mpf_sum": self._watched_sum}
        self.raw = {name: getattr(numbers, name) for name in watches}
        for name, watch in watches.items():
            setattr(numbers, name, watch(self.raw[name]))
        return self

    def _note(self, out, s, t):
        """Record the spread of one real addition ``s + t = out`` (mpf tuples: sign, mantissa, exponent, bits;
        nonzero and finite where the mantissa is), made by the program at the run's precision."""
        if out[1] and s[1] and t[1]:
            spread = out[2] + out[3] - min(s[2] + s[3], t[2] + t[3])
            self._seen_in_program(spread, depth=4)

    def _seen_in_program(self, spread, depth):
        if _PROBING.get():
            return
        # mpmath's own algorithms (an SVD's sweeps, a series) add corrections far below their result by
        # design, at the caller's precision: only the program's sums are watched (the frame ``depth`` up is
        # the caller of mpmath's operator or of fsum: this frame, `_note`'s, the watch's, mpmath's, the caller's).
        if spread >> _STEP not in self.seen and not sys._getframe(depth).f_globals.get("__name__", "").startswith("mpmath"):
            self.seen.add(spread >> _STEP)
            self.spread = max(self.spread, spread)

    def _watched_real(self, operation):
        def run(s, t, prec=0, *rest):
            out = operation(s, t, prec, *rest)
            if prec == self.prec:
                self._note(out, s, t)
            return out

        return run

    def _watched_parts(self, operation, parts):
        """A complex addition or subtraction watched part by part: ``parts(s, t)`` pairs each part of the
        result with the operands' parts that made it (a complex plus a real leaves the imaginary part alone)."""
        def run(s, t, prec=0, *rest):
            out = operation(s, t, prec, *rest)
            if prec == self.prec:
                for part, (a, b) in zip(out, parts(s, t)):
                    if b is not None:
                        self._note(part, a, b)
            return out

        return run

    def _watched_complex(self, operation):
        return self._watched_parts(operation, lambda s, t: ((s[0], t[0]), (s[1], t[1])))

    def _watched_mixed(self, operation):
        return self._watched_parts(operation, lambda s, t: ((s[0], t), (s[1], None)))

    def _watched_sum(self, operation):
        # fsum and fdot add their terms exactly, then round once (which directed rounding sees), but drop a
        # term more than 2 * prec bits below the running sum, unseen: [1e300, 1e-300, -1e300] is 0 at 60 digits.
        def run(terms, prec=0, *rest):
            terms = list(terms)
            out = operation(terms, prec, *rest)
            if prec == self.prec:
                tops = [x[2] + x[3] for x in terms if x[1]]
                if tops:
                    span = max(tops) - min(tops)
                    top = max(tops) if span > 2 * prec else (out[2] + out[3] if out[1] else None)
                    if top is not None:
                        self._seen_in_program(max(0, top - min(tops)), depth=3)
            return out

        return run

    def _watch(self, prim, args, kwargs, ans):
        if self.saved is not None:
            self.saved(prim, args, kwargs, ans)
        if getattr(prim, "name", None) not in _ADDITIVE or _PROBING.get():
            return
        if getattr(prim, "name", None) in ("add", "subtract") and len(args) == 2:
            pairs = np.broadcast_arrays(*(np.asarray(a, dtype=object) for a in (*args, ans)))
            spreads = [_spread_log2((a, b), c) for a, b, c in zip(*(np.ravel(p) for p in pairs))]
        else:
            spreads = [_spread_log2([e for a in args if not isinstance(a, str) for e in _flat(a)], max_of=_flat(ans))]
        self.spread = max(self.spread, *spreads, 0)
        self.seen.update(s >> _STEP for s in spreads if s)

    def needs(self, before=None):
        """The digits below which this run's results may not settle; with ``before`` (the watch at the last
        precision), only from spreads met at both: a term that is a rounding residue (x - x (sin^2 + cos^2),
        squared, beside 1) moves with the precision, where a term of the program stays where it is."""
        if before is None:
            spread = self.spread
        else:
            common = [k for k in self.seen if k in before.seen or k - 1 in before.seen or k + 1 in before.seen]
            spread = (max(common) + 1) << _STEP if common else 0
        if spread == 0:
            return 0
        digits = spread * 30103 // 100000 + 1  # integers: a spread past 2^1024 bits (e^-5e399 beside 1) is no float
        # The run's differences move a term by a step a third of the digits below it: past 1.5 times the spread,
        # the step's own digits survive the sum (at 240 digits 2e200 + 1 keeps the 1, but not 1e-80 beside it).
        return max(digits + AGREE_DIGITS, 3 * digits // 2) + self.MARGIN

    def __exit__(self, *exc):
        hooks.forward = self.saved
        for name, operation in self.raw.items():
            setattr(self.numbers, name, operation)
        return False



class _Lost:
    """The real additions a run of the program makes at the run's precision that lose a term entirely (a term more
    than the precision below the result: e^-1e9 beside 1 in a masked softmax's sum), numbered in the order made.

    ``events`` gets, per such addition, ``(its result's binary top, the binary tops of the terms it lost)``; with ``bump``
    ``(number, delta)`` the addition of that number returns its result plus ``delta`` (mpf tuples), so that a run
    can read how much the program's value moves per unit of that one result (`absorbed_effect`).
    """

    def __init__(self, bump=None):
        self.events, self.bump, self.count = [], bump, 0

    def __enter__(self):
        from mpmath import ctx_mp_python as numbers  # lazy: only a high-precision run watches its sums

        self.numbers, self.prec = numbers, numbers.mpf.context.prec
        self.raw = {name: getattr(numbers, name) for name in ("mpf_add", "mpf_sub", "mpf_sum")}
        numbers.mpf_add, numbers.mpf_sub = self._pair(self.raw["mpf_add"]), self._pair(self.raw["mpf_sub"])
        numbers.mpf_sum = self._sum(self.raw["mpf_sum"])
        return self

    def _counted(self, out, top, lost, prec):
        """The addition's result, bumped where it is the one ``bump`` names; recorded where it lost a term."""
        if not lost or prec != self.prec or sys._getframe(3).f_globals.get("__name__", "").startswith("mpmath"):
            return out
        self.events.append((top, lost))
        self.count += 1
        if self.bump is not None and self.bump[0] == self.count - 1:
            return self.raw["mpf_add"](out, self.bump[1], prec)
        return out

    def _pair(self, operation):
        def run(s, t, prec=0, *rest):
            out = operation(s, t, prec, *rest)
            if not (out[1] and s[1] and t[1]):
                return out
            top, least = out[2] + out[3], min(s[2] + s[3], t[2] + t[3])
            return self._counted(out, top, [least] if least < top - prec else [], prec)

        return run

    def _sum(self, operation):
        def run(terms, prec=0, *rest):
            terms = list(terms)
            out = operation(terms, prec, *rest)
            tops = [x[2] + x[3] for x in terms if x[1]]
            if not tops:
                return out
            top = max(max(tops), out[2] + out[3] if out[1] else max(tops))
            return self._counted(out, top, [t for t in tops if t < top - prec], prec)

        return run

    def __exit__(self, *exc):
        for name, operation in self.raw.items():
            setattr(self.numbers, name, operation)
        return False


MOST_ABSORBING = 32  # the absorbing additions a run may make for `absorbed_effect` to bound their effect


def absorbed_effect(run, noise):
    """A bound on how far the terms the program's additions lose at this precision move its value; None where
    it makes more than MOST_ABSORBING such additions, or its value is not one finite number.

    Each addition that loses a term t is rerun alone with its result moved by delta, 2^8 units of its last
    place: the value moves by its adjoint times delta, read to within the rounding ``noise`` (the value's, at
    this precision) and a few units of the value's last place; the effect of t is at most that adjoint times
    |t|. Alone, since the adjoints of several moved at once can cancel (std's (1e300 - m)^2 and (-1e300 - m)^2).
    """
    import mpmath
    from mpmath.libmp import from_man_exp

    try:
        with _Lost() as lost, np.errstate(all="ignore"):
            base = flat_entries(run())
    except (TypeError, ValueError, ArithmeticError):  # no value at this precision (a matrix singular as it holds it)
        return None
    if len(base) != 1 or not mpmath.isfinite(base[0]) or len(lost.events) > MOST_ABSORBING:
        return None
    slack = 4 * noise + abs(base[0]) * mpmath.mpf(2) ** (4 - lost.prec)
    effect = mpmath.mpf(0)
    for number, (top, absorbed) in enumerate(lost.events):
        delta = from_man_exp(1, top - lost.prec + 8)  # 2^8 units of the result's last place
        try:
            with _Lost(bump=(number, delta)), np.errstate(all="ignore"):
                moved = flat_entries(run())
        except (TypeError, ValueError, ArithmeticError):  # moved out of an op's domain (spence's below 0: complex)
            return None
        if len(moved) != 1 or not mpmath.isfinite(moved[0]):
            return None
        effect += (abs(moved[0] - base[0]) + slack) / mpmath.mpf(delta) * mpmath.fsum(mpmath.ldexp(1, t) for t in absorbed)
    return effect


def _flat(value):
    """The entries of a number or an array of numbers (nothing for anything else)."""
    if isinstance(value, np.ndarray):
        return list(value.ravel()) if value.dtype == object or value.dtype.kind in "fiuc" else []
    return [value] if isinstance(value, (int, float, complex)) or hasattr(value, "_mpf_") or hasattr(value, "_mpc_") else []


def _log2(value):
    """The binary exponent of a finite nonzero number, or None."""
    import mpmath  # lazy: only a high-precision run watches its sums

    try:
        if value == 0 or not mpmath.isfinite(value):
            return None
        return int(mpmath.mag(value))
    except (TypeError, ValueError):
        return None


def _spread_log2(terms, result=None, max_of=None):
    """How many binary digits the largest of ``result`` (or of ``max_of``) lies above the smallest nonzero term."""
    tops = [m for m in (_log2(v) for v in ([result] if max_of is None else max_of)) if m is not None]
    lows = [m for m in (_log2(v) for v in terms) if m is not None]
    return max(0, max(tops) - min(lows)) if tops and lows else 0
