"""An ``autograd.Function`` whose forward computes in NumPy (``x.detach().numpy()``, NumPy or SciPy, ``torch.as_tensor``),
as PyTorch's "extending with NumPy" tutorial writes it: its backward is the user's rule under test, its forward plain
NumPy, which gradcli replays on its own numbers.

Fake tensors hold no numbers, so such a forward cannot run while gradcli traces. The trace meets it
(`NumpyForwardsNeeded`), the function then runs once eagerly at the traced point, where each application's forward
is noted (`_Plan`: which tensors it made, which it returned, saved for the backward or set on ``ctx``), and the trace
runs again with each such forward as one node, ``gradcli::numpy_forward``, whose outputs are the tensors the forward
made; the backward is traced as it runs, on those outputs, or, where it computes in NumPy too (`_BackwardPlan`), is
one node of the gradients it returns, whose inputs are what it reads. A node's replay calls the user's own code again with
NumPy and SciPy resolved to ``gradcli.numpy`` and ``gradcli.scipy`` (`numpy_module.substituted_function`) and
``torch``'s conversions handing the numbers through (`_Numbers`), so the exact reference differentiates the forward's
mathematics at high precision and the backward, replayed likewise where it is NumPy's, is judged against it.
``detach`` inside the forward is no stop: the forward runs without gradients in PyTorch too, and its derivative is
what the backward claims.
"""

from __future__ import annotations

import functools
import inspect
import itertools
import threading
import types
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field

import numpy as np

from ..autodiff.ops import high_precision, lifted
from ..autodiff.tracer import constants_exact
from ..autodiff.values import raw
from ..errors import InputError
from . import exact_constants
from .lines import def_line
from .numpy_module import constant_arrays_exact, substituted_function


class NumpyForwardsNeeded(Exception):  # noqa: N818 - a request, not a failure: the trace restarts after noting
    """Raised by a trace meeting a Function whose forward or backward leaves PyTorch: run the function eagerly first."""


@dataclass
class _Plan:
    """One application of a Function whose forward left PyTorch, as it ran eagerly: a reference is ``("input", i)``
    (the i-th argument), ``("made", j)`` (the j-th tensor the forward made) or ``("constant", value)``."""

    cls: type
    made: list = field(default_factory=list)  # (shape, torch dtype) of each tensor the forward made
    sites: list = field(default_factory=list)  # where each made tensor is found: ("output", k), ("saved", k), ("attribute", name)
    outputs: tuple = ()  # the references of what the forward returned
    returned_tuple: bool = False  # whether it returned a tuple of them (else the one alone)
    saved: tuple = None  # references of the tensors it saved for the backward (None: it saved none)
    attributes: dict = field(default_factory=dict)  # ctx attributes it set: name -> reference
    numbers: tuple = ()  # the attributes NumPy computed as numbers (`_computed_number`), made tensors in a trace
    non_differentiable: tuple = ()
    materialize: object = None
    with_ctx: bool = True  # whether the forward takes ctx (else it sets up its context apart, on the node's outputs)


@dataclass
class _BackwardPlan:
    """The backward of one application, where it left PyTorch, as it ran eagerly: what it read from ``ctx`` and what
    it returned."""

    cls: type
    saved: int = 0  # how many tensors it found saved
    tensors: tuple = ()  # the names of the ctx attributes that are tensors: inputs of its node
    numbers: tuple = ()  # those of them a NumPy forward set as numbers, handed to the backward's code as numbers
    constants: dict = field(default_factory=dict)  # the other ctx attributes, as they were
    needs_input_grad: tuple = ()
    made: list = field(default_factory=list)  # (shape, torch dtype) of each tensor it returned
    returned: tuple = ()  # per entry returned: the index of its made tensor, or None for a None
    returned_tuple: bool = True


@dataclass
class Notes:
    """What an eager run noted of the Functions leaving PyTorch: each application's forward plan (None where it stays
    in PyTorch) in order, and the backward plans by application."""

    forwards: list = field(default_factory=list)
    backwards: dict = field(default_factory=dict)


@dataclass
class _Application:
    """What the node of one application needs: its plan, its non-tensor arguments and the dtypes of its tensor ones."""

    plan: _Plan
    args: list
    positions: list
    dtypes: list

    @property
    def made(self):
        return self.plan.made

    def replay(self, location):
        return _forward_replay(self, location)


@dataclass
class _BackwardApplication:
    """What the node of one application's backward needs: its plan and the dtypes of its inputs (saved tensors,
    tensor attributes, gradients, in that order) and which gradients were given."""

    plan: _BackwardPlan
    dtypes: list
    given: list  # per gradient: whether it is a tensor (an input of the node) or None

    @property
    def made(self):
        return self.plan.made

    def replay(self, location):
        return _backward_replay(self, location)


_APPLICATIONS = {}  # a node's key -> its `_Application`, until the graph holding it is compiled
_KEYS = itertools.count()
_MODE = threading.local()  # the calling thread's `_Noting` inside `noting_forwards`
_INSTALLED = []
_INSTALLING = threading.Lock()
_WATCHING = {}  # a user's Function class -> its subclass whose forward is watched for .numpy() (`_watching_forward`)
_VARIANTS = {}  # (forward one node, backward one node) -> {a user's Function class: its subclass} (`_variant`)


@dataclass
class _Noting:
    """One thread's state inside `noting_forwards`: the notes it traces by or writes, and the application running."""

    plans: Notes = None  # a trace's: the eager run's notes (None: none noted yet)
    noted: Notes = None  # an eager run's: where the notes go
    count: int = 0
    current: _Plan = None  # a trace's: the plan of the application that is running
    current_k: int = None  # the number of the application that is running
    last: _Plan = None  # an eager run's: the plan of the forward that just ran, if it left PyTorch


@contextmanager
def noting_forwards(plans=None, noted=None):
    """Within it, in the calling thread: each ``Function.apply`` counted; in an eager run (``noted`` a `Notes`) each
    application's plans noted (None for a forward that stays in PyTorch; a backward only where it leaves it); in a
    trace each application's forward and backward with a plan (``plans``) made one ``numpy_forward`` node each, and a
    forward or backward leaving PyTorch without one `NumpyForwardsNeeded`."""
    _install()
    outer = getattr(_MODE, "now", None)
    _MODE.now = _Noting(plans, noted)
    try:
        yield
    finally:
        _MODE.now = outer


def leaves_pytorch(error):
    """Whether ``error`` is PyTorch's refusal of ``.numpy()`` on a traced tensor."""
    return isinstance(error, RuntimeError) and "numpy() is not supported for tensor subclasses" in str(error)


def _install():
    """Wrap ``torch.autograd.Function.apply`` once for the process; threads outside `noting_forwards` call PyTorch's."""
    import torch  # lazy: only a PyTorch target needs it

    with _INSTALLING:
        if not _INSTALLED:
            _INSTALLED.append(torch.autograd.Function.__dict__["apply"].__func__)
            torch.autograd.Function.apply = classmethod(_apply)


def _apply(cls, *args, **kwargs):
    noting = getattr(_MODE, "now", None)
    if noting is None or kwargs or cls.__module__.startswith("gradcli."):  # gradcli's own Functions: no user's
        return _INSTALLED[0](cls, *args, **kwargs)
    return _applied(noting, _INSTALLED[0], cls, args)


def _applied(noting, original, cls, args):
    import torch  # lazy: only a PyTorch target needs it

    k = noting.count
    noting.count += 1
    if noting.noted is not None:
        if any(isinstance(a, torch.Tensor) and _is_fake(a) for a in args):
            return original(cls, *args)  # a run for shapes alone (the cotangent's): nothing to note
        return _noted_run(noting, original, cls, args, k)
    forwards = noting.plans.forwards if noting.plans is not None else ()
    plan = forwards[k] if k < len(forwards) else None
    backward = noting.plans.backwards.get(k) if noting.plans is not None else None
    if plan is None and backward is None:
        try:
            return original(cls, *args)
        except RuntimeError as error:
            if leaves_pytorch(error) and noting.plans is None:
                raise NumpyForwardsNeeded() from None
            raise
    noting.current, noting.current_k = plan, k
    return original(_variant(cls, plan is not None, backward is not None), *args)


def numpy_backwards_noted(backward):
    """``backward`` (a user's, as autograd's engine calls it in a trace) raising `NumpyForwardsNeeded` where it leaves
    PyTorch before the eager run has noted it."""

    @functools.wraps(backward)
    def run(*args):
        try:
            return backward(*args)
        except RuntimeError as error:
            noting = getattr(_MODE, "now", None)
            if leaves_pytorch(error) and noting is not None and noting.plans is None and noting.noted is None:
                raise NumpyForwardsNeeded() from None
            raise

    return run


def _is_fake(tensor):
    from torch._subclasses.fake_tensor import FakeTensor  # lazy: only a PyTorch target needs it

    return isinstance(tensor, FakeTensor) or type(tensor).__name__ == "FunctionalTensor"


def _noted_run(noting, original, cls, args, k):
    """``cls.apply(*args)`` run eagerly, its forward watched for ``.numpy()``: its plan noted at ``noting.noted[k]``."""
    forwards = noting.noted.forwards
    forwards.extend([None] * (k + 1 - len(forwards)))
    noting.current_k = k
    out = original(_subclass(cls, _WATCHING, _watching_forward, _watching_backward), *args)
    if noting.last is not None:
        forwards[k], noting.last = noting.last, None
        del forwards[k + 1:]  # Functions the forward applied itself: its node runs none of them
        noting.count = k + 1
    return out


def _watching_forward(cls, ctx, args):
    """The forward of ``cls`` run on ``args`` (with ``ctx`` unless it sets up its context apart), its plan noted in
    ``_MODE.now.last`` where it calls ``.numpy()``."""
    k = _MODE.now.current_k
    with _NumpyCalls() as calls:
        out = cls.forward(*args) if ctx is None else cls.forward(ctx, *args)
    _MODE.now.last = _plan_of(cls, ctx, args, out) if calls.met else None
    if ctx is not None:
        ctx._gradcli_application = k
    return out


def _watching_backward(cls, ctx, grads):
    """The backward of ``cls`` run on ``grads``, its plan noted where it calls ``.numpy()``."""
    with _NumpyCalls() as calls:
        out = cls.backward(ctx, *grads)
    noting = getattr(_MODE, "now", None)
    if calls.met and noting is not None and noting.noted is not None:
        k = ctx._gradcli_application
        forward = noting.noted.forwards[k] if k < len(noting.noted.forwards) else None
        noting.noted.backwards[k] = _backward_plan_of(cls, ctx, out, forward.numbers if forward is not None else ())
    return out


def _backward_plan_of(cls, ctx, out, numbers=()):
    """The `_BackwardPlan` of a backward that ran with ``ctx`` and returned ``out``; ``numbers``: the attributes its
    forward's node makes (`_Plan.numbers`), tensors in a trace like those the forward set as tensors."""
    import torch  # lazy: only a PyTorch target needs it

    plan = _BackwardPlan(cls, saved=len(ctx.saved_tensors), needs_input_grad=tuple(ctx.needs_input_grad))
    attributes = {n: v for n, v in vars(ctx).items() if n not in _CTX_OWN} if hasattr(ctx, "__dict__") else {}
    plan.tensors = tuple(n for n, v in attributes.items() if isinstance(v, torch.Tensor) or n in numbers)
    plan.numbers = tuple(n for n in plan.tensors if n in numbers)
    plan.constants = {n: v for n, v in attributes.items() if n not in plan.tensors}
    plan.returned_tuple = isinstance(out, tuple)
    returned = []
    for value in out if plan.returned_tuple else (out,):
        if isinstance(value, torch.Tensor):
            returned.append(len(plan.made))
            plan.made.append((tuple(value.shape), value.dtype))
        else:
            returned.append(None)
    plan.returned = tuple(returned)
    return plan


# ctx's attributes of PyTorch's own or gradcli's, which no backward plan takes for the user's
_CTX_OWN = ("to_save", "non_differentiable", "materialize_grads", "dirty_tensors", "_gradcli_application")


def _computed_number(value):
    """Whether ``value``, set on ``ctx`` by a forward computing in NumPy, is a float NumPy computed (``values.max()``,
    an array of floats): a function of the point, made by the forward's node so that the exact replay computes it at
    its own precision rather than holding the eager run's rounded float, at this point or another. A Python float
    (an argument handed on, a literal) is a constant of the program and stays one."""
    return isinstance(value, np.floating) or (isinstance(value, np.ndarray) and value.dtype.kind == "f")


def _subclass(cls, made, forward, backward=None):
    """The subclass of ``cls`` (made once, kept in ``made``) whose forward is ``forward(cls, ctx, args)`` (``ctx``
    None for a Function setting up its context apart, whose ``setup_context`` then notes the application on ``ctx``)
    and whose backward is ``backward(cls, ctx, grads)`` where given, else the user's own; its name ``cls``'s."""
    found = made.get(cls)
    if found is None:
        members = {"__module__": cls.__module__, "__qualname__": cls.__qualname__}
        if _sets_up_context(cls):
            def forward_of(*args):
                return forward(cls, None, args)

            def setup_context(ctx, inputs, output):
                ctx._gradcli_application = _MODE.now.current_k
                return cls.setup_context(ctx, inputs, output)

            members["setup_context"] = staticmethod(setup_context)
        else:
            def forward_of(ctx, *args):
                return forward(cls, ctx, args)
        members["forward"] = staticmethod(forward_of)
        if backward is not None:
            def backward_of(ctx, *grads):
                return backward(cls, ctx, grads)

            members["backward"] = staticmethod(backward_of)
        found = made[cls] = type(cls.__name__, (cls,), members)
    return found


def _variant(cls, forward_opaque, backward_opaque):
    """The subclass of ``cls`` a trace runs: its forward one node or the user's own, and its backward likewise."""
    made = _VARIANTS.setdefault((forward_opaque, backward_opaque), {})
    return _subclass(cls, made, _opaque_forward if forward_opaque else _own_forward,
                     _opaque_backward if backward_opaque else None)


def _own_forward(cls, ctx, args):
    """The user's own forward, the application noted on ``ctx`` for its backward's node."""
    if ctx is None:
        return cls.forward(*args)
    ctx._gradcli_application = _MODE.now.current_k
    return cls.forward(ctx, *args)


def _sets_up_context(cls):
    """Whether ``cls`` saves for its backward in ``setup_context`` (its forward takes no ``ctx``)."""
    import torch  # lazy: only a PyTorch target needs it

    return cls.setup_context is not torch.autograd.function._SingleLevelFunction.setup_context


def _plan_of(cls, ctx, args, out):
    """The `_Plan` of a forward that ran with ``ctx`` on ``args`` and returned ``out``."""
    import torch  # lazy: only a PyTorch target needs it

    plan = _Plan(cls)
    inputs = {id(a): i for i, a in enumerate(args) if isinstance(a, torch.Tensor)}
    made = {}

    def reference(value, site):
        if _computed_number(value) and site is not None and site[0] == "attribute":
            # a number of the point (ctx.total = values.sum()): the node makes it, as the replay computes it
            plan.made.append((np.shape(value), _torch_dtype(np.asarray(value).dtype.name)))
            plan.sites.append(site)
            plan.numbers += (site[1],)
            return ("made", len(plan.made) - 1)
        if not isinstance(value, torch.Tensor):
            return ("constant", value)
        if id(value) in inputs:
            return ("input", inputs[id(value)])
        if id(value) not in made:
            made[id(value)] = len(plan.made)
            plan.made.append((tuple(value.shape), value.dtype))
            plan.sites.append(site)
        return ("made", made[id(value)])

    plan.returned_tuple = isinstance(out, tuple)
    plan.outputs = tuple(reference(v, ("output", k)) for k, v in enumerate(out if plan.returned_tuple else (out,)))
    plan.with_ctx = ctx is not None
    saved = getattr(ctx, "to_save", None)
    if saved is not None:
        plan.saved = tuple(reference(v, ("saved", k)) for k, v in enumerate(saved))
    for name, value in vars(ctx).items() if ctx is not None and hasattr(ctx, "__dict__") else ():
        if name not in _CTX_OWN:
            plan.attributes[name] = reference(value, ("attribute", name))
    if getattr(ctx, "dirty_tensors", None):
        raise InputError(f"the forward of {cls.__name__} computes in NumPy and marks a tensor dirty (written in "
                         "place), which gradcli's replay of that forward cannot follow: return a new tensor",
                         text=cls.__name__)
    plan.non_differentiable = tuple(reference(v, None) for v in getattr(ctx, "non_differentiable", ()) or ())
    plan.materialize = getattr(ctx, "materialize_grads", None)
    return plan


class _NumpyCalls:
    """A torch function mode noting whether the code inside calls ``.numpy()`` (or NumPy's ``__array__``) on a tensor."""

    def __enter__(self):
        from torch.overrides import TorchFunctionMode  # lazy: only a PyTorch target needs it

        watcher = self

        class Watching(TorchFunctionMode):
            def __torch_function__(self, func, types, args=(), kwargs=None):
                if getattr(func, "__name__", None) in ("numpy", "__array__"):
                    watcher.met = True
                return func(*args, **(kwargs or {}))

        self.met = False
        self.mode = Watching()
        self.mode.__enter__()
        return self

    def __exit__(self, *exc):
        return self.mode.__exit__(*exc)


def _opaque_forward(cls, ctx, args):
    """The forward of a Function whose forward left PyTorch, in a trace: the tensors the user's forward made, from one
    node, put where the user's forward put them (returned, saved, set on ``ctx``) as its plan says."""
    import torch  # lazy: only a PyTorch target needs it

    plan = _MODE.now.current
    positions = [i for i, a in enumerate(args) if isinstance(a, torch.Tensor)]
    key = next(_KEYS)
    _APPLICATIONS[key] = _Application(plan, [None if i in positions else a for i, a in enumerate(args)], positions,
                                      [args[i].dtype for i in positions])
    made = _operator()([args[i] for i in positions], key) if plan.made else []

    def resolve(ref):
        kind, what = ref
        return args[what] if kind == "input" else made[what] if kind == "made" else what

    if ctx is not None:
        ctx._gradcli_application = _MODE.now.current_k
    if ctx is not None and plan.saved is not None:
        ctx.save_for_backward(*map(resolve, plan.saved))
    for name, ref in plan.attributes.items():
        setattr(ctx, name, resolve(ref))
    if plan.non_differentiable:
        ctx.mark_non_differentiable(*map(resolve, plan.non_differentiable))
    if plan.materialize is not None:
        ctx.set_materialize_grads(plan.materialize)
    outputs = tuple(map(resolve, plan.outputs))
    return outputs if plan.returned_tuple else outputs[0]


def _opaque_backward(cls, ctx, grads):
    """The backward of a Function whose backward left PyTorch, in a trace: the gradients it returned, from one node
    whose inputs are what it read (the saved tensors, the tensors set on ``ctx``, the gradients given)."""
    import torch  # lazy: only a PyTorch target needs it

    plan = _MODE.now.plans.backwards[ctx._gradcli_application]
    given = [isinstance(g, torch.Tensor) for g in grads]
    inputs = [*ctx.saved_tensors, *(getattr(ctx, name) for name in plan.tensors), *(g for g in grads if isinstance(g, torch.Tensor))]
    key = next(_KEYS)
    _APPLICATIONS[key] = _BackwardApplication(plan, [t.dtype for t in inputs], given)
    made = _operator()(inputs, key) if plan.made else []
    out = tuple(None if j is None else made[j] for j in plan.returned)
    return out if plan.returned_tuple else out[0]


def rule_of(frame):
    """``(rule, "file:line" of its def)`` where ``frame`` runs a Function's backward as one node (`_opaque_backward`),
    the rule the user's backward is; None for any other frame."""
    if frame.f_code is not _opaque_backward.__code__:
        return None
    cls = frame.f_locals["cls"]
    code = inspect.unwrap(cls.backward).__code__
    return f"backward() of {cls.__name__}", f"{code.co_filename}:{def_line(code.co_filename, code.co_firstlineno)}"


def _backward_replay(application, location):
    """The replay of a backward's node: the user's backward on gradcli's numbers, with a ``ctx`` holding them."""
    plan = application.plan
    backward = _substituted(plan.cls.backward)

    def replayed(inputs, key):
        numbers = [_Numbers(value, dtype) for value, dtype in zip(inputs, application.dtypes)]
        ctx = types.SimpleNamespace(**plan.constants, saved_tensors=tuple(numbers[:plan.saved]),
                                    needs_input_grad=plan.needs_input_grad)
        ctx.__dict__.update((name, value.value if name in plan.numbers else value)  # a number, as the code read it
                            for name, value in zip(plan.tensors, numbers[plan.saved:plan.saved + len(plan.tensors)]))
        given = iter(numbers[plan.saved + len(plan.tensors):])
        grads = [next(given) if is_given else None for is_given in application.given]
        like = next((raw(v) for v in inputs if high_precision(v) is not None), None)
        with _constants_exact(like, backward):
            out = _running(backward, (ctx, *grads), location, f"the backward of {plan.cls.__name__}")
        out = out if plan.returned_tuple else (out,)
        return [value.value if isinstance(value, _Numbers) else value for value in out if value is not None]

    return replayed


def _running(fun, args, location, what):
    """``fun(*args)``, an InputError at ``location`` where its code computes with PyTorch on the numbers handed over."""
    try:
        return fun(*args)
    except InputError:
        raise
    except (AttributeError, TypeError) as error:
        raise InputError(
            f"{what} computes with NumPy and with PyTorch on what NumPy gave ({error}): gradcli replays "
            "such code's NumPy on its own numbers and PyTorch's conversions around it (as_tensor, from_numpy, tensor, "
            "detach, numpy) alone; compute it all in NumPy", text=location) from None


@functools.cache
def _operator():
    """``gradcli::numpy_forward(inputs, key)``: the tensors a NumPy forward made, as one op of PyTorch's graphs; its fake
    kernel gives their shapes and dtypes from the application's plan, and no real kernel runs (PyTorch runs the user's
    own forward eagerly)."""
    import torch  # lazy: only a PyTorch target needs it

    # the schema written out: this module's annotations are strings, which PyTorch's inference cannot read
    @torch.library.custom_op("gradcli::numpy_forward", mutates_args=(), schema="(Tensor[] inputs, int key) -> Tensor[]")
    def numpy_forward(inputs, key):
        raise RuntimeError("gradcli's numpy_forward node runs in gradcli's replay alone")

    @numpy_forward.register_fake
    def _(inputs, key):
        return [torch.empty(shape, dtype=dtype) for shape, dtype in _APPLICATIONS[key].made]

    return numpy_forward


def replay_of(key, location):
    """The replay of the ``numpy_forward`` node of ``key``: the forward's or backward's own code on gradcli's numbers."""
    return _APPLICATIONS.pop(key).replay(location)  # the graph's compiled: the replay holds what the node needs


def _forward_replay(application, location):
    """The replay of a forward's node: the user's forward on gradcli's numbers, with a ``ctx`` noting what it saves;
    its values the tensors the plan's sites name."""
    plan = application.plan
    cls = plan.cls
    forward = _substituted(cls.forward)

    def replayed(inputs, key):
        args = list(application.args)
        for position, value, dtype in zip(application.positions, inputs, application.dtypes):
            args[position] = _Numbers(value, dtype)
        ctx = types.SimpleNamespace(saved=None)
        ctx.save_for_backward = lambda *tensors: setattr(ctx, "saved", tensors)
        ctx.mark_non_differentiable = ctx.set_materialize_grads = lambda *_: None
        ctx.needs_input_grad = tuple(True for _ in args)
        like = next((raw(v) for v in inputs if high_precision(v) is not None), None)
        with _constants_exact(like, forward):
            out = _running(forward, (ctx, *args) if plan.with_ctx else args, location, f"the forward of {cls.__name__}")
        found = []
        for kind, at in plan.sites:
            if kind == "output":
                value = out[at] if plan.returned_tuple else out
            else:
                value = ctx.saved[at] if kind == "saved" else getattr(ctx, at)
            found.append(value.value if isinstance(value, _Numbers) else value)
        return found

    return replayed


def _constants_exact(like, forward):
    """While an exact replay runs the forward: its operations on constants alone at the run's precision (np.log(2.0)
    is log 2), as a Python function's are (`tracer.constants_exact`)."""
    stack = ExitStack()
    if like is not None:
        like = like.flat[0] if isinstance(like, np.ndarray) else like
        kind = exact_constants.kind_of([like])
        stack.enter_context(constants_exact(lambda value: exact_constants.lift(value, kind) if kind else lifted(value, like)))
        stack.enter_context(constant_arrays_exact(forward.__globals__))
    return stack


@functools.lru_cache(maxsize=None)
def _substituted(fun):
    """A Function's ``forward`` or ``backward`` (past its decorators) with NumPy and SciPy as gradcli's and ``torch``'s
    conversions handing numbers through (`_torch_stand_in`)."""
    import torch  # lazy: only a PyTorch target needs it

    forward = substituted_function(inspect.unwrap(fun))
    names = forward.__globals__
    for name, value in list(names.items()):
        if value is torch:
            names[name] = _torch_stand_in()
        elif value in (torch.as_tensor, torch.from_numpy, torch.tensor):
            names[name] = _CONVERSIONS[value.__name__]
    return forward


class _Numbers:
    """A tensor of the replayed forward: the numbers of gradcli's run (an array, mpmath's or balls) under PyTorch's
    conversions; ``numpy()`` hands them to NumPy's code as they are."""

    def __init__(self, value, dtype=None):
        self.value, self._dtype = value, dtype

    def numpy(self, *args, **kwargs):
        return self.value

    def detach(self):
        return self

    cpu = clone = contiguous = detach

    def __array__(self, dtype=None, copy=None):
        return np.asarray(self.value) if dtype is None else np.asarray(self.value, dtype=dtype)

    def to(self, *args, **kwargs):
        dtype = kwargs.get("dtype", next((a for a in args if _is_torch_dtype(a)), None))
        return _Numbers(_cast(self.value, dtype), dtype or self._dtype)

    def type_as(self, other):
        return self.to(other.dtype)

    def double(self):
        return self.to(_torch_dtype("float64"))

    def float(self):
        return self.to(_torch_dtype("float32"))

    @property
    def dtype(self):
        if self._dtype is None:
            kind = np.asarray(raw(self.value)).dtype
            return _torch_dtype(kind.name if kind.kind == "f" else "float64")
        return self._dtype

    @property
    def shape(self):
        return np.shape(raw(self.value))

    def size(self, dim=None):
        return self.shape if dim is None else self.shape[dim]

    def dim(self):
        return len(self.shape)

    device = "cpu"
    requires_grad = False

    # PyTorch's arithmetic on such tensors (a backward's grad * (2 * x * y - c)): gradcli's, on the numbers
    __add__ = __radd__ = lambda self, other: _Numbers.of("add", self, other)
    __sub__ = lambda self, other: _Numbers.of("subtract", self, other)
    __rsub__ = lambda self, other: _Numbers.of("subtract", other, self)
    __mul__ = __rmul__ = lambda self, other: _Numbers.of("multiply", self, other)
    __truediv__ = lambda self, other: _Numbers.of("true_divide", self, other)
    __rtruediv__ = lambda self, other: _Numbers.of("true_divide", other, self)
    __pow__ = lambda self, other: _Numbers.of("power", self, other)
    __neg__ = lambda self: _Numbers.of("negative", self)

    @staticmethod
    def of(name, *operands):
        from .. import numpy as gnp

        values = [o.value if isinstance(o, _Numbers) else o for o in operands]
        return _Numbers(getattr(gnp, name)(*values), next(o._dtype for o in operands if isinstance(o, _Numbers)))


def _is_torch_dtype(value):
    return type(value).__name__ == "dtype" and type(value).__module__ == "torch"


def _torch_dtype(name):
    import torch  # lazy: only a PyTorch target needs it

    return getattr(torch, name)


def _cast(value, dtype):
    """``value`` in ``dtype`` where it is a float array of a dtype's run; exact numbers keep their precision."""
    if dtype is None or not _is_torch_dtype(dtype) or not dtype.is_floating_point:
        return value
    plain = raw(value)
    if isinstance(plain, (np.ndarray, np.floating)) and plain.dtype.kind == "f":
        from .. import numpy as gnp

        return gnp.asarray(value).astype(str(dtype).replace("torch.", ""))
    return value


def _convert(value, dtype=None, device=None, requires_grad=False, **_):
    if isinstance(value, _Numbers):
        return value.to(dtype) if dtype is not None else value
    return _Numbers(_cast(value, dtype), dtype)


_CONVERSIONS = {"as_tensor": _convert, "from_numpy": _convert, "tensor": _convert}


@functools.cache
def _torch_stand_in():
    """``torch`` for a replayed forward: its conversions hand numbers through; dtypes and the rest are torch's own."""
    import torch  # lazy: only a PyTorch target needs it

    module = types.ModuleType("torch", "torch's conversions handing gradcli's numbers through")
    module.__dict__.update(_CONVERSIONS)
    module.__getattr__ = lambda name: getattr(torch, name)
    return module
