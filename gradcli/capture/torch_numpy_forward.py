"""An ``autograd.Function`` whose forward computes in NumPy (``x.detach().numpy()``, NumPy or SciPy, ``torch.as_tensor``),
as PyTorch's "extending with NumPy" tutorial writes it: its backward is the user's rule under test, its forward plain
NumPy, which gradcli replays on its own numbers.

Fake tensors hold no numbers, so such a forward cannot run while gradcli traces. The trace meets it
(`NumpyForwardsNeeded`), the function then runs once eagerly at the traced point, where each application's forward
is noted (`_Plan`: which tensors it made, which it returned, saved for the backward or set on ``ctx``), and the trace
runs again with each such forward as one node, ``gradcli::numpy_forward``, whose outputs are the tensors the forward
made; the backward is traced as it runs, on those outputs. The node's replay calls the forward's own code again with
NumPy and SciPy resolved to ``gradcli.numpy`` and ``gradcli.scipy`` (`numpy_module.substituted_function`) and
``torch``'s conversions handing the numbers through (`_Numbers`), so the exact reference differentiates the forward's
mathematics at high precision and the backward is judged against it. ``detach`` inside the forward is no stop: the
forward runs without gradients in PyTorch too, and its derivative is what the backward claims.
"""

from __future__ import annotations

import functools
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
from .numpy_module import constant_arrays_exact, substituted_function


class NumpyForwardsNeeded(Exception):  # noqa: N818 - a request, not a failure: the trace restarts after noting
    """Raised by a trace meeting a Function whose forward leaves PyTorch: run the function eagerly first."""


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
    non_differentiable: tuple = ()
    materialize: object = None
    with_ctx: bool = True  # whether the forward takes ctx (else it sets up its context apart, on the node's outputs)


@dataclass
class _Application:
    """What the node of one application needs: its plan, its non-tensor arguments and the dtypes of its tensor ones."""

    plan: _Plan
    args: list
    positions: list
    dtypes: list


_APPLICATIONS = {}  # a node's key -> its `_Application`, until the graph holding it is compiled
_KEYS = itertools.count()
_MODE = threading.local()  # the calling thread's `_Noting` inside `noting_forwards`
_INSTALLED = []
_INSTALLING = threading.Lock()
_OPAQUE = {}  # a user's Function class -> its subclass whose forward is one node (`_opaque_forward`)
_WATCHING = {}  # a user's Function class -> its subclass whose forward is watched for .numpy() (`_watching_forward`)


@dataclass
class _Noting:
    plans: list = None  # a trace's: the eager run's plans by application (None: none noted yet)
    noted: list = None  # an eager run's: where the plans go
    count: int = 0
    current: _Plan = None  # a trace's: the plan of the application running now
    last: _Plan = None  # an eager run's: the plan of the forward that just ran, if it left PyTorch


@contextmanager
def noting_forwards(plans=None, noted=None):
    """Within it, in the calling thread: each ``Function.apply`` counted; in an eager run (``noted`` a list) each
    application's plan noted (None for a forward that stays in PyTorch); in a trace each application with a plan
    (``plans``) made one ``numpy_forward`` node, and a forward leaving PyTorch without one `NumpyForwardsNeeded`."""
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
    plan = noting.plans[k] if noting.plans is not None and k < len(noting.plans) else None
    if plan is None:
        try:
            return original(cls, *args)
        except RuntimeError as error:
            if leaves_pytorch(error) and noting.plans is None:
                raise NumpyForwardsNeeded() from None
            raise
    noting.current = plan
    return original(_subclass(cls, _OPAQUE, _opaque_forward), *args)


def _is_fake(tensor):
    from torch._subclasses.fake_tensor import FakeTensor  # lazy: only a PyTorch target needs it

    return isinstance(tensor, FakeTensor) or type(tensor).__name__ == "FunctionalTensor"


def _noted_run(noting, original, cls, args, k):
    """``cls.apply(*args)`` run eagerly, its forward watched for ``.numpy()``: its plan noted at ``noting.noted[k]``."""
    noting.noted.extend([None] * (k + 1 - len(noting.noted)))
    out = original(_subclass(cls, _WATCHING, _watching_forward), *args)
    if noting.last is not None:
        noting.noted[k], noting.last = noting.last, None
        del noting.noted[k + 1:]  # Functions the forward applied itself: its node runs none of them
        noting.count = k + 1
    return out


def _watching_forward(cls, ctx, args):
    """The forward of ``cls`` run on ``args`` (with ``ctx`` unless it sets up its context apart), its plan noted in
    ``_MODE.now.last`` where it calls ``.numpy()``."""
    with _NumpyCalls() as calls:
        out = cls.forward(*args) if ctx is None else cls.forward(ctx, *args)
    _MODE.now.last = _plan_of(cls, ctx, args, out) if calls.met else None
    return out


def _subclass(cls, made, forward):
    """The subclass of ``cls`` (made once, kept in ``made``) whose forward is ``forward(cls, ctx, args)``: its
    backward the user's own, its name ``cls``'s; ``ctx`` None for a Function setting up its context apart."""
    found = made.get(cls)
    if found is None:
        if _sets_up_context(cls):
            def forward_of(*args):
                return forward(cls, None, args)
        else:
            def forward_of(ctx, *args):
                return forward(cls, ctx, args)
        found = made[cls] = type(cls.__name__, (cls,), {"forward": staticmethod(forward_of), "__module__": cls.__module__,
                                                        "__qualname__": cls.__qualname__})
    return found


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
        if name not in ("to_save", "non_differentiable", "materialize_grads", "dirty_tensors"):
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
        return [torch.empty(shape, dtype=dtype) for shape, dtype in _APPLICATIONS[key].plan.made]

    return numpy_forward


def replay_of(key, location):
    """The replay of the ``numpy_forward`` node of ``key``: the forward's own code on gradcli's numbers."""
    application = _APPLICATIONS.pop(key)  # the graph's compiled: the replay holds what the node needs
    plan = application.plan
    cls = plan.cls
    forward = _substituted(cls, location)

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
            try:
                out = forward(ctx, *args) if plan.with_ctx else forward(*args)
            except InputError:
                raise
            except (AttributeError, TypeError) as error:
                raise InputError(
                    f"{location}: the forward of {cls.__name__} computes with NumPy and with PyTorch on what NumPy "
                    f"gave ({error}): gradcli replays such a forward's NumPy on its own numbers and PyTorch's "
                    "conversions around it (as_tensor, from_numpy, tensor, detach, numpy) alone; compute it all in "
                    "NumPy", text=location) from None
        found = []
        for site in plan.sites:
            kind, at = site
            value = (out[at] if plan.returned_tuple else out) if kind == "output" else ctx.saved[at] if kind == "saved" \
                else getattr(ctx, at)
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
def _substituted(cls, location):
    """``cls``'s forward with NumPy and SciPy as gradcli's and ``torch``'s conversions as `_TORCH`'s."""
    import torch  # lazy: only a PyTorch target needs it

    fun = cls.forward
    forward = substituted_function(fun)
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
