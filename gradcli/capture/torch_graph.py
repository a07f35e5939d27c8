"""A PyTorch function captured as a graph of ATen ops with the user's lines, and that graph replayed with gradcli's ops.

Capture is `torch.fx.experimental.proxy_tensor.make_fx` over fake tensors: it
runs the function once per argument structure, shape and dtype and records
every ATen op it dispatches, including those PyTorch's autograd runs for a
gradient (the backward graph), the bodies of `torch.autograd.Function.backward`
included. Ops gradcli has no replay for are decomposed by PyTorch's own
decomposition table where it has one (``softplus_backward``, ``select_backward``,
...); a backward kernel of an op PyTorch decomposes only forward (upsampling,
adaptive and 3-d max pools, replication padding, grid sampling:
`torch_pullbacks`) is replayed as the derivative of that forward's trace
(`_pullback_of_forward`). Limits, written down:

- Python control flow on tensor values (``if x.sum() > 0``) cannot be traced
  over fake tensors; such a function is traced again at each point's own
  values (the branch taken there), which is slower but right. A ``torch.cond``
  is traced as the branch its predicate takes, the predicate a guard of the
  graph (`torch_loops`).
- The replay follows values, not storage. An in-place op (``x.add_(1)``,
  ``relu(inplace=True)``) on a tensor nothing reads afterwards is replayed as
  its out-of-place form; a graph that writes into a tensor a view shares or a
  later op reads (``y[0] = 3.0``, the diagonal ``torch.func.jacrev`` fills for
  its cotangents, the gradient of an ``as_strided`` view) is traced again
  through PyTorch's functionalization (`_functionalized`): each write is a new
  value (``select_scatter``, ``diagonal_scatter``, ``as_strided_scatter``) and
  views are read again from it; the graph's constants (a module built in the
  function, a mask made there) go through it as inputs do. ``as_strided`` (in ``group_norm``'s
  decomposition, ``torch.stft``'s and ``unfold``'s overlapping frames) is
  replayed as a gather over its input's recorded layout; a write through
  overlapping windows is refused.
- A loss that differentiates itself (``torch.func.grad``, ``vjp``, ``jacrev``,
  ``jacfwd``, ``hessian``, ``torch.autograd.grad(create_graph=True)``) is
  recorded through the transforms as plain ATen ops: the inner derivative is
  ordinary ops of the value, which the exact reference differentiates again
  (the scatters among them as gradcli ops, `torch_ops.written_at`).
- A graph serves only the shapes it was traced at, since Python code may read
  a tensor's shape and branch on it (``if x.dim() == 0``). A graph of elementwise
  ops traced on numbers (`Graph.elementwise`) also computes a range of numbers
  entry by entry: each entry is a point of the traced shape (a sweep's ranges).
- A random draw from a shape alone (``torch.randn``, the noise of Normal's
  ``rsample``) is drawn for real while tracing, from the generator as the
  function's own ``torch.manual_seed`` left it, and kept as a constant that the
  replay of a narrower dtype's program draws again in that dtype (`_Draws`), each
  by the kernel the user's run calls (``exponential_``, ``bernoulli_(p)``); an
  unseeded draw is refused; a draw from a ``generator=`` of the user's is drawn
  from it, each run of the function starting it from one state (`GeneratorsHeld`).
  A Gamma sample (``_standard_gamma``: ``Gamma``, ``Chi2``, ``StudentT``) is PyTorch's draw at the
  point made again from the generator's state at it, differentiated in its shape exactly as the
  quantile of a uniform held fixed (`_GammaDraw`); PyTorch's own slope of it, a fitted
  approximation, is the number its kernel computes (`_gamma_rule`); a Dirichlet sample (``_sample_dirichlet``:
  ``Dirichlet``, ``Beta``) likewise, its slope the exact one PyTorch's ``_dirichlet_grad`` fits (`_DirichletDraw`).
  Refused: a draw after a Gamma or Dirichlet sample (what the sampler takes from the generator depends on the
  parameters' values), a draw whose probabilities are a tensor (``torch.bernoulli(probs)``), and the samples of whole
  numbers (binomial, Poisson: no derivative). A branch on an ``.item()`` or ``float()`` result (outside
  PyTorch's own raise-only checks, `torch_guards`; a read computed on with is followed, `torch_reads`) and ops
  outside `torch_ops.OPS` and `torch_nn_ops.NN_OPS` (after decomposition) are refused the same way.

Each node's user line comes from the live Python stack while the node is
recorded (the innermost frame outside PyTorch, gradcli and the standard
library); a node recorded inside an ``autograd.Function.backward`` is tagged as
that rule, so a wrong rule is reported at the rule's own line. A backward node
of a built-in rule has no user frame: it takes the line of the forward node
whose gradient it computes (autograd's sequence number pairs them). A node the
user's code computes with gradients off (``torch.no_grad()``, outside every
``autograd.Function``) is a constant for PyTorch's gradient: its result is
replayed held constant (`stop_gradient`) where code that differentiates reads it.
"""

from __future__ import annotations

import ast
import functools
import inspect
import logging
import math
import os
import re
import sys
import threading
import traceback
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction

from .bridge import replayed_at
from .convolution import pullback
from ..errors import InputError
from ..folders import installed_package_file
import numpy as np

import gradcli.numpy as gnp

from ..autodiff import arb_proof
from ..autodiff.custom import stop_of_a_form
from ..autodiff.ops import constant, stop_gradient
from ..autodiff.ops_stats import dirichlet_drawn, gamma_drawn
from ..autodiff.tracer import hooks
from ..autodiff.values import raw
from .exact_constants import (angle_in, angle_of_pi, held_for, kind_of, lift, moved_scalars, root_in, root_of_whole,
                              rules_constants, standing_for, standing_in)
from .lines import (GRADCLI_FOLDER, STDLIB_FOLDER, def_line, handed_numbers, is_user_file, numbers_on_line, package_folder,
                    user_line, written_call, written_operation)
from .derived_numbers import DERIVATIONS, RULES_ONLY, derived_numbers, shared_among_a_count
from .inner_derivatives import exact_zero_products
from .torch_indices import refuse_reads_written, set_at_index_tensors
from .torch_known import KnownValues
from .torch_loops import LoopDecidedOtherwise, TripCountsNeeded, loop_guard, loops_step_by_step, zero_trips_rule
from .torch_complex import COMPLEX_OPS
from .torch_nn_ops import NN_ELEMENTWISE, NN_OPS
from . import torch_indices, torch_numpy_forward, torch_reads, torch_sparse
from .torch_numpy_forward import Notes, NumpyForwardsNeeded, noting_forwards, numpy_backwards_noted, replay_of, rule_of
from .torch_pullbacks import PULLBACKS
from .torch_sums import checked_outputs, described as engine_sum_described, tag as engine_sum
from . import torch_ops
from .torch_ops import APPROXIMATED, ELEMENTWISE, EXACT_REPLAY, OPS, WINDOWS, written_at
from .own_kernels import KernelCall

_RULE_TAG = re.compile(r"^(?P<name>\w+) \[rule (?P<rule>.*) @ (?P<at>.*)\]$")
_NO_GRAD = " [no grad]"  # a node the user's code computed under torch.no_grad(): a constant for PyTorch's gradient
# a node of a number the user's code reads (``.item()``, ``float()``, ``.tolist()``: `torch_reads`), tagged with the read
_READ = re.compile(r" \[read by (?P<how>[^\]]+)\]")
_FUNCTION_FILE = os.path.join("autograd", "function.py")  # where autograd.Function.apply runs a forward
# where a torch.library.custom_op's generated backward calls the one register_autograd registered
_REGISTERED_RULES_FILE = os.path.join("_library", "autograd.py")
_GRAD_MODE_FILE = os.path.join("autograd", "grad_mode.py")  # PyTorch's gradient-mode blocks, which call each other
_NO_GRAD_WRAPPERS = ("decorate_context", "_no_grad_wrapper")  # the frames of PyTorch's no_grad decorators
_AUTOGRAD_FILE = "<autograd node>"  # a node's stack trace naming the autograd node it was recorded under (`_differentiating`)
_LOCK = threading.Lock()  # the tracer's frame filter is patched for the duration of one capture


@dataclass
class Step:
    """One ATen op of a graph, ready to replay: its replay function, its arguments (slots of earlier results), its user line."""

    op: str
    fun: object
    args: tuple
    kwargs: dict
    location: str
    rule: tuple
    spelled: str = None  # the op as PyTorch names it: "torch.nn.functional.softplus (aten.softplus)" (`_spelling`)

    def __post_init__(self):
        self.where = (self.location, self.rule, None, None, None, self.spelled)  # what `replayed_at` is given, made once
        self.flat = not any(isinstance(arg, (list, tuple)) for arg in self.args)
        self.rounded = {}  # {position: (p, q), a constant's name, ("angle", (p, q)) or ("root", (n, p, q))}: a scalar replayed as what it stands for (`_fractions_of_rules`, `_angles_of_windows`)
        self.derived = {}  # {position: (derivation, h)}: a backward's scalar PyTorch computed from h (`_rules_numbers`)
        self.users_scalars = ()  # positions of the Python floats the user's own code handed this op (`_library_frame`)
        self.limits = frozenset(k for k, a in enumerate(self.args) if type(a) is float and a in _FLOAT64_LIMITS)  # `_limit_in`
        self.users_constant = False  # a tensor the user's own code made from numbers (torch.tensor(list)): `_users_constant`
        self.made_outside = None  # the id of a constant tensor made before the function ran (`hold_following_constants`)
        self.fresh = False  # a tensor any code made from numbers as the function ran (`_fresh`)
        self.redraw = None  # a random draw's constant: its draw in a dtype (`_Redraw`)
        self.picks_constants = False  # a where between two 0-d constants, taken in the run's dtype (`_picks_constants`)
        self.narrows_constant = None  # the narrower float dtype a cast of constants alone rounds them to (`_narrowed_constants`)
        self.exactly = None  # a window factory's replay in an exact run, given its kind of number (`torch_ops.WINDOWS`)
        self.kernel = None  # PyTorch's own kernel of an approximated special function (`torch_ops.APPROXIMATED`)
        self.cotangent_product = False  # a product or quotient autograd's engine computed (`inner_derivatives`)


# A derivative's products and quotients, which an exact replay of a derivative the value computes takes with the chain
# rule's exact zeros (`inner_derivatives`).
_PRODUCTS = {"mul": False, "div": True}

# Ops that make a tensor of their scalar argument: the program in a dtype holds that number in the dtype itself.
_FILLS = {"full", "full_like", "scalar_tensor", "fill", "new_full"}


def held_numbers(graph, dtype):
    """``{(written, held), ...}``: the user's own numbers in ``graph`` that the program in the narrower ``dtype``
    holds as other numbers. A Python float handed to an op is held in float32 (PyTorch's CPU kernels compute
    float32, float16 and bfloat16 in float32, a scalar argument too), one a tensor is filled with in ``dtype``,
    as is each entry of a tensor the user's code made from numbers (`_users_constant`), and any code's float64
    limit is the dtype's own (`_limit_in`)."""
    found = set()
    for step in graph.steps:
        held = _held_scalars(step.args, _held_positions(step), dtype if step.op in _FILLS else np.float32)
        found.update((step.args[k], held[k]) for k in _held_positions(step) if k not in step.limits)
        found.update((step.args[k], _limit_in(step.args[k], dtype) or step.args[k]) for k in step.limits)
        if step.users_constant:
            written = np.ravel(step.fun())
            found.update(zip(written.tolist(), _held_constant(written, dtype).tolist()))
        if step.redraw is not None or step.op in ("_standard_gamma", "_sample_dirichlet"):  # drawn in each dtype too
            found.add(("PyTorch's random draws in float64", f"PyTorch's random draws in {np.dtype(dtype).name}"))
    return {(written, held) for written, held in found if written != held}


def _held_positions(step):
    """The positions of the Python floats the user handed ``step`` that a narrower dtype's program holds rounded.

    PyTorch's float32 pow of a tensor to a Python float raises to the double exponent on its scalar path (every
    element of a small tensor, the tail of a large one: the value and slope of 2.25e-20 ** (-2/3) follow the double
    -2/3; float32's -0.6666667 would move them by 7 ulps); its vectorised chunks (16 elements at a time on AVX2) read
    the exponent in float32, a difference within float32's own rounding of the result at ordinary magnitudes. The
    exact reference keeps the double, the function the user wrote. The scalar arguments of other ops and a Python
    base raised to a tensor PyTorch rounds to float32.
    """
    return frozenset(step.users_scalars) - _kept_double(step) if step.users_scalars else step.users_scalars


def _kept_double(step):
    """The positions of ``step``'s Python floats PyTorch computes with as doubles in a narrower dtype: a pow's exponent."""
    return {1} if step.op == "pow" and len(step.args) > 1 and type(step.args[1]) is float else set()


def _held_scalars(args, positions, dtype):
    """``args`` with the Python floats at ``positions`` as ``dtype`` holds them."""
    return [float(np.asarray(a, dtype=dtype)) if k in positions else a for k, a in enumerate(args)]


def _held_limits(args, positions, dtype):
    """``args`` with float64's limits at ``positions`` as the program in ``dtype`` reads them (`_limit_in`)."""
    return [(_limit_in(a, dtype) or a) if k in positions else a for k, a in enumerate(args)]


# float64's own limits (torch.finfo(torch.float64)'s eps, tiny, max and min) by value: what each is called.
_FLOAT64_LIMITS = {sign * float(getattr(np.finfo(np.float64), name)): (sign, name) for name in ("eps", "tiny", "max")
                   for sign in (1, -1)}


def _limit_in(value, dtype):
    """The same limit of ``dtype`` where ``value`` is one of float64's limits, else None.

    The float64 graph runs the user's Python once, for float64: ``torch.finfo(x.dtype).eps`` (a clamp) or
    ``.min`` (an attention mask) is float64's number there, and the program in a narrower dtype reads its own.
    """
    found = _FLOAT64_LIMITS.get(value) if type(value) is float else None
    if found is None:
        return None
    try:
        return found[0] * float(getattr(np.finfo(dtype), found[1]))
    except ValueError:  # a dtype NumPy's finfo does not know (bfloat16): the number as written
        return None


def _held_constant(value, dtype):
    """A float constant (an array or a NumPy scalar) as ``dtype`` holds it, in float64."""
    if not np.issubdtype(np.asarray(value).dtype, np.floating):
        return value
    return np.asarray(value).astype(dtype).astype(np.float64)[()]


def float32_fractions(args):
    """``{position: (p, q)}`` for the Python floats among ``args`` that are a fraction p/q to float32's digits only.

    PyTorch's CPU kernels hold some scalars as C floats in every dtype: celu's
    backward multiplies by ``1 / alpha`` with alpha rounded to float32
    (3.3333332 for alpha 0.3, 4e-8 from 10/3), as hardsigmoid's by a float32
    sixth. In a float64 graph such a number is a rounding of the rule's
    mathematics to float32: its exact replay takes the fraction (a denominator
    up to 100, within one unit of float32's last place but farther than
    float64's rounding), so the rule is judged on its mathematics and the
    replay in the dtype, which keeps the rounded number, loses the digits it
    loses (`unstable`, not `wrong`). A float that is its fraction to float64's
    digits (0.3, 0.75, 20.0) is left as it is; one near no small fraction
    (0.7978845608028654) too.
    """
    found = {}
    for position, arg in enumerate(args):
        if type(arg) is not float or not math.isfinite(arg) or not arg:
            continue
        exact = Fraction(arg)
        near = exact.limit_denominator(100)
        if abs(exact) * Fraction(1, 2**50) < abs(near - exact) <= abs(exact) * Fraction(1, 2**23):
            found[position] = (near.numerator, near.denominator)
    return found


def _users_or_frameworks(args, handed):
    """``(users_scalars, rounded)`` of an op the user's line called: the positions of the Python floats among ``args``
    the user wrote, and the constants PyTorch's own decomposition of the call wrote (`_libraries_constants`: floats
    the call was not handed, ``handed`` the floats it was; None where that is not known, every float the user's).

    ``torch.special.ndtr(z)`` reaches the graph as ATen's composite ``(1 + erf(z * M_SQRT1_2)) * 0.5``: its
    0.7071067811865476 is no number of the user's, so an exact replay takes 1/sqrt 2 itself (a float32 program's
    replay holding it in float32 would put 3e-8 into the exact slopes), while ``z * math.sqrt(0.5)`` or
    ``z * np.float32(0.70710677)`` hands the call that float, which stays the float it is. A root of a whole number
    the call was not handed (`exact_constants.root_of_whole`: attention's scale from its head's width) is the
    library's too: an exact replay takes the root itself (`exact_constants.root_in`), a replay in a dtype the float.
    """
    floats = frozenset(k for k, a in enumerate(args) if type(a) is float)
    if handed is None:
        return floats, {}
    frameworks = _libraries_constants(args, {k for k in floats if args[k] in handed})
    roots = {k: ("root", root) for k in floats - frameworks.keys()
             if args[k] not in handed and (root := root_of_whole(args[k])) is not None}
    return floats - frameworks.keys() - roots.keys(), {**frameworks, **roots}


def _libraries_constants(args, kept):
    """``{position: ("constant", (name, scale))}`` for the Python floats among ``args``, but those at ``kept`` (the
    user's), that stand for a constant of `ops.CONSTANTS` times a power of 2 (`exact_constants.standing_for`: the
    float64 nearest it, or a few float64 operations from it, ``math.log(math.sqrt(2 * math.pi))``). A library's or a
    decomposition's code wrote them as the rounding of that number (a continuous Bernoulli's ``math.log(2.0)``, a
    normal cdf's ``math.sqrt(2)``): an exact replay takes the number itself, a replay in a dtype the float."""
    return {k: ("constant", meaning) for k, a in enumerate(args)
            if type(a) is float and k not in kept and (meaning := standing_for(a)) is not None}


def _fractions_of_rules(graph):
    """Mark the scalars of the backward's steps that no forward step reads and that stand for a number their float
    rounds: a fraction held in float32 (`float32_fractions`), an irrational constant (`rules_constants`: erfcx's
    2/sqrt(pi)), or a library's constant a forward step reads as a constant (`_libraries_constants`), which its
    backward copies. A number the user's code wrote (``x * 0.33333334``) is in the forward too, and stays that number
    in every replay."""
    forward, forwards_meaning = set(), {}
    for index in graph.value_steps:
        step = graph.steps[index]
        for k, arg in enumerate(step.args):
            if type(arg) is float and k in step.rounded:
                forwards_meaning[arg] = step.rounded[k]  # a library's constant: its backward's copy means the same
            elif type(arg) is float:
                forward.add(arg)
    for index, step in enumerate(graph.steps):
        if index not in graph.value_steps and step.flat:
            meant = {**float32_fractions(step.args), **rules_constants(step.args),
                     **{k: forwards_meaning[a] for k, a in enumerate(step.args) if type(a) is float and a in forwards_meaning}}
            step.rounded = {**step.rounded, **{k: v for k, v in meant.items()
                                               if step.args[k] not in forward and k not in step.derived}}


def _angles_of_windows(graph):
    """Mark the scalars that stand for an angle p pi / q (`exact_constants.angle_of_pi`) in the steps computed from
    no input (a window function's ``arange(n) * (2 pi / n)``) that a library's code wrote: an exact replay takes the
    angle itself, a replay in a dtype the float. A float the user's code handed an op (`Step.users_scalars`: any of
    an op the user's line called, a literal or a handed number of a library's) stays that float, as does a dtype's
    limit (``finfo(x.dtype).min``), which no window computes."""
    made_of_constants, lengths = set(), set()
    for index, step in enumerate(graph.steps):
        reads = _slots_read(list(step.args) + list(step.kwargs.values()))
        if all(slot >= graph.inputs and slot - graph.inputs in made_of_constants for slot in reads):
            made_of_constants.add(index)
        else:
            continue
        if step.op in _COUNTS and step.args and type(step.args[0]) is int:
            lengths.add(step.args[0])  # iota(n) or arange(n): a window of n entries (n - 1 + 1 where periodic)
        if not step.flat or step.location is None or step.rule is not None:
            continue
        written = frozenset(step.users_scalars) | step.limits
        angles = {k: ("angle", angle) for k, arg in enumerate(step.args)
                  if k not in written and k not in step.rounded and (angle := angle_of_pi(arg, lengths)) is not None}
        step.rounded = {**step.rounded, **angles}


_COUNTS = ("iota", "arange")  # the ops a window function counts its entries with


class Slot:
    """A reference to an input or to the result of an earlier step: its position in the replay's environment
    (the graph's inputs first, then one entry per step; placeholders precede every op in make_fx's graphs)."""

    __slots__ = ("index",)

    def __init__(self, index):
        self.index = index


@dataclass
class Graph:
    """A captured graph: its inputs' count, its steps in order, and where its outputs are."""

    inputs: int
    steps: list
    output: object  # (value, *gradients)
    value_steps: frozenset = frozenset()  # the steps the value alone needs
    value_order: list = None  # the same, in the order they run
    dtype_free: bool = False  # no op names a dtype and no constant has one: the graph serves every float dtype
    elementwise: bool = False  # every op maps entries one by one, with numbers for its other arguments (see `_maps_entries`)
    lifted: frozenset = None  # the steps made from no input, exact numbers in an exact replay (`_lifted_sources`)
    branches_on_dtype: bool = False  # the user's code compares a dtype (`branches_on_dtype`): a narrower trace may differ
    refused: object = None  # the error PyTorch's engine raised refusing a custom backward's answer: a forward alone
    trip_counts: tuple = None  # each while loop's steps where it was traced (`torch_loops`): the graph serves those
    loop_guards: dict = None  # each loop guard's message -> (loop, step, going) (`torch_loops._while_unrolled`)


def torch_dir():
    """PyTorch's own folder, ending in a separator so that torchvision's or torchaudio's files are not taken for it."""
    import torch  # lazy: only a PyTorch target needs it

    return package_folder(torch)


def _file_kind(filename, folder, kinds):
    """"gradcli", "user" or "other" for a code object's file name, remembered in ``kinds`` (one capture's)."""
    kind = kinds.get(filename)
    if kind is None:
        if os.path.abspath(filename).startswith(GRADCLI_FOLDER):
            kind = "gradcli"
        else:
            kind = "user" if is_user_file(filename, folder) else "other"
        kinds[filename] = kind
    return kind


def _rule_summary(name, rule, site):
    """A one-frame summary at ``site`` (``file:line``) for a node a custom rule makes, named ``name`` and tagged with
    the ``rule`` as `_user_frame_summary` tags a user's rule."""
    file, line = site.rsplit(":", 1)
    return traceback.StackSummary.from_list([(file, int(line), f"{name} [rule {rule} @ {site}]", "")])


def _user_frame_summary(folder, kinds, entered=()):
    """The innermost user frame of the live stack as a one-frame summary, named with the custom rule it belongs to
    (or tagged `_NO_GRAD` where the user's code runs it with gradients off, outside every ``autograd.Function``);
    its line text is ``library`` where the code that called PyTorch's op is a library's (`_library_frame`).
    ``entered``: who turned gradients off in each block open now (`_NoGradEntries`)."""
    import torch  # lazy: only a PyTorch target needs it

    frame = sys._getframe(2)
    innermost, library, read = None, None, None
    in_function = False  # inside an autograd.Function's forward, which PyTorch runs with gradients off
    libraries_no_grad = False
    call = None  # the torch function mode's frame nearest the user's line: the call the user's code made
    while frame is not None:
        code = frame.f_code
        if read is None and code is torch_reads.READ_AS_NUMBER:
            read = frame.f_locals["how"]
        if innermost is None and code.co_name == "__torch_function__" and _machinery(code.co_filename, folder):
            call = frame
        # gradcli's steps from the user's line to PyTorch's op (a read by .item() passes torch_guards' on its way)
        passing = read is not None and innermost is None and code.co_filename.startswith(GRADCLI_FOLDER)
        if code in _PASSING_CODES or code.co_filename in _PASSING_FILES or passing:
            tagged = rule_of(frame)  # a user's backward run as one node: its rule
            if tagged is not None:
                return _rule_summary("backward", *tagged)
            frame = frame.f_back
            continue
        kind = _file_kind(code.co_filename, folder, kinds)
        if library is None and not _machinery(code.co_filename, folder) and code.co_name not in _PASSING_ON:
            library = kind != "user" or installed_package_file(code.co_filename)
        if kind == "gradcli":
            pytorchs = zero_trips_rule(frame)  # PyTorch's own rule of a loop run 0 times, which gradcli traces for it
            if pytorchs is not None and pytorchs[1] is not None:
                return _rule_summary("while_loop", *pytorchs)
            break  # gradcli called the user's function: frames beyond are its caller's (the CLI, a test runner)
        in_function = in_function or (code.co_name == "apply" and code.co_filename.endswith(_FUNCTION_FILE))
        # A library function PyTorch decorates with no_grad (clip_grad's get_total_norm): gradients off by the
        # library, not by the user, so its values are the mathematics the user called, differentiated.
        libraries_no_grad = libraries_no_grad or (innermost is None and code.co_name in _NO_GRAD_WRAPPERS)
        if kind == "user":
            if innermost is None:
                innermost = frame
            registered = _registered_rule(frame)
            ctx = frame.f_locals.get("ctx") if code.co_name == "backward" or registered else None
            forward_cls = getattr(ctx, "_forward_cls", None)
            hook = forward_cls is None and _called_by_the_engine(frame)
            if forward_cls is not None or hook:
                # a tensor hook (``y.register_hook``) rewrites the gradient passing through: a rule of the user's own
                rule = (f"{code.co_name}(), registered by register_autograd" if registered else
                        f"backward() of {forward_cls.__name__}" if forward_cls is not None else f"hook {code.co_name}")
                caller = innermost.f_code.co_name if innermost.f_code.co_name.isidentifier() else "hook"  # not <lambda>
                name = f"{caller} [rule {rule} @ {code.co_filename}:{def_line(code.co_filename, code.co_firstlineno)}]"
                # PyTorch's engine runs a rule with no torch function mode: the line's own text names the call
                _HANDED_NOW.called = (_called_name(call) or written_operation(innermost.f_code, innermost.f_lasti)
                                      or written_call(innermost.f_code, innermost.f_lasti))
                return traceback.StackSummary.from_list([(innermost.f_code.co_filename, innermost.f_lineno, name, "")])
        frame = frame.f_back
    if innermost is None:
        return _differentiating()
    name = innermost.f_code.co_name
    # A library's own `with torch.no_grad():` block is the mathematics the user called, as its decorated
    # functions are; a block the user opened holds what runs inside, a library's call included.
    libraries_no_grad = (libraries_no_grad or "library" in entered) and "user" not in entered
    if not torch.is_grad_enabled() and not in_function and not libraries_no_grad:
        name += _NO_GRAD
    if read is not None:
        name += f" [read by {read}]"
    _HANDED_NOW.floats = None if library else _handed_by(call)
    _HANDED_NOW.called = _called_name(call)
    return traceback.StackSummary.from_list([(innermost.f_code.co_filename, innermost.f_lineno, name,
                                              _LIBRARY if library else "")])


def _called_name(call):
    """The PyTorch function the user's call in the torch function mode's frame ``call`` made, as the user spells it
    (`public_name`), or None where no such frame was met."""
    return public_name(call.f_locals.get("func")) if call is not None else None


# The tensor methods PyTorch's operators call, as the user's line writes them ("1 + x" reaches Tensor.add).
_OPERATOR_METHODS = {"add": "+", "sub": "-", "rsub": "-", "mul": "*", "div": "/", "true_divide": "/", "pow": "**",
                     "neg": "-", "matmul": "@", "__getitem__": "[...]", "floor_divide": "//", "remainder": "%",
                     "__add__": "+", "__radd__": "+", "__sub__": "-", "__rsub__": "-", "__mul__": "*", "__rmul__": "*",
                     "__truediv__": "/", "__rtruediv__": "/", "__pow__": "**", "__rpow__": "**", "__neg__": "-",
                     "__matmul__": "@", "__rmatmul__": "@"}
# PyTorch's public namespaces, with the prefix their C functions' names carry (torch.special.expit is special_expit).
_NAMESPACES = (("torch", ""), ("torch.nn.functional", ""), ("torch.special", "special_"), ("torch.linalg", "linalg_"),
               ("torch.fft", "fft_"))


def public_name(func):
    """``func``, a function a torch function mode was handed, by the name a PyTorch user calls it: the public
    namespace holding it ("torch.nn.functional.softplus", "torch.logsumexp"), a tensor method ("torch.Tensor.exp") or
    the operator that calls it ("+"); None where it is none of these (a Function's apply, a user's helper)."""
    name = getattr(func, "__name__", None)
    if not isinstance(name, str):
        return None
    if (getattr(func, "__qualname__", None) or "").startswith(("TensorBase.", "Tensor.")):
        return _OPERATOR_METHODS.get(name) or f"torch.Tensor.{name.strip('_')}"
    for module_name, prefix in _NAMESPACES:
        module, short = sys.modules.get(module_name), name[len(prefix):] if name.startswith(prefix) else name
        held = getattr(module, short, None) if short and not short.startswith("_") else None
        if held is not None and (held is func or held == func):
            return f"{module_name}.{short}"
    return None


def _handed_by(call):
    """The floats the user's call handed PyTorch, read from the torch function mode's frame ``call`` of that call;
    None where no such frame was met (every float the user's)."""
    if call is None:
        return None
    handed = set()
    todo = [call.f_locals.get("args", ()), call.f_locals.get("kwargs") or {}]
    while todo:
        value = todo.pop()
        if isinstance(value, dict):
            todo.extend(value.values())
        elif isinstance(value, (list, tuple)):
            todo.extend(value)
        elif isinstance(value, (float, np.floating)):
            handed.add(float(value))
    return frozenset(handed)


class _HandedNow(threading.local):
    """What the user's call handed PyTorch for the node the tracer is making, from the tracer's frame filter
    (`_user_frame_summary`) to the node's meta (`_keeping_handed_floats`): its floats (`_handed_by`) and the function
    it called, as the user spells it (`_called_name`)."""

    floats = None
    called = None


_HANDED_NOW = _HandedNow()


def _keeping_handed_floats(create_node):
    """The tracer's ``create_node`` that keeps in each node's meta the floats the user's call handed PyTorch
    (`_handed_floats`) and the function it called (`_spelling`). They sit in ``meta["custom"]``, which PyTorch copies to the nodes a graph's functionalization
    makes from it (`_functionalized`), as it copies the stack trace."""

    import torch  # lazy: only a PyTorch target needs it

    def create(tracer, *args, **kwargs):
        _HANDED_NOW.floats = _HANDED_NOW.called = None
        node = create_node(tracer, *args, **kwargs)
        running = torch._C._current_autograd_node()  # a backward node autograd's engine runs: a derivative's op
        kept = {key: value for key, value in ((_HANDED, _HANDED_NOW.floats), (_CALLED, _HANDED_NOW.called),
                                              (_ENGINE, None if running is None else running.name()))
                if value is not None}
        if kept:
            node.meta["custom"] = {**(node.meta.get("custom") or {}), **kept}
        return node

    return create


def _handed_floats(node):
    """The floats the user's own call handed PyTorch for a node on the user's line (`_keeping_handed_floats`), or
    None where that is not known."""
    return (node.meta.get("custom") or {}).get(_HANDED)



def _called_by_the_engine(frame):
    """Whether autograd's engine called ``frame``'s function itself: a tensor hook, run as the backward pass reaches
    its tensor (a checkpoint's recomputation and a Function's backward come through code of their own)."""
    caller = frame.f_back
    return caller is not None and caller.f_code.co_name == "_engine_run_backward"


_LIBRARY = "library"  # the line text of a node whose op a library's code called (`_user_frame_summary`)
_HANDED = "gradcli handed"  # the key in a node's meta["custom"] of the floats the user's call handed (`_handed_by`)
_CALLED = "gradcli called"  # the key in a node's meta["custom"] of the function the user's line called (`_called_name`)
_ENGINE = "gradcli engine"  # the key in a node's meta["custom"] of the backward node autograd ran as it was made
# PyTorch's own dispatch and tracing code, which calls an op on behalf of whoever called it; PyTorch's libraries
# (torch.nn.functional, torch.distributions, its decompositions) write constants of their own.
_MACHINERY = ("fx", "_subclasses", "utils", "_ops.py", "_tensor.py", "overrides.py", "_library", "autograd",
              "_prims_common", "_higher_order_ops", "_dynamo", "_functorch", "_jit_internal.py", "_compile.py")


# PyTorch's decompositions that hand their input on unchanged (``lift_fresh_copy``, which records a tensor the code
# made from numbers, as an ``alias``): the code that called them, not the decomposition, made that tensor.
_PASSING_ON = ("nop_decomposition",)


@functools.lru_cache(maxsize=4096)  # a trace asks about the same few files for each of its nodes
def _machinery(filename, folder):
    """Whether a frame's file is PyTorch's dispatch or tracing code (`_MACHINERY`) or Python's standard library:
    code that hands on what its caller gave, writing no constant of its own."""
    path = os.path.abspath(filename)
    if path.startswith(STDLIB_FOLDER) and not installed_package_file(path):
        return True
    return path.startswith(folder) and path[len(folder):].split(os.sep)[0] in _MACHINERY


def _differentiating():
    """A summary naming the sequence number of the autograd node whose built-in rule is running, if one is.

    Autograd numbers a forward op's node as it records it (the node's ``seq_nr``
    meta) and runs the node under that number in the backward pass: the number
    pairs a backward node with the forward call it differentiates.
    """
    import torch  # lazy: only a PyTorch target needs it

    node = torch._C._current_autograd_node()
    if node is None:
        return traceback.StackSummary.from_list([])
    return traceback.StackSummary.from_list([(_AUTOGRAD_FILE, node._sequence_nr(), node.name() + engine_sum(node), "")])


def _registered_rule(frame):
    """Whether ``frame`` runs the backward a ``torch.library.custom_op`` registered (called by the backward
    PyTorch generates for the op, whose context it is handed)."""
    caller = frame.f_back
    return caller is not None and caller.f_code.co_name == "backward" and caller.f_code.co_filename.endswith(
        _REGISTERED_RULES_FILE)


def _decompositions():
    """PyTorch's decompositions of the ops gradcli has no replay for (its own backward formulas, mostly)."""
    from torch._decomp import decomposition_table  # lazy: only a PyTorch target needs it

    return {op: fn for op, fn in decomposition_table.items() if lookup(*_names(op)) is None}


def _names(op):
    """``(packet, overload)`` of an ATen op (``add``, ``Tensor``); the Python function's name for others."""
    schema = getattr(op, "_schema", None)
    if schema is not None:
        return schema.name.split("::")[-1], op._overloadname
    return getattr(op, "__name__", str(op)), ""


_DECOMPOSITIONS = None
# Every ATen op gradcli replays; as_strided's replays depend on their input's layout, bound per node (`_as_strided`),
# as a Gamma sample's on the generator's state at it (`_GammaDraw`).
_TABLE = {**OPS, **NN_OPS, **COMPLEX_OPS, "as_strided": NotImplemented, "as_strided_scatter": NotImplemented,
          "_standard_gamma": NotImplemented, "_standard_gamma_grad": NotImplemented,
          "_sample_dirichlet": NotImplemented, "_dirichlet_grad": NotImplemented, "_assert_async.msg": loop_guard,
          "numpy_forward": NotImplemented}
_ELEMENTWISE = ELEMENTWISE | NN_ELEMENTWISE


def lookup(packet, overload):
    """The replay of ATen's ``packet.overload`` (``add``, ``Tensor``), or None when gradcli has none."""
    return _TABLE.get(f"{packet}.{overload}") or _TABLE.get(packet)


def trace(fun, examples, counts=None, noted=None):
    """The graph of ``fun(*examples)`` (tensors), recorded by make_fx with each node's user line; its while loops
    unrolled as often as ``counts`` says, or as often as an eager run on ``examples`` takes them. ``noted``: the
    `Notes` of an eager run on ``examples`` made already, which the trace takes instead of running one of its own
    for the Functions leaving PyTorch. An op whose shape depends on values may read the float examples a check holds
    as data (`torch_known.holding`); the graph's ``reads_held`` says whether it did."""
    global _DECOMPOSITIONS
    from torch.fx.experimental.proxy_tensor import PythonKeyTracer  # lazy: only a PyTorch target needs it

    own = counts is None  # the loops run as PyTorch's run at the point takes them, not as a replay decided

    from torch.autograd.function import BackwardCFunction  # lazy: likewise
    from torch.fx import proxy as fx_proxy  # lazy: likewise
    from torch.nn.attention import SDPBackend, sdpa_kernel  # lazy: likewise

    folder = torch_dir()
    with _LOCK:
        if _DECOMPOSITIONS is None:
            _DECOMPOSITIONS = _decompositions()
        draws = _Draws(folder)
        original, creating = PythonKeyTracer._filter_traceback_frames, PythonKeyTracer.create_node
        kinds = {}
        entered = _NoGradEntries(folder, kinds)
        PythonKeyTracer._filter_traceback_frames = lambda self, summary: _user_frame_summary(folder, kinds, entered.open)
        PythonKeyTracer.create_node = _keeping_handed_floats(creating)
        # The tracer symbolises the whole stack for the filter above, which reads the live frames itself instead.
        captured, fx_proxy.CapturedTraceback = fx_proxy.CapturedTraceback, _NoTraceback
        # The user's backward methods that run: one that computes nothing (``return grad_output``) leaves no node.
        ran, user_fn = [], BackwardCFunction._get_user_fn
        BackwardCFunction._get_user_fn = lambda self: numpy_backwards_noted(_noting(user_fn(self), self._forward_cls, folder, ran))
        # PyTorch's structured-trace logger writes a DEBUG record per tensor it fakes: hundreds of lines in a
        # failing test's captured log, none of them the user's; silenced while gradcli traces.
        structured = logging.getLogger("torch.__trace")
        was_disabled, structured.disabled = structured.disabled, True
        guards = {}
        try:
            # Node metadata kept while tracing gives each node autograd's sequence number: a backward node of a
            # built-in rule takes the line of the forward node it differentiates (`compile_graph`).
            # Attention is recorded as the matmuls and softmax of its definition, whose rules gradcli replays: the
            # fused CPU kernel and its backward have no replay.
            plans, module = noted, None
            while module is None:
                known = KnownValues(examples)
                try:
                    module = _made(fun, examples, entered, draws, sdpa_kernel(SDPBackend.MATH),
                                   None if counts is None else list(counts), guards, plans, own, known)
                except (TripCountsNeeded, NumpyForwardsNeeded) as needed:
                    # One eager run at the point: a while loop's steps counted, then unrolled so often; a forward
                    # leaving PyTorch noted, then traced as one node (`torch_numpy_forward`).
                    if plans is not None and isinstance(needed, NumpyForwardsNeeded):
                        raise
                    counted, plans = [], Notes()
                    with loops_step_by_step(counting=counted), noting_forwards(noted=plans):
                        fun(*examples)
                    counts = counted if counts is None else counts
                    draws = _Draws(folder)
                    ran.clear()  # the eager run's backward methods: the trace notes its own
            refuse_reads_written(module, lambda node: _location(node)[0])
            if _writes_into_shared_tensors(module):
                module = _functionalized(module, examples)
        finally:
            PythonKeyTracer._filter_traceback_frames = original
            PythonKeyTracer.create_node = creating
            fx_proxy.CapturedTraceback = captured
            BackwardCFunction._get_user_fn = user_fn
            structured.disabled = was_disabled
    refuse_unseeded_read(fun, examples, draws.unseeded)
    graph = _passed_through(compile_graph(module, draws.made, draws.gammas), ran)
    graph.trip_counts = tuple(counts) if counts else None  # no while loop (the eager run counted none): none to count
    graph.loop_guards = guards
    graph.reads_held = bool(known.floats_read)
    return graph


def _made(fun, examples, entered, draws, kernels, counts=None, guards=None, plans=None, own=False, known=None):
    """make_fx's graph module of ``fun`` on fake tensors like ``examples``, with each node's user line, its random
    draws (``draws``) and no-grad blocks (``entered``) noted, attention's math kernels, and PyTorch's loops step by
    step (`loops_step_by_step`, each while loop unrolled as often as ``counts`` says, its guards noted in ``guards``;
    ``own``: the counts PyTorch's run at the point takes),
    an entry set by a one-number index tensor as the ``index_put_`` it is (`set_at_index_tensors`), each Function
    whose forward leaves PyTorch one node as ``plans`` say (`noting_forwards`), and each op whose output's shape depends
    on values known to ``known`` (`torch_known.KnownValues`) answered as constants."""
    from torch.fx.experimental.proxy_tensor import make_fx  # lazy: only a PyTorch target needs it
    from torch.fx import traceback as fx_traceback  # lazy: likewise

    with (fx_traceback.preserve_node_meta(), entered, draws, kernels, loops_step_by_step(counts, guards=guards, own=own),
          set_at_index_tensors(), noting_forwards(plans), torch_sparse.sparse_tensors_dense()):
        return make_fx(
            fun,
            decomposition_table={**_DECOMPOSITIONS, **_custom_ops(), **draws.table(),
                                 **(known or KnownValues(examples)).table()},
            tracing_mode="fake",
            record_stack_traces=True,
            _allow_non_fake_inputs=True,  # tensors the function makes itself (torch.tensor(2.0)) are constants
        )(*examples)


def _custom_ops():
    """The user's ``torch.library.custom_op`` ops, each by the Python function that defines it: traced through, so the
    replay holds the ATen ops it is made of, while PyTorch's own run keeps the op and the rule registered for it.
    gradcli's own ops (``gradcli::numpy_forward``) are nodes of the trace, replayed by gradcli, never traced through;
    PyTorch registers its own prims the same way, their bodies calling back into ATen (prims.zeta's calls
    aten.special_zeta, whose decomposition is prims.zeta): those stay ops, or the trace never ends."""
    from torch._library.custom_ops import OPDEFS  # lazy: only a PyTorch target needs it

    return {definition._opoverload: definition._init_fn for definition in OPDEFS.values()
            if definition._namespace != "gradcli" and not _defined_in_torch(definition._init_fn)}


def _defined_in_torch(fn):
    """Whether ``fn`` is PyTorch's own code (a module of the ``torch`` package), not the user's."""
    module = getattr(fn, "__module__", None) or ""
    return module == "torch" or module.startswith("torch.")


# PyTorch's samplers of whole numbers whose draw moves with their tensor parameters: no derivative (the Gamma's and
# the Dirichlet's, `_standard_gamma` and `_sample_dirichlet`, are replayed: `_GammaDraw`).
_PARAMETER_SAMPLES = {"binomial", "poisson"}

# PyTorch's random ops that draw numbers from nothing but a shape and numbers (``torch.randn``, ``rand``, a
# ``normal_``, ``exponential_`` or ``bernoulli_(p)`` fill, the noise of Normal's ``rsample`` and of
# ``F.gumbel_softmax``, dropout's mask): a seeded function's draw is a constant of the function, drawn again in each
# dtype. Each is drawn by its own kernel: PyTorch's decompositions of some (``exponential``, ``bernoulli``) draw
# other numbers than the kernels the user's run calls.
_DRAW_OPS = ("prims.normal.default", "prims.uniform.default", "aten.rand.default", "aten.randn.default",
             "aten.rand_like.default", "aten.randn_like.default", "aten.exponential.default", "aten.cauchy.default",
             "aten.geometric.default", "aten.log_normal.default", "aten.bernoulli.p", "aten.bernoulli_.float",
             "aten.exponential_.default", "aten.cauchy_.default", "aten.geometric_.default", "aten.log_normal_.default",
             "aten.randint.low", "aten.randint.default", "aten.randperm.default", "aten.rand.generator",
             "aten.randn.generator")

# PyTorch's random ops whose draw reads the numbers of a tensor (``torch.bernoulli(probs)``, ``multinomial``),
# which a trace over fake tensors does not hold.
_DRAWS_FROM_TENSORS = ("aten.bernoulli.default", "aten.bernoulli.Tensor", "aten.bernoulli_.Tensor",
                       "aten.multinomial.default")


def refuse_unseeded_read(fun, examples, unseeded):
    """Raise the first of ``unseeded`` (the refusals of draws from PyTorch's unseeded generator) where the function's
    result reads them: where two eager runs from two generator states give other results. A module built in the
    function draws its initial weights and may overwrite every one (``copy_`` under ``no_grad``): its result is the
    same at every call, and its draws are constants no result needs."""
    import torch  # lazy: only a PyTorch target needs it

    if not unseeded:
        return
    results = []
    for seed in (0, 1):
        with torch.random.fork_rng(devices=[]):  # the user's generator ends as the trace left it
            torch.random.manual_seed(seed)
            results.append([t.detach() for t in _tensors_in(fun(*examples))])
    first, second = results
    if len(first) != len(second) or not all(
            a.shape == b.shape and torch.equal(torch.nan_to_num(a), torch.nan_to_num(b)) for a, b in zip(first, second)):
        raise unseeded[0]


def _tensors_in(value):
    """The tensors of a function's result, in order (a tensor, or nested tuples, lists and dicts of them)."""
    import torch  # lazy: only a PyTorch target needs it

    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, (list, tuple)):
        return [t for item in value for t in _tensors_in(item)]
    return []


class _Draws:
    """While a capture traces: each random draw (`_DRAW_OPS`) made for real from PyTorch's generator as the user's
    code left it, and recorded as a constant with that generator's state, so that the replay of the program in
    another dtype draws what PyTorch draws there (its float32 draws are other numbers than its float64 ones).

    A draw from PyTorch's global generator is the same at every call only where
    the function seeds it before the draw (``torch.manual_seed(0)``): an unseeded
    one is refused at its line (`unseeded`, told where the function's result reads
    it: `refuse_unseeded_read`), as is a draw that reads a tensor's numbers
    (`_DRAWS_FROM_TENSORS`). A draw from a ``generator=`` of the user's is drawn
    from it, which every run of the function starts from one state (`GeneratorsHeld`).
    """

    def __init__(self, folder):
        self.folder, self.made, self.seeded = folder, {}, False
        self.gammas = []  # each Gamma sample's draw, in the order the graph records them (`_GammaDraw`)
        self.unseeded = []  # the refusal of each plain draw from the unseeded global generator, in the trace's order

    def __enter__(self):
        import torch  # lazy: only a PyTorch target needs it

        self.saved = torch.manual_seed, torch.random.manual_seed
        seed = self.saved[1]

        def seeding(*args, **kwargs):
            self.seeded = True
            return seed(*args, **kwargs)

        torch.manual_seed = torch.random.manual_seed = seeding
        return self

    def __exit__(self, *exc):
        import torch  # lazy: only a PyTorch target needs it

        torch.manual_seed, torch.random.manual_seed = self.saved
        return False

    def table(self):
        """Decompositions of the draw ops into their real draws (`draw`), and of the draws from tensors into refusals."""
        import torch  # lazy: only a PyTorch target needs it

        found = {}
        for name in _DRAW_OPS + _DRAWS_FROM_TENSORS:
            space, packet, overload = name.split(".")
            op = getattr(getattr(getattr(torch.ops, space), packet), overload)
            found[op] = functools.partial(self.draw if name in _DRAW_OPS else self.refuse, op)
        found[torch.ops.aten._standard_gamma.default] = self.gamma
        found[torch.ops.aten._sample_dirichlet.default] = self.dirichlet
        return found

    def _refused(self, op, why, advice):
        found = user_line(sys._getframe(2), self.folder)
        line = f" at {found}" if found is not None else ""
        return InputError(f"the random draw {op.namespace}.{op.__name__}{line} {why}: {advice}", text=line.removeprefix(" at ") or None)

    def refuse(self, op, *args, **kwargs):
        """InputError for a draw that reads a tensor's numbers, at the user's line."""
        raise self._refused(
            op, "draws with probabilities held in a tensor, whose numbers gradcli's capture does not see, so its "
            "draw cannot be replayed", "pass the sample as an argument, or draw with a number for its probability "
            "(torch.empty_like(x).bernoulli_(0.3), torch.rand_like(x) < p)")

    def _check_seeded(self, op, generator, later=False):
        """InputError at the user's line for a draw from PyTorch's global generator that the function has not seeded;
        ``later``: kept in `unseeded` instead, for `refuse_unseeded_read` to raise where the result reads the draw."""
        if generator is None and not self.seeded:
            refusal = self._refused(
                op, "is not seeded in the function, so each call draws other numbers and no two runs of it can be "
                "compared", "seed PyTorch's generator inside the function before the draw (torch.manual_seed(0)), "
                "which makes the draw a constant of the function, or pass the noise as an argument (z = loc + scale * eps)")
            if not later:
                raise refusal
            self.unseeded.append(refusal)

    def gamma(self, alpha, generator=None):
        """Note the generator's state at a Gamma sample (``aten._standard_gamma``), which the graph records as it is:
        its draw depends on alpha's values, made again at the point by `_GammaDraw`."""
        import torch  # lazy: only a PyTorch target needs it

        self._check_seeded(torch.ops.aten._standard_gamma.default, generator)
        self.gammas.append(_GammaDraw(torch.get_rng_state() if generator is None else generator.get_state(), generator is not None))
        return NotImplemented  # the tracer records the op itself

    def dirichlet(self, alpha, generator=None):
        """Note the generator's state at a Dirichlet sample (``aten._sample_dirichlet``: ``Dirichlet`` and ``Beta``
        rsample), recorded as it is and drawn again at the point by `_DirichletDraw`."""
        import torch  # lazy: only a PyTorch target needs it

        self._check_seeded(torch.ops.aten._sample_dirichlet.default, generator)
        state = torch.get_rng_state() if generator is None else generator.get_state()
        self.gammas.append(_DirichletDraw(state, generator is not None))
        return NotImplemented  # the tracer records the op itself

    def draw(self, op, *args, **kwargs):
        """The real numbers ``op`` draws here, as a constant tensor of the graph; the generator moves on as it
        would in the user's run. An in-place fill writes the draw into its tensor."""
        import torch  # lazy: only a PyTorch target needs it
        from torch.utils._python_dispatch import _disable_current_modes  # lazy: likewise

        generator = kwargs.get("generator")
        self._check_seeded(op, generator, later=True)
        if self.gammas:
            raise self._refused(
                op, f"follows a {self.gammas[-1].kind} sample, whose draw takes as many numbers from the generator as "
                "its parameters' values ask, which the capture's trace does not hold", "draw it before that sample")
        with _disable_current_modes():
            real = [torch.empty(a.shape, dtype=a.dtype) if isinstance(a, torch.Tensor) else a for a in args]
            state = torch.get_rng_state() if generator is None else generator.get_state()
            value = op(*real, **kwargs)
        self.made[id(value)] = _Redraw(op, real, {k: v for k, v in kwargs.items() if k != "generator"}, state, generator is not None)
        return args[0].copy_(value) if op._schema.is_mutable else value


class GeneratorsHeld:
    """Around each run of the user's function: every ``torch.Generator`` a call hands as ``generator=`` starts the
    run in the state it had when gradcli first saw it, and is put back in it afterwards.

    So each run (PyTorch's own in each dtype, the capture's trace) draws the
    same numbers from it, those of the user's own next call, and the user's
    generator ends as if gradcli had not run.
    """

    def __init__(self):
        self.first = {}  # id(generator) -> (generator, its state when first seen)
        self.looked = False  # a run has been watched: a function that handed no generator over runs unwatched

    def __call__(self):
        import contextlib

        from torch.overrides import TorchFunctionMode  # lazy: only a PyTorch target needs it

        if self.looked and not self.first:
            return contextlib.nullcontext()  # the mode's look at each call costs PyTorch's own runs time

        held = self

        class Noting(TorchFunctionMode):
            __torch_function__ = _noting_generators(held)

        return _Held(self, Noting())

    def restore(self):
        for generator, state in self.first.values():
            generator.set_state(state)


def _noting_generators(held):
    """A torch function mode's handler that notes each generator a call hands over, in its state then, and runs the call."""

    def noting(mode, func, types, args=(), kwargs=None):
        generator = (kwargs or {}).get("generator")
        if generator is not None and id(generator) not in held.first:
            held.first[id(generator)] = (generator, generator.get_state())
        return func(*args, **(kwargs or {}))

    return noting


_NOTING = _noting_generators(None).__code__  # `GeneratorsHeld`'s look at each call
# gradcli's own frames on the way from the user's line to a node: the look above, and the tracer's node making
_PASSING_CODES = frozenset((_NOTING, _keeping_handed_floats(None).__code__))
# a NumPy forward's way to its node and a read or write at index tensors (by positions): no line of their own
# and a number the user's code reads (its node tagged `_READ`)
_PASSING_FILES = frozenset(module.__file__ for module in (torch_indices, torch_numpy_forward, torch_reads, torch_sparse))


class _Held:
    def __init__(self, held, mode):
        self.held, self.mode = held, mode

    def __enter__(self):
        self.held.restore()
        self.mode.__enter__()

    def __exit__(self, *exc):
        self.mode.__exit__(*exc)
        self.held.restore()
        self.held.looked = True
        return False


class _Redraw:
    """What a draw op draws from the generator at the state it met, in any dtype (float64 numbers, one draw per dtype)."""

    def __init__(self, op, args, kwargs, state, own_generator=False):
        self.op, self.args, self.kwargs, self.state, self.drawn = op, args, kwargs, state, {}
        self.own_generator = own_generator  # drawn from a generator= of the user's: a copy of it at that state draws again

    def __call__(self, dtype):
        import torch  # lazy: only a PyTorch target needs it

        name = np.dtype(dtype).name
        if name not in self.drawn:
            in_dtype = getattr(torch, name)
            args = [torch.empty(a.shape, dtype=in_dtype if a.is_floating_point() else a.dtype) if isinstance(a, torch.Tensor) else a for a in self.args]
            floating = getattr(self.kwargs.get("dtype"), "is_floating_point", False)
            kwargs = dict(self.kwargs, dtype=in_dtype) if floating else self.kwargs
            if self.own_generator:
                copy = torch.Generator()
                copy.set_state(self.state)
                drawn = self.op(*args, **kwargs, generator=copy)
            else:
                with torch.random.fork_rng():
                    torch.set_rng_state(self.state)
                    drawn = self.op(*args, **kwargs)
            self.drawn[name] = (drawn.double() if drawn.is_floating_point() else drawn).numpy()  # indices stay integers
        return self.drawn[name]


class _GammaDraw:
    """The replay of one ``aten._standard_gamma`` (a Gamma(alpha, 1) sample, the heart of ``Gamma.rsample`` and
    its kin): PyTorch's own draw at the point, made again from the generator's state at it in the dtype of the
    program replayed (the float64 one on exact numbers), as the function of alpha its quantile defines
    (`gamma_drawn`): its value the draw, its derivative the exact implicit one."""

    sampler = "_standard_gamma"  # PyTorch's function that draws it
    kind = "Gamma"  # what a message calls the sample
    as_function = staticmethod(gamma_drawn)  # the draw as a function of its parameter: value the draw, exact slope

    def __init__(self, state, own_generator):
        self.state, self.own_generator, self.drawn = state, own_generator, {}

    def __call__(self, alpha, generator=None):
        kind, held = kind_of([alpha]), held_for([alpha])
        value = raw(alpha)
        dtype = np.dtype(held or np.float64) if kind is not None or held is not None else np.asarray(value).dtype
        dtype = dtype if dtype in (np.dtype(np.float32), np.dtype(np.float64)) else np.dtype(np.float64)
        z = self._draw(np.asarray(_floats(value), dtype=dtype))
        return self.as_function(alpha, lift(z, kind) if kind is not None else z.astype(np.asarray(value).dtype)[()])

    def _draw(self, alpha):
        import torch  # lazy: only a PyTorch target needs it

        key = (alpha.dtype.name, alpha.shape, alpha.tobytes())
        if key not in self.drawn:
            shape = torch.from_numpy(np.array(alpha, copy=True))
            sample = getattr(torch, self.sampler)
            if self.own_generator:
                copy = torch.Generator()
                copy.set_state(self.state)
                drawn = sample(shape, generator=copy)
            else:
                with torch.random.fork_rng():
                    torch.set_rng_state(self.state)
                    drawn = sample(shape)
            self.drawn[key] = drawn.double().numpy()
        return self.drawn[key]


class _DirichletDraw(_GammaDraw):
    """The replay of one ``aten._sample_dirichlet`` (``Dirichlet.rsample``, and ``Beta.rsample``'s pair): PyTorch's
    own draw at the point, as the function of the concentrations PyTorch's implicit reparameterisation defines
    (`dirichlet_drawn`): its value the draw, its derivative the exact one of which ``_dirichlet_grad`` is a fit."""

    sampler = "_sample_dirichlet"
    kind = "Dirichlet (or Beta)"
    as_function = staticmethod(dirichlet_drawn)


def _kernels_slope(kernel, *numbers):
    """PyTorch's rule for a sample's slope in its parameters (``aten._standard_gamma_grad``, ``_dirichlet_grad``): a
    fitted approximation, whose mathematics is the number PyTorch's kernel computes; on exact numbers, that kernel's
    float64 answer."""
    import torch  # lazy: only a PyTorch target needs it

    kind = kind_of(list(numbers))
    dtype = np.float64 if kind is not None else np.asarray(raw(numbers[0])).dtype
    tensors = [torch.from_numpy(np.array(_floats(raw(v)), dtype=dtype)) for v in numbers]
    slope = getattr(torch, kernel)(*tensors).numpy()
    return lift(slope, kind) if kind is not None else slope[()]


_gamma_rule = functools.partial(_kernels_slope, "_standard_gamma_grad")
_dirichlet_rule = functools.partial(_kernels_slope, "_dirichlet_grad")


def _floats(value):
    """An exact replay's numbers (mpmath numbers, balls, jets of balls) as the floats they are at the point."""
    array = np.asarray(value)
    if array.dtype != object:
        return array
    return np.vectorize(lambda v: float(getattr(v, "v", v).mid()) if hasattr(getattr(v, "v", v), "mid") else float(v),
                        otypes=[np.float64])(array)


def _writes_into_shared_tensors(module):
    """Whether a graph writes in place into a tensor a view shares or a later op reads (`_last_use`): as
    ``torch.func.jacrev`` does, filling the diagonal of a fresh matrix for its basis of cotangents."""
    order = {node: i for i, node in enumerate(module.graph.nodes)}
    return any(node.op == "call_function" and _in_place(node) and not _last_use(node, order) for node in module.graph.nodes)


def _functionalized(module, examples):
    """``module``'s graph with every write into a tensor made a new value (``diagonal_scatter``, ``slice_scatter``,
    views read again from the written tensor): PyTorch's functionalization of the ATen ops recorded.

    The ops are run again from the recorded graph, not from the user's function,
    so each new node takes the stack trace (user line, rule tag) and autograd
    sequence number of the recorded node it comes from. The graph's tensor constants (a module built in the function,
    a mask made there) are handed in as inputs while it runs: functionalization wraps only its inputs, and a write of
    a wrapped value into a tensor made from a constant alone (``zeros_like(mask).copy_(where(mask, -inf, 0))``)
    would mix the two. Each is a constant of the new graph again, the same tensor read at the first input's place.
    """
    import torch  # lazy: only a PyTorch target needs it
    from torch.fx import traceback as fx_traceback  # lazy: likewise
    from torch.fx.experimental.proxy_tensor import make_fx  # lazy: likewise

    nodes = [node for node in module.graph.nodes if node.op == "get_attr"]
    # one input per tensor: make_fx reads a module's buffer by several constant nodes of one name, and a write through
    # one (spectral_norm's normalize(..., out=u)) is seen by the others' reads only as one functionalized input
    targets = list(dict.fromkeys(node.target for node in nodes))
    constants = [next(node for node in nodes if node.target == target) for target in targets]
    interpreter = _PrimViewsInAten(module)

    def run(*values):
        handed = dict(zip(targets, values[len(examples):]))
        return interpreter.run(*values[:len(examples)], initial_env={node: handed[node.target] for node in nodes})

    tensors = [getattr(module, target) for target in targets]
    with fx_traceback.preserve_node_meta(), fx_traceback._preserve_node_seq_nr():
        made = make_fx(
            torch.func.functionalize(run, remove="mutations"),
            decomposition_table=_DECOMPOSITIONS,
            tracing_mode="fake",
            _allow_non_fake_inputs=True,
        )(*examples, *tensors)
    return _constants_again(made, len(examples), constants, tensors)


def _prim_view_in_aten(target):
    """The ATen spelling of a PyTorch prim whose output is a view of its input (``prims.broadcast_in_dim``: unsqueezes
    and an expand), which PyTorch's functionalization refuses for an op outside ATen; None for any other op."""
    import torch  # lazy: only a PyTorch target needs it

    schema = getattr(target, "_schema", None)
    if schema is None or not schema.name.startswith("prims::") or not any(r.alias_info for r in schema.returns):
        return None
    return getattr(torch._prims, f"_{schema.name.split('::')[-1]}_aten", None)


def _PrimViewsInAten(module):
    """A ``torch.fx.Interpreter`` of ``module`` running each prim view as its ATen spelling (`_prim_view_in_aten`):
    a layer's decomposed norm (a module built inside the function, whose parameters' initialisation writes in
    place) is functionalized whole."""
    import torch  # lazy: only a PyTorch target needs it

    class Interpreter(torch.fx.Interpreter):
        def call_function(self, target, args, kwargs):
            return super().call_function(_prim_view_in_aten(target) or target, args, kwargs)

    return Interpreter(module)


def _constants_again(module, inputs, constants, tensors):
    """``module`` with its placeholders after the first ``inputs`` read as the ``tensors`` they were handed
    (`_functionalized`): each a constant node holding its tensor and the metadata (user line) of ``constants``'."""
    placeholders = [node for node in module.graph.nodes if node.op == "placeholder"]
    with module.graph.inserting_after(placeholders[inputs - 1] if inputs else None):
        for k, (placeholder, constant, tensor) in reversed(list(enumerate(zip(placeholders[inputs:], constants, tensors)))):
            name = f"_handed_constant{k}"  # make_fx names its own constants _tensor_constant<k>
            setattr(module, name, tensor)
            node = module.graph.create_node("get_attr", name)
            node.meta = dict(constant.meta)
            placeholder.replace_all_uses_with(node)
            module.graph.erase_node(placeholder)
    module.recompile()
    return module


def _writes_out(node):
    """Whether ``node`` is an ``out=`` overload (``aten.div.out``), which writes its result into the tensor handed."""
    return getattr(node.target, "_overloadname", "").startswith("out") and "out" in node.kwargs


def _in_place(node):
    """Whether ``node`` writes into a tensor it is handed: an in-place op (``add_``), or an ``out=`` overload
    (``div.out``: ``F.normalize(..., out=u)`` in spectral_norm's power iteration)."""
    packet = _names(node.target)[0]
    return (packet.endswith("_") and not packet.endswith("__")) or _writes_out(node)


class _NoGradEntries:
    """While a capture traces: who turned gradients off in each block open now, "user", "library" or "decorator"
    (whose function a decorator wraps, `_user_frame_summary` reads from its frames): ``torch.no_grad()``,
    ``torch.set_grad_enabled(False)`` (a block, or a call whose effect lasts until the next) and
    ``torch.inference_mode()``; ``torch.set_grad_enabled(True)`` called as a function ends the entry of the newest
    ``set_grad_enabled(False)``."""

    def __init__(self, folder, kinds):
        self.folder, self.kinds, self.open, self.blocks = folder, kinds, [], []

    def __enter__(self):
        from torch.autograd import grad_mode  # lazy: only a PyTorch target needs it

        self.saved = []
        self._note(grad_mode.no_grad, "__enter__", lambda block: True)
        # set_grad_enabled takes effect as it is made; no_grad's own calls of it are no_grad's block, noted once
        self._note(grad_mode.set_grad_enabled, "__init__", lambda block, mode: mode is False)
        self._note(grad_mode.inference_mode, "__enter__", lambda block: block.mode is not False)
        return self

    def _note(self, kind, starts, turns_off):
        """Wrap ``kind``'s method ``starts`` to note who called it where ``turns_off`` says it turns gradients off,
        and its ``__exit__`` to forget that entry."""
        start, leave = getattr(kind, starts), kind.__exit__
        self.saved.append((kind, starts, start, leave))

        def starting(block, *args):
            code = sys._getframe(1).f_code
            if code.co_filename.endswith(_GRAD_MODE_FILE):
                return start(block, *args)
            if turns_off(block, *args):
                users = _file_kind(code.co_filename, self.folder, self.kinds) == "user" and not installed_package_file(
                    code.co_filename)
                self.open.append("decorator" if code.co_name in _NO_GRAD_WRAPPERS else "user" if users else "library")
                self.blocks.append(block)
                block._gradcli_noted = True  # its __exit__ closes this entry
            elif starts == "__init__":  # ``torch.set_grad_enabled(True)`` called: it ends the newest such call's entry
                self._close(next((b for b in reversed(self.blocks) if isinstance(b, kind)), None))
            return start(block, *args)

        def leaving(block, *exc):
            self._close(block)
            return leave(block, *exc)

        setattr(kind, starts, starting)
        kind.__exit__ = leaving

    def _close(self, block):
        """Forget the entry ``block`` opened, if it is open."""
        if block is not None and block.__dict__.pop("_gradcli_noted", False):
            k = next(k for k in range(len(self.blocks) - 1, -1, -1) if self.blocks[k] is block)
            del self.open[k], self.blocks[k]

    def __exit__(self, *exc):
        for kind, starts, start, leave in reversed(self.saved):
            setattr(kind, starts, start)
            kind.__exit__ = leave
        return False


class _NoTraceback:
    """Stands in for the tracer's stack capture while gradcli traces: a placeholder summary, which
    `_user_frame_summary` replaces with the one user frame it reads from the live stack."""

    @staticmethod
    def extract(*args, **kwargs):
        return _NoTraceback()

    def summary(self):
        return [None]


def _noting(backward, forward_cls, folder, ran):
    """The user's ``backward`` of ``forward_cls``, noted in ``ran`` as (rule, its def line) when it is the user's own."""
    code = getattr(backward, "__code__", None)
    if code is not None and is_user_file(code.co_filename, folder):
        site = (f"backward() of {forward_cls.__name__}", f"{code.co_filename}:{def_line(code.co_filename, code.co_firstlineno)}")
        if site not in ran:
            ran.append(site)
    return backward


def _passed_through(graph, ran):
    """A user's backward that computes nothing (a straight-through estimator) still ran: the gradient passes
    through it, replayed as ``g * 1`` on its line, so a wrong one is named there."""
    recorded = {step.rule for step in graph.steps if step.rule}
    first = next((k for k, out in enumerate(graph.output) if k and type(out) is Slot), None)
    for site in ran:
        if site in recorded or first is None:
            continue
        graph.steps.append(Step("mul", _times_one, (graph.output[first],), {}, site[1], site))
        graph.output = (*graph.output[:first], Slot(graph.inputs + len(graph.steps) - 1), *graph.output[first + 1:])
    return graph


def _times_one(g):
    """``g * 1``: ``g`` unchanged, through an operation the recorder sees."""
    return gnp.multiply(g, 1)


def _location(node):
    """``(file:line, rule, differentiated)`` from the one-frame stack trace `_user_frame_summary` left on a node:
    ``differentiated`` is the sequence number of the forward call a built-in rule's node differentiates."""
    text = node.meta.get("stack_trace") or ""
    match = re.search(r'File "(?P<file>.*)", line (?P<line>\d+), in (?P<name>.*)', text)
    if match is None:
        return None, None, None
    if match["file"] == _AUTOGRAD_FILE:
        return None, None, int(match["line"])
    location = f"{match['file']}:{match['line']}"
    tagged = _RULE_TAG.match(match["name"].strip())
    return location, ((tagged["rule"], tagged["at"]) if tagged else None), None


def _users_constant(node):
    """Whether a graph's tensor constant is one the user's own code made from numbers (``torch.tensor(list,
    dtype=x.dtype)``, ``torch.as_tensor``): a fresh tensor (read through ``lift_fresh_copy``, an ``alias`` once
    decomposed) recorded on the user's line, not a library's nor a rule's. A tensor made outside the function
    is read as it is, in the dtype it was made in, by the program in every dtype."""
    location, rule, _ = _location(node)
    return _fresh(node) and location is not None and rule is None and not _library_frame(node)


def _zero_dims_cast(fun, node):
    """``fun`` with the operands PyTorch's type promotion casts down cast so first: a 0-dim float tensor of a wider
    dtype than the op's float result.

    PyTorch ranks a 0-dim tensor below a tensor with dimensions of the same kind: ``x - torch.tensor(0.1,
    dtype=torch.float64)`` with float32 ``x`` is float32 arithmetic on 0.1 cast to float32, where NumPy's rules,
    which gradcli's ops follow, would compute in float64. An exact replay keeps its numbers (`_cast_to_float32`
    says which constants the narrower program holds rounded)."""
    made = getattr(node.meta.get("val"), "dtype", None)
    if made is not None and not made.is_floating_point:  # a comparison: computed in its operands' promoted dtype
        made = _dimensioned_float(getattr(arg, "meta", {}).get("val") for arg in node.args)
    narrow = _NUMPY_FLOATS.get(str(made))
    cast = [k for k, arg in enumerate(node.args) if _wider_zero_dim(arg, made)] if narrow is not None else ()
    if not cast:
        return fun

    def promoted_as_pytorch_does(*args, **kwargs):
        args = list(args)
        for k in cast:
            if isinstance(args[k], (np.ndarray, np.floating)) and args[k].dtype.itemsize > narrow.itemsize:
                args[k] = args[k].astype(narrow)[()]
        return fun(*args, **kwargs)
    return promoted_as_pytorch_does


_NUMPY_FLOATS = {"torch.float32": np.dtype(np.float32), "torch.float16": np.dtype(np.float16)}


def _dimensioned_float(values):
    """The one float dtype of the tensors with dimensions among ``values`` (an op's operands, or their fake tensors), or
    None: what a comparison of them with a 0-dim tensor computes in."""
    import torch  # lazy: only a PyTorch target's graph has such operands

    found = {v.dtype for v in values if isinstance(v, torch.Tensor) and v.dim() > 0 and v.is_floating_point()}
    return found.pop() if len(found) == 1 else None


def _wider_zero_dim(arg, made):
    """Whether the graph's ``arg`` is a 0-dim float tensor of a wider dtype than ``made``."""
    import torch  # lazy: only a PyTorch target's graph has such arguments

    val = getattr(arg, "meta", {}).get("val") if isinstance(arg, torch.fx.Node) else None
    return (isinstance(val, torch.Tensor) and val.dim() == 0 and val.is_floating_point()
            and val.dtype.itemsize > made.itemsize)


def _fresh(node):
    """Whether a graph's tensor constant was made from numbers as the function ran: read through
    ``lift_fresh_copy`` (an ``alias`` once decomposed), not a tensor made outside it."""
    return any(_names(user.target)[0] in ("lift_fresh_copy", "alias") for user in node.users)


@contextmanager
def quiet_fake_tensors():
    """Within it, PyTorch's fake tensors log nothing: they write each meta kernel that fails, with its traceback, to
    stderr at ERROR level (a handler of their own) though the error is raised all the same, and gradcli gives up
    on some traces by design (a sweep's range traced at once, which the user's shapes may not broadcast)."""
    fakes = logging.getLogger("torch._subclasses.fake_tensor")
    was_disabled, fakes.disabled = fakes.disabled, True
    try:
        yield
    finally:
        fakes.disabled = was_disabled


def hold_following_constants(graph, run_narrower):
    """Keep `Step.users_constant` only on the user's float64 constants that follow the inputs' dtype
    (``dtype=x.dtype``), not one the code names itself (``dtype=torch.float64``), which a narrower program
    computes with as written.

    ``run_narrower()`` runs the function eagerly on its float arguments in float32 (leaves that require grad, as a
    check's own are), without autograd's graph unless the function differentiates inside itself;
    the tensors made from numbers there (``lift_fresh``, in the order the graph
    meets them) say the dtype each was made in. Nothing changes where no such
    constant is float64, and nothing is held where that run fails.
    """
    import torch  # lazy: only a PyTorch target needs it
    from torch.utils._python_dispatch import TorchDispatchMode  # lazy: likewise

    outside = {}  # id of a float64 tensor made before the function ran -> its constant steps (one per read)
    for step in graph.steps:
        if step.made_outside is not None and np.asarray(step.fun()).dtype == np.float64:
            outside.setdefault(step.made_outside, []).append(step)
    if not outside and not any(step.users_constant and step.fun().dtype == np.float64 for step in graph.steps):
        return
    made, tensors, readers = [], {}, {}  # each fresh tensor's dtype; id -> (its index, it); index -> readers' dtypes

    class Noting(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            out = func(*args, **(kwargs or {}))
            if func is torch.ops.aten.lift_fresh.default:
                tensors[id(out)] = (len(made), out)  # held, so that its id names no other tensor meanwhile
                made.append(out.dtype)
                return out
            computed = getattr(out, "dtype", None)
            if isinstance(out, torch.Tensor) and not out.is_floating_point():  # a comparison: its operands' dtype
                computed = _dimensioned_float([*args, *(kwargs or {}).values()])
            for arg in [*args, *(kwargs or {}).values()]:
                if id(arg) in tensors:
                    readers.setdefault(tensors[id(arg)][0], set()).add(computed)
                elif id(arg) in outside:
                    readers.setdefault(("outside", id(arg)), set()).add(computed)
            return out

    try:
        with Noting(), torch.no_grad():
            run_narrower()
    except Exception:  # noqa: BLE001 - the function's own failure in float32, or one that differentiates itself
        made.clear(), tensors.clear(), readers.clear()
        try:
            # A function that differentiates inside itself (torch.autograd.grad, .backward) needs autograd's graph.
            with Noting():
                run_narrower()
        except Exception:  # noqa: BLE001 - the function's own failure in float32: its constants stay as written
            made.clear()
    fresh = [step for step in graph.steps if step.op == "constant" and step.fresh]
    for k, step in enumerate(fresh):
        step.users_constant = step.users_constant and k < len(made) and (
            made[k] == torch.float32 or _cast_to_float32(readers.get(k, ())))
    for made_id, steps in outside.items():  # a float64 tensor made before: held as the program's casts hold it
        for step in steps:
            step.users_constant = _cast_to_float32(readers.get(("outside", made_id), ()))


def _cast_to_float32(dtypes):
    """Whether a float64 constant reaches the program in float32 only cast there: every op reading it computed in
    float32 (``dtypes``; PyTorch's promotion ranks a 0-dim tensor below float32 data with dimensions, and a tensor
    with dimensions gets there only by a cast the code writes, ``V.to(p.dtype)`` or ``V.float()``)."""
    import torch  # lazy: only a PyTorch target needs it

    return bool(dtypes) and all(dtype == torch.float32 for dtype in dtypes)


def _handed_by_user(args, location, forwards=None):
    """The positions of the Python floats among ``args`` (an op a library's code called, or a built-in rule
    differentiating the user's line at ``location``) that the user wrote: a literal on that line, one the user's
    file hands to a call or gives a parameter as its default (`lines.handed_numbers`), or one of ``forwards``, the
    user's floats the forward call a rule differentiates holds (``x / 2 ** 0.5``'s divisor in its backward).
    ``F.rms_norm(x, s, eps=0.1)`` reaches ``add`` inside PyTorch's library and ``leaky_relu``'s slope its backward's
    ``mul``: the program in a narrower dtype holds them as it holds the user's own; a library's constant (gelu's
    0.044715) stays as written."""
    floats = [k for k, a in enumerate(args) if type(a) is float]
    if not floats:
        return ()
    path, _, line = location.rpartition(":")
    written = handed_numbers(path) | numbers_on_line(path, line) | (forwards or set())
    derived = derived_numbers(frozenset(written))
    # a power's log of its base is a rule's (pow's slope in its exponent): a log the library's forward takes of a
    # number it writes (ContinuousBernoulli's math.log(2.0)) is its constant, which stays as written
    return frozenset(k for k in floats if args[k] in written
                     or (args[k] in derived and derived[args[k]][0] not in RULES_ONLY)
                     or shared_among_a_count(args[k], written)) or ()


def _rules_numbers(args, location, differentiated, held_by_call):
    """``{position: (derivation, h)}`` for the Python floats among a built-in backward rule's ``args`` that PyTorch
    derived (`derived_numbers`) from a number of the forward call it differentiates (``differentiated``, whose numbers
    ``held_by_call`` keeps) or one the user wrote (`_handed_by_user`): what each stands for in the rule's mathematics
    (none for a forward op's ``args``). The number itself is PyTorch's, the
    replay in the dtype reads it; an exact replay computes the derivation exactly from ``h`` as the forward holds
    it (`_as_derived`), so the rule is judged against the derivative of the same function: celu's backward
    multiplies by 1 / alpha, not by 10/3 nor by 1 / float32(alpha) rounded again."""
    floats = [k for k, a in enumerate(args) if type(a) is float]
    if not floats or differentiated is None:
        return {}
    path, _, line = location.rpartition(":")
    forwards = held_by_call.get(differentiated, set())
    written = handed_numbers(path) | numbers_on_line(path, line) | forwards
    derived = derived_numbers(frozenset(written))
    return {k: derived[args[k]] for k in floats if args[k] in derived and args[k] not in written}


def _as_derived(derived, args, held, doubles=()):
    """Put into ``args`` (an exact replay's) each rule number PyTorch derived (`_rules_numbers`), computed exactly
    from its source as the program in ``held`` (None: float64) holds that, or as the double it is at ``doubles``
    (a pow's exponent in its backward, `_kept_double`)."""
    kind = kind_of(args)
    for position, (name, h) in derived.items():
        source = float(np.float32(h)) if held is not None and position not in doubles else h
        args[position] = DERIVATIONS[name](lift(source, kind))


# A read of a dtype in the user's source that may choose what runs: a comparison (``x.dtype == torch.float32``,
# ``x.dtype in (...)``), a table read by ``[x.dtype]``, ``x.is_floating_point()``, ``x.element_size()``,
# ``torch.finfo(x.dtype).bits``; a dtype handed on as an argument (``dtype=x.dtype)``, ``.to(x.dtype)``) is no read.
_DTYPE_READ = re.compile(r"\.dtype\b(?!\s*[,)])|\b(?:is_floating_point|element_size|itemsize|finfo|iinfo|"
                         r"get_default_dtype|result_type|promote_types)\b")


def branches_on_dtype(graph, fun=None):
    """Whether the user's code may run other operations in another dtype: a user function the graph's steps were
    recorded in, ``fun`` (the function checked), or a function of the user's ``fun`` calls (`_users_callees`, in any
    of the user's modules) reads a dtype in its source (`_DTYPE_READ`). The bridge then traces the narrower dtype too
    and compares the programs (`same_program`)."""
    lines = {}
    for step in graph.steps:
        if step.location:
            path, _, line = step.location.rpartition(":")
            lines.setdefault(path, set()).add(int(line))
    if any(lo <= line <= hi for path, found in lines.items() for lo, hi in _comparing_dtype(path) for line in found):
        return True
    return fun is not None and any(_DTYPE_READ.search(_source_of(f)) for f in _users_callees(fun, torch_dir()))


def _source_of(fun):
    try:
        return inspect.getsource(fun)
    except (OSError, TypeError):
        return ""


def _users_callees(fun, folder):
    """``fun`` and the functions of the user's files its code may call, followed through theirs: what its code names
    among its module's globals and its closure, a user module's attributes it names (``helpers.scale_for``), a
    class's methods."""
    found, todo, seen = [], [fun], set()
    while todo and len(found) < 256:
        item = todo.pop()
        if isinstance(item, type):
            # A class once: classes refer to each other (an autograd.Function and its backward class, both ways)
            if item not in seen:
                seen.add(item)
                todo += list(vars(item).values())
            continue
        item = inspect.unwrap(getattr(item, "__func__", item))
        code = getattr(item, "__code__", None)
        if code is None or code in seen or not is_user_file(code.co_filename, folder):
            continue
        seen.add(code)
        found.append(item)
        names, codes = set(), [code]
        while codes:
            inner = codes.pop()
            names.update(inner.co_names)
            codes += [const for const in inner.co_consts if isinstance(const, type(code))]
        named = [item.__globals__.get(name) for name in names] + _closed_over(item)
        for value in named:
            if isinstance(value, type(sys)):
                if is_user_file(getattr(value, "__file__", None) or "", folder):
                    todo += [getattr(value, name, None) for name in names]
            elif value is not None:
                todo.append(value)
    return found


def _closed_over(fun):
    """The values of the variables a function closes over (an empty cell left out)."""
    values = []
    for cell in getattr(fun, "__closure__", None) or ():
        try:
            values.append(cell.cell_contents)
        except ValueError:
            pass
    return values


@functools.lru_cache(maxsize=64)
def _comparing_dtype(path):
    """The line ranges of the functions in the source file ``path`` whose text reads a dtype (`_DTYPE_READ`)."""
    try:
        with open(path, encoding="utf-8") as handle:
            source = handle.read()
        tree = ast.parse(source, path)
    except (OSError, SyntaxError, ValueError, UnicodeDecodeError):
        return ()
    lines = source.splitlines()
    return tuple((node.lineno, node.end_lineno) for node in ast.walk(tree)
                 if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                 and _DTYPE_READ.search("\n".join(lines[node.lineno - 1:node.end_lineno])))


def same_program(wide, narrow, dtype):
    """Whether ``wide`` (traced in float64), its numbers held as the program in ``dtype`` holds them, runs the
    operations ``narrow`` (traced in ``dtype``) runs: the same ops on the same slots, the same Python numbers (a
    limit of float64 read as ``dtype``'s, `_limit_in`) and constants of the same shapes. A branch of the user's on
    the dtype makes them differ."""
    if len(wide.steps) != len(narrow.steps) or _compared(wide.output, dtype) != _compared(narrow.output, dtype):
        return False
    for a, b in zip(wide.steps, narrow.steps):
        if a.op != b.op or len(a.args) != len(b.args):
            return False
        if a.op == "constant":
            if np.shape(a.fun()) != np.shape(b.fun()):
                return False
            continue
        if [_compared(x, dtype) for x in a.args] != [_compared(x, dtype) for x in b.args]:
            return False
    return True


def _compared(arg, dtype):
    """An argument as `same_program` compares it: a slot by its place, a float64 limit as ``dtype``'s, a dtype's name
    as the graph's own float dtype (``float``)."""
    if type(arg) is Slot:
        return ("slot", arg.index)
    if isinstance(arg, (list, tuple)):
        return tuple(_compared(a, dtype) for a in arg)
    if type(arg) is float:
        return _limit_in(arg, dtype) or arg
    if arg in ("float64", np.dtype(dtype).name):
        return "float"
    return arg if isinstance(arg, (int, bool, str, type(None))) else repr(arg)


def _library_frame(node):
    """Whether a library's code called a node's op (`_user_frame_summary`): its constants are the library's."""
    return (node.meta.get("stack_trace") or "").rstrip().endswith(_LIBRARY)


def compile_graph(module, drawn=None, gammas=()):
    """The steps of a make_fx graph module: each node's replay, arguments as slots, and user line; ``drawn``: the
    constants that are random draws, by their tensors' ids, each with its draw in any dtype, and ``gammas`` the
    Gamma samples' draws in the graph's order (`_Draws`)."""
    import torch  # lazy: only a PyTorch target needs it

    slots, steps, inputs = {}, [], 0
    dtypes_named = []
    by_sequence, last = {}, None
    held_by_call = {}  # a forward call's sequence number -> the user's floats it holds: its backward holds them too
    gammas = list(gammas)
    output = None

    def convert(value):
        if isinstance(value, torch.fx.Node):
            return slots[value]
        if isinstance(value, (list, tuple)):
            return type(value)(convert(v) for v in value)
        if isinstance(value, dict):
            return {k: convert(v) for k, v in value.items()}
        if isinstance(value, torch.dtype):
            dtypes_named.append(value)
            return str(value).replace("torch.", "")
        if isinstance(value, (torch.device, torch.layout, torch.memory_format)):
            return None
        return value

    order = {node: i for i, node in enumerate(module.graph.nodes)}
    # A detach of a value no input reaches (a module's weights built and filled in the function) holds a constant:
    # no stop at all, which the exact derivative need not treat as one.
    held = (_detached_values(module.graph) - _written_back(module.graph)) & _from_inputs(module.graph)
    by_the_pass = checked_outputs(module.graph)
    constants = _computed_without_grad(module.graph)
    for node in module.graph.nodes:
        if node.op == "placeholder":
            slots[node] = Slot(inputs)
            inputs += 1
        elif node.op == "get_attr":
            constant = getattr(module, node.target)
            dtypes_named.append(constant.dtype)
            steps.append(Step("constant", _constant(constant), (), {}, last, None))
            steps[-1].fresh = _fresh(node)
            steps[-1].redraw = (drawn or {}).get(id(constant))
            steps[-1].users_constant = constant.is_floating_point() and _users_constant(node)
            steps[-1].made_outside = None if steps[-1].fresh else id(constant)  # `hold_following_constants` finds it so
            slots[node] = Slot(inputs + len(steps) - 1)
        elif node.op == "call_function":
            location, rule, differentiated = _location(node)
            users_line = location is not None and rule is None  # not gradcli's own call, nor a backward rule's
            sequence = node.meta.get("seq_nr")
            if location is None:
                location = by_sequence.get(differentiated, last)
            elif sequence is not None and rule is None:
                by_sequence.setdefault(sequence, location)
            last = location
            _refuse_higher_order(node.target, location)
            fun, name = _replay_of(node.target, location, _last_use(node, order), _complex_valued(node))
            fun = _zero_dims_cast(_bound_to_node(fun, name, node, location, gammas), node)
            read = _READ.search(node.meta.get("stack_trace") or "") if users_line and name == "detach" else None
            if read is not None:
                fun, name = _number_read, read["how"]  # the number read: the function's values follow the inputs
            elif users_line and node in held:
                fun = stop_of_a_form if _zero_of_a_form(node) else stop_gradient  # the user's detach: held constant
            elif node in constants:
                fun = _held_result(fun)  # computed under no_grad: a constant for PyTorch, held so in the exact derivative
            elif name in _SAME_VALUE and isinstance(node.args[0], torch.fx.Node):
                slots[node] = slots[node.args[0]]  # a copy or a detach: the same value, no step to replay
                continue
            # an out= overload replayed out of place (`_last_use`: nothing reads the tensor it writes again): its
            # result is the value written
            kwargs = {k: v for k, v in node.kwargs.items() if k != "out"} if _writes_out(node) else node.kwargs
            steps.append(Step(name, fun, convert(node.args), convert(kwargs), location, rule, _spelling(node)))
            steps[-1].exactly = WINDOWS.get(name)
            steps[-1].cotangent_product = name in _PRODUCTS and _ENGINE in (node.meta.get("custom") or {})
            if name in APPROXIMATED and not node.kwargs and not isinstance(node.target, str):
                steps[-1].kernel = node.target
            _made_by_the_engine(steps[-1], node, by_sequence, by_the_pass)
            if users_line and not _library_frame(node):
                steps[-1].users_scalars, steps[-1].rounded = _users_or_frameworks(steps[-1].args, _handed_floats(node))
            elif location is not None and rule is None:
                steps[-1].users_scalars = _handed_by_user(steps[-1].args, location, held_by_call.get(differentiated))
                steps[-1].derived = _rules_numbers(steps[-1].args, location, differentiated, held_by_call)
                if differentiated is None:  # a library's own code called the op: its constants that stand for one
                    steps[-1].rounded = _libraries_constants(steps[-1].args, set(steps[-1].users_scalars) | set(steps[-1].derived))
            if sequence is not None and rule is None and steps[-1].users_scalars:
                held_by_call.setdefault(sequence, set()).update(steps[-1].args[k] for k in steps[-1].users_scalars)
            if steps[-1].limits:  # finfo(x.dtype).min is the narrower dtype's own limit (`_limit_in`), not float64's rounded
                steps[-1].users_scalars = frozenset(steps[-1].users_scalars) - steps[-1].limits
            slots[node] = Slot(inputs + len(steps) - 1)
        elif node.op == "output":
            output = convert(node.args[0])
    graph = Graph(inputs, steps, output, _value_needs(steps, output, inputs), dtype_free=not dtypes_named)
    _fractions_of_rules(graph)
    _angles_of_windows(graph)
    graph.elementwise = all(_maps_entries(step) for step in steps)
    _mark_constants(steps, inputs)
    graph.value_order = sorted(graph.value_steps)
    return graph


def _made_by_the_engine(step, node, by_sequence, checks):
    """Mark ``step`` as an op PyTorch's engine makes itself, no rule's, replayed as such (`replayed_at`'s
    ``by_the_pass``) where ``node`` is one: the add of a value's gradients from its uses (`torch_sums`), placed at
    that value's line (``by_sequence``: a forward call's sequence number -> its user line), or one of ``checks``, a
    broadcast's sum or a cast to an input's dtype as it checks a rule's outputs (`torch_sums.checked_outputs`)."""
    if node in checks:  # the engine's own op: its words name it, no autograd node's spelling
        step.spelled = None
        step.where = (step.location, step.rule, None, None, checks[node])
        return
    found = engine_sum_described(node.meta.get("stack_trace"), by_sequence) if step.op in ("add", "add_") else None
    if found is None:
        return
    words, at = found
    step.location = at or step.location
    step.spelled = None
    step.where = (step.location, step.rule, None, None, ("accumulation", f"the gradient accumulation of {words}"))


def _spelling(node):
    """A node's op as PyTorch names it, for findings (`replayed_at`'s ``spelled``): the function the user's line
    called and the ATen op, "torch.nn.functional.softplus (aten.softplus)"; in the backward graph, or in a derivative
    the user's code takes (``torch.func.grad``), the autograd node that ran it, "SoftplusBackward0
    (aten.softplus_backward)"; the ATen op alone where neither is known."""
    packet = _names(node.target)[0]
    if getattr(node.target, "_schema", None) is None:
        return None  # no ATen op: a getitem of a tuple
    aten = f"aten.{packet.rstrip('_')}"
    text = node.meta.get("stack_trace") or ""
    match = re.search(r'File "(?P<file>.*)", line \d+, in (?P<name>\S+)', text)
    if match is not None and match["file"] == _AUTOGRAD_FILE:
        return f"{match['name']} ({aten})"
    custom = node.meta.get("custom") or {}
    called, engine = custom.get(_CALLED), custom.get(_ENGINE)
    if engine is not None and called is None and "[rule " not in text:  # a derivative the user's code takes itself
        return f"{engine} ({aten})"
    return f"{called} ({aten})" if called else aten


def _bound_to_node(fun, name, node, location, gammas):
    """The replay ``fun`` of an op ``name`` as this node needs it, where that depends on the node (its layout, a
    draw's generator state, a branch's location, a NumPy forward's code); ``gammas``: the draws not yet bound."""
    if name == "as_strided":
        return _as_strided(node, location)
    if name == "as_strided_scatter":
        return _as_strided_scatter(node, location)
    if name in ("_standard_gamma", "_sample_dirichlet"):
        return gammas.pop(0)
    if name == "_standard_gamma_grad":
        return _gamma_rule
    if name == "_dirichlet_grad":
        return _dirichlet_rule
    if name == "numpy_forward":
        return replay_of(node.args[1], location)
    if name in PULLBACKS and fun is None:
        return _pullback_of_forward(node, location)
    if name in ("_linalg_slogdet", "_linalg_det") and _factors_transposed(node):
        return functools.partial(fun, transposed=True)
    return fun


# The ops whose kernel makes its slope from two bounds (rrelu in evaluation: their mean), and the bounds' positions.
_MEAN_OF_BOUNDS = {"rrelu_with_noise": (2, 3), "rrelu_with_noise_backward": (3, 4)}


def _slope_of_bounds(step):
    """Give an op whose kernel makes its slope from two bounds (`_MEAN_OF_BOUNDS`) that slope as both bounds.

    PyTorch computes ``(lower + upper) / 2`` in double and hands it to the
    kernel as a scalar, which the program in a narrower dtype holds in float32:
    each bound held alone would make another slope. The replay's own mean of
    two equal bounds is that slope on floats and exact numbers alike.
    """
    positions = _MEAN_OF_BOUNDS.get(step.op)
    if positions is None or len(step.args) <= max(positions) or any(type(step.args[k]) is not float for k in positions):
        return
    slope = (step.args[positions[0]] + step.args[positions[1]]) / 2
    step.args = tuple(slope if k in positions else a for k, a in enumerate(step.args))


def _mark_constants(steps, inputs):
    """Mark what each step does with the graph's constants: a pick between two of them (`_picks_constants`), a
    kernel's slope made from two bounds (`_slope_of_bounds`), a cast that rounds them (`_narrowed_constants`)."""
    for step in steps:
        step.picks_constants = _picks_constants(step, steps, inputs)
        _slope_of_bounds(step)
    _narrowed_constants(steps, inputs)


def _narrowed_constants(steps, inputs):
    """Mark each cast to a float dtype narrower than float64 of values made from constants alone (``V.to(p.dtype)``
    of a float64 tensor, ``.float()``): PyTorch rounds them there, in every run, so the program's number is the
    rounded one, and an exact replay takes it as that (`Step.narrows_constant`), not as the double it was cast from."""
    constant = set()
    for k, step in enumerate(steps):
        if all(slot >= inputs and slot - inputs in constant for slot in _slots_read(list(step.args) + list(step.kwargs.values()))):
            constant.add(k)
            dtype = step.kwargs.get("dtype") if step.op == "_to_copy" else None
            if dtype is not None and str(dtype) in ("float32", "float16", "bfloat16"):
                step.narrows_constant = str(dtype)


def _narrowed(value, dtype, kind):
    """``value`` (a constant's exact number, or an array of them) rounded to ``dtype`` as PyTorch's cast rounds its
    float64 value, then lifted to the exact ``kind`` again."""
    numbers = np.vectorize(_float_of, otypes=[np.float64])(raw(value))
    return lift(np.asarray(numbers).astype(torch_ops._numpy_dtype(dtype))[()], kind)


def _float_of(number):
    """An exact constant's float64 value: an mpf's, a ball's or a proof number's midpoint (a float64 lifted exactly)."""
    if type(number) is arb_proof.Sym:
        number = number.b
    mid = getattr(number, "mid", None)
    return float(mid() if callable(mid) else number)


def _picks_constants(step, steps, inputs):
    """Whether a step is a ``where`` whose two values are 0-d constants (``scalar_tensor``), as decompositions write
    ``where(p == 0, 0, -inf)`` (``special_entr``'s): PyTorch makes those float32, and a 0-d tensor never narrows
    a wider tensor it meets, so the pick is replayed in the run's dtype (`_in_the_runs_dtype`)."""
    if step.op != "where" or len(step.args) != 3 or not all(type(arg) is Slot for arg in step.args[1:]):
        return False
    sources = [steps[arg.index - inputs] if arg.index >= inputs else None for arg in step.args[1:]]
    return all(source is not None and (source.op == "scalar_tensor" or (source.op == "constant" and np.ndim(source.fun()) == 0))
               for source in sources)


def _in_the_runs_dtype(args, inputs):
    """``where``'s arguments with its two 0-d constants in the dtype of the run's float inputs where that is wider:
    the values are the constants' own (0, -inf), only their dtype, which PyTorch's next op promotes, is not narrowed."""
    run = next((raw(v).dtype for v in inputs if isinstance(raw(v), (np.ndarray, np.floating)) and raw(v).dtype.kind == "f"), None)
    if run is None:
        return args
    return [args[0]] + [run.type(a) if isinstance(a, np.floating) and a.dtype.itemsize < run.itemsize else a for a in args[1:]]


def _detached_values(graph):
    """The ``detach`` nodes the function's value is computed through: the user's (``z * z.detach()``, a
    straight-through estimator) where their line is the user's, never those make_fx adds for the tensors a
    backward saves (`_saved_for_backward`), which a gradient the function takes itself (``torch.autograd.grad(...,
    create_graph=True)``, a gradient penalty) puts on the value's path."""
    output = next(node for node in graph.nodes if node.op == "output")
    seen, todo = set(), [output.args[0][0]]
    while todo:
        node = todo.pop()
        if isinstance(node, (list, tuple)):
            todo.extend(node)
        elif hasattr(node, "all_input_nodes") and node not in seen:
            seen.add(node)
            todo.extend(node.all_input_nodes)
    return {node for node in seen if _is_detach(node)} - _saved_for_backward(graph)


def _is_detach(node):
    return node.op == "call_function" and _names(node.target)[0] == "detach"


def _saved_for_backward(graph):
    """The ``detach`` nodes make_fx records for a tensor a backward saves (read only by further detaches, one per
    time the backward unpacks it) and those unpacks: autograd hands the backward the tensor with its history, so
    a gradient of that backward (create_graph=True) flows through them, as a user's own detach stops it."""
    saved = {node for node in graph.nodes if _is_detach(node) and node.users and all(map(_is_detach, node.users))}
    return saved | {user for node in saved for user in node.users}


def _written_back(graph):
    """The ``detach`` nodes written through, once functionalized a ``copy`` into the detach (or the tensor detached)
    of values computed from it (``value.detach().clamp_(min=tiny)`` in Gamma's rsample): autograd records no write,
    so the tensor keeps its gradient; its values are the written ones."""
    found = set()
    for node in graph.nodes:
        if node.op != "call_function" or _names(node.target)[0] not in ("copy", "copy_"):  # copy_: into an argument
            continue
        todo, seen = [node.args[1]], set()
        while todo:
            source = todo.pop()
            if source in seen or not hasattr(source, "all_input_nodes"):
                continue
            seen.add(source)
            if source.op == "call_function" and _names(source.target)[0] == "detach" and node.args[0] in (source, source.args[0]):
                found.add(source)
            todo.extend(source.all_input_nodes)
        if _names(node.target)[0] == "copy_" and hasattr(node.args[1], "users"):
            # a write back into an argument: autograd's detaches of the written value read that argument
            found.update(user for user in node.args[1].users if _is_detach(user))
    return found


def _zero_of_a_form(node):
    """Whether a detach is subtracted from its own input, ``x - x.detach()``: the zero of TensorFlow Probability's
    ``custom_gradient(fx, gx, x)`` form spelled in PyTorch, whose detaches build a rule (`stop_of_a_form`)."""
    return any(_names(user.target)[0] == "sub" and tuple(user.args[:2]) == (node.args[0], node) for user in node.users)


def _computed_without_grad(graph):
    """The nodes whose values the user's code computed under ``torch.no_grad()`` and hands to code that differentiates:
    PyTorch's gradient takes each as a constant.

    Only fresh values, read from the function's inputs: a value written in place into a tensor autograd follows
    (``var.clamp_(min=eps)`` in ``F.gaussian_nll_loss``) stays that tensor for PyTorch, not a constant.
    """
    import torch  # lazy: only a PyTorch target needs it

    quiet = {node for node in graph.nodes if node.op == "call_function" and _NO_GRAD in (node.meta.get("stack_trace") or "")}
    from_inputs = _from_inputs(graph)

    def in_place(node):
        return _names(node.target)[0].endswith("_")

    return {
        node for node in quiet
        if node in from_inputs and not in_place(node) and isinstance(node.meta.get("val"), torch.Tensor)
        and node.meta["val"].is_floating_point() and not any(in_place(user) for user in node.users)
        and any(user not in quiet for user in node.users)
    }


def _from_inputs(graph):
    """The nodes of ``graph`` whose values its inputs reach (the inputs among them)."""
    found = set()
    for node in graph.nodes:
        if node.op == "placeholder" or any(n in found for n in node.all_input_nodes):
            found.add(node)
    return found


def _number_read(x):
    """A number the user's code read (``.item()``, ``float()``, ``.tolist()``: `torch_reads`), replayed as itself: PyTorch's gradient holds it
    constant, the exact derivative follows it, and the finding names the read (`Bridge.numbers_read`)."""
    return x


def _held_result(fun):
    """``fun`` with its result held constant in every derivative (`stop_gradient`)."""

    def held(*args, **kwargs):
        return stop_gradient(fun(*args, **kwargs))

    return held


def strided_index(size, stride, offset, layout, overlapping=False):
    """The flat (row-major) positions in its input that ``as_strided(size, stride, offset)`` reads, shaped ``size``.

    ``layout`` is the input's own (shape, strides, storage offset): as_strided
    addresses the input's storage, and the replay holds the input's entries in
    row-major order, so each storage place is found among the input's own. A
    stride of 0 repeats an entry (a broadcast); with ``overlapping``, windows
    that share places are read too (``torch.stft``'s frames at a hop below
    their length: a gather, whose adjoint adds each window's share); None where
    the view reads overlapping windows otherwise, or places outside the input.
    """
    shape, strides, base = layout
    places = base + sum(np.arange(n).reshape((-1,) + (1,) * (len(shape) - k - 1)) * st for k, (n, st) in enumerate(zip(shape, strides)))
    places = np.broadcast_to(places, tuple(shape)).ravel()
    wanted = offset + sum(np.arange(n).reshape((-1,) + (1,) * (len(size) - k - 1)) * st for k, (n, st) in enumerate(zip(size, stride)))
    wanted = np.broadcast_to(np.asarray(wanted, dtype=np.int64), tuple(size))
    kept = tuple(0 if st == 0 else slice(None) for st in stride)  # one entry of each broadcast dimension
    if np.unique(places).size != places.size or min(stride, default=0) < 0 or (
            not overlapping and np.unique(wanted[kept]).size != wanted[kept].size):
        return None
    order = np.argsort(places, kind="stable")
    found = np.clip(np.searchsorted(places[order], wanted), 0, max(places.size - 1, 0))
    if wanted.size and (places.size == 0 or np.any(places[order][found] != wanted)):
        return None
    return order[found] if places.size else np.zeros(wanted.shape, dtype=np.intp)


def _as_strided(node, location):
    """The replay of one ``aten.as_strided`` node: the gather of its input's entries its sizes, strides and offset name.

    PyTorch's decompositions (``native_group_norm``'s) use it for views a
    reshape, slice, transpose or broadcast also writes, and ``torch.stft`` and
    ``Tensor.unfold`` for overlapping frames, whose shared entries the gather
    reads twice; a view of places outside its input is refused at the user's line.
    """
    index = _strided_places(node, location, 1, overlapping=True)
    return lambda x, *rest, **named: gnp.reshape(x, (-1,))[index]


def _as_strided_scatter(node, location):
    """The replay of one ``aten.as_strided_scatter`` node (a write through an ``as_strided`` view, functionalized):
    its input with the source written at the places that view reads."""
    index = _strided_places(node, location, 2)

    def scatter(x, src, *rest, **named):
        return gnp.reshape(written_at(gnp.reshape(x, (-1,)), src, index), np.shape(raw(x)))

    return scatter


def _strided_places(node, location, first, overlapping=False):
    """The flat positions in its input an ``as_strided`` node's view reads (`strided_index`, ``overlapping`` passed
    on: a read may share places, a write through the view may not), its sizes, strides and offset from argument
    ``first`` on; InputError at the user's line where the view is not a gather."""
    source, size, stride = node.args[0], [int(n) for n in node.args[first]], [int(st) for st in node.args[first + 1]]
    value = source.meta.get("val") if hasattr(source, "meta") else None
    if value is None:
        raise InputError(f"the PyTorch op aten.as_strided at {location} reads a tensor whose layout was not recorded, so gradcli cannot replay it", text=location)
    layout = (tuple(value.shape), tuple(value.stride()), int(value.storage_offset()))
    offset = node.args[first + 2] if len(node.args) > first + 2 and node.args[first + 2] is not None else node.kwargs.get("storage_offset")
    index = strided_index(size, stride, layout[2] if offset is None else int(offset), layout, overlapping)
    if index is None:
        what = ("reads places outside its input" if overlapping else
                "writes through overlapping windows or places outside its input")
        raise InputError(
            f"the PyTorch op aten.as_strided at {location} (sizes {size}, strides {stride}) {what}, which gradcli's "
            "replay does not follow: write it with view, expand, slicing or torch.stack", text=location)
    return index


def _maps_entries(step):
    """Whether a step maps its tensors' entries one by one: an elementwise op (`ELEMENTWISE`) whose
    other arguments are numbers, or a constant number (a 0-d constant, ``scalar_tensor``)."""
    if step.op == "constant":
        return np.ndim(step.fun()) == 0
    if step.op == "scalar_tensor":  # a number of a dtype (where's zeros in a backward graph)
        return True
    if step.op not in _ELEMENTWISE or step.kwargs:
        return False
    return all(type(arg) is Slot or type(arg) in (int, float, bool) for arg in step.args)


def _value_needs(steps, output, inputs):
    """The indices of the steps the value depends on, and of each loop's guard (`torch_loops.loop_guard`): a replay
    of the value alone checks that each while loop runs as often as where the graph was traced."""
    guards = [Slot(inputs + index) for index, step in enumerate(steps) if step.op == "_assert_async"]
    return _needed(steps, (output[0], *guards), inputs)


def _needed(steps, wanted, inputs):
    """The indices of the steps that ``wanted`` (a slot) depends on."""
    needed, todo = set(), [wanted]
    while todo:
        arg = todo.pop()
        if isinstance(arg, Slot):
            index = arg.index - inputs
            if index >= 0 and index not in needed:
                needed.add(index)
                todo += list(steps[index].args) + list(steps[index].kwargs.values())
        elif isinstance(arg, (list, tuple)):
            todo += list(arg)
    return frozenset(needed)


def _lifted_sources(steps):
    """The steps made from no input (a ``_constant``, ``scalar_tensor(1e-200)``, ``full``) and the fills of a number
    (``full_like(w, 0.3)``, which reads only ``w``'s shape): an exact replay lifts their float values to exact
    numbers (`exact_constants`).

    An op on such values alone (``1e-200 ** 2``) then computes exactly there
    instead of in the constant's dtype, and so does an op on a constant that a
    pick carried among the inputs' values (a sort of ``cat([w, tensor([0.3])])``,
    a ``where``, an index): a pick moves the float as it is, and its square
    alone would be float64's.
    """
    return frozenset(index for index, step in enumerate(steps)
                     if step.op in _FILLS or not _slots_read(list(step.args) + list(step.kwargs.values())))


def steps_reading_inputs(graph, ops, value_needs=False):
    """``[(op, file:line)]`` of the steps of ``graph`` named in ``ops`` that read its leaves, through any steps (the
    last input, the cotangent, is no leaf): an op a differentiated value reaches, where a held one may too. With
    ``value_needs``, only those the function's value depends on (`Graph.value_steps`)."""
    moving = set(range(graph.inputs - 1))
    found = []
    for k, step in enumerate(graph.steps):
        if any(slot in moving for slot in _slots_read(list(step.args) + list(step.kwargs.values()))):
            moving.add(graph.inputs + k)
            if step.op in ops and (not value_needs or k in graph.value_steps):
                found.append((step.op, step.location))
    return found


def _slots_read(args):
    """The slot indices ``args`` (arguments, nested in lists and tuples) read."""
    found = []
    for arg in args:
        if type(arg) is Slot:
            found.append(arg.index)
        elif isinstance(arg, (list, tuple)):
            found += _slots_read(arg)
    return found


def _constant(tensor):
    value = tensor.detach().cpu().numpy().copy()
    return lambda: value[()] if value.ndim == 0 else value


# Ops whose result is their first argument's value: replayed as that value itself.
_SAME_VALUE = {"detach", "alias", "clone", "lift_fresh_copy", "contiguous"}

_VIEWS = {"view", "_unsafe_view", "reshape", "slice", "select", "expand", "t", "transpose", "permute", "unsqueeze",
          "squeeze", "alias", "detach", "as_strided", "diagonal", "unfold", "narrow", "split", "chunk", "unbind"}


def _last_use(node, order):
    """Whether an op that writes into its first argument (an ``out=`` overload: into that one) can be replayed out of
    place.

    It can when nothing reads that tensor after it (later reads see the op's
    own result) and no view read after it shares its storage (that view would
    see the write): functionalization's write back into an argument a detach
    read before (``F.embedding``'s ``max_norm``) is replayed so.
    """
    first = node.kwargs["out"] if "out" in node.kwargs else node.args[0] if node.args else None  # the tensor written
    users = dict(getattr(first, "users", {}))
    if getattr(first, "op", None) == "get_attr":  # a module's buffer read again by another constant node of it
        for other in first.graph.nodes:
            if other.op == "get_attr" and other.target == first.target:
                users.update(other.users)

    def is_view(n):
        return getattr(n, "op", None) == "call_function" and _names(getattr(n, "target", None))[0] in _VIEWS

    if is_view(first) or any(is_view(user) and any(order[u] > order[node] for u in user.users)
                             for user in users if user is not node):
        return False
    return all(order[user] <= order[node] for user in users)


def _factors_transposed(node):
    """Whether PyTorch's slogdet or det factors the transpose of its matrix: it does for a contiguous real one (the
    factors then need no copy into LAPACK's column order), and its backward solves with those factors as they are."""
    value = node.args[0].meta.get("val") if hasattr(node.args[0], "meta") else None
    return value is not None and value.is_contiguous() and not value.is_complex()


def _complex_valued(node):
    """Whether a node reads or gives a complex tensor (its fake values' dtypes, as traced)."""
    values = [node.meta.get("val")] + [getattr(a, "meta", {}).get("val") for a in node.args]
    values += [v for several in values if isinstance(several, (tuple, list)) for v in several]  # linalg_eig's pair
    return any(getattr(getattr(v, "dtype", None), "is_complex", False) for v in values)


def _pullback_of_forward(node, location):
    """The replay of a backward kernel of `torch_pullbacks.PULLBACKS`: the vector-Jacobian product of its forward
    op, traced with PyTorch's decompositions on zeros of the primals' shapes and replayed with gradcli's ops (at
    the primals the kernel is given, or at zeros for a map linear in its input)."""
    import torch  # lazy: only a PyTorch target needs it
    from torch.fx.experimental.proxy_tensor import make_fx  # lazy: likewise

    fake = [arg.meta["val"] if isinstance(arg, torch.fx.Node) else arg for arg in node.args]
    forward, primals = PULLBACKS[_names(node.target)[0]](*fake)
    dtype = fake[0].dtype
    examples = [torch.zeros(fake[p].shape if type(p) is int else p, dtype=dtype) for p in primals]
    try:
        graph = compile_graph(make_fx(lambda *xs: (forward(*xs),), decomposition_table=_DECOMPOSITIONS)(*examples))
    except InputError as error:
        raise InputError(f"PyTorch's backward kernel aten.{_names(node.target)[0]} at {location}, replayed as the "
                         f"derivative of its forward op: {error}", text=location) from None

    def pulled_back(g, *args):
        kind = kind_of([g])
        at = [args[p - 1] if type(p) is int else lift(np.zeros(p), kind) if kind else np.zeros(p, raw(g).dtype) for p in primals]
        found = pullback(lambda *xs: replay(graph, xs, location, value_only=True), at, g)
        return found[0] if len(found) == 1 else tuple(found)

    return pulled_back


def _refuse_higher_order(target, location):
    """InputError for an op that runs graphs of its own (``while_loop``'s body, ``scan``'s), which gradcli's replay of
    PyTorch does not follow, named as the user wrote it and at the user's line."""
    from torch._ops import HigherOrderOperator  # lazy: only a PyTorch target needs it

    if isinstance(target, HigherOrderOperator):
        raise InputError(
            f"torch.{target.name()} at {location} runs graphs of its own (its branches or body), which gradcli's "
            "replay of PyTorch does not follow, so its exact reference cannot be computed: write a branch with "
            "torch.where (both sides computed, the one wanted selected) and a loop as Python's own", text=location)


# In-place ATen ops that take the tensor first where their out-of-place form takes it last: polygamma_(self, n),
# polygamma(n, self).
_TENSOR_FIRST_IN_PLACE = frozenset({"polygamma_"})


def _replay_of(target, location, last_use=False, complex_valued=False):
    """The replay of a node's ATen op; InputError naming the op and the user's line where gradcli has none.

    An in-place op is replayed as its out-of-place form only where nothing reads
    the tensor it writes into afterwards (PyTorch's own decompositions write
    into fresh tensors so); elsewhere it is refused, as the replay follows values.
    """
    import operator

    if target is operator.getitem:
        return operator.getitem, "getitem"
    packet, overload = _names(target)
    where = f" at {location}" if location else ""
    tensor_first = packet in _TENSOR_FIRST_IN_PLACE
    if packet.endswith("_") and not packet.endswith("__"):
        if not last_use:
            raise InputError(
                f"the in-place PyTorch op aten.{packet}{where} writes into a tensor that a view shares or "
                "that is read again later, which gradcli's replay cannot follow: write it out of place"
            )
        packet = packet[:-1]
    fun = lookup(packet, overload)
    if fun is None and packet in PULLBACKS:
        return None, packet  # a backward kernel replayed through its forward's trace (`_pullback_of_forward`)
    if fun is None and packet in _PARAMETER_SAMPLES:
        raise InputError(
            f"the PyTorch op aten.{packet}.{overload}{where} draws whole numbers (a binomial or Poisson draw), "
            "which move with their parameters by jumps: the draw has no derivative in them, and gradcli does not "
            "replay it, so its exact reference cannot be computed: to check the rest of the loss, pass the sample "
            "as an argument (a constant of the loss), or draw a continuous relaxation (a Normal, Gamma, Beta or "
            "Dirichlet rsample, which gradcli replays)"
        )
    if fun is None and complex_valued:
        raise InputError(
            f"the PyTorch op aten.{packet}.{overload}{where} works on a complex tensor and is not among the "
            f"{sum(fun is not NotImplemented for fun in _TABLE.values())} ATen ops gradcli replays (complex tensors through "
            "those that PyTorch allows them in: FFTs, "
            "polar form, arithmetic, elementwise functions, reductions, indexing, scatters, pads, matrix products, "
            "solves and determinants), so its exact reference cannot be computed: write it with real tensors, or "
            "with those ops"
        )
    if fun is None:
        schema = getattr(target, "_schema", None)
        library = schema.name.split("::")[0] if schema is not None and "::" in schema.name else "aten"
        raise InputError(
            f"the PyTorch op {library}.{packet}.{overload}{where} has no replay in gradcli, so its exact reference "
            "cannot be computed: write it with the ops gradcli knows (gradcli ops lists them)"
        )
    if tensor_first:
        out_of_place = fun
        return (lambda tensor, *rest: out_of_place(*rest, tensor)), packet
    return fun, packet


def replay(graph, inputs, fallback_location, value_only=False):
    """Run ``graph`` on ``inputs`` (NumPy arrays, mpmath numbers or balls) with gradcli's ops; its outputs.

    ``value_only`` runs only the steps of the value, and returns it alone.
    """
    env = list(inputs) + [None] * len(graph.steps)
    start = graph.inputs
    if graph.lifted is None:
        graph.lifted = _lifted_sources(graph.steps)
    exact = kind_of(inputs) if graph.lifted else None  # an exact replay: ops on constants alone computed exactly
    # An exact replay of the program in a narrower dtype: the user's own numbers as PyTorch holds them there.
    held = held_for(inputs)
    exact_numbers = kind_of(inputs) is not None
    # a run in the dtype that a recorder watches tags each approximated special function with PyTorch's kernel
    # (`own_kernels`): provenance alone reads it, so runs it does not watch (a sweep's, the checks') do without
    kernels_read = not exact_numbers and hooks.forward is not None
    where, context = None, None
    order = graph.value_order if value_only else range(len(graph.steps))
    steps = graph.steps
    replaying = EXACT_REPLAY.set(kind_of(inputs))
    try:
        for index in order:
            step = steps[index]
            here = step.where if step.location else (fallback_location, step.rule)
            if here != where:  # one replayed_at for each run of steps on the same line
                if context is not None:
                    context.__exit__(None, None, None)
                where, context = here, replayed_at(*here)
                context.__enter__()
            if step.flat:  # no list among the arguments (the commonest step): slots read in place
                args = [env[a.index] if type(a) is Slot else a for a in step.args]
                if held is not None and step.users_scalars:
                    args = _held_scalars(args, _held_positions(step), held if step.op in _FILLS else np.float32)
                if held is not None and step.limits:
                    args = _held_limits(args, step.limits, held)
                if step.users_scalars and exact_numbers:  # the program at other roundings of its data (`moved`)
                    args = moved_scalars(args, step.users_scalars)
                if step.rounded and kind_of(args) is not None:  # an exact replay: a rule's rounded scalars as what they stand for
                    _as_meant(step.rounded, args)
                if step.derived and kind_of(args) is not None:  # and the numbers PyTorch derived, exactly
                    _as_derived(step.derived, args, held, _kept_double(step))
                if step.picks_constants:
                    args = _in_the_runs_dtype(args, inputs)
            else:
                args = [env[a.index] if type(a) is Slot else _value(a, env) for a in step.args]
                if held is not None and step.users_scalars:  # a fill's size is a list: torch.full((2,), 0.999999)
                    args = _held_scalars(args, _held_positions(step), held if step.op in _FILLS else np.float32)
                if held is not None and step.limits:
                    args = _held_limits(args, step.limits, held)
                if step.users_scalars and exact_numbers:
                    args = moved_scalars(args, step.users_scalars)
            try:
                fun = step.fun if step.exactly is None or exact is None else functools.partial(step.exactly, kind=exact)
                if step.cotangent_product and exact_numbers and index in graph.value_steps:
                    fun = exact_zero_products(fun, _PRODUCTS[step.op])  # the value's own derivative, exactly
                if step.kernel is None or not kernels_read:
                    env[start + index] = fun(*args, **{k: _value(v, env) for k, v in step.kwargs.items()}) if step.kwargs else fun(*args)
                else:  # PyTorch's own approximation of the call, on these very numbers, for provenance to compare
                    own = KernelCall("PyTorch", f"aten.{step.op}", _in_torch(step.kernel), args)
                    with replayed_at(here[0], here[1], None, own, None, step.spelled if step.location else None):
                        env[start + index] = fun(*args)
                    own.results = (env[start + index],)
                if held is not None and step.users_constant:
                    env[start + index] = _held_constant(env[start + index], held)
                elif held is not None and step.redraw is not None:  # the narrower program's own draw
                    env[start + index] = step.redraw(held)
                if exact is not None and index in graph.lifted:
                    env[start + index] = lift(env[start + index], exact)
                elif exact is not None and step.narrows_constant is not None:
                    env[start + index] = _narrowed(env[start + index], step.narrows_constant, exact)
            except LoopDecidedOtherwise as decided:  # the bridge traces again with the counts the numbers decide
                raise decided.at(here[0]) from None
            except InputError as error:  # a form of an op the table refuses (a transposed convolution): at the user's line
                raise InputError(f"{here[0]}: {error}", text=here[0]) from None
            except Exception as error:  # the numbers broke an op (a singular matrix's solve): the user's line it replays
                if here[0] and not hasattr(error, "raised_at"):
                    file, line = here[0].rsplit(":", 1)
                    error.raised_at = (file, int(line))
                raise
    finally:
        EXACT_REPLAY.reset(replaying)
        if context is not None:
            context.__exit__(None, None, None)
    return _value(graph.output[0] if value_only else graph.output, env)


def _in_torch(kernel):
    """``kernel`` (an ATen op) on NumPy operands, its result as a NumPy array."""
    import torch  # lazy: loaded already by the PyTorch target whose graph this replays

    def run(*operands):
        tensors = [torch.from_numpy(np.array(a)) if isinstance(a, (np.ndarray, np.generic)) else a for a in operands]
        return kernel(*tensors).numpy()

    return run


def _as_meant(rounded, args):
    """Put into ``args`` (an exact replay's) the numbers a rule's rounded scalars stand for (`Step.rounded`)."""
    kind = kind_of(args)
    like = next(arg for arg in args if kind_of([arg]) is not None)
    for position, meant in rounded.items():
        if type(meant) is str:
            args[position] = constant(meant, like)
        elif meant[0] == "constant":
            args[position] = standing_in(meant[1], args)
        elif meant[0] == "angle":
            args[position] = angle_in(meant[1], args)
        elif meant[0] == "root":
            args[position] = root_in(meant[1], args)
        else:
            args[position] = lift(float(meant[0]), kind) / meant[1]


def _value(arg, env):
    """``arg`` with each `Slot` in it (also inside lists and tuples) read from ``env``.

    A function of its own, not a closure over ``env``: a closure that calls
    itself is a reference cycle, garbage for the collector after every replay.
    """
    if type(arg) is Slot:
        return env[arg.index]
    if isinstance(arg, list):
        return [_value(a, env) for a in arg]
    if isinstance(arg, tuple):
        return tuple(_value(a, env) for a in arg)
    return arg
