"""A captured graph's operations on constants alone, computed exactly when its replay is exact.

An operation whose inputs are all constants of the graph (a TensorFlow
``Const``, a JAX literal, a torch ``_constant``) computes in the framework's
dtype: ``1e-200 ** 2`` is 0 there. The replay in a dtype wants exactly that (it
follows the framework). The replay on mpmath numbers or flint balls is the
exact reference, and a number it computed in float64 would be a float64 answer
shown as exact: there the constants such an operation reads are lifted to the
replay's kind of number (a float is an exact binary number: the ball or mpf of
the very same value), so it computes at the replay's precision. The proof of
0 runs the replay on its own numbers (`arb_proof.Sym`) and lifts them too: a
clamp or max of constants then decides its branch as the balls did, and its
answer is an exact function of the constants the proof can cancel. A constant
that meets a replay's own numbers in an arithmetic op would compute exactly as a
float too, but a pick (a sort of a concatenation, a where, an index, a pad) carries
it among them as it is, and an op on the picked float alone would compute in
float64: so an exact replay holds every float constant of its graph lifted.

A walker (JAX's, PyTorch's, TensorFlow's) lifts the constants it holds (`lift`,
`lifted`) when `kind_of` its arguments says the replay is exact. One that folds
operations on constants when it captures the graph (TensorFlow's) also records
each fold in `Folds`, whose ``exact(static, values)`` runs them again on lifted
constants and gives the values that replace the folded ones.
"""

from __future__ import annotations

import contextvars
import functools
import math
from contextlib import contextmanager
from fractions import Fraction

import numpy as np

from ..autodiff import arb as arb_core, arb_proof, ops
from ..autodiff.arb_proof_balls import exact_fraction
from ..autodiff import tracer
from ..autodiff.tracer import hooks
from ..autodiff.values import loaded_mpmath, raw

BALL, MP, PROOF = "ball", "mp", "proof"


def kind_of(values):
    """The kind of exact number ``values`` hold: `BALL` (balls or jets of balls), `MP` (mpmath's), `PROOF` (a proof's
    `arb_proof.Sym` numbers, which take a constant as the exact number it is), or None."""
    for value in values:
        value = raw(value)
        if isinstance(value, np.ndarray):
            if value.dtype != object or not value.size:
                continue
            value = raw(value.flat[0])
        if arb_core.ARB is not None and isinstance(value, (arb_core.ARB, arb_core.Jet)):
            return BALL
        if type(value).__module__.startswith("mpmath"):
            return MP
        if type(value) is arb_proof.Sym:
            return PROOF
    return None  # NumPy floats


def is_float(value):
    """Whether a static value is a float constant (a Python float, a NumPy float scalar or array)."""
    if isinstance(value, float):
        return True
    return isinstance(value, (np.ndarray, np.generic)) and np.issubdtype(value.dtype, np.floating)


def lift(value, kind):
    """A float constant as the exact number of ``kind`` it is (an object array for an array), each entry moved where
    a move is on (`moved`), or the number it stands for where the constants are taken as meant (`meant`); anything
    else unchanged."""
    if not is_float(value):
        return value
    if _MEANT.get():
        if (meaning := meaning_of(value)) is not None:
            like = arb_proof.constant(0.0) if kind == PROOF else _like(kind)
            return ops.constant(meaning[0], like, meaning[1])
    elif (watch := tracer.sightings.get()) is not None and not watch.seen and stands_for_a_constant(value):
        watch.seen = True
    move = _MOVE.get()
    if move is not None:
        value = _moved_entries(value, move)
    if kind == PROOF:
        return arb_proof.constant(value)
    return ops.lifted(value, _like(kind))


# A move of the graph's float constants an exact replay holds (`moved`), or None: each constant as written.
_MOVE = contextvars.ContextVar("gradcli_constants_moved", default=None)


@contextmanager
def moved(move):
    """Within it, an exact replay holds each float constant of a framework's graph as ``move(number)`` (a float to a
    float, or None to keep it), entry by entry: the program at other roundings of its own data
    (`checker.data_rounding`). No copy lifted while a move is on is kept (`reusable`), and none kept before is read,
    so the replays before and after it hold the constants as written."""
    token = _MOVE.set(move)
    try:
        yield
    finally:
        _MOVE.reset(token)


# Whether an exact replay takes each float constant that stands for a constant of `ops.CONSTANTS` as that number (`meant`).
_MEANT = contextvars.ContextVar("gradcli_constants_meant", default=False)


@contextmanager
def meant():
    """Within it, an exact replay takes every float constant of a framework's graph and every float the user's code
    hands an op that stands for a constant (`meaning_of`: ``math.log(2.0)``, ``np.pi``, a float32 program's float32
    ln 2) as that constant: the program as its writer meant it, which the checker asks where a value is off its exact
    reference (`checker.data_rounding.meant_reference`). No copy lifted within it is kept (`reusable`)."""
    token = _MEANT.set(True)
    try:
        with tracer.constants_meant(meant_number):
            yield
    finally:
        _MEANT.reset(token)


class Sightings:
    """What one exact replay met (`watching`): ``seen``, whether it held a float constant that stands for a constant of
    mathematics (`stands_for_a_constant`), the only kind `meant` changes."""

    __slots__ = ("seen",)
    stands = staticmethod(lambda number: _stands(number, "d"))  # a Python float the user's code hands an op

    def __init__(self):
        self.seen = False


@contextmanager
def watching():
    """Within it, the exact replays note on the `Sightings` it gives whether they hold a float constant of a framework's
    graph (`lift`), or the user's code hands an op a float (`moved_scalars`, `tracer._sighted_in`), that stands for a
    constant: where none does, the program as meant is the program as written, and the checker does not replay it
    again (`checker.judge._value_as_meant`)."""
    watch = Sightings()
    token = tracer.sightings.set(watch)
    try:
        yield watch
    finally:
        tracer.sightings.reset(token)


def kept_with_sightings(make):
    """``(make(), seen)``: a replay's lifted constants made to be kept for later replays, and whether they met a
    constant standing for one (noted on the running watch too); a later replay handed the kept copy notes it
    (`note_seen`), as lifting them again would have."""
    with watching() as watch:
        made = make()
    note_seen(watch.seen)
    return made, watch.seen


def note_seen(seen):
    """Note on the running watch (`watching`), if any, that the replay met a constant standing for one where ``seen``."""
    if seen and (watch := tracer.sightings.get()) is not None:
        watch.seen = True


def stands_for_a_constant(value):
    """Whether the float constant ``value`` (a Python float, a NumPy float scalar or array) stands for a constant
    (`meaning_of`), as `meant` reads it: a float64 or float32 scalar only; 1.0, 2.0 and 0.5 never."""
    if type(value) is float:
        return _stands(value, "d")
    if np.ndim(value):
        return False
    dtype = np.asarray(value).dtype
    return dtype in (np.float32, np.float64) and _stands(float(value), dtype.char)


@functools.lru_cache(maxsize=4096)  # asked per constant of each exact replay: a program holds a few numbers
def _stands(number, char):
    return meaning_of(number if char == "d" else np.float32(number)) is not None


def meaning_of(value):
    """`standing_for` of the float ``value`` (a Python float, a 0-d float array), read as the float64 it is or, where it
    is a float32 number (a float32 program's ``math.log(2.0)``), as that float32."""
    found = standing_for(value)
    if found is not None or np.ndim(value) or not is_float(value):
        return found
    number = float(value)
    return standing_for(np.float32(number)) if math.isfinite(number) and float(np.float32(number)) == number else None


def meant_number(number, args):
    """The constant the Python float ``number`` stands for (`meaning_of`), of the kind of the exact numbers among
    ``args``, or None: `tracer.meant_number` within `meant`."""
    meaning = meaning_of(number)
    if meaning is None or all(kind_of([arg]) is None for arg in args):
        return None
    return standing_in(meaning, args)


def moved_scalars(args, positions):
    """``args`` with the Python floats at ``positions`` (the user's code handed them an op) moved where a move is on
    (`moved`), still Python floats: an op takes them exactly where it meets an exact replay's numbers; each the
    constant it stands for where the constants are taken as meant (`meant`)."""
    if _MEANT.get():
        meant = {k: meant_number(a, args) for k, a in enumerate(args) if k in positions and type(a) is float}
        args = [a if meant.get(k) is None else meant[k] for k, a in enumerate(args)]
    elif (watch := tracer.sightings.get()) is not None and not watch.seen:
        watch.seen = any(type(a) is float and _stands(a, "d") for k, a in enumerate(args) if k in positions)
    move = _MOVE.get()
    if move is None:
        return args
    return [_moved_entries(a, move) if k in positions and type(a) is float else a for k, a in enumerate(args)]


def _moved_entries(value, move):
    """The float constant ``value`` (a float, a NumPy float scalar or array) with each entry ``move`` moves moved, as
    float64 numbers where one moves (a float32 entry moved by float64's units is no float32)."""
    if type(value) is float:
        found = move(value)
        return value if found is None else found
    array = np.asarray(value)
    entries = array.astype(np.float64).ravel().tolist()
    shifted = [move(entry) for entry in entries]
    if all(entry is None for entry in shifted):
        return value
    out = np.array([e if m is None else m for e, m in zip(entries, shifted)], dtype=np.float64).reshape(array.shape)
    return out if isinstance(value, np.ndarray) else out[()]


def _like(kind):
    """A one-entry array of ``kind``'s numbers: what `ops.lifted` reads the precision of a replay from."""
    like = np.empty(1, dtype=object)
    like[0] = arb_core.anchored.exact_ball(0.0) if kind == BALL else loaded_mpmath().mpf(0)
    return like


def lifted(values, indices, kind):
    """A copy of the list ``values`` with the float constants at ``indices`` lifted to exact numbers of ``kind``.

    A lifted float is the same number at every precision, so a walker keeps the copy per kind where it is
    `reusable`.
    """
    out = list(values)
    for index in indices:
        out[index] = lift(out[index], kind)
    return out


def rules_constants(args):
    """``{position: name}`` for the Python floats among ``args`` that are the float64 or the float32 nearest a constant
    of `ops.CONSTANTS` (2/sqrt(pi), pi, log 2...): a library's rule holds it so (C's ``M_2_SQRTPI``).

    PyTorch's erfcx rule is 2 x erfcx(x) - 2/sqrt(pi): at x = 1e5 the derivative is -5.6e-11, and the float64
    rounding of 2/sqrt(pi) alone is 2.7e-7 of it. An exact replay that kept that float would find the rule wrong;
    one that takes the constant it stands for (`ops.constant`) judges the rule on its mathematics, while the
    replay in the dtype keeps the rounded number and loses the digits it loses.
    """
    nearest = _nearest_floats()
    return {k: nearest[arg] for k, arg in enumerate(args) if type(arg) is float and arg in nearest}


@functools.lru_cache(maxsize=None)
def _nearest_floats():
    """``{float: name}``: the float64 and the float32 nearest each constant of `ops.CONSTANTS`."""
    mpmath = loaded_mpmath()
    nearest = {}
    for name, expression in ops.CONSTANTS.items():
        with mpmath.workprec(200):
            value = expression(mpmath)
        for bits in (24, 53):
            with mpmath.workprec(bits):
                nearest[float(+value)] = name  # +value: rounded to nearest at ``bits``, then exactly a float
    return nearest


def standing_for(value):
    """``(name, scale)`` where the float constant ``value`` (a Python float or a 0-d float array) stands for ``scale``
    times the constant ``name`` of `ops.CONSTANTS`, ``scale`` a signed power of 2; else None.

    A library computes such a number in its dtype: JAX's ``owens_t`` rule divides by ``2. * np.sqrt(2. * np.pi)``,
    whose float64 is 0.6 ulp below 2 sqrt(2 pi), the second nearest float, not the nearest (the square root of a
    rounded 2 pi). So a float64 stands for a constant within `_ULPS` of its binary digits, scaled by any power of 2
    (pi, 2 pi and pi/2 share their digits); a float32 only as the float32 nearest to it, since its 24 digits make
    a wider window meet a library's rational coefficients. A number no library wrote must never be asked.
    """
    array = np.asarray(value)
    if array.shape != () or array.dtype not in (np.float32, np.float64):
        return None
    number = float(array)
    if not np.isfinite(number) or not number:
        return None
    return _standing_for(number, array.dtype == np.float64)


_ULPS = 4  # a float64 constant a few float operations made (sqrt(2 * pi): two roundings) is within this many ulps


@functools.lru_cache(maxsize=1024)
def _standing_for(number, wide):
    fraction, exponent = np.frexp(abs(number))  # fraction in [0.5, 1)
    window = _ULPS * 2.0**-53 if wide else 0.0
    for name, (digits, own_exponent) in _fractions().items():
        near = digits[0] if wide else digits[1]
        if abs(float(fraction) - near) <= window:
            return name, float(np.copysign(2.0 ** (int(exponent) - own_exponent), number))
    return None


@functools.lru_cache(maxsize=None)
def _fractions():
    """``{name: ((float64 fraction, float32 fraction), exponent)}``: each constant of `ops.CONSTANTS` as
    ``fraction * 2**exponent``, its fraction in [0.5, 1) rounded to each dtype's nearest."""
    mpmath = loaded_mpmath()
    table = {}
    for name, expression in ops.CONSTANTS.items():
        with mpmath.workprec(200):
            fraction, exponent = mpmath.frexp(expression(mpmath))
        rounded = []
        for bits in (53, 24):
            with mpmath.workprec(bits):
                rounded.append(float(+fraction))  # +fraction: rounded to nearest at ``bits``, then exactly a float
        table[name] = (tuple(rounded), int(exponent))
    return table


def angle_of_pi(value, lengths=()):
    """``(p, q)`` where the float64 ``value`` is p/q times pi to its last bits (q at most `_ANGLE_DENOMINATORS`, or
    q the length n or n - 1 of one of the windows ``lengths`` computes from; within `_ULPS` of p pi / q:
    ``2 * math.pi / n`` rounds twice, |value| at most `_LARGEST_ANGLE`), else None.

    A framework's window function (PyTorch's ``hann_window`` as it decomposes)
    computes its angles as ``arange(n) * (2 pi / n)`` with the float 2 pi / n:
    Hann's 4 angles are multiples of the float 1.5707963267948966,
    2^-54 below pi / 2, so an exact replay holding that float finds the window's
    quarter points 0.5 - 2^-54 and a frame the window silences is -2^-54, not 0.
    The mathematical window has the angles p pi / q; a caller asks this only for
    a constant computed from no input that no user wrote.
    """
    if type(value) is not float or not 0 < abs(value) <= _LARGEST_ANGLE:
        return None
    mpmath = loaded_mpmath()
    with mpmath.workprec(120):
        turns = mpmath.mpf(value) / mpmath.pi
        ratios = [exact_fraction(turns).limit_denominator(_ANGLE_DENOMINATORS)]
        ratios += [Fraction(int(mpmath.nint(turns * q)), q) for q in sorted({m for n in lengths for m in (n - 1, n)})
                   if q > _ANGLE_DENOMINATORS]
        for ratio in ratios:
            if ratio and abs(ratio.numerator * mpmath.pi / ratio.denominator - value) <= _ULPS * math.ulp(value):
                return ratio.numerator, ratio.denominator
    return None


# A window's length bounds its angles' denominator; p/q below it near a float within `_ULPS` by chance: ~2^-25 (a
# longer window's own q, one denominator, by a chance of about q 2^-50).
_ANGLE_DENOMINATORS = 1 << 12
# A window's step is at most 4 pi (Blackman's 4 pi / (n - 1) at n = 2). The chance above grows with a float's ulp:
# past 16 it passes 2^-24, and a float as large as finfo(float32).min is some p pi / 1 to its last bits.
_LARGEST_ANGLE = 4 * math.pi


def angle_in(angle, args):
    """The angle p pi / q (`angle_of_pi`) as the exact numbers among ``args`` are made."""
    like = next(arg for arg in args if kind_of([arg]) is not None)
    numerator, denominator = angle
    return ops.constant("pi", like) * numerator / denominator


def window_coefficient(decimal, kind):
    """A library window's coefficient ``decimal`` (text: "0.42") as the float written where ``kind`` is None (a run in
    a dtype computes with it), else as the exact decimal of ``kind`` (`kind_of`) it stands for.

    Blackman's window is 0.42 - 0.5 cos + 0.08 cos by definition: read as the
    binary floats they are, 0.42 - 0.5 + 0.08 is -2^-56, so an exact replay finds
    the window's first entry -2^-56 where the mathematics (and PyTorch's float64)
    gives 0. A coefficient the user's own code hands a window stays the float it is.
    """
    if kind is None:
        return float(decimal)
    fraction = Fraction(decimal)
    return lift(float(fraction.numerator), kind) / fraction.denominator


# The decimal coefficients the libraries' raised-cosine windows write (Hamming's, Blackman's); 0.5 is binary already.
_WINDOW_DECIMALS = ("0.54", "0.46", "0.42", "0.08")


def window_decimal(value):
    """The text of the decimal window coefficient (`_WINDOW_DECIMALS`) the 0-d float ``value`` is in its dtype, or None."""
    array = np.asarray(value)
    if array.shape != () or array.dtype not in (np.float32, np.float64):
        return None
    return next((text for text in _WINDOW_DECIMALS if array == array.dtype.type(text)), None)


def root_of_whole(value):
    """``(n, p, q)`` where the Python float ``value`` is the float64 nearest n^(p/q) (n a whole number from 2 to
    `_LARGEST_ROOTED`, p/q one of `_ROOT_EXPONENTS`) and no float is that number exactly, else None.

    A library computes such a number from a shape it is handed: PyTorch's attention
    scales q and k each by ``sqrt(1 / sqrt(E))``, E the head's width, so a
    width of 2 gives the double 0.8408964152537145, 2^-1/4 rounded. That number is
    the library's, not a float the user wrote: the exact replay of a narrower
    dtype's program holds it as written, not in that dtype as a user's number. A
    caller asks this only of a float the user's code did not hand the op.
    """
    if type(value) is not float or not 2.0**-9 < value < 2.0**9:  # beyond every root of `_LARGEST_ROOTED`'s
        return None
    return _root_of_whole(value)


_LARGEST_ROOTED = 1 << 16  # an attention head's width, a layer's fan-in: a library's shapes, far below this
_ROOT_EXPONENTS = ((-1, 4), (-1, 2), (1, 4), (1, 2))  # attention's E^-1/4 and E^-1/2, and their inverses


@functools.lru_cache(maxsize=1024)  # asked per float of a library's steps: a graph holds a few
def _root_of_whole(value):
    mpmath = loaded_mpmath()
    for p, q in _ROOT_EXPONENTS:
        whole = round(value ** (q / p))
        if not 2 <= whole <= _LARGEST_ROOTED:
            continue
        with mpmath.workprec(120):
            root = mpmath.root(mpmath.mpf(whole), q) ** p
            if root != value and abs(root - value) <= _ULPS * math.ulp(value):
                return whole, p, q
    return None


def root_in(root, args):
    """The root n^(p/q) (`root_of_whole`'s ``(n, p, q)``) as the exact numbers among ``args`` are made: a ball at the
    working precision, an mpf, or beside a proof's numbers the proof's own square roots of n, so an exact replay
    scales by the library's irrational number and a proof meets its square as 1/sqrt(n) itself."""
    like = next(arg for arg in args if kind_of([arg]) is not None)
    whole, p, q = root
    space = ops.high_precision(like)
    sqrt = getattr(space, "sqrt", None) or loaded_mpmath().sqrt  # mpmath's numbers: its own square root
    number = space.mpf(whole)
    for _ in range(_HALVINGS[q]):
        number = sqrt(number)
    return number if p > 0 else 1 / number


_HALVINGS = {2: 1, 4: 2}  # the square roots a root of `_ROOT_EXPONENTS`' denominators takes


def standing_in(meaning, args):
    """The number ``meaning`` (`standing_for`'s answer, or ``("decimal", text)``: `window_decimal`'s) names, as the
    exact numbers among ``args`` are made (a ball at the working precision, an mpf, a proof's atom), so an exact
    replay computes with the constant itself."""
    if meaning[0] == "decimal":
        return window_coefficient(meaning[1], kind_of(args))
    like = next(arg for arg in args if kind_of([arg]) is not None)
    name, scale = meaning
    return ops.constant(name, like, scale)


def reusable(kind):
    """Whether constants lifted to ``kind`` may be kept for later runs: balls and mpf are the same numbers at a
    precision, but proof numbers belong to the one proof (`arb_proof.session`) that made them; and none made while
    the constants are moved (`moved`), whose numbers are not the graph's."""
    return kind != PROOF and _MOVE.get() is None and not _MEANT.get()


def precision(kind):
    """The bits an exact replay of ``kind`` (`kind_of`) computes with now (a proof's numbers are balls)."""
    if kind in (BALL, PROOF):
        import flint  # lazy: a ball replay has flint loaded already

        return flint.ctx.prec
    return loaded_mpmath().mp.prec


@contextmanager
def unobserved():
    """Compute a graph's constants without the checker's recorder seeing them: they are no op of the user's."""
    saved = hooks.forward, hooks.backward
    hooks.forward = hooks.backward = None
    try:
        yield
    finally:
        hooks.forward, hooks.backward = saved


@contextmanager
def off_the_path():
    """Decide branches on constants alone outside the program's path (`arb.decisions`): they go the same way at
    every point, and a fold kept per precision on balls runs again on each proof's own numbers, so a path
    that counted them would differ between two runs of one program."""
    saved = arb_core.decisions, arb_core.ties, arb_core.forced
    arb_core.decisions, arb_core.ties, arb_core.forced = [], [], None
    try:
        yield
    finally:
        arb_core.decisions, arb_core.ties, arb_core.forced = saved


class Folds:
    """A graph's operations on constants alone, in the order they were folded, to run again exactly.

    ``add(run, inputs, outputs, values)`` records one: ``run(list of inputs) -> an
    output or a tuple of outputs``; ``values`` are its folded inputs (a fold with
    no float input is exact already and is not kept).
    """

    def __init__(self):
        self.steps = []
        self._cache = {}

    def add(self, run, inputs, outputs, values):
        if any(is_float(value) for value in values):
            self.steps.append((run, tuple(inputs), tuple(outputs)))

    def exact(self, static, values, held=None):
        """``{key: value}``: the float outputs of the folds computed on exact constants of ``values``' kind ({} for NumPy floats).

        ``static`` holds the constants as the program replayed holds them, the dtype's name ``held`` (`held_name`)
        telling its programs apart.

        An output that is not a float at capture (a shape, a mask, an index made
        from float constants) keeps its folded value: the replay reads it as the
        framework's integers and booleans.
        """
        kind = kind_of(values) if self.steps else None
        if kind is None:
            return {}
        if not reusable(kind):
            return self._computed(static, kind)
        key = (kind, precision(kind), held)
        found = self._cache.get(key)
        if found is None:
            found = kept_with_sightings(lambda: self._computed(static, kind))
            self._cache = {key: found}  # one precision at a time: a new one replaces it
        else:
            note_seen(found[1])
        return found[0]

    def _computed(self, static, kind):
        exact = {}
        with unobserved(), off_the_path(), np.errstate(all="ignore"):
            for run, inputs, outputs in self.steps:
                out = run([exact[k] if k in exact else _folds_constant(static[k], kind, k) for k in inputs])
                for k, value in zip(outputs, out if isinstance(out, tuple) else (out,)):
                    if is_float(static.get(k)):
                        exact[k] = value
        return exact


def _folds_constant(value, kind, key=""):
    """A float constant a fold reads, as the exact number of ``kind`` it stands for: a 0-d float that is pi's float
    scaled by a power of 2 (TensorFlow's ``hann_window`` multiplies its counts by ``constant(2 * np.pi)``) is that
    multiple of pi, as a literal math.pi is pi; a decimal coefficient of a library's window (``key``, the constant's
    tensor name, in TensorFlow's ``hamming_window`` scope: its 0.54 and 0.46) that decimal; any other float the
    exact binary number it is (`lift`)."""
    if _WINDOW_SCOPE in str(key).split("/")[:-1] and (text := window_decimal(value)) is not None:
        return window_coefficient(text, kind)
    array = np.asarray(value) if is_float(value) else None
    if array is None or array.shape != () or array.dtype not in (np.float32, np.float64) or not np.isfinite(array):
        return lift(value, kind)
    scale = float(np.copysign(2.0 ** (int(np.frexp(float(array))[1]) - 2), float(array)))  # pi is 0.785... x 2^2
    if not scale or array != array.dtype.type(math.pi * scale):  # the float of pi the dtype holds, scaled exactly
        return lift(value, kind)
    like = arb_proof.constant(0.0) if kind == PROOF else _like(kind)
    return ops.constant("pi", like, scale)


_WINDOW_SCOPE = "hamming_window"  # TensorFlow's window whose coefficients are decimals (its hann's 0.5 is binary)


# The dtype whose program the exact reference replays (None: the float64 program, every constant as written).
_HELD_IN = contextvars.ContextVar("gradcli_constants_held_in", default=None)


@contextmanager
def held_in(dtype):
    """Within it, a bridge's replay on exact or float64 numbers (`held_for`) runs its float64 graph with each of the
    user's own float constants as the program in ``dtype`` holds it; a library's constants stay as written."""
    token = _HELD_IN.set(None if dtype is None or np.dtype(dtype) == np.float64 else np.dtype(dtype))
    try:
        yield
    finally:
        _HELD_IN.reset(token)


def held_name(dtype):
    """What `held_in(dtype)` replays, as a key: None for the float64 program, else the narrower dtype's name."""
    return None if dtype is None or np.dtype(dtype) == np.float64 else np.dtype(dtype).name


def held_for(values):
    """The narrower dtype whose program a replay on ``values`` runs now (`held_in`), or None: exact numbers and
    float64 ones (the differences' steps) replay it; a run in a dtype replays that dtype's own graph."""
    held = _HELD_IN.get()
    if held is None or kind_of(values) is not None:
        return held
    plain = [raw(v) for v in values if v is not None]
    return None if any(_other_float(v) for v in plain) else held


def _other_float(value):
    """Whether ``value`` is a float number or array of another dtype than float64 (a run in that dtype); a loop's
    integer counter beside float64 numbers is none."""
    dtype = getattr(value, "dtype", None)
    return dtype is not None and (dtype.kind == "f" or dtype.name == "bfloat16") and dtype != np.float64


def truncated_toward_zero(number, dtype=np.int64):
    """An exact number cut toward 0 to a whole number of the integer ``dtype``, as a cast to it cuts a float
    (`arb.integer_cut`: undecided where a ball straddles a whole number, no exact reference where the dtype cannot
    hold the number)."""
    return arb_core.integer_cut(number, dtype)
