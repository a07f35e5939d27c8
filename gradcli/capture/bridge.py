"""What a framework bridge (JAX, PyTorch, TensorFlow) hands the checker, and how it becomes a gradcli function.

A bridge captures the user's function as a graph of the framework's operations
and gives back a `Bridge`: the framework's own numbers (what is under test),
and the captured forward and backward graphs replayed with gradcli's ops (what
the exact reference evaluates at high precision). `as_functions` compiles that
into the two callables every `Target` has, so the checker judges a framework's
gradient with the machinery it uses for gradcli's own custom gradients and has
no framework branch:

- in a working dtype, the value and gradient are the framework's own; while the
  checker records a run, the replayed graphs run beside them in the same dtype,
  each operation under the user's file and line (`replayed_at`), so provenance
  names the equation of the forward or backward graph that first went non-finite;
- on mpmath numbers and flint balls, the value is the forward graph replayed and
  the gradient is the framework's backward graph replayed (its rules, custom ones
  included): the exact reference differentiates the forward graph itself and
  judges that rule against it, so a wrong rule is caught as gradcli's own are;
- under `differentiating_the_primal` (a sweep's wider reference), the replay is
  the forward graph alone, differentiated by gradcli's own rules: the mathematics
  the check judges against, so a sweep's unchecked points see a wrong rule too.

Each bridge lives in its own module and is imported only when a target is
written for its framework (`make_bridge`), so that nothing here loads a framework.
"""

from __future__ import annotations

import contextvars
import importlib
import importlib.util
import linecache
import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Callable, Mapping, Optional

import numpy as np

from ..autodiff import mp as mp_core
from ..autodiff.custom import custom_gradient, rule_applied
from ..autodiff.plain import kept
from ..autodiff.tape import Variable, active_traces
from ..autodiff.tracer import PLAIN, hooks, unbox_at
from ..autodiff.values import Box
from ..autodiff.tree import dataclass_fields, flatten
from ..autodiff.values import raw
from ..errors import InputError
from ..folders import outside_python_and_gradcli
from .exact_constants import MP, kind_of
from .lines import innermost_users

_EXTRAS = {"jax": "JAX", "torch": "PyTorch", "tensorflow": "TensorFlow"}

# The module of each framework's bridge, imported on first use: each module has
# ``capture(fun, text) -> Bridge`` and imports its framework inside its functions.
BRIDGES = {
    "jax": "gradcli.capture.jax_bridge",
    "torch": "gradcli.capture.torch_bridge",
    "tensorflow": "gradcli.capture.tf_bridge",
}


class PerPoint(ValueError):
    """Raised by a `Bridge.vectorised` whose framework computes a range otherwise than each point alone (a program XLA
    compiles for the points' shape fuses and rounds otherwise): the sweep asks ``own`` at each point instead, and
    says why in the message's words (a reason after "ran once per point: ")."""


class Unmapped(ValueError):
    """Raised by a `Bridge.vectorised` whose framework cannot give a range in one call, saying what the function does
    that stops it (the op and line) in a reason after "ran once per point: ": the sweep tries the core's one call on
    the arrays, and where that too runs point by point, gives this reason. ``per_point``: what stops the map stops
    that call too (a Python branch on a tensor's value, a graph computing otherwise than the eager run), so the sweep
    goes point by point at once, tracing nothing for the whole arrays."""

    def __init__(self, reason, per_point=False):
        super().__init__(reason)
        self.per_point = per_point


@dataclass
class Bridge:
    """A user's framework function, as the checker needs it.

    Every callable takes the user's function's own arguments (NumPy arrays, or
    trees of them: dicts, lists, tuples) in a tuple ``args``.
    ``own(args, cotangent)`` returns ``(value, gradients)``: the framework's
    value, and its vector-Jacobian product with ``cotangent`` (one gradient per
    argument, shaped as the argument; None when ``cotangent`` is None, which
    asks for the value alone), computed by the framework in the dtype of the
    arrays. ``forward(*args)`` is the captured forward graph written with
    ``gradcli.numpy`` ops, and ``backward(args, cotangent)`` the framework's
    backward graph the same way (the rules its gradient ran, custom ones
    included, never gradcli's); both run on NumPy arrays of any dtype, on
    mpmath numbers and on flint balls (a graph is captured per shape and
    cached), and never call the framework.
    """

    framework: str
    own: Callable
    forward: Callable
    backward: Callable
    fix_namespace: str  # the module a fix of the user's source spells its calls with: jax.numpy, torch, tensorflow
    # formula function -> the full dotted path of the framework's own (softplus -> jax.nn.softplus;
    # jnp, tf and F are read as jax.numpy, tensorflow and torch.nn.functional): how fixes read and write calls;
    # the key "<number>" names what a number argument is passed through, where the framework needs it, and
    # "<constants>" the module a call on numbers alone is written with (math)
    spellings: Mapping[str, str] = field(default_factory=dict)
    vectorised: Optional[Callable] = None  # (leaf arrays over a range, dtype) -> (values, gradients): one call per sweep and dtype
    # (leaf arrays over a range, dtype) -> (values, gradients) of the forward graph replayed once on the whole range
    # and differentiated by gradcli's own rules (custom rules by their primal), or None where the graph is not
    # elementwise by construction: a sweep's wider reference in one call (else `differentiating_the_primal`'s path)
    replayed_range: Optional[Callable] = None
    # Whether ``forward`` under `replaying_points` replays the graph of one point on arrays of points (numbers and
    # 1-D arrays of one length), each entry as its own point, and raises ValueError where that graph is not
    # elementwise by construction: the noise estimate's four steps of a difference in one replay
    points_at_once: bool = False
    arguments: Optional[Callable] = None  # (point) -> point: the framework's objects in a point (an nn.Module) as trees of arrays
    supplied: tuple = ()  # parameters `arguments` fills itself where a point leaves them out (a module-level nn.Module)
    # another name of a variable -> the name it is checked under (a tied parameter's second module path), filled
    # as `arguments` meets the framework's objects
    aliases: Mapping[str, str] = field(default_factory=dict)
    # Whose CPU code flushes subnormal results to 0 and reads subnormal inputs as 0 ("XLA's CPU code",
    # `flushing.XLA_CPU_CODE`), or "" where the framework's code does neither: there 0 is the nearest number it can
    # give to an exact value below the dtype's smallest normal one.
    flushes_subnormals: str = ""
    # expect(arguments of each point, dtypes, batched=((dtype, points), ...)): what a check or a sweep is about to
    # ask of `own` (each point in each dtype) and of `vectorised` (ranges of that many points), told once before it
    # asks, so that the framework starts that work (XLA's compilations) while the checker works on; raises nothing
    expect: Optional[Callable] = None
    # held_constants(dtype) -> ((written, held), ...): the user's own float constants (never a library's) that the
    # program in a narrower dtype holds as other numbers, read from the graphs captured so far (None before any);
    # under `exact_constants.held_in(dtype)` the exact replay holds them so. Empty: the float64 program's reference.
    held_constants: Optional[Callable] = None
    # refused(dtype) -> why the framework's function cannot run in that NumPy dtype (a tf.function whose
    # input_signature fixes another), or None: the check and the sweep leave that dtype out and say why
    refused: Optional[Callable] = None
    # narrowed_constants() -> ((name, "file:line" or None, array), ...): the float arrays narrower than float64 the
    # user's function reads from its module, which a wider run holds as they are (JAX's import-time constants that
    # the module loaded with x64 on makes narrower too: a float32 dtype written); the check and the sweep note each
    narrowed_constants: Optional[Callable] = None
    # notes(arguments) -> [str]: what the framework's run did at a point that the check notes there (a PyTorch while
    # loop running another number of times than on the exact numbers), read after the point's exact reference
    notes: Optional[Callable] = None
    # undifferentiated(arguments) -> [(the op as the user calls it, "file:line"), ...]: the calls at a point that the
    # framework computes without a derivative from values that move with the inputs (PyTorch's torch.special.airy_ai:
    # its output needs no grad), whose terms its gradient leaves out; a wrong gradient's finding names them
    undifferentiated: Optional[Callable] = None
    # gradient_op(call) -> the framework's own op that computes the gradient of a call the user wrote
    # ("torch.nn.functional.binary_cross_entropy" -> "aten.binary_cross_entropy_backward"), or None: how a call's
    # built-in rule that is off is named
    gradient_op: Optional[Callable] = None
    # numbers_read(arguments) -> [(the call as the user writes it, "file:line"), ...]: where the user's code reads a
    # value that moves with the inputs out of the graph as a Python number (PyTorch's ``.item()``) and computes on
    # with it: the function's values follow it, the framework's gradient holds it constant; a wrong gradient's
    # finding names them
    numbers_read: Optional[Callable] = None
    # held_draws() -> [note, ...]: each random draw of the function replayed as the numbers the framework's own run
    # drew there (a constant of the point), read from the graphs captured so far; the check notes each
    held_draws: Optional[Callable] = None
    # rules_alone(args, cotangent) -> [(rule's name, "file:line", returned, truth), ...]: each call of a user's rule the
    # backward graph makes, nested ones first, judged alone (`rule_blame`); [] where there are none
    rules_alone: Optional[Callable] = None
    # rule_calls(args, cotangent) -> `RuleCalls`: each call of a user's rule the framework's own run at the point
    # makes, in the order its backward pass reached them, as a program of its own (`rule_blame` judges each alone, as
    # it does ``rules_alone``' answers); empty where the calls cannot be told apart
    rule_calls: Optional[Callable] = None
    # rule_variables(args, cotangent) -> [(rule's name, "file:line", variable's name, returned, truth, the call's
    # inputs), ...]: the gradients each call of a user's variables= rule returns for the variables it reads, which the
    # arguments' gradient never reads, beside their exact derivative (`rule_blame.judge_rule_variables`); a call not
    # judged as (rule's name, "file:line", why, None, None)
    rule_variables: Optional[Callable] = None
    # calls_variables_rules(args) -> whether the program at ``args`` calls a variables= rule: where it calls none,
    # ``rule_variables`` has nothing to judge and its exact replay is not run
    calls_variables_rules: Optional[Callable] = None
    # custom_calls() -> {"file:line": (the custom call's "file:line", its rule in words)}: the lines whose every
    # operation runs inside the primal of a custom derivative (a lax.custom_root's solve), which the framework's
    # gradient never differentiates, running the rule instead: `rule_blame` judges them as that call
    custom_calls: Optional[Callable] = None
    # Whether ``backward`` computes the forward's values itself (JAX's one program of the value and its gradient), so
    # that a value of the forward it lacks is one it computes otherwise (`rule_blame`); a gradient graph that reads
    # only the forward values its rules need (TensorFlow's) lacks the others without computing them otherwise
    backward_holds_forward: bool = True
    # backward_traced(args, cotangent) -> `backward`'s gradients, every operation of the framework's gradient graph
    # replayed to make them, those whose results no gradient reads included (a rule dropping an upstream gradient),
    # or None where `backward` runs them all: the numbers `rule_blame` searches
    backward_traced: Optional[Callable] = None
    # compiled_otherwise(args in a dtype, the framework's value there) -> a note or None: where the framework's
    # compiled program computes otherwise than its operations as given (XLA's simplifier cancelling (x + c) - c),
    # which operation, so that the check does not disagree silently with its own float replay
    compiled_otherwise: Optional[Callable] = None
    # computed_narrower(dtype) -> [(the library's object, why, (file, line) or None), ...]: the calls of the last run
    # in ``dtype`` into a library that computes in a narrower dtype of its own (a Keras loss's float32), so that the
    # run keeps that dtype's digits: the cause of an unstable verdict, a note beside a right one
    computed_narrower: Optional[Callable] = None


@dataclass
class RuleCall:
    """One call of a user's gradient rule, as the framework's float64 run at a point made it, as a program of its own:
    ``bridge`` is the bridge of ``sum(<the call's outputs, the upstream gradients its rule was handed>)`` as a
    function of the call's float inputs, ``inputs`` those inputs' float64 numbers. Its backward replays the user's
    rule, handed those upstream gradients; gradcli's derivative of its forward is the rule's truth there."""

    name: str  # "backward() of Softplus"
    location: str  # "file.py:LINE", the rule's def
    bridge: Bridge
    inputs: list
    # (name, "file.py:LINE") of the rule of each input, where the rule is given per argument (JAX's defjvps): each
    # input's slope is then judged as its own rule's
    per_input: tuple = ()


class RuleCalls(list):
    """`RuleCall`s, and whether they are every call of a user's rule the run made (``complete``): a long loop's
    calls past the most judged are not among them, so that no rule of the user's is cleared unjudged."""

    def __init__(self, calls=(), complete=True):
        super().__init__(calls)
        self.complete = complete


def dtypes_mixed(error):
    """The framework whose own run refused to mix two float dtypes in one operation (a library's float32 constant
    beside a float64 input: PyTorch's "Double did not match Float"), as its bridge marks ``error``, or None: a program
    that runs in the dtype its user gives it and raises in another, which is no verdict on the program."""
    return getattr(getattr(error, "original", error), "dtypes_mixed", None)


def make_bridge(framework, fun, text) -> Bridge:
    """The bridge for ``fun``, written for ``framework`` (a key of `BRIDGES`), named ``text`` in messages."""
    try:
        module = importlib.import_module(BRIDGES[framework])  # lazy: only a target written for it needs it
    except ModuleNotFoundError as error:
        if error.name != BRIDGES[framework]:
            raise
        raise InputError(f"{text} is written for {_EXTRAS[framework]}, which gradcli cannot check yet", text=text) from None
    installed = importlib.util.find_spec(framework) is not None
    if not installed:
        raise InputError(
            f"{text} is written for {_EXTRAS[framework]}, which is not installed here: "
            f'pip install "gradcli[{framework}]"',
            text=text,
        )
    return module.capture(fun, text)


def prepare_bridge(framework):
    """Let ``framework``'s bridge set up before the user's module imports the framework (its optional ``prepare()``).

    TensorFlow's bridge quietens TensorFlow's C++ start-up lines, which would
    otherwise come before gradcli's report, and only while the user has not
    chosen a level; a bridge without ``prepare`` needs nothing.
    """
    getattr(_bridge_module(framework), "prepare", lambda: None)()


def given_arguments(framework, make):
    """What ``make``, the user's function giving a check's arguments (``--args``), returns, called the way
    ``framework``'s bridge calls it (its optional ``given_arguments(make)``); elsewhere a plain call.

    JAX's bridge reads the numbers the user wrote where JAX's default mode
    rounds them to float32 (`jax_modes.as_written`).
    """
    return getattr(_bridge_module(framework), "given_arguments", lambda make: make())(make)


def _bridge_module(framework):
    """``framework``'s bridge module, or None where there is none (``make_bridge`` says why, with the words the user needs)."""
    if framework not in BRIDGES:
        return None
    try:
        return importlib.import_module(BRIDGES[framework])  # lazy: only a target written for it needs it
    except ModuleNotFoundError:
        return None


_REPLAYED_AT = contextvars.ContextVar("gradcli_replayed_at", default=None)


class replayed_at:  # noqa: N801 - a context manager, named as the function it replaced
    """Run the replay of one operation of a captured graph as if on ``location`` ("model.py:12") of the user's.

    ``rule`` names the user's own gradient rule an operation of a backward
    graph belongs to, as ("bwd() of log1pexp", "model.py:20"): a rule found
    wrong is reported there. None for the framework's built-in rules.
    ``library`` names the library code that wrote the operation where the
    user's line called a library's function, as "jax.scipy.special.spence,
    jax/_src/scipy/special.py:3078" (None: the line wrote it). ``own`` is a
    library call the replay computes as gradcli's own function, which can give
    the framework's own value of it (``own.value_of(result)``, None where it
    has none). ``by_the_pass`` is ``(kind, words)`` for an operation the
    framework's backward pass makes itself, which no operator of the user's
    line writes: ("accumulation", "the gradient accumulation of exp's uses at
    lines 29 and 30"), a broadcast's sum, a cast to an input's dtype. ``spelled``
    is the operation as its framework names it, where the bridge knows it:
    "tf.math.unsorted_segment_prod (UnsortedSegmentProd)", the API the user's
    line called and the graph's op type; findings show it for gradcli's name of
    the op that replays it. A class, not a generator: a replay enters one per
    operation it records.
    """

    __slots__ = ("where", "token")

    def __init__(self, location, rule=None, library=None, own=None, by_the_pass=None, spelled=None):
        self.where = (location, rule, library, own, by_the_pass, spelled)

    def __enter__(self):
        self.token = _REPLAYED_AT.set(self.where)
        return self

    def __exit__(self, *exc):
        _REPLAYED_AT.reset(self.token)
        return False


def on_its_line(function, location, rule=None):
    """``function`` run under `replayed_at` ``(location, rule)`` in every run, recorded or not: a
    ``stop_gradient``'s replay, whose line the exact reference names where it holds a value constant."""

    def run(*args):
        with replayed_at(location, rule):
            return function(*args)

    return run


def replayed_location():
    """``(location, rule, library, own, by_the_pass[, spelled])`` of the operation being replayed (see `replayed_at`),
    or None outside a replay."""
    return _REPLAYED_AT.get()


_WITHOUT_REPLAY = contextvars.ContextVar("gradcli_without_replay", default=False)


@contextmanager
def without_replay():
    """Runs in which only the framework's numbers are read (a fix's re-check): no replay beside them."""
    token = _WITHOUT_REPLAY.set(True)
    try:
        yield
    finally:
        _WITHOUT_REPLAY.reset(token)


_PRIMAL = contextvars.ContextVar("gradcli_primal", default=False)


@contextmanager
def differentiating_the_primal():
    """Runs in which a bridge's replay (`as_functions`' ``mp_function``) is its forward graph alone, which gradcli
    differentiates by its own rules: the derivative of the mathematics, as the exact reference takes it, never
    the framework's rules (a sweep's reference in a wider dtype, against which a wrong custom rule shows)."""
    token = _PRIMAL.set(True)
    try:
        yield
    finally:
        _PRIMAL.reset(token)


_DIFFERENTIATED = contextvars.ContextVar("gradcli_differentiated", default=None)


@contextmanager
def differentiating(marks):
    """Runs in which a bridge differentiates only the leaves ``marks`` gives True: the function's arguments as a
    tuple, each variable's leaf True or False (``--wrt``) and data as given. A leaf marked False is data to the
    framework, as it is a number held as given to the exact reference: neither computes a derivative in it."""
    token = _DIFFERENTIATED.set(marks)
    try:
        yield
    finally:
        _DIFFERENTIATED.reset(token)


def differentiated():
    """The marks of the enclosing `differentiating`, or None: a bridge differentiates every float leaf."""
    return _DIFFERENTIATED.get()


_POINTS = contextvars.ContextVar("gradcli_points", default=False)


@contextmanager
def replaying_points():
    """Runs in which the arrays handed to a bridge's replay are points of a function of numbers, one per entry
    (`Bridge.points_at_once`): its one-point graph replayed on them, or ValueError."""
    token = _POINTS.set(True)
    try:
        yield
    finally:
        _POINTS.reset(token)


def points_replayed():
    """Whether the replay runs under `replaying_points`."""
    return _POINTS.get()


def _recording():
    """Whether a run is being recorded for provenance (the checker's hooks are installed, and findings are read)."""
    return hooks.forward is not None and not _WITHOUT_REPLAY.get()


def as_functions(bridge, name):
    """``(function, mp_function)``: the bridge as the two callables of a checker `Target`.

    ``function`` gives the framework's own value and gradient in the dtype of its
    NumPy arguments; ``mp_function`` the replayed graphs, for high precision.
    """

    def own_with_replay(*args):
        with _complex_refused(name):
            recorded = _recording()
            if recorded:
                bridge.forward(*args)  # for provenance only: the numbers under test are the framework's
            plain = _plain(args)  # the framework sees numbers: its computation is opaque to gradcli's traces
            value, _ = bridge.own(plain, None)

        def grad_fn(upstream):
            if recorded:
                bridge.backward(args, upstream)
            return _per_input(bridge.own(plain, np.asarray(raw(upstream)))[1], args)

        return value, grad_fn

    def replayed(*args):
        value = bridge.forward(*args)

        def grad_fn(upstream):
            return _per_input(bridge.backward(args, upstream), args)

        return value, grad_fn

    own_with_replay.__name__ = replayed.__name__ = name  # the op's name in provenance and messages
    ruled = _outside_traces_bare(replayed)

    def mp_function(*args):
        if mp_core.mpmath is None and kind_of(flatten(list(args))[0]) == MP:
            # gradcli's ops compute on mpmath's numbers once enabled, which a check does as its exact reference
            # starts: a replay called before any check (a test's, a notebook's) is exact from its first call too.
            mp_core.enable()
        if _PRIMAL.get():
            return bridge.forward(*args)
        return ruled(*args)

    for attribute in ("__name__", "__qualname__", "__doc__", "__wrapped__"):
        setattr(mp_function, attribute, getattr(ruled, attribute))
    return _outside_traces_bare(own_with_replay), mp_function


# How PyTorch and TensorFlow refuse an op on complex numbers: "gt_cpu" not implemented for 'ComplexDouble', max does
# not support automatic differentiation for outputs with complex dtype, DataType complex128 not in list of allowed values.
_COMPLEX_REFUSED = re.compile(r"for '?Complex(Float|Double|Half)'?|with complex dtype|DataType complex(64|128) not in list")


@contextmanager
def _complex_refused(name):
    """An `InputError` where the framework refuses an op on complex tensors (a comparison, max, floor: they need an
    order complex numbers lack), at every point alike: its words and the user's line, and what to write instead."""
    try:
        yield
    except Exception as error:  # noqa: BLE001 - only the frameworks' refusals of complex tensors are told here
        words = next((line.strip() for line in str(error).splitlines() if _COMPLEX_REFUSED.search(line)), None)
        if words is None:
            raise
        kind = type(error).__name__
        words = words[len(kind) + 2:] if words.startswith(f"{kind}: ") else words
        at = getattr(error, "raised_at", None)  # TensorFlow's generated code read back to the user's line
        if at is None:
            found = innermost_users(error.__traceback__, outside_python_and_gradcli)
            at = (found[0].f_code.co_filename, found[1]) if found else None
        where = f"{at[0]}:{at[1]}" if at else None
        source = linecache.getline(at[0], at[1]).strip() if at else ""
        raise InputError(
            f"{name}{f' at {where}' if where else ''}{f' ({source})' if source else ''} hands a complex tensor to an op "
            f"that needs real numbers ({kind}: {words}): comparisons, max, min, floor and their kin need an "
            "order, which complex numbers lack; apply them to the tensor's real part, imaginary part or magnitude",
            text=where) from None


def _outside_traces_bare(fun):
    """``custom_gradient(fun)``, without its general path's bookkeeping where the call needs none.

    Most of a check's and a sweep's calls (the differences, the precision
    estimate, the framework's numbers) are outside every trace: there
    ``custom_gradient`` only runs ``fun`` on its arguments as `kept` and keeps
    the value, which this does without its wrapper's cost (~20-40 us a call,
    thousands of calls in a sweep). Most of the others (the exact reference's
    gradient, the recorded runs) have their arguments held by one trace: there
    ``fun`` runs on their values and `rule_applied` records the op
    ``custom_gradient`` would (a bridge's replay reads no Variable). Every
    other call takes ``custom_gradient``'s path.
    """
    ruled = custom_gradient(fun)

    def call(*args, **kwargs):
        if kwargs or active_traces():
            return ruled(*args, **kwargs)
        trace = _holder(args)
        if trace is None:
            return fun(*[kept(a) for a in args])[0]
        if trace is _GENERAL:
            return ruled(*args)
        value, grad_fn = fun(*[kept(unbox_at(a, trace)) for a in args])
        return rule_applied(value, grad_fn, args, trace, fun.__name__)

    for attribute in ("__name__", "__qualname__", "__doc__", "__wrapped__"):
        setattr(call, attribute, getattr(ruled, attribute))
    return call


_GENERAL = object()  # `_holder`'s answer where only custom_gradient's general path will do


def _holder(args):
    """The one trace that holds the traced ones of ``args`` (one level deep), None where no trace holds any, or
    `_GENERAL` (a container, a Variable, boxes of two traces or nested ones)."""
    holder = None
    for value in args:
        kind = type(value)
        if kind is float or kind is np.ndarray or kind is np.float64 or kind is np.float32:
            continue
        if isinstance(value, (list, tuple, dict, Variable)) or dataclass_fields(value) is not None:
            return _GENERAL
        if isinstance(value, Box) and value._trace is not PLAIN:
            inner = value._value
            if (holder is not None and holder is not value._trace) or (isinstance(inner, Box) and inner._trace is not PLAIN):
                return _GENERAL
            holder = value._trace
    return holder


def _per_input(grads, args):
    """The gradients as a custom rule returns them: one input's own, unwrapped; several as a tuple.

    A lone input's gradient is the whole return value (TensorFlow's convention,
    which ``custom_gradient`` reads), so a 1-tuple around a tree would be taken
    for the tree itself and fail to match it.
    """
    grads = tuple(grads)
    return grads[0] if len(args) == 1 else grads


def _plain(args):
    """``args`` with every traced leaf replaced by its value (the outer traces of a nested run box them)."""
    leaves, rebuild = flatten(list(args))
    return tuple(rebuild([raw(leaf) for leaf in leaves]))
