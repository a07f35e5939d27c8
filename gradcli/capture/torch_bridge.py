"""PyTorch code, checked unchanged: the bridge from a function written with ``torch`` to the checker.

`capture(fun, text)` returns a `Bridge` whose numbers under test are PyTorch's
own (its autograd, in the dtype of the arrays it is given: every rule it runs,
``torch.autograd.Function.backward`` bodies and ``torch.nn.functional`` rules
included), and whose forward and backward graphs are captured with ``make_fx``
and replayed with gradcli's ops (`torch_graph`), so that the exact reference
evaluates PyTorch's own computation and its own gradient formulas at high
precision. The limits of the capture are written in `torch_graph`.

Arguments are NumPy arrays, numbers, or trees of them (dicts, lists, tuples);
integer arrays (class labels) go to PyTorch as integer tensors and are held,
never differentiated. PyTorch is imported inside the functions here, never at
import time.
"""

from __future__ import annotations

import inspect
import os
import re
import weakref


import numpy as np

from ..autodiff.transforms import vjp
from ..autodiff.tree import flatten
from ..autodiff.values import raw
from ..errors import InputError
from .bridge import Bridge, RuleCall, RuleCalls, differentiated, points_replayed
from .exact_constants import held_for
from .lines import def_line, is_user_file, math_call_advice, user_line
from .loop_trips import LoopStopped, watch_in_force
from .own_time import bounded_here, named_call, run_bounded
from .torch_graph import (GeneratorsHeld, branches_on_dtype, held_numbers, hold_following_constants,
                          quiet_fake_tensors, replay, same_program, steps_reading_inputs, torch_dir, trace)
from .torch_ctc import trace_shapes
from .torch_guards import valid_guards
from .torch_reads import READS, numbers_read_as_tensors
from .torch_rule_calls import functions_noted
from .users_output import users_output_hidden
from .torch_indices import set_at_index_tensors
from .torch_known import answers, holding
from .torch_loops import LoopDecidedOtherwise, conds_among, loops_step_by_step
from .torch_modules import ModuleArguments
from .torch_no_derivative import mark_modified_in_place, mark_no_derivative
from .torch_numpy_forward import Notes, leaves_pytorch, noting_forwards
from .torch_sparse import sparse_tensors_dense
from .torch_sums import EngineSums
from .torch_ops import NOT_DIFFERENTIATED, is_exact, is_wider

# Formula function -> PyTorch's spelling, for fixes written in the user's own framework.
SPELLINGS = {
    "<number>": "torch.tensor",  # torch.logaddexp and friends take tensors, not Python numbers
    "<constants>": "math",  # torch.log(10) refuses an int; a float32 tensor's log of 10 is float32's
    "exp": "torch.exp",
    "log": "torch.log",
    "log1p": "torch.log1p",
    "expm1": "torch.expm1",
    "sqrt": "torch.sqrt",
    "abs": "torch.abs",
    "sigmoid": "torch.sigmoid",
    "tanh": "torch.tanh",
    "softplus": "torch.nn.functional.softplus",
    "logaddexp": "torch.logaddexp",
    "logsumexp": "torch.logsumexp",
    "xlogy": "torch.special.xlogy",
    "xlog1py": "torch.special.xlog1py",
    "hypot": "torch.hypot",
    "where": "torch.where",
    "maximum": "torch.maximum",
    "minimum": "torch.minimum",
    "log_softmax": "torch.nn.functional.log_softmax",
    "softmax": "torch.softmax",
    "sum": "torch.sum",
    "mean": "torch.mean",
    "log_sigmoid": "torch.nn.functional.logsigmoid",
    "binary_cross_entropy": "torch.nn.functional.binary_cross_entropy",
    "binary_cross_entropy_with_logits": "torch.nn.functional.binary_cross_entropy_with_logits",
    "erf": "torch.erf",
    "erfc": "torch.erfc",
    "sin": "torch.sin",
    "cos": "torch.cos",
    "ndtr": "torch.special.ndtr",
    "log_ndtr": "torch.special.log_ndtr",
    **{name: f"torch.special.{name}" for name in ("i0", "i0e", "i1", "i1e")},
}


# The captured functions, kept while the user's function lives: a sweep resolves its target once per
# batch of points, and each capture would otherwise trace its graphs again.
_CAPTURED = weakref.WeakKeyDictionary()


def capture(fun, text) -> Bridge:
    """The `Bridge` of ``fun``, a function written with PyTorch, named ``text`` in messages."""
    # A torch.compile'd function's kernels cannot run on the fake tensors the capture traces with (they read
    # data pointers and crash): its own Python function, run eagerly, computes the same operations.
    fun = getattr(fun, "_torchdynamo_orig_callable", fun)
    try:
        function = _CAPTURED.get(fun)
        if function is None or function.text != text:
            function = _CAPTURED[fun] = _Captured(fun, text)
    except TypeError:  # not weakly referable (a builtin): captured afresh
        function = _Captured(fun, text)
    return Bridge(
        "torch",
        function.own,
        function.forward,
        function.backward,
        "torch",
        SPELLINGS,
        vectorised=function.vectorised,
        replayed_range=function.replayed_range,
        points_at_once=True,
        arguments=function.modules.point,
        supplied=function.modules.supplied(),
        aliases=function.modules.aliases,
        held_constants=function.held_constants,
        notes=function.loop_counts,
        undifferentiated=function.undifferentiated,
        numbers_read=function.numbers_read,
        gradient_op=gradient_op,
        rule_calls=function.rule_calls,
    )


def gradient_op(call):
    """The ATen op by which PyTorch computes the gradient of ``call`` ("torch.nn.functional.binary_cross_entropy"):
    its ``_backward`` op ("aten.binary_cross_entropy_backward"), or None where ATen has none."""
    import torch  # lazy: only a PyTorch target needs it
    backward = f"{call.rpartition('.')[2]}_backward"
    return f"aten.{backward}" if hasattr(torch.ops.aten, backward) else None


def _where_defined(fun):
    """``file:line`` of ``fun``'s ``def``: where replayed ops without a user line of their own are placed."""
    try:
        target = inspect.unwrap(fun)
        return f"{inspect.getsourcefile(target)}:{inspect.getsourcelines(target)[1]}"
    except (TypeError, OSError):
        return getattr(fun, "__name__", "function")


_REFUSED_RULE = re.compile(r"\bfunction (\w+)Backward returned")


def _mark_refused_rule(error, fun):
    """Mark ``error`` with the ``def`` line of the user's ``autograd.Function`` backward whose answer PyTorch's engine
    refused (a gradient for an input that is no tensor, one too many or of the wrong shape), when it names one that
    ``fun``'s module knows: ``raised_at`` (the line a finding names) and ``rule_refused``."""
    import torch  # lazy: loaded already by the run that raised

    found = _REFUSED_RULE.search(str(error))
    known = getattr(inspect.unwrap(fun), "__globals__", {})
    rule = known.get(found.group(1)) if found else None
    if not (isinstance(rule, type) and issubclass(rule, torch.autograd.Function)):
        return
    backward = inspect.unwrap(rule.__dict__.get("backward", rule.backward))
    code = getattr(backward, "__code__", None)
    if code is not None:
        error.raised_at = (code.co_filename, def_line(code.co_filename, code.co_firstlineno))
        error.rule_refused = True


def _in_float32(examples):
    """The float64 examples as float32 leaves that require grad, as a check's own inputs do, so that a function
    calling torch.autograd.grad on its inputs runs; the rest as they are."""
    import torch  # lazy: only a PyTorch target needs it

    return [t.detach().float().requires_grad_() if isinstance(t, torch.Tensor) and t.dtype == torch.float64 else t
            for t in examples]


class _MathCallRefused(InputError):
    """The refusal of a ``math`` call on a traced value (``math.log(t.item())``), at that call's line: a trace that
    follows the numbers the code reads raises it where the call is, which a trace again with every read as PyTorch
    makes it would place at the function's first read instead (a logged ``f"{t.item():g}"`` above it)."""


class _Captured:
    """One user function: its PyTorch runs, and its graphs captured per argument layout and replayed."""

    def __init__(self, fun, text):
        self.fun = fun
        self.text = text
        self.defined = _where_defined(fun)
        self.graphs = {}
        self.quick = {}  # `_quick_key` -> graph: plain arguments find theirs without `_layout`
        self.modules = ModuleArguments(fun)
        self.kept = None  # the last run for a value: (leaf ids, args, tensors, differentiated leaves, output)
        self.last_marks = None  # (marks, leaf count, their held positions) of `held_leaves`' last answer
        self.narrower = {}  # (layout, dtype name) -> the graph an exact replay of that dtype's program runs (`_as_run_in`)
        self.branching = {}  # layout -> `_as_run_in` of its graph, for graphs whose user code compares a dtype
        self.held_known = {}  # dtype -> (how many graphs, `held_constants`' answer from them)
        self.by_counts = {}  # (layout, while loops' trip counts) -> the graph traced where they run so often
        self.decided_at = {}  # an mpmath replay's numbers -> (trip counts it decided, its bits, a loop's line)
        self.decided = {}  # while loops' trip counts at a point -> those the last exact run there decided (`_on_own_path`)
        self.counted = {}  # a point's float64 numbers -> (PyTorch's trip counts there, the exact run's, the loop's line)
        self.endless = {}  # (a point's trip counts, its float64 numbers) -> the `LoopStopped` of `_past_its_end`
        self.unfinished = {}  # a trace's layout, trip counts and dtypes -> (the watch, the `LoopStopped`) that stopped it
        self.generators = GeneratorsHeld()  # every run draws what the user's next call draws from a generator=
        self.reads_held = False  # whether a graph read a held float leaf's values: they key the graphs from then on

    # -- PyTorch's own numbers -------------------------------------------------------------

    def own(self, args, cotangent):
        """PyTorch's value of ``fun(*args)`` and its vector-Jacobian product with ``cotangent``, in the arrays' dtype,
        waiting at most what --max-time leaves (`own_time`: a forward or backward may never return).

        The run that gave a value is kept (with its autograd graph) for the
        gradient asked next of the very same arguments, as the checker asks it.
        """
        how = "its forward" if cotangent is None else "its forward and torch.autograd.grad"
        return run_bounded(lambda: self._own(args, cotangent), lambda: named_call("PyTorch", self.text, self.fun, how))

    def _own(self, args, cotangent):
        import torch  # lazy: only a PyTorch target needs it

        leaves, rebuild = flatten(list(args))
        held = self.held_leaves(len(leaves))
        identity = (tuple(id(leaf) for leaf in leaves), held)
        kept, self.kept = self.kept, None
        if kept is not None and kept[0] == identity and kept[1] is args and cotangent is not None:
            tensors, wanted, out = kept[2:]
        else:
            tensors = [_to_torch(leaf) for leaf in leaves]
            wanted = [i for i, t in enumerate(tensors)
                      if isinstance(t, torch.Tensor) and t.is_floating_point() and i not in held]
            with torch.enable_grad():
                for i in wanted:
                    tensors[i].requires_grad_(True)
                try:
                    out = self._call(rebuild(tensors))
                except Exception as error:  # noqa: BLE001 - PyTorch's loop ops refuse a function with its compiler's types
                    refused = _loop_refused(error, self.text)
                    if refused is None:
                        if _dtypes_mixed(error):
                            error.dtypes_mixed = "PyTorch"  # the program's own refusal in this dtype (`bridge.dtypes_mixed`)
                        raise
                    raise refused from None
        value = _to_numpy(out)
        if cotangent is None:
            self.kept = (identity, args, tensors, wanted, out)
            return value, None
        if not out.requires_grad:
            grads = [None] * len(wanted)
        else:
            # A cotangent may be a read-only view (a broadcast one-hot row), which torch.as_tensor warns about
            upstream = torch.as_tensor(np.require(cotangent, requirements="W"), dtype=out.dtype).reshape(out.shape)
            try:
                grads = torch.autograd.grad(out, [tensors[i] for i in wanted], upstream, allow_unused=True)
            except RuntimeError as error:
                _mark_refused_rule(error, self.fun)
                mark_no_derivative(error, lambda: self._forward_again(leaves, rebuild, wanted), torch_dir())
                mark_modified_in_place(error, lambda: self._backward_again(leaves, rebuild, wanted), torch_dir())
                raise
            finally:
                self.modules.restore_buffers()  # the forward's writes into its modules' state, read by this backward
        per_leaf = _held_as_zeros(leaves, held)
        for i, grad in zip(wanted, grads):
            per_leaf[i] = np.zeros(np.shape(raw(leaves[i])), dtype=_dtype_of(leaves[i])) if grad is None else _to_numpy(grad)
        return value, tuple(rebuild(per_leaf))

    def _forward_again(self, leaves, rebuild, wanted, inputs=None):
        """The function's output on fresh tensors of ``leaves``, those at ``wanted`` requiring grad (and appended to
        ``inputs``): its autograd graph, for a backward that raised to be read (`mark_no_derivative`)."""
        import torch  # lazy: only a PyTorch target needs it

        tensors = [_example(leaf) for leaf in leaves]  # high-precision leaves as float64 tensors
        with torch.enable_grad():
            for i in wanted:
                tensors[i].requires_grad_(True)
            if inputs is not None:
                inputs.extend(tensors[i] for i in wanted)
            return self._call(rebuild(tensors))

    def _backward_again(self, leaves, rebuild, wanted):
        """The function's forward and backward run again on fresh tensors of ``leaves``, for a backward that raised
        to raise again where PyTorch's anomaly mode watches it (`mark_modified_in_place`)."""
        import torch  # lazy: only a PyTorch target needs it

        inputs = []
        out = self._forward_again(leaves, rebuild, wanted, inputs)
        torch.autograd.grad(out, inputs, torch.ones_like(out), allow_unused=True)

    def rule_calls(self, args, cotangent):
        """Each call of a user's ``autograd.Function`` PyTorch's run at ``args`` makes, with ``cotangent`` handed to
        its backward pass, as a `bridge.RuleCall` (in the order that pass reached them); none where PyTorch's run
        raises. The run is in the dtype whose program the checker judges (`held_for`): a module
        of float32 layers runs in float32 alone."""
        import torch  # lazy: only a PyTorch target needs it

        leaves, rebuild = flatten(list(args))
        held = self.held_leaves(len(leaves))
        dtype = held_for(leaves)
        tensors = _examples_in(leaves, dtype) if dtype is not None else [_example(leaf) for leaf in leaves]
        wanted = [i for i, t in enumerate(tensors) if isinstance(t, torch.Tensor) and t.is_floating_point() and i not in held]
        with torch.enable_grad(), functions_noted(torch_dir()) as noted, users_output_hidden():
            for i in wanted:
                tensors[i].requires_grad_(True)
            try:
                out = self._call(rebuild(tensors))
                if not out.requires_grad:
                    return []
                upstream = torch.as_tensor(_to_float64(np.asarray(cotangent, dtype=object) if np.ndim(cotangent)
                                                       else cotangent), dtype=out.dtype).reshape(out.shape)
                torch.autograd.grad(out, [tensors[i] for i in wanted], upstream, allow_unused=True)
            except Exception:  # noqa: BLE001 - the user's code refused this run: its calls are not told apart, and the finding stays at the rule the backward pass reached first
                return []
        reached = [call for call in noted.reached if any(u is not None for u in call.upstream)]
        return RuleCalls([RuleCall(*call.rule(), capture(call.alone(), f"{call.rule()[0]} in {self.text}"), call.inputs())
                          for call in reached], complete=not noted.more)

    def held_leaves(self, count):
        """The positions of the float leaves a check holds as data (`bridge.differentiating`: those it marks False),
        () where it differentiates every float leaf: PyTorch's run, the capture and the replay then differentiate the
        others alone, so a held leaf never requires grad (an ``autograd.Function`` reads ``ctx.needs_input_grad``)."""
        marks = differentiated()
        if marks is None:
            return ()
        last = self.last_marks
        if last is not None and last[0] is marks and last[1] == count:
            return last[2]
        flat = flatten(list(marks))[0]
        held = tuple(i for i, mark in enumerate(flat) if mark is False) if len(flat) == count else ()
        self.last_marks = (marks, count, held)
        return held

    def _call(self, args):
        import torch  # lazy: only a PyTorch target needs it

        with self.generators():
            out = self.modules.call(args)
        if not isinstance(out, torch.Tensor):
            raise InputError(f"{self.text} returned a {type(out).__name__}, not a tensor: gradcli checks a tensor-valued loss", text=self.text)
        return out

    # -- the captured graphs, replayed -------------------------------------------------------

    def forward(self, *args):
        """The forward graph replayed with gradcli's ops on ``args`` (arrays of any dtype, mpmath numbers, balls)."""
        if points_replayed():
            return self._at_points(args)
        leaves, _ = flatten(list(args))
        return self._on_own_path(args, leaves, lambda graph: replay(graph, _graph_inputs(leaves) + [None], self.defined,
                                                                    value_only=True))

    def backward(self, args, cotangent):
        """PyTorch's backward graph (its rules, custom ones included) replayed with gradcli's ops: one gradient per argument."""
        leaves, rebuild = flatten(list(args))

        def gradients(graph):
            if getattr(graph, "refused", None) is not None:  # PyTorch's engine refused the rule's answer: it has none
                raise graph.refused
            return replay(graph, _graph_inputs(leaves) + [cotangent], self.defined)[1:]

        grads = self._on_own_path(args, leaves, gradients)
        held = self.held_leaves(len(leaves))
        per_leaf = _held_as_zeros(leaves, held)
        for i, grad in zip(_float_leaves(leaves, held), grads):
            per_leaf[i] = grad
        return tuple(rebuild(per_leaf))

    def replayed_range(self, arrays, dtype):
        """The mathematics over a whole range in ``dtype`` (a sweep's wider reference): the graph of one point replayed
        on the range and differentiated by gradcli's own rules (`Bridge.replayed_range`); None where that graph is not
        elementwise (then the graph traced for the range's shape is replayed, point checks beside it).

        Each entry of the range is a point of shape (), the shape the checks
        trace, so the user's Python ran as it runs for every point; where every
        op of that graph maps entries one by one (`torch_graph.Graph.elementwise`),
        it computes each entry as that point's own replay does.
        """
        if any(np.ndim(a) != 1 for a in arrays):  # a tree held (an nn.Module's parameters): the general path
            return None
        columns = [np.asarray(a, dtype=dtype) for a in arrays]
        graph = self._one_point_graph(columns)
        if graph is None:
            return None
        n = len(columns[0])
        with np.errstate(all="ignore"):
            value, pullback = vjp(lambda *xs: replay(graph, list(xs) + [None], self.defined, value_only=True), *columns)
            grads = pullback(np.ones(n, dtype))
        values, grads = np.asarray(raw(value)), [np.asarray(raw(g)) for g in grads]
        if values.shape != (n,) or any(g.shape != (n,) for g in grads):
            return None
        return values, grads

    def _at_points(self, args):
        """The forward graph of one point replayed on ``args``, numbers and 1-D arrays of one length, each entry its own
        point (`Bridge.points_at_once`: the noise estimate's steps of a difference in one replay, as one run of
        each op on an object array of mpmath numbers); ValueError where that graph is not elementwise."""
        if any(isinstance(raw(a), (list, tuple, dict)) for a in args):
            raise ValueError("not numbers and 1-D arrays of points")
        graph = self._one_point_graph(args)
        if graph is None:
            raise ValueError("the graph of one point is not elementwise")
        value = replay(graph, list(args) + [None], self.defined, value_only=True)
        if np.shape(raw(value)) != np.shape(raw(next(a for a in args if isinstance(raw(a), np.ndarray)))):
            raise ValueError("not one value per point")
        return value

    def _one_point_graph(self, columns):
        """The graph of one point that computes ``columns`` (numbers and 1-D arrays of one length, an entry per point)
        entry by entry: the one its first entry's replay runs, where every op of it maps entries one by one and no
        while loop's trips depend on the point; None otherwise."""
        arrays = [raw(c) for c in columns if isinstance(raw(c), np.ndarray)]
        if not arrays or {a.shape for a in arrays} != {arrays[0].shape} or arrays[0].ndim != 1 or not len(arrays[0]):
            return None
        point = tuple(raw(c)[0] if isinstance(raw(c), np.ndarray) else raw(c) for c in columns)  # as a check's args
        try:
            graph = self._graph(point, list(point))
        except Exception:  # noqa: BLE001 - the general path's replay says what is wrong
            return None
        return graph if graph.elementwise and graph.trip_counts is None else None

    def held_constants(self, dtype):
        """``((written, held), ...)``: the user's own numbers a narrower dtype's program holds as other numbers
        (`torch_graph.held_numbers`), in the graphs traced so far; None before any is."""
        # The float64 graphs are the program the exact replay and the differences run: only they can differ from
        # the narrower program (a graph traced in float32 is that program's own).
        wide = {key: run_in for key, run_in in self.branching.items() if not _in_a_narrower_dtype(key)}
        if not self.graphs or (self.branching and not wide):
            return None
        # Asked at every point of a check and a sweep: the graphs only ever grow, so while none branches on a dtype
        # the answer stands until another is traced.
        known = self.held_known.get(np.dtype(dtype))
        if not self.branching and known is not None and known[0] == len(self.graphs):
            return known[1]
        found = set().union(*(held_numbers(graph, np.dtype(dtype)) for graph in self.graphs.values()))
        if any(self.graphs[key] is not run_in(dtype) for key, run_in in wide.items()):
            found.add(("the operations of the code's float64 branch", f"its {np.dtype(dtype).name} branch's"))
        answer = tuple(sorted(found, key=repr))
        self.held_known[np.dtype(dtype)] = (len(self.graphs), answer)
        return answer

    def _graph(self, args, leaves):
        """The graph of the value and its gradient for arguments laid out as ``args`` (traced once, then cached).

        One graph serves both: the forward replay runs only the operations the
        value needs; a high-precision replay shares the float64 graph. A graph
        serves only the shapes it was traced at: the user's Python may branch on
        a shape (``x.dim()``, ``x.numel()``), and a graph traced on numbers holds
        the numbers' branch.
        """
        held = self.held_leaves(len(leaves))
        quick = _quick_key(args)
        if quick is not None and self.reads_held:  # a held leaf's values key the graphs: the quick key's too
            quick = (quick, tuple(_held_numbers(raw(leaves[i])) for i in held if _is_float_leaf(raw(leaves[i]))))
        quick = (quick, held) if quick is not None else None
        graph = self.quick.get(quick) if quick is not None else None
        if graph is None:
            key = self._layout(args, leaves, held=held)
            generic = self._layout(args, leaves, generic=True, held=held)
            graph = self.graphs.get(key) or self.graphs.get(generic)
            if graph is None:
                graph = self._trace_runnable(args, leaves, held)
                if getattr(graph, "reads_held", False) and not self.reads_held:  # its held values key every graph after it
                    self.reads_held, quick = True, None
                    key, generic = self._layout(args, leaves, held=held), self._layout(args, leaves, generic=True, held=held)
                self.graphs[key] = graph
                if graph.dtype_free:  # nothing in it depends on the float dtype: float32 and float64 share it
                    self.graphs[generic] = graph
                if graph.branches_on_dtype:  # `held_constants` asks, per dtype, whether that program differs
                    self.branching[key] = lambda dtype: self._as_run_in(args, leaves, held, graph, dtype)
            if quick is not None:
                self.quick[quick] = graph
        if graph.trip_counts is not None:
            graph = self._as_often_as_here(graph, args, leaves, held)
        narrower = held_for(leaves) if graph.branches_on_dtype else None
        return graph if narrower is None else self._as_run_in(args, leaves, held, graph, narrower)

    def _layout(self, args, leaves, generic=False, held=()):
        """`_layout`, the held float leaves' values in it too once a graph of this function read them (an op whose
        shape depends on them: ``y[y > 0]`` of held targets `y`)."""
        return _layout(args, leaves, generic, held, held_values=self.reads_held)

    def _trace_runnable(self, args, leaves, held):
        """`_trace` in float64, or where PyTorch itself refuses to run the program in float64 (a library mixing its
        own float32 tensors with float64 inputs: "Double did not match Float"), the trace in the narrower dtype the
        exact replay stands for (float32 where none is named), which is the program its user runs: its operations are
        the mathematics judged, and the float64 run's refusal is said for that dtype (`bridge.dtypes_mixed`)."""
        try:
            return self._trace(args, leaves, held)
        except (RuntimeError, ValueError) as refused:  # an RNN's dtype check raises ValueError
            if not _dtypes_mixed(refused):
                raise
            dtype = held_for(leaves) or np.float32
            try:
                graph = self._trace(args, leaves, held, _examples_in(leaves, dtype))
            except Exception:  # noqa: BLE001 - the narrower program fails too: the float64 error is the one to tell
                raise refused from None
            graph.dtype_free = False  # the float64 graph it stands for cannot be traced: never shared as one
            return graph

    def _on_own_path(self, args, leaves, replayed):
        """``replayed(graph)`` on the graph whose while loops run as often as the replay's own numbers decide.

        The graph traced at the point runs each loop as often as PyTorch's run in
        the arguments' dtype (float64 for exact numbers) takes it. Where an exact
        replay's condition decides otherwise (``3 * x < 1`` at x = 1/3 rounded:
        float64's product rounds to 1), its guard says which loop and step, and
        the function is traced again with that loop stopping there, or running
        once more, until every guard holds: the exact reference takes the path
        of the mathematics, and a run in a dtype its own.
        """
        graph = self._graph(args, leaves)
        if graph.trip_counts is None:
            return replayed(graph)
        held, here = self.held_leaves(len(leaves)), graph.trip_counts
        exact = any(_is_float_leaf(leaf) and is_exact(raw(leaf)) for leaf in leaves)
        where = None  # the line of the last loop whose guard decided otherwise
        endless = self.endless.get((here, _numbers_of(leaves))) if exact else None
        if endless is not None:  # these numbers ran a loop on past its end before: the same stop, traced no further
            raise endless.with_traceback(None)
        went_on = {}  # loop -> the traces that ran it longer because these numbers went on at its last step
        if exact and here in self.decided:  # an exact run here decided these counts: the next one most likely too
            counts, where = self.decided[here]
            if tuple(counts) != here:  # the graph at the point keeps what PyTorch's run adds at its counts (`_ZeroTrips`)
                graph = self._traced_with(args, leaves, held, counts)
        for _ in range(_MOST_RETRACES):
            try:
                out = replayed(graph)
            except LoopDecidedOtherwise as decided:
                loop, step, going = graph.loop_guards[decided.guard]
                counts, where = graph.trip_counts, decided.where
                went_on[loop] = went_on.get(loop, 0) + (not going)
                if went_on[loop] > _MOST_STEPS_ON:
                    stop = self.endless[here, _numbers_of(leaves)] = self._past_its_end(args, leaves, here, loop, where)
                    raise stop
                graph = self._traced_with(args, leaves, held, counts[:loop] + (step if going else step + 1,) + counts[loop + 1:])
                continue
            if exact:
                self.decided[here] = (graph.trip_counts, where)
                self._same_at_every_precision(leaves, graph.trip_counts, where)
                if graph.trip_counts != here:
                    self.counted[_numbers_of(leaves)] = (here, graph.trip_counts, where, conds_among(graph.loop_guards))
            return out
        raise InputError(
            f"{where}: torch's while_loop here takes another number of steps on the exact numbers than PyTorch's "
            f"run at this point ({', '.join(map(str, here))} for its loops in order), and {_MOST_RETRACES} traces with "
            "other counts found none its condition agrees with at every step, so gradcli cannot say how often the "
            "mathematics runs it; check a point away from where the condition switches", text=where)

    def _past_its_end(self, args, leaves, here, loop, where):
        """The `LoopStopped` of a while loop whose condition the exact numbers ``leaves`` keep true `_MOST_STEPS_ON`
        steps past its end in PyTorch's run at the point (``here``: each loop's trips there; ``loop``: which one;
        ``where``: its line). Traced no further, since each trace unrolls every trip once more: a float run that ends
        by rounding (a number squared to 0, an iterate that stops changing) may never end on exact numbers, and a
        condition within rounding of its switch is decided by each precision anew. Its trips in float32 are said
        where they differ from float64's: the count is then the dtype's own."""
        trips = here[loop]
        name = f"torch's while_loop at {where}" if where else "torch's while_loop"
        in_float32 = self._trips_in(args, leaves, np.float32)
        in_float32 = in_float32[loop] if in_float32 is not None and len(in_float32) == len(here) else trips
        said = f"{name} runs its body {trips} times in PyTorch's run at this point"
        if in_float32 != trips:
            said += (f" and {in_float32} times in float32, and on the exact numbers its condition still holds after "
                     f"{trips + _MOST_STEPS_ON}: its float runs end where their rounding ends them (a number squared "
                     "to 0, an iterate that stops changing), which exact numbers may never meet")
        else:
            said += (f", and on the exact numbers its condition still holds after {trips + _MOST_STEPS_ON}: a "
                     "condition within rounding of its switch, which each precision decides anew, or one whose float "
                     "run ends by rounding (a number squared to 0, an iterate that stops changing), which exact "
                     "numbers may never end")
        return LoopStopped(f"{said}; gradcli traces it no longer", name, trips + _MOST_STEPS_ON)

    def _trips_in(self, args, leaves, dtype):
        """Each while loop's trips in an eager run of the function at the point ``leaves`` in ``dtype``, or None where
        that run fails (a function refusing the dtype, a loop stopped)."""
        import torch  # lazy: only a PyTorch target needs it

        counts, (_, rebuild) = [], flatten(list(args))
        try:
            with bounded_here(self._stopped("run counting its while loops")), torch.no_grad(), \
                    loops_step_by_step(counting=counts):
                self._call(rebuild(_examples_in(leaves, dtype)))
        except Exception:  # noqa: BLE001 - only a message's aside: no count where the run fails
            return None
        return tuple(counts)

    def loop_counts(self, args):
        """The point's notes (`Bridge.notes`): where the exact run loops another number of times than PyTorch's run at
        the point ``args`` (float64 numbers), how often each runs each while loop."""
        found = self.counted.get(_numbers_of(flatten(list(args))[0]))
        if found is None:
            return []
        here, exact, where, conds = found
        if len(here) == 1:
            loops = "its torch.cond takes" if conds else "its while loop runs"
        else:
            loops = f"its {len(here)} while loops{' and conds' if conds else ''}, in order, run"
        return [f"{where}: {loops} {_times(here, conds)} in PyTorch's run at this point and {_times(exact, conds)} on "
                "the exact numbers (the exact reference counts as the mathematics does)"]

    def undifferentiated(self, args):
        """`Bridge.undifferentiated`: the torch.special calls at the point ``args`` (float64 numbers) that PyTorch
        computes without a derivative, from values that move with the inputs (`torch_ops.NOT_DIFFERENTIATED`)."""
        graph = self._graph(args, flatten(list(args))[0])
        return [(f"torch.special.{op.removeprefix('special_')}", location)
                for op, location in steps_reading_inputs(graph, NOT_DIFFERENTIATED)]

    def numbers_read(self, args):
        """`Bridge.numbers_read`: the ``.item()``, ``float()`` and ``.tolist()`` calls at the point ``args`` (float64
        numbers) that read a value moving with the inputs and whose number the function's value depends on
        (`torch_reads`)."""
        graph = self._graph(args, flatten(list(args))[0])
        return steps_reading_inputs(graph, READS, value_needs=True)

    def _same_at_every_precision(self, leaves, counts, where):
        """Refuse ``counts``, decided by an mpmath replay on ``leaves``, where one at another precision on the same
        numbers decided others: a condition within rounding of its switch, which no precision decides (a ball's
        replay stops there undecided). ``where``: the line of the last loop a guard found deciding otherwise."""
        import mpmath  # lazy: an exact replay has it loaded

        numbers = [e for leaf in leaves if _is_float_leaf(leaf) for e in np.ravel(np.asarray(raw(leaf), dtype=object))]
        if not numbers or not all(isinstance(e, mpmath.mpf) for e in numbers):
            return
        if len(self.decided_at) > 1000:
            self.decided_at.clear()
        key = tuple(numbers)
        before = self.decided_at.setdefault(key, (counts, mpmath.mp.prec, where))
        if before[0] != counts:
            where = where or before[2]
            raise InputError(
                f"{where}: torch's while_loop here runs its body as often as the trip counts "
                f"{', '.join(map(str, before[0]))} say on the exact numbers at {before[1]} bits and "
                f"{', '.join(map(str, counts))} at {mpmath.mp.prec} bits (for the function's while loops in order): "
                "its condition lies within rounding of its switch at this point, so gradcli cannot decide how often "
                "the mathematics runs it and has no exact reference; check a point away from where the condition "
                "switches", text=where)

    def _traced_with(self, args, leaves, held, counts):
        """The graph of the function with its while loops unrolled ``counts`` times, traced once per layout."""
        key = (self._layout(args, leaves, held=held), tuple(counts))
        found = self.by_counts.get(key)
        if found is None:
            found = self.by_counts[key] = self._trace(args, leaves, held, counts=tuple(counts))
        return found

    def _as_often_as_here(self, graph, args, leaves, held):
        """The graph of a function running PyTorch's while loops whose loops run as often as at this point (rounded
        to float64, counted in an eager run): ``graph`` where they do, else a trace at this point, kept by counts."""
        import torch  # lazy: only a PyTorch target needs it

        counts, (_, rebuild) = [], flatten(list(args))
        with bounded_here(self._stopped("run counting its while loops")), torch.no_grad(), \
                loops_step_by_step(counting=counts):
            self._call(rebuild([_example(leaf) for leaf in leaves]))
        if tuple(counts) == graph.trip_counts:
            return graph
        return self._traced_with(args, leaves, held, counts)

    def _as_run_in(self, args, leaves, held, graph, dtype):
        """The graph an exact replay of the program in the narrower ``dtype`` runs, for a function whose code
        compares a dtype: ``graph`` (traced in float64, its numbers held as ``dtype`` holds them) where it runs the
        operations the trace in ``dtype`` runs, else that trace (``if x.dtype == torch.float32``: the branch the
        float32 program takes)."""
        if np.dtype(dtype) not in _NARROWER:  # longdouble replays the float64 graph at its own precision
            return graph
        key = (self._layout(args, leaves, held=held), np.dtype(dtype).name)
        found = self.narrower.get(key)
        if found is None:
            traced = self._trace(args, leaves, held, _examples_in(leaves, dtype))
            found = self.narrower[key] = graph if same_program(graph, traced, dtype) else traced
        return found

    def _stopped(self, doing):
        """For `own_time.bounded_here`: the stop of gradcli's own ``doing`` (``"trace"``) of the function, which runs
        the user's Python in gradcli's thread, past the check's time: the point's fact, as a loop's stop by time is."""
        name = f"gradcli's {doing} of {self.text}"

        def stopped(after, where):
            at = f" (it was at {where}, in your code, when gradcli stopped it)" if where else ""
            return LoopStopped(f"{name}, which runs your Python, was still running after {after}{at}: gradcli "
                               "stopped it (raise --max-time to wait longer)", name, 0, by_time=True)
        return stopped

    def _trace(self, args, leaves, held=(), examples=None, counts=None):
        """`_trace_once`, the numbers the user's code reads (``.item()``, ``float()``, ``.tolist()``) followed as
        tensors (`torch_reads`); where the code cannot compute on with such a tensor (``if float(s) > 0``), traced
        again as PyTorch reads them, which refuses the read or raises what the code raises. What the code prints
        meanwhile (fake tensors) is not shown."""
        answered = []
        with users_output_hidden():
            try:
                return self._trace_once(args, leaves, held, examples, counts, answered)
            except (LoopStopped, _MathCallRefused):  # a math call of a number read names its own line, not the read's
                raise
            except Exception:  # noqa: BLE001 - whatever the trace raised, the trace without the reads followed tells it
                if not answered:
                    raise
            return self._trace_once(args, leaves, held, examples, counts, None)

    def _trace_once(self, args, leaves, held, examples, counts, answered):
        # A trace stopped by time (a long loop unrolled) is not made again for the same layout, counts and dtypes
        # under the same watch (one check's): a later check's may allow it more time.
        unfinished_key = (self._layout(args, leaves, held=held), counts,
                          None if examples is None else tuple(str(getattr(e, "dtype", "")) for e in examples))
        unfinished = self.unfinished.get(unfinished_key)
        if unfinished is not None and unfinished[0] is watch_in_force():
            raise unfinished[1].with_traceback(None)
        examples = [_example(leaf) for leaf in leaves] if examples is None else examples
        _, rebuild = flatten(list(args))
        try:
            # valid_guards' reads enter after (around) this one's, so that theirs see the caller's frame
            with bounded_here(self._stopped("trace")), numbers_read_as_tensors(torch_dir(), answered), \
                    valid_guards(torch_dir()), quiet_fake_tensors(), trace_shapes(), set_at_index_tensors():
                joint = self._joint_function(rebuild, leaves, held, _leaf_names(self.fun, args, leaves))
                upstream, noted = self._output_example(rebuild, examples, joint)
                try:
                    with holding(held):
                        graph = trace(joint, examples + [upstream], counts, noted)
                except RuntimeError as error:
                    if not getattr(error, "rule_refused", False):
                        raise
                    # The exact reference needs the forward alone; the refused rule stays refused (`backward`).
                    with holding(held):
                        graph = trace(self._joint_function(rebuild, leaves, held, forward_only=True),
                                      examples + [upstream], counts)
                    graph.refused = error
                    floats = _float_leaves(leaves, held)
                    mark_no_derivative(error, lambda: self._forward_again(leaves, rebuild, floats), torch_dir())
                    mark_modified_in_place(error, lambda: self._backward_again(leaves, rebuild, floats), torch_dir())
            narrower = _in_float32(examples)
            hold_following_constants(graph, lambda: self._call(rebuild(narrower)))
            graph.branches_on_dtype = branches_on_dtype(graph, self.fun)
            graph.dtype_free = graph.dtype_free and not graph.branches_on_dtype
            return graph
        except LoopStopped as stop:  # a loop of the user's that did not end at this point: said for the point
            if stop.by_time:
                self.unfinished[unfinished_key] = (watch_in_force(), stop)
            raise
        except Exception as error:  # noqa: BLE001 - PyTorch's own loop ops fail inside its tracer with any type
            refused = _loop_refused(error, self.text)
            if refused is not None:
                raise refused from None
            loop = _loop_op(error.__traceback__)
            if loop is not None:
                line = user_line(error.__traceback__, torch_dir())
                raise InputError(
                    f"{self.text} runs torch's {loop}{f' at {line}' if line else ''}, a loop PyTorch cannot trace on "
                    "the fake tensors gradcli captures with (its own tracer stops inside it), so its exact reference "
                    "cannot be computed: write the loop as Python's own (a for loop over a fixed count is traced "
                    "step by step)",
                    text=line or self.text,
                ) from None
            if not isinstance(error, RuntimeError):
                raise
            if leaves_pytorch(error):
                line = user_line(error.__traceback__, torch_dir())
                raise InputError(
                    f"{self.text} leaves PyTorch{f' at {line}' if line else ''} (.numpy() of a tensor, to compute with "
                    "NumPy or SciPy) outside an autograd.Function's forward or backward, where gradcli replays "
                    "NumPy's code on its own numbers: gradcli replays PyTorch's operations to find the exact gradient "
                    "and cannot follow this step outside them; write it with torch's own functions, or as an "
                    "autograd.Function",
                    text=self.text,
                ) from None
            if "Couldn't swap" in str(error):  # Module._apply under the trace: its parameters are traced tensors
                line = user_line(error.__traceback__, torch_dir())
                raise InputError(
                    f"{self.text} converts a module it builds as it runs{f' at {line}' if line else ''} (.to(), "
                    ".double()): gradcli traces the call and cannot convert parameters made during the trace; build "
                    "the module once outside the function and hand it in (--args)",
                    text=self.text,
                ) from None
            if type(error).__name__ == "DynamicOutputShapeException":
                raise _shaped_by_values(self.text, error) from None
            if not _data_dependent(error):
                raise
            folder = torch_dir()
            found = math_call_advice(error.__traceback__, lambda path: is_user_file(path, folder), "torch", "torch")
            if found is not None:
                raise _MathCallRefused(f"{found[0]}: {found[1]}", text=found[0]) from None
            line = user_line(error.__traceback__, torch_dir())
            raise InputError(
                f"{self.text} branches on a tensor's value{f' at {line}' if line else ''} (an if, .item() or "
                "float() of a tensor, or a one-number tensor used as a Python index, out[i] = g): gradcli captures "
                "one graph per argument shape and cannot follow the branch; write it with torch.where, or index "
                "with a tensor of positions (out.index_put((i.reshape(1),), g), torch.scatter)",
                text=self.text,
            ) from None

    def _output_example(self, rebuild, examples, joint):
        """``(cotangent, notes)``: a cotangent for the function's output (its shape and dtype, from a run on fake
        tensors), and None; or, where a Function's forward computes in NumPy (`torch_numpy_forward`), which fake
        tensors cannot run, the shape from ``joint`` (`_joint_function`) run on the numbers with a cotangent of ones,
        as the trace's own eager run would run it, and that run's `Notes` for the trace."""
        import torch  # lazy: only a PyTorch target needs it
        from torch._subclasses.fake_tensor import FakeTensorMode  # lazy: as above

        mode = FakeTensorMode(allow_non_fake_inputs=True)
        try:
            # A while loop's carry keeps its shapes: run none of its steps here (`loops_step_by_step`).
            with (mode, torch.enable_grad(), loops_step_by_step(shapes_only=True),  # a loss may differentiate itself
                  sparse_tensors_dense()):
                fakes = [mode.from_tensor(e) if isinstance(e, torch.Tensor) else e for e in examples]
                for fake in fakes:
                    if isinstance(fake, torch.Tensor) and fake.is_floating_point():
                        fake.requires_grad_(True)
                out = self._call(rebuild(fakes))
        except RuntimeError as error:
            if (type(error).__name__ == "DynamicOutputShapeException" and answers(error.func)) or _data_dependent(error):
                # A shape read from values (a target's mask selecting rows), or a value read (.item() of a constant:
                # F.one_hot's check of fixed labels): the trace knows the held data's and the constants' values
                # (`torch_known`), this run on fake tensors alone does not; the shape from a run on the numbers. A
                # value that moves with a checked input is the trace's to follow or refuse, as without this run.
                with torch.enable_grad(), loops_step_by_step(counting=[]):
                    out = self._call(rebuild(_requiring_grad(examples)))
                return torch.ones(tuple(out.shape), dtype=out.dtype), None
            if not leaves_pytorch(error):
                raise
            noted = Notes()
            try:
                with loops_step_by_step(counting=[]), noting_forwards(noted=noted):
                    out = joint(*examples, None)[0]
            except RuntimeError as refused:
                if not getattr(refused, "rule_refused", False):
                    raise
                # PyTorch's engine refuses a rule's answer: the shape from the forward alone, the trace noting its own
                with torch.enable_grad(), loops_step_by_step(counting=[]):
                    out = self._call(rebuild(_requiring_grad(examples)))
                noted = None
            return torch.ones(tuple(out.shape), dtype=out.dtype), noted
        return torch.ones(tuple(out.shape), dtype=out.dtype), None

    def _joint_function(self, rebuild, leaves, held, names=(), forward_only=False):
        """``(value, *gradients)`` of the user's function as PyTorch computes them, in the float leaves not
        ``held``: what make_fx records, each add PyTorch's engine makes of a value's gradients tagged as such
        (`EngineSums`; ``names``: the leaves' names, where known). ``forward_only``: the value, its gradients zeros
        standing for none, for a function whose backward PyTorch's engine refuses (the graph's ``refused``)."""
        import torch  # lazy: only a PyTorch target needs it

        wanted = _float_leaves(leaves, held)

        def joint(*tensors):  # the last one the cotangent (None: ones like the value, in an eager run)
            tensors, upstream = list(tensors[:-1]), tensors[-1]
            for i in wanted:
                tensors[i] = tensors[i].detach().requires_grad_(True)
            with torch.enable_grad():
                out = self._call(rebuild(tensors))
                if forward_only or not out.requires_grad:
                    return (out.detach(), *(torch.zeros_like(tensors[i]) for i in wanted))
                inputs = [tensors[i] for i in wanted]
                try:
                    with EngineSums(out, inputs, [names[i] if i < len(names) else i for i in wanted]):
                        grads = torch.autograd.grad(out, inputs, torch.ones_like(out) if upstream is None else upstream,
                                                    allow_unused=True)
                except RuntimeError as error:
                    _mark_refused_rule(error, self.fun)
                    mark_no_derivative(error)  # inside the trace: `_trace` names the call, running eagerly
                    mark_modified_in_place(error)
                    raise
            return (out.detach(), *(torch.zeros_like(tensors[i]) if g is None else g for i, g in zip(wanted, grads)))

        return joint

    def vectorised(self, arrays, dtype):
        """Values and gradients of ``fun`` at many points in one PyTorch call (torch.func.vmap); see `vectorised`."""
        return vectorised(self, arrays, dtype)


def _requiring_grad(examples):
    """``examples`` afresh, their float tensors requiring grad: an eager run's arguments, as the trace differentiates."""
    import torch  # lazy: only a PyTorch target needs it

    return [e.detach().requires_grad_(e.is_floating_point()) if isinstance(e, torch.Tensor) else e for e in examples]


def _leaf_names(fun, args, leaves):
    """The names of ``fun``'s parameters for ``leaves`` where each of ``args`` is one leaf (``f(x, y)``), else none."""
    if len(leaves) != len(args):
        return ()
    try:
        parameters = list(inspect.signature(fun).parameters.values())
    except (TypeError, ValueError):  # a builtin or a callable without a signature: its inputs unnamed
        return ()
    names = [p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return tuple(names[:len(args)]) if len(names) >= len(args) else ()


def vectorised(captured, arrays, dtype):
    """``(values, gradients)`` of the captured function over a range in one PyTorch call.

    ``arrays`` holds one array per argument of the function, its leading axis
    the points; ``torch.func.vmap`` of ``torch.func.grad_and_value`` computes
    every value and gradient in ``dtype``, as PyTorch's autograd would one by one;
    None for a dtype PyTorch lacks.
    """
    dtype = np.dtype(dtype)
    if dtype not in (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64)):
        return _replayed_per_entry(captured, arrays, dtype)
    import torch  # lazy: only a PyTorch target needs it
    from torch.func import grad_and_value, vmap  # lazy: as above

    # a held array arrives as a read-only broadcast view, which PyTorch warns about: writable copies of those
    inputs = [torch.as_tensor(np.require(a, dtype=dtype, requirements="W")) for a in arrays]
    held = captured.held_leaves(len(inputs))
    wanted = tuple(i for i in range(len(inputs)) if i not in held)
    each = grad_and_value(lambda *xs: captured._call(list(xs)), argnums=wanted)
    how = f"torch.func.vmap of torch.func.grad_and_value over {len(inputs[0]) if inputs else 0} points"
    grads, values = run_bounded(lambda: vmap(each)(*inputs), lambda: named_call("PyTorch", captured.text, captured.fun, how))
    per_argument = _held_as_zeros(arrays, held)
    for i, grad in zip(wanted, grads):
        per_argument[i] = grad.detach().numpy()
    return values.detach().numpy(), tuple(per_argument)


def _replayed_per_entry(captured, arrays, dtype):
    """``vectorised``'s answer in a dtype PyTorch lacks (longdouble): the graph of one point replayed on the range, or None.

    Each entry of a range of numbers is a point of shape (), the shape that
    graph was traced at, so the user's Python ran as it runs for every point;
    a graph whose every op maps entries one by one (`torch_graph.Graph.elementwise`)
    then computes each entry as it computes that point. Anything else is None:
    the sweep replays the graph per point or traces one for the range.
    """
    columns = [np.asarray(a, dtype=dtype) for a in arrays]
    if any(c.ndim != 1 for c in columns):
        return None
    graph = captured._one_point_graph(columns)
    if graph is None:
        return None
    ones = np.ones(len(columns[0]), dtype=dtype)
    value, *grads = replay(graph, columns + [ones], captured.defined)
    shape = ones.shape
    held = captured.held_leaves(len(columns))
    per_column = [np.zeros(shape, dtype=dtype) for _ in columns]
    for i, grad in zip(_float_leaves(columns, held), grads):
        per_column[i] = np.broadcast_to(grad, shape)
    return np.broadcast_to(value, shape), tuple(per_column)


# The dtypes narrower than float64 that PyTorch runs a program in and a float64 graph's exact replay may stand for.
_NARROWER = (np.dtype(np.float16), np.dtype(np.float32))


# -- arguments: NumPy to PyTorch and back -------------------------------------------------------


def _dtype_of(leaf):
    value = raw(leaf)
    return value.dtype if isinstance(value, (np.ndarray, np.generic)) else np.float64


def _is_float_leaf(leaf):
    value = raw(leaf)
    if isinstance(value, (bool, int, str)) or value is None:
        return False
    if isinstance(value, (np.ndarray, np.generic)):
        return value.dtype == object or np.issubdtype(value.dtype, np.floating)
    return True  # Python floats, mpmath numbers, flint balls


def _float_leaves(leaves, held=()):
    """The positions of the leaves PyTorch differentiates: the float ones not ``held`` (`_Captured.held_leaves`)."""
    return [i for i, leaf in enumerate(leaves) if _is_float_leaf(leaf) and i not in held]


def _held_as_zeros(leaves, held):
    """One gradient per leaf: a held leaf's 0 (data has no slope), None for the others until one is set."""
    return [np.zeros(np.shape(raw(leaf)), dtype=_dtype_of(leaf)) if i in held else None for i, leaf in enumerate(leaves)]


def _to_torch(leaf):
    """A leaf as PyTorch sees it: arrays and NumPy numbers as tensors of their dtype; Python ints and the rest as they are."""
    import torch  # lazy: only a PyTorch target needs it

    value = raw(leaf)
    if isinstance(value, float):
        return torch.tensor(value, dtype=torch.float64)
    if isinstance(value, (np.ndarray, np.generic)):
        return torch.from_numpy(np.array(value, copy=True))
    return value


def _to_numpy(tensor):
    value = tensor.detach().cpu().numpy()
    return value[()] if value.ndim == 0 else value


def _replays_float64(value):
    """Whether a float leaf is replayed on the graph traced in float64: high-precision values, and dtypes PyTorch lacks."""
    return is_exact(value) or is_wider(value)


def _to_float64(value):
    """A high-precision leaf rounded to float64: the example a graph is traced on."""
    if isinstance(value, np.ndarray):
        exact = value.dtype == object and value.size
        return np.vectorize(_float_of, otypes=[np.float64])(value) if exact else value.astype(np.float64)
    return np.float64(_float_of(value))


def _float_of(number):
    mid = getattr(number, "mid", None)
    return float(mid()) if callable(mid) else float(number)


def _example(leaf):
    """The tensor a graph is traced on for ``leaf``: its own dtype, or float64 for high-precision values."""
    import torch  # lazy: only a PyTorch target needs it

    value = raw(leaf)
    if _is_float_leaf(value) and _replays_float64(value):
        return torch.from_numpy(np.array(_to_float64(value), dtype=np.float64))
    return _to_torch(value)


# How PyTorch refuses to mix float dtypes in one op: "Double did not match Float" (isclose), "expected both vectors to
# have same dtype, but found Double and Float" (dot), "expected m1 and m2 to have the same dtype, but got: double !=
# float" (matmul), "requires the source and destination dtypes match, got Double ... Float" (index_put); and a float32
# module's own layers given float64 inputs: "Input type (double) and bias type (float) should be the same" (conv),
# "RNN input dtype (torch.float64) does not match weight dtype (torch.float32)" (a ValueError: RNN, LSTM, GRU), "mixed
# dtype (CPU): all inputs must share same datatype" (layer, group, batch and instance norms), "Type promoting not
# supported. Got Double and Float" (prelu).
_MIXED_DTYPES = re.compile(r"(Double|Float|Half|BFloat16) did not match (Double|Float|Half|BFloat16)"
                           r"|same dtypes?\b.*\b(double|Double|float|Float)|dtypes match, got (Double|Float)"
                           r"|expected scalar type (Double|Float)|Found dtype (Double|Float) but expected"
                           r"|Input type \((double|float|c10::Half|c10::BFloat16)\) and (bias|weight) type"
                           r"|input dtype \(torch\.\w+\) does not match weight dtype"
                           r"|mixed dtype \(CPU\): all inputs must share same datatype"
                           r"|Type promoting not supported\. Got (Double|Float)")


def _dtypes_mixed(error):
    """Whether ``error`` is PyTorch's refusal of an op on tensors of two float dtypes."""
    return bool(_MIXED_DTYPES.search(str(error)))


def _examples_in(leaves, dtype):
    """`_example` of each leaf, its float tensors in the narrower ``dtype``."""
    import torch  # lazy: only a PyTorch target needs it

    narrow = getattr(torch, np.dtype(dtype).name)
    return [e.to(narrow) if isinstance(e, torch.Tensor) and e.is_floating_point() else e for e in map(_example, leaves)]


_MOST_RETRACES = 32  # traces with other trip counts an exact replay tries before it gives up
# Traces an exact replay may ask for running one loop longer, one trip each: a condition still true past them is one
# whose float run ends by rounding, which exact numbers may never end (each trace unrolls every trip again).
_MOST_STEPS_ON = 2


def _graph_inputs(leaves):
    """The graph's inputs: every leaf as the replay computes with it (integer arrays and Python numbers as they are)."""
    return [raw(leaf) if not _is_float_leaf(leaf) else leaf for leaf in leaves]


def _layout(args, leaves, generic=False, held=(), held_values=False):
    """What a graph depends on besides values: the arguments' structure and each leaf's kind, dtype and shape.

    ``generic`` leaves out the float dtype, for graphs that do not depend on it; a float leaf ``held`` as data
    (`_Captured.held_leaves`) is a kind of its own: PyTorch's graph does not differentiate it. ``held_values``: a
    held float leaf's numbers (as the float64 example a trace takes) are part of it too.
    """
    parts = []
    for i, leaf in enumerate(leaves):
        value = raw(leaf)
        if _is_float_leaf(value):
            kind = "float64" if _replays_float64(value) else str(np.asarray(value).dtype)  # high precision replays float64's graph
            kind = "float" if generic else kind
            numbers = (_held_numbers(value),) if held_values and i in held else ()
            parts.append((f"held {kind}" if i in held else kind, np.shape(value), *numbers))
        elif isinstance(value, np.ndarray):
            parts.append((str(value.dtype), value.shape, value.tobytes()))
        else:
            parts.append(("held", repr(value)))
    # The arguments' own sequence is unpacked into the call (``fun(*args)``): a list of them and a tuple are one layout.
    return (tuple(_structure(arg) for arg in args), tuple(parts))


def _held_numbers(value):
    """A held float leaf's numbers, as a graph that read them depends on them: the float64 example a trace takes of a
    high-precision one."""
    return np.asarray(_to_float64(value) if _replays_float64(value) else value).tobytes()


def _in_a_narrower_dtype(layout):
    """Whether the `_layout` ``layout`` holds a float leaf in a dtype narrower than float64 (a graph traced for the
    run in that dtype, not the float64 program a replay on exact numbers runs)."""
    return any(str(part[0]).split()[-1] in _NARROWER_NAMES for part in layout[1])


_NARROWER_NAMES = ("float16", "bfloat16", "float32")


def _quick_key(args):
    """What `_layout` reads of ``args`` when each is a float array, a Python float or one high-precision number
    (the checker's usual calls), from their types, dtypes and shapes alone; None for anything else."""
    key = []
    for arg in args:
        value = raw(arg)  # a traced argument (the checker's differences run inside its trace) is its value to a graph
        kind = type(value)
        if kind is np.ndarray:
            if value.dtype.kind not in "fO":
                return None
            key.append((value.dtype, value.shape))
        elif kind is float or isinstance(value, np.floating):
            key.append(kind)
        elif kind in _NOT_QUICK or isinstance(value, (list, tuple, dict, np.generic)):
            return None
        else:
            key.append(kind)  # a Python float, an mpmath number, a ball, a jet: each a number to the graph
    return tuple(key)


_NOT_QUICK = (bool, int, str, type(None))


def _structure(tree):
    if isinstance(tree, dict):
        return ("dict", tuple((k, _structure(v)) for k, v in tree.items()))
    if isinstance(tree, (list, tuple)):
        return (type(tree).__name__, tuple(_structure(v) for v in tree))
    return "leaf"


def _shaped_by_values(text, error):
    """The refusal of a PyTorch op whose output's shape depends on values that move with a checked input, with the
    spelling that keeps the shape: a selection's by torch.where, least squares' solution alone by pinv (its rank,
    residuals and singular values are shaped by the rank)."""
    line = user_line(error.__traceback__, torch_dir())
    advice = ("the solution alone is torch.linalg.pinv(A) @ B, or torch.linalg.solve(A.mT @ A, A.mT @ B) for a full "
              "column rank" if "lstsq" in str(error) else
              "a selection keeps its shape as torch.where(mask, x, 0.0), whose sum is the selection's")
    return InputError(
        f"{text}: the PyTorch op {error}{f' at {line}' if line else ''} makes an output whose shape depends on its "
        "inputs' values (a boolean mask's selection x[x > 0], torch.unique, least squares' rank and residuals), here "
        "values that move with a checked input (or a random draw), which gradcli's capture, one graph per argument "
        "shape, cannot record (a selection by data the check holds, integer targets or the float data --wrt leaves "
        f"out, is traced by that data's values); {advice}",
        text=text,
    )


def _data_dependent(error):
    """Whether tracing stopped because the function reads a tensor's value (a branch, .item(), float())."""
    return "DataDependent" in type(error).__name__ or "data-dependent" in str(error) or "data dependent" in str(error)


# PyTorch's higher-order loop ops (their modules in torch/_higher_order_ops): make_fx over fake tensors stops inside
# them with an error of PyTorch's own (unbacked symbols, mixed fake modes).
_LOOP_MODULES = {"while_loop.py": "while_loop", "scan.py": "scan", "associative_scan.py": "associative_scan",
                 "map.py": "map"}


def _loop_refused(error, text):
    """An InputError saying what PyTorch refused in the function of a loop op (``scan``'s combining function, a
    ``while_loop``'s body returning its input uncloned), at the user's line; None for any other error."""
    if type(error).__name__ != "UncapturedHigherOrderOpError":
        return None
    loop, line = _loop_op(error.__traceback__) or "loop op", user_line(error.__traceback__, torch_dir())
    said = str(error).split("Got graph break/error:", 1)[-1].split("Developer debug context:", 1)[0]
    lines = [part.strip() for part in said.splitlines() if part.strip()]
    headline = lines[0].rstrip(".") if lines else "its function"
    # PyTorch's explanation and hints, less the object it names (a bound method's repr) and its advice to itself
    told = [re.sub(r"\s*Found in <.*$", "", part.split(":", 1)[1].strip()) for part in lines[1:]
            if part.startswith(("Explanation:", "Hint:")) and "open an issue" not in part and "debug context" not in part]
    return InputError(
        f"{text} runs torch's {loop}{f' at {line}' if line else ''}, and PyTorch refuses the functions handed to it "
        f"(its loop ops compile them first): {headline}{'. ' + ' '.join(told) if told else ''}",
        text=line or text,
    )


def _loop_op(tb):
    """The name of the PyTorch loop op (``while_loop``, ``scan``) a traceback passes through, or None."""
    while tb is not None:
        path = tb.tb_frame.f_code.co_filename
        if "_higher_order_ops" in path and os.path.basename(path) in _LOOP_MODULES:
            return _LOOP_MODULES[os.path.basename(path)]
        tb = tb.tb_next
    return None


def _numbers_of(leaves):
    """The float64 numbers of a point's float leaves, as a key: one point's exact run and its note meet by them."""
    return tuple(np.asarray(raw(leaf), dtype=object).astype(np.float64).tobytes()
                 for leaf in leaves if _is_float_leaf(leaf))


def _times(counts, conds=frozenset()):
    """A note's trip counts in words: "once, 3 times", a cond's (its place in ``conds``) as its branch taken."""
    return ", ".join(f"its {'true' if count else 'false'} branch" if place in conds else "once" if count == 1
                     else f"{count} times" for place, count in enumerate(counts))


