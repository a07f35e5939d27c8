"""A captured jaxpr as a flat program of gradcli operations, each on the user's line, and its replay.

`compile_jaxpr` walks a ``ClosedJaxpr`` once, as JAX's own ``eval_jaxpr``
would, inlining nested calls (``jit``, ``closed_call``, ``remat``,
``custom_jvp_call``, ``custom_vjp_call``: their primal computation), and
returns a `Program`: one `Step` per primitive, its rule from
`jax_ops.PRIMITIVES`, the user's ``file:line`` JAX recorded for it, and, in a
backward graph, the user's own gradient rule it belongs to. `Program.run`
replays it on any numbers gradcli's operations take, each step under
`bridge.replayed_at`. A primitive without a rule is an `InputError` naming it
and the line, at capture: never a silent stand-in.

JAX records, for the operations a ``custom_vjp`` rule's ``bwd`` computes, the
line of the forward call, not of the rule; `rule_frames_kept` keeps the real
stack for them while a backward graph is captured, so a wrong rule is
reported at its own lines.
"""

from __future__ import annotations

import importlib
import os
import sys
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from operator import itemgetter

import numpy as np

from ..autodiff.custom import stop_of_a_form
from ..autodiff.ops import astype, multiply
from ..autodiff.tracer import hooks
from ..autodiff.values import raw
from ..errors import InputError
from ..folders import in_installed_package, installed_package_file
from .bridge import on_its_line, replayed_at
from .exact_constants import (kept_with_sightings, kind_of, lifted, note_seen, precision, reusable, standing_for, standing_in,
                              window_decimal)
from .flushing import XLA_CPU_CODE, FlushedToRecorder, flushed
from .inner_derivatives import exact_zero_products
from .jax_cache import compiled
from .jax_loops import LOOPS, Solver, counters, fixed_iteration, reads_its_count, solver_loop
from .jax_modes import PRNG_PRIMITIVES
from .jax_ops import ELEMENTWISE, LIBRARY_CALLS, LIBRARY_JITS, PRIMITIVES
from .jax_sums import ACCUMULATION, name_accumulations
from .lines import GRADCLI_FOLDER, STDLIB_FOLDER, def_line, handed_numbers, numbers_on_line, package_folder, written_call

# Primitives whose sub-jaxpr is the computation itself (custom derivatives: the primal, never the rule).
_INLINED = {
    "jit": "jaxpr",
    "pjit": "jaxpr",
    "closed_call": "call_jaxpr",
    "core_call": "call_jaxpr",
    "remat": "jaxpr",
    "remat2": "jaxpr",
    "checkpoint": "jaxpr",
    "custom_jvp_call": "call_jaxpr",
    "custom_vjp_call": "call_jaxpr",
    "custom_vjp_call_jaxpr": "fun_jaxpr",
}
# Running folds JAX computes as a parallel prefix scan of pairwise ops (`_scan_of`), not as one kernel.
_SCANNED = ("cumprod", "cummax", "cummin", "cumlogsumexp")
# JAX's PRNG: keys, and the bits and numbers drawn from them, are data (no variable reaches them): JAX computes
# them (`_drawn_by_jax`), bit for bit its own, and the replay takes them as given.
_DRAWS = PRNG_PRIMITIVES
# The user's rules a custom derivative carries (a custom_vjp's fwd only saves residuals: its primal is judged as such).
_RULE_PARAMS = {"custom_vjp_call": ("bwd",), "custom_vjp_call_jaxpr": ("bwd",), "custom_jvp_call": ("jvp_jaxpr_fun", "jvp_jaxpr_thunk")}
# The user's solver a linear solve's backward pass runs: JAX transposes ``custom_linear_solve`` into the same primitive
# whose solve is the user's ``transpose_solve`` (``solve`` itself where ``symmetric=True``), by its field of ``jaxprs``.
_SOLVER_RULES = {"custom_linear_solve": (("transpose_solve", "jax.lax.custom_linear_solve"),)}
# JAX's function that calls the user's ``tangent_solve`` of a ``lax.custom_root`` (its derivative by the implicit
# function theorem): the rule JAX's ``_root_jvp`` runs holds that solve only as a jaxpr, whose equations keep the
# user's frame with this caller above it. (file under JAX's folder, function) -> what the user's function is.
_TANGENT_SOLVE_CALLERS = {(os.path.join("_src", "lax", "control_flow", "solves.py"), "linearize_and_solve"):
                          "the tangent_solve of jax.lax.custom_root"}

# JAX's own additions in a backward pass (the cotangents of a value's several uses, `add_any`), which no operator of
# the user's line writes: named as what they are (`replayed_at`'s ``by_the_pass``), with the value and its uses where
# the graph tells them (`jax_sums.name_accumulations`).
_BY_THE_PASS = {ACCUMULATION: ("accumulation", "the gradient accumulation of a value's uses")}


class _Literal:
    """A constant operand of a step (a literal of the jaxpr, or one of its constants).

    ``users`` says whether the user's own code wrote it, where the equation that
    handed it to a nested call decided that (the call's own equations are JAX's:
    ``jnp.clip(x, 0.1)``'s 0.1 is the user's); None: the step reading it decides.
    """

    __slots__ = ("value", "users")

    def __init__(self, value, users=None):
        self.value = value
        self.users = users


@dataclass
class Step:
    """One primitive of a captured graph: its replay rule, operands, results and place in the user's code."""

    name: str
    rule: object
    params: dict
    inputs: tuple  # variable numbers, or `_Literal`s
    outputs: tuple  # variable numbers (None: a result nobody reads)
    multiple: bool
    location: str
    user_rule: tuple = None  # ("bwd() of f", "model.py:20") for an operation of the user's own gradient rule
    narrow: object = None  # the result's dtype where it is narrower than float64: a result of literals alone is cast to it
    users_constants: tuple = ()  # positions of the float constants among ``inputs`` the user's own code wrote (`_written_by_user`)
    programs: tuple = ()  # the sub-programs the rule runs (a cond's branches, a loop's body), which hold constants too
    remade: object = None  # programs -> the rule running those in place of ``programs`` (a held copy of them)
    library: str = None  # "jax.scipy.special.spence, jax/_src/scipy/special.py:3078": the library code that wrote it
    meant: tuple = ()  # (position, (name, scale)): a library's float constant among ``inputs`` standing for a constant (`_meant`)
    own: object = None  # a library call replayed as gradcli's function: JAX's own, operands -> results (`_run_by_jax`)
    backward: bool = False  # an equation JAX's transposition wrote: a rule of the backward pass
    by_the_pass: tuple = None  # (kind, words) of an add the backward pass makes itself (`jax_sums.name_accumulations`)
    spelled: str = None  # the operation as JAX names it: "jax.nn.softplus (exp)", "** (integer_pow)" (`_spelling`)


@dataclass
class Program:
    """A captured jaxpr, flat: its inputs, its steps and its outputs (variable numbers or `_Literal`s)."""

    inputs: list
    steps: list = field(default_factory=list)
    outputs: list = field(default_factory=list)
    plan: object = field(default=None, init=False, repr=False, compare=False)  # `_Plan`, made at the first run
    # a function's own value, whose backward steps are a derivative it takes of itself (``jax.grad`` inside it): their
    # products an exact replay takes with the chain rule's exact zeros (`inner_derivatives`)
    value: bool = field(default=False, compare=False)
    held: dict = field(default_factory=dict, init=False, repr=False, compare=False)  # `held_in`'s answers, made once
    solvers: list = field(default_factory=list, init=False, repr=False, compare=False)  # `_Compiler.solvers`
    # {line: (the custom call's line, its rule in words)}: the lines run only inside a custom primal (`compile_jaxpr`)
    custom_calls: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def held_in(self, dtype, arrays, written=None):
        """``(program, changes)``: this program with each float constant the user's own code wrote as ``dtype``
        holds it, and ``{written: held}`` for those that change (the program itself where none does).

        ``arrays`` says whether array constants are held too (JAX without x64 holds
        every constant in float32; with x64 a float64 array stays float64). With
        ``written`` (a forward graph's changes), only those numbers are held: a
        backward graph's constants on the user's lines are also its derivatives'
        (the 2 of ``d x**2``), the rules' mathematics, which stay as written.
        """
        key = (np.dtype(dtype).name, arrays, None if written is None else tuple(sorted(written.items())))
        if key not in self.held:
            self.held[key] = _held_program(self, np.dtype(dtype), arrays, written)
        return self.held[key]

    def draws(self):
        """The steps JAX's PRNG computes (`_drawn_by_jax`), in order."""
        return [step for step in self.steps if getattr(step.rule, "drawn", False)]

    def with_draws_of(self, other):
        """This program drawing its random numbers as ``other`` (the same function traced in another mode: JAX's
        float32 program draws other numbers than its x64 one from the same key), step for step."""
        key = ("draws", id(other))
        if key not in self.held:
            mine, theirs = self.draws(), other.draws()
            if len(mine) != len(theirs) or any(
                a.name != b.name or a.params["_out"] != b.params["_out"] for a, b in zip(mine, theirs)
            ):
                where = mine[0].location if mine else "?"
                raise InputError(
                    f"{where}: JAX draws its random numbers differently in float64 (x64) and in the narrower dtype, "
                    "and gradcli cannot pair the two programs' draws; check this function in float64",
                    text=where,
                )
            rules = {id(a): b.rule for a, b in zip(mine, theirs)}
            steps = [replace(step, rule=rules[id(step)]) if id(step) in rules else step for step in self.steps]
            self.held[key] = (Program(self.inputs, steps, self.outputs, value=self.value), other)  # other kept: its id stays its own
        return self.held[key][0]

    def run(self, args):
        """The outputs of the graph at ``args`` (flat leaves), every step replayed with gradcli's operations.

        While the checker records a run, each step runs under its user's line
        (`replayed_at`), and its float32 and float64 results are flushed as
        XLA flushes them (`flushed`), so the replay in the dtype meets the
        zeros JAX's own run met; otherwise nobody reads it, and the steps run
        bare, on the plan's slots (a replay's cost is mostly its steps' calls), a
        hook that says it reads no places (``reads_locations = False``) included.
        """
        plan = self.plan if self.plan is not None else self._planned()
        if hooks.forward is not None and getattr(hooks.forward, "reads_locations", True):
            return self._located(plan, args)
        env = plan.start(args)
        for slot, value in zip(plan.inputs, args):
            env[slot] = value
        for call, how, fetch, params, out, narrow in plan.steps:
            if how == _BARE_ONE:
                value = call(fetch(env))
            elif how == _BARE_MANY:
                value = call(*fetch(env))
            else:
                value = _called(call, how, fetch, params, env)
            if type(out) is int:
                env[out] = value if narrow is None else _narrowed(value, narrow)
            else:
                for slot, one in zip(out, value):
                    env[slot] = one
        return [env[slot] for slot in plan.outputs]

    def _located(self, plan, args):
        """`run` while the checker records: each step on its user's line, each result flushed as XLA flushes it.

        The recorder is shown each operation's result flushed too (`FlushedToRecorder`),
        and the replay goes on with the very object it was shown: the operation
        whose result XLA flushes to 0 is then the one provenance names.
        """
        env = plan.start(args)
        for slot, value in zip(plan.inputs, args):
            env[slot] = flushed(value)
        with FlushedToRecorder(f"{XLA_CPU_CODE} does") as shown:
            for (call, how, fetch, params, out, narrow), step in zip(plan.steps, self.steps):
                own = None if step.own is None or fetch is None else OwnCall(
                    step.own, fetch(env) if how in (_MANY, _BARE_MANY) else (fetch(env),), step.name)
                by_the_pass = step.by_the_pass or _BY_THE_PASS.get(step.name)  # its words name it, no spelling
                carrying = own is not None and type(out) is int and shown.wants_own_values()
                with replayed_at(step.location, step.user_rule, step.library, own, by_the_pass,
                                 None if by_the_pass else step.spelled):
                    if carrying:
                        shown.hold_last()
                    value = _called(call, how, fetch, params, env)
                    if type(out) is int and narrow is not None:
                        value = _narrowed(value, narrow)
                    if carrying:  # the replay in the dtype goes on with JAX's own numbers, as JAX's run does
                        value = shown.carried(value, own.in_place_of(raw(value)))
                if type(out) is int:
                    env[out] = shown.flushed(value)
                    results = (env[out],)
                else:
                    for slot, one in zip(out, value):
                        env[slot] = shown.flushed(one)
                    results = tuple(env[slot] for slot in out)
                if own is not None:
                    own.results = results
                shown.forget()
        return [env[slot] for slot in plan.outputs]

    def _planned(self):
        """The steps as `_Plan` rows: variables and literals numbered as slots of one list, each call's arguments
        fetched from it at once; a rule that only calls an operation (``exp``) is that operation."""
        slots, template = {}, []
        literal, exact = set(), set()  # literal slots; literals to lift
        meant = {}  # literal slot -> the constant it stands for in an exact replay (`Step.meant`)

        def slot(item):
            if type(item) is _Literal:
                template.append(item.value)
                literal.add(len(template) - 1)
                return len(template) - 1
            if item not in slots:
                slots[item] = len(template)
                template.append(None)
            return slots[item]

        inputs = [slot(v) for v in self.inputs]
        rows = []
        for step in self.steps:
            ins = [slot(a) for a in step.inputs]
            meant.update((ins[position], meaning) for position, meaning in step.meant)
            out = tuple(slot(v) for v in step.outputs) if step.multiple else slot(step.outputs[0])
            # Every literal is an exact number in the exact replay, not only those an op on literals alone reads: a
            # pick (sort, concatenate, select_n, gather, a slice) carries a literal into the replay's values as it
            # is, and an op on the picked float alone would compute in float64.
            if not getattr(step.rule, "drawn", False):  # JAX draws on the literals as its program holds them
                exact.update(literal.intersection(ins))
            rule = on_its_line(step.rule, step.location, step.user_rule) if step.name == "stop_gradient" else step.rule
            bare = getattr(rule, "bare", None)
            if self.value and step.backward and step.name in _PRODUCTS:
                rule, bare = _with_exact_zeros(rule, _PRODUCTS[step.name]), None
            fetch = itemgetter(*ins) if ins else None
            if bare is not None and ins:
                rows.append((bare, _BARE_ONE if len(ins) == 1 else _BARE_MANY, fetch, None, out, step.narrow))
            else:
                how = _ONE if len(ins) == 1 else _MANY if ins else _NONE
                rows.append((rule, how, fetch, step.params, out, step.narrow))
        self.plan = _Plan(template, inputs, rows, [slot(a) for a in self.outputs], tuple(sorted(exact)), meant)
        return self.plan


_BARE_ONE, _BARE_MANY, _ONE, _MANY, _NONE = range(5)  # how a plan's row calls its rule

_PRODUCTS = {"mul": False, "div": True}  # a derivative's products and quotients: divide?


def _with_exact_zeros(rule, divide):
    """``rule`` (params, a, b) of a product or quotient the value's own derivative takes, with the chain rule's exact
    zeros in an exact replay (`inner_derivatives.exact_zero_products`)."""
    return lambda params, a, b: exact_zero_products(lambda x, y: rule(params, x, y), divide)(a, b)


@contextmanager
def flushed_as_xla():
    """Inside it a `Program.run` outside every recording flushes each step's subnormal results to 0 as XLA's CPU code
    does (a run flushes where a hook reads its steps), so a float replay's zeros are those JAX's own program meets."""
    if hooks.forward is not None:  # a recording (flushed already) or a watch that reads no steps: theirs to decide
        yield
        return
    hooks.forward = _reading_nothing
    try:
        yield
    finally:
        hooks.forward = None


def _reading_nothing(prim, args, kwargs, ans):
    """The hook `flushed_as_xla` installs: it records nothing."""


def _held_program(program, dtype, arrays, written):
    """`Program.held_in`'s answer, made: a branch's or a loop body's constants are held as the steps' own are."""
    changes, steps = {}, []
    for step in program.steps:
        if step.programs:
            held = [sub.held_in(dtype, arrays, written) for sub in step.programs]
            for _, changed in held:
                changes.update(changed)
            if any(sub is not old for (sub, _), old in zip(held, step.programs)):
                subs = tuple(sub for sub, _ in held)
                step = replace(step, rule=step.remade(subs), programs=subs)
        inputs = list(step.inputs)
        for position in step.users_constants:
            value = inputs[position].value
            if np.ndim(value) and not arrays:
                continue
            held = np.asarray(value, dtype=dtype).astype(np.float64)
            keep = [a != b and (written is None or float(a) in written) for a, b in zip(np.ravel(value), np.ravel(held))]
            if not any(keep):
                continue
            held = np.where(np.reshape(keep, np.shape(value)), held, value)
            changes.update((float(a), float(b)) for a, b, k in zip(np.ravel(value), np.ravel(held), keep) if k)
            inputs[position] = _Literal(float(held) if np.ndim(value) == 0 and type(value) is float else held)
        steps.append(step if inputs == list(step.inputs) else replace(step, inputs=tuple(inputs)))
    if not changes:
        return program, {}
    made = Program(program.inputs, steps, program.outputs, value=program.value)
    return made, changes


@dataclass
class _Plan:
    """A `Program` as the replay runs it: a template of slots (literals filled in), and one row per step."""

    template: list
    inputs: list
    steps: list  # (rule or bare operation, how it is called, fetch of its arguments, params, output slot(s), narrow)
    outputs: list
    exact: tuple = ()  # the float literal slots: exact numbers in an exact replay (JAX's draws read theirs as floats)
    meant: dict = field(default_factory=dict)  # literal slot -> (name, scale): a library's constant, exact as such
    # (kind, bits) -> (the template with those literals exact in it, whether one stands for a constant)
    lifted: dict = field(default_factory=dict)

    def start(self, args):
        """The slots a run starts from: the literals, lifted to exact numbers where ``args`` are exact (`exact_constants`),
        and a library's rounded constants (`Step.meant`) as the constants themselves at the replay's precision."""
        kind = kind_of(args) if self.exact or self.meant else None
        if kind is None:
            return self.template.copy()
        if not reusable(kind):
            return self._exact(args, kind)
        key = (kind, precision(kind) if self.meant else None)  # a constant differs per precision, a lifted float not
        if key not in self.lifted:
            if len(self.lifted) >= 4:  # bounded: a reference raising its precision leaves the lower ones behind
                self.lifted.clear()
            self.lifted[key] = kept_with_sightings(lambda: self._exact(args, kind))
        else:
            note_seen(self.lifted[key][1])
        return self.lifted[key][0].copy()

    def _exact(self, args, kind):
        template = lifted(self.template, self.exact, kind)
        for slot, meaning in self.meant.items():
            template[slot] = standing_in(meaning, args)
        return template


def _called(call, how, fetch, params, env):
    """A plan's row called on its arguments from ``env`` (`Program.run` calls the bare operations itself)."""
    if how == _BARE_ONE:
        return call(fetch(env))
    if how == _BARE_MANY:
        return call(*fetch(env))
    if how == _ONE:
        return call(params, fetch(env))
    if how == _MANY:
        return call(params, *fetch(env))
    return call(params)


@dataclass
class RuleSites:
    """The user's own gradient rules met in a forward graph: ``(file, first line) -> (label, "file:line")``."""

    sites: dict = field(default_factory=dict)

    def add(self, eqn, made_by=None):
        """Record ``eqn``'s rules; ``made_by`` (variable -> equation of its jaxpr) tells a traced value JAX held
        constant for its ``nondiff_argnums``, which the rule's label then says."""
        primal = _debug_site(getattr(eqn.params.get("call_jaxpr") or eqn.params.get("fun_jaxpr"), "jaxpr", None))
        for key in _RULE_PARAMS.get(eqn.primitive.name, ()):
            site = _debug_site(eqn.params.get(key))
            if site is None:
                continue
            sites = [(*site, None)] if _users_file(site[1]) else _per_argument_rules(eqn.params.get(key), site)
            arguments = getattr(getattr(eqn.params.get("call_jaxpr"), "jaxpr", None), "debug_info", None)
            arguments = getattr(arguments, "arg_names", None) or ()
            for name, path, line, k in sites:  # none for a rule of JAX's own (jax.nn.softplus): judged without a name
                of = f" of {primal[0]}" if primal else ""
                if k is not None:  # one of defjvps' rules, each the slope in one argument
                    of += f" (its slope in {arguments[k] if k < len(arguments) else f'argument {k}'})"
                if _nondiff_held(eqn, made_by or {}):
                    of += (" (a traced value in its nondiff_argnums, which JAX holds constant: pass it as an ordinary "
                           "argument to differentiate it)")
                self.sites[(path, line)] = (f"{name}(){of}", f"{path}:{def_line(path, line)}")
        jaxprs = eqn.params.get("jaxprs") if eqn.primitive.name in _SOLVER_RULES else None
        for field_name, call in _SOLVER_RULES.get(eqn.primitive.name, ()):
            site = _debug_site(getattr(getattr(jaxprs, field_name, None), "jaxpr", None))
            if site is not None and _users_file(site[1]):  # jnp.linalg.solve's own solves are JAX's rules
                name, path, line = site
                self.sites[(path, line)] = (f"{name}(), the {field_name} of {call}", f"{path}:{def_line(path, line)}")

    def of_frames(self, codes):
        """The user rule a stack (code objects, innermost first) runs in, or None."""
        for code in codes:
            found = self.sites.get((code.co_filename, code.co_firstlineno))
            if found:
                return found
        return _tangent_solve(codes)


# JAX's own jvp that ``custom_jvp.defjvps`` makes of the user's rules, one per argument, which it calls in turn.
_DEFJVPS = ("jax/_src/custom_derivatives.py", "custom_jvp.defjvps.<locals>.jvp")


def _per_argument_rules(rule, site):
    """``[(name, file, line, argument index)]`` of the user's rules, one per argument, that JAX's jvp made by
    ``custom_jvp.defjvps`` calls (``rule``: the equation's jvp, which JAX traced from that jvp at ``site``); [] for
    any other rule of JAX's. They live in that jvp's closure, reached through the wrappers JAX's tracing puts around
    it."""
    if site[0] != "jvp" or not site[1].replace(os.sep, "/").endswith(_DEFJVPS[0]):
        return []
    pending, seen = [(rule, 0)], set()
    while pending:
        found, depth = pending.pop()
        if id(found) in seen or depth > 8:
            continue
        seen.add(id(found))
        if isinstance(found, (list, tuple)):
            pending.extend((one, depth + 1) for one in found)
        elif isinstance(found, partial):
            pending.extend((one, depth + 1) for one in (found.func, *found.args))
        elif hasattr(found, "f") and hasattr(found, "transforms"):  # JAX's WrappedFun
            pending.extend([(found.f, depth + 1), (found.transforms, depth + 1)])
        elif callable(found) and hasattr(found, "__code__"):
            cells = [cell.cell_contents for cell in found.__closure__ or () if _filled(cell)]
            if found.__qualname__ == _DEFJVPS[1]:
                rules = next((c for c in cells if isinstance(c, (list, tuple))), ())
                return [(f.__name__, f.__code__.co_filename, f.__code__.co_firstlineno, k) for k, f in enumerate(rules)
                        if callable(f) and hasattr(f, "__code__") and _users_file(f.__code__.co_filename)]
            pending.extend((cell, depth + 1) for cell in cells)
    return []


def _filled(cell):
    """Whether a closure's cell holds a value yet."""
    try:
        cell.cell_contents
    except ValueError:
        return False
    return True


def _tangent_solve(codes):
    """``(label, "file:line")`` of the user's function a stack runs in that JAX called as a custom root's tangent solve
    (`_TANGENT_SOLVE_CALLERS`, the frame above it), or None."""
    for code, caller in zip(codes, codes[1:]):
        what = _TANGENT_SOLVE_CALLERS.get((_in_jax(caller.co_filename), caller.co_name))
        if what is not None and _users_file(code.co_filename):
            path = code.co_filename
            return f"{code.co_name}(), {what}", f"{path}:{def_line(path, code.co_firstlineno)}"
    return None


@lru_cache(maxsize=None)  # asked for each frame of each equation of a backward graph; a program's frames share a few files
def _in_jax(path):
    """``path`` relative to JAX's own folder, or None for a file outside it."""
    path = os.path.abspath(path)
    return path[len(_jax_directory()):] if path.startswith(_jax_directory()) else None


def _debug_site(thing):
    """``(name, file, line)`` of the function JAX traced ``thing`` from (its debug info), or None."""
    info = getattr(thing, "debug_info", None)
    text = getattr(info, "func_src_info", None)
    if not text or " at " not in text:
        return None
    name, _, where = text.rpartition(" at ")
    path, _, line = where.rpartition(":")
    if not line.isdigit():
        return None
    return name, path, int(line)


def _users_file(path):
    from jax._src import source_info_util  # lazy: JAX is loaded only for a JAX target

    return source_info_util.is_user_filename(path) and not os.path.abspath(path).startswith(GRADCLI_FOLDER)


@contextmanager
def rule_frames_kept(rules):
    """While a backward graph is traced, operations made inside a user's rule keep the real stack as their source."""
    from jax._src import source_info_util  # lazy: JAX is loaded only for a JAX target

    if not rules.sites:
        yield
        return
    original = source_info_util.current
    codes = set(rules.sites)

    def current():
        info = original()
        frame = sys._getframe(1)
        while frame is not None:
            code = frame.f_code
            if (code.co_filename, code.co_firstlineno) in codes:
                return info.replace(traceback=source_info_util.xla_client.Traceback.get_traceback())
            frame = frame.f_back
        return info

    source_info_util.current = current
    try:
        yield
    finally:
        source_info_util.current = original


@contextmanager
def library_inlines():
    """While a function is traced, a record of the constants JAX's libraries' jitted functions wrote where JAX
    inlined them at a call: ``{id(traceback): (traceback, {float values})}`` (filled as the trace goes).

    JAX inlines such a function (``jnp.deg2rad``, ``jnp.log10``) into the caller's
    graph with the caller's traceback alone, so its ``pi/180`` looks written on
    the user's line; the record tells it apart from the user's own numbers.
    """
    from jax._src.interpreters import partial_eval  # lazy: JAX is loaded only for a JAX target

    record = {}
    original = getattr(partial_eval, "inline_jaxpr_into_trace", None)
    if original is None:  # a JAX without that door: every constant on the user's line stays the user's
        yield record
        return

    def inline(trace, source, jaxpr, consts, *args):
        site = _debug_site(jaxpr)
        if site is not None and not _users_file(site[1]):
            values = record.setdefault(id(source.traceback), (source.traceback, set()))[1]
            values.update(float(v) for e in jaxpr.eqns for a in e.invars if type(a).__name__ == "Literal"
                          for v in np.ravel(a.val) if np.asarray(v).dtype.kind == "f")
            values.update(float(v) for c in consts if np.asarray(c).dtype.kind == "f" for v in np.ravel(c))
        return original(trace, source, jaxpr, consts, *args)

    partial_eval.inline_jaxpr_into_trace = inline
    try:
        yield record
    finally:
        partial_eval.inline_jaxpr_into_trace = original


# JAX's library functions that are no call of their own in a jaxpr, by module and name: made a jitted call
# (named as in `jax_ops.LIBRARY_JITS`) while the forward graph is traced, so the walker replays the mathematics.
_NAMED_WHILE_TRACED = (("jax._src.scipy.special", "_spence"), ("jax._src.scipy.special", "_betaln_impl"))


@contextmanager
def library_functions_named():
    """While the forward graph is traced in this thread, each function of `_NAMED_WHILE_TRACED` a ``jax.jit`` of
    itself: one ``jit`` equation of its name in the jaxpr, the same steps inside.

    JAX's ``spence`` computes inline (``jnp.piecewise`` of Cephes' approximations),
    and so does ``betaln`` (a where between lgamma sums and a series), so nothing
    in the jaxpr says where they start and end; a jit changes no number and gives
    each that border. Other threads (XLA's compile of JAX's own program)
    call the function as it is.
    """
    import jax  # lazy: JAX is loaded only for a JAX target

    tracing = threading.get_ident()
    originals = []
    for module_name, name in _NAMED_WHILE_TRACED:
        module = importlib.import_module(module_name)
        original = getattr(module, name, None)
        if original is None:  # a JAX without it: its steps are replayed as they are
            continue
        jitted = jax.jit(original)

        def named(*args, _original=original, _jitted=jitted, **kwargs):
            chosen = _jitted if threading.get_ident() == tracing else _original
            return chosen(*args, **kwargs)

        originals.append((module, name, original))
        setattr(module, name, named)
    try:
        yield
    finally:
        for module, name, original in originals:
            setattr(module, name, original)


@contextmanager
def users_arrays():
    """While a function is traced, a record of the constant arrays the user's own code made with ``jnp.array`` or
    ``jnp.asarray`` (of a list of numbers, of a NumPy array): a set of `constant_key`s, filled as the trace goes.

    Such an array is a constant of the graph whatever code reads it: handed to a
    library function (``multivariate_normal.logpdf(x, mean, cov)``), it is read on
    JAX's lines, yet its numbers are the user's, which a float32 program holds in float32.
    """
    import jax.numpy as jnp  # lazy: JAX is loaded only for a JAX target

    record = set()
    originals = {name: getattr(jnp, name) for name in ("array", "asarray")}

    def recording(original):
        def made(*args, **kwargs):
            out = original(*args, **kwargs)
            constant = getattr(out, "get_const", lambda: None)()  # a tracer of a constant: the graph's constant
            if constant is not None and _users_file(sys._getframe(1).f_code.co_filename):
                record.add(constant_key(constant))
            return out

        return made

    for name, original in originals.items():
        setattr(jnp, name, recording(original))
    try:
        yield record
    finally:
        for name, original in originals.items():
            setattr(jnp, name, original)


def constant_key(value):
    """A constant array by its numbers, so that a trace that made it and a later trace reading it agree."""
    value = np.asarray(value)
    return (value.dtype.str, value.shape, value.tobytes())


def collect_rules(closed):
    """The user's gradient rules (`RuleSites`) a captured forward graph calls, however deeply nested."""
    rules = RuleSites()
    made_by = {var: eqn for eqn in every_equation(closed) for var in eqn.outvars}
    for eqn in every_equation(closed):
        if eqn.primitive.name in _RULE_PARAMS or eqn.primitive.name in _SOLVER_RULES:
            rules.add(eqn, made_by)
    return rules


def _nondiff_held(eqn, made_by):
    """Whether a ``custom_jvp`` call's leading operands (the values its rule closed over, ``num_consts``) include a
    ``stop_gradient`` JAX made, not the user: a traced value given to its ``nondiff_argnums``, which JAX holds
    constant in every derivative."""
    if eqn.primitive.name != "custom_jvp_call":
        return False
    operands = eqn.invars[:eqn.params.get("num_consts") or 0]
    return any(getattr(made_by.get(var), "primitive", None) is not None and made_by[var].primitive.name == "stop_gradient"
               and not _stopped_by_the_user(made_by[var]) for var in operands)


def rules_closing_over_the_trace(closed):
    """The custom-derivative equations of ``closed`` whose rule closed over a value of the trace that made it.

    JAX hands such a call its closed-over values as leading operands
    (``num_consts``): a ``custom_jvp``'s ``nondiff_argnums`` given a traced
    value, or a rule defined inside the traced function reading one of its
    values. The rule's Python still holds that trace's value, so only a trace
    of the user's Python can differentiate the call again.
    """
    return [eqn for eqn in every_equation(closed) if eqn.primitive.name in _RULE_PARAMS and eqn.params.get("num_consts")]


def holds_an_ended_trace(closed, arguments):
    """Whether ``closed`` (the closed jaxpr of a program JAX traced for ``arguments`` flat arguments) holds a value
    of a trace that had ended when it was traced: a constant that is a tracer (in a nested call's jaxpr too), or
    inputs beyond its arguments (JAX makes such a tracer met at the top an input). JAX can neither lower nor run
    that program: a custom rule staged out with a traced value (`rules_closing_over_the_trace`) made it."""
    from jax.core import Tracer  # lazy: JAX is loaded only for a JAX target

    if len(closed.jaxpr.invars) != arguments:
        return True
    consts = list(closed.consts)
    for eqn in every_equation(closed):
        for value in eqn.params.values():
            for sub in value if isinstance(value, (tuple, list)) else (value,):
                if hasattr(sub, "jaxpr") and hasattr(sub, "consts"):
                    consts.extend(sub.consts)
    return any(isinstance(const, Tracer) for const in consts)


def rule_call_named(eqn):
    """``custom_jvp function `name``` (or custom_vjp) of a custom-derivative equation, for a message."""
    kind = "custom_vjp" if "vjp" in eqn.primitive.name else "custom_jvp"
    site = _debug_site(getattr(eqn.params.get("call_jaxpr") or eqn.params.get("fun_jaxpr"), "jaxpr", None))
    return f"{kind} function `{site[0]}`" if site else f"{kind} function"


# JAX's functions whose derivative is a rule the user hands them, and what that rule is: (file under JAX's folder,
# function) -> its words.
_RULES_HANDED = {(os.path.join("_src", "lax", "control_flow", "solves.py"), "custom_root"):
                 "the tangent_solve of jax.lax.custom_root"}


def _custom_rule_words(eqn):
    """The rule of a custom-derivative equation in words: the rule the user handed the JAX function that made it
    (`_rule_handed`), else the rule of the user's custom function (`rule_call_named`)."""
    return _rule_handed(eqn) or f"the rule of the {rule_call_named(eqn)}"


def _rule_handed(eqn):
    """The words of `_RULES_HANDED` for a custom-derivative equation a JAX function made of a rule the user handed it
    (``lax.custom_root``'s tangent_solve), else None."""
    for code in frames_of(eqn)[0]:
        words = _RULES_HANDED.get((_in_jax(code.co_filename), code.co_name))
        if words is not None:
            return words
    return None


def every_equation(closed):
    """Each equation of ``closed`` (a ``ClosedJaxpr``), those of its nested jaxprs (calls, loops, branches) included."""
    stack = [closed.jaxpr]
    while stack:
        jaxpr = stack.pop()
        for eqn in jaxpr.eqns:
            yield eqn
            for value in eqn.params.values():
                for sub in value if isinstance(value, (tuple, list)) else (value,):
                    inner = getattr(sub, "jaxpr", None)
                    if inner is not None and hasattr(inner, "eqns"):
                        stack.append(inner)
                    elif hasattr(sub, "eqns"):
                        stack.append(sub)


def user_line(eqn):
    """``file:line`` of the innermost line in the user's code that made ``eqn``, or None."""
    codes, lines = frames_of(eqn)
    for code, lasti in zip(codes, lines):
        if _users_file(code.co_filename):
            return f"{code.co_filename}:{_line_of(code, lasti)}"
    return None


def frames_of(eqn):
    """``(codes, byte offsets)`` of the frames JAX kept for ``eqn``, innermost first; empty where it kept none or
    its traceback cannot be read (a JAX whose traceback lacks ``raw_frames``, a private API): then nothing is named
    from them, and nothing fails."""
    traceback = eqn.source_info.traceback
    read = getattr(traceback, "raw_frames", None) if traceback else None
    try:
        codes, lasti = read() if read is not None else ([], [])
    except Exception:  # noqa: BLE001 - another JAX's traceback: no frames, as for an equation JAX kept none of
        return [], []
    return list(codes), list(lasti)


def _line_of(code, lasti):
    """The line of ``code`` at the byte offset ``lasti``: JAX's own reading where it has one, else Python's table."""
    from jax._src import source_info_util  # lazy: JAX is loaded only for a JAX target

    to_frame = getattr(source_info_util, "raw_frame_to_frame", None)
    if to_frame is not None:
        try:
            return to_frame(code, lasti).start_line
        except Exception:  # noqa: BLE001 - another JAX's helper: Python's own line table below
            pass
    positions = list(code.co_positions())
    line = positions[lasti // 2][0] if 0 <= lasti // 2 < len(positions) else None
    return line if line is not None else code.co_firstlineno


def library_site(eqn, outer=None):
    """Where a library the user called wrote ``eqn``: "jax.scipy.special.spence, jax/_src/scipy/special.py:3078"
    (the function the user's line called, then the innermost line of library code), or None for an operation
    the user's own line wrote (``jnp.log(x)``: ``jax.numpy`` and ``lax`` are the operations themselves).

    Library code is JAX's libraries (``scipy``, ``nn``; not its operators, `_jax_machinery`) or an installed
    package's. An equation inside a jitted library function keeps only the frames below the jit: the function
    the user called is then ``outer``'s (the site of the equation that call is), and so is the line where the
    equation's frames hold no library code.
    """
    codes, lasti = frames_of(eqn)
    library = [k for k, code in enumerate(codes) if _library_file(code.co_filename)]
    user = next((k for k, code in enumerate(codes) if _users_file(code.co_filename) and not _library_file(code.co_filename)), None)
    called = [k for k in library if user is None or k < user]
    if not called:
        return outer if user is None else None
    line = f"{_shown_path(codes[called[0]].co_filename)}:{_line_of(codes[called[0]], lasti[called[0]])}"
    if user is None and outer is not None:
        return f"{outer.rpartition(', ')[0]}, {line}"
    return f"{_public_name(codes[called[-1]])}, {line}"


def numpy_function_site(eqn):
    """"jax.numpy.hypot, jax/_src/numpy/ufuncs.py:2100" for an equation of the body of a jitted jax.numpy function
    (its frames start below the jit: none is the user's), a step of that function the user's line never wrote
    (jnp.hypot's max^-2 in its derivative), else None. jax.numpy's operations themselves (``jnp.exp``, ``x * y``)
    are the user's line's own: their equations carry the user's frame."""
    codes, lasti = frames_of(eqn)
    if not codes or any(_users_file(code.co_filename) for code in codes):
        return None
    inside = [k for k, code in enumerate(codes) if _in_jax_numpy(code.co_filename)]
    if not inside or codes[inside[-1]].co_name.startswith("_"):
        return None
    code = codes[inside[-1]]  # the outermost: the function the user's line called
    return f"{_public_name(code)}, {_shown_path(code.co_filename)}:{_line_of(code, lasti[inside[-1]])}"


@lru_cache(maxsize=None)  # asked for each frame of each equation; a program's frames share a few files
def _in_jax_numpy(path):
    """Whether ``path`` is a file of jax.numpy's implementation (``jax/_src/numpy``)."""
    return os.path.abspath(path).startswith(os.path.join(_jax_directory(), "_src", "numpy", ""))


@lru_cache(maxsize=None)  # asked for each frame of each equation; a program's frames share a few files
def _library_file(path):
    """Whether ``path`` is a library's code (JAX's ``scipy``, ``nn``; an installed package), not JAX's operators,
    its tracing, the standard library or gradcli."""
    path = os.path.abspath(path)
    if path.startswith(GRADCLI_FOLDER) or path.startswith(STDLIB_FOLDER) or _jax_machinery(path):
        return False
    return path.startswith(_jax_directory()) or installed_package_file(path)


def _shown_path(path):
    """``path`` from its package's directory on: jax/_src/scipy/special.py."""
    path = os.path.abspath(path)
    inside = in_installed_package(path)
    if inside is not None:
        return inside
    root = os.path.dirname(os.path.dirname(_jax_directory()))
    return os.path.relpath(path, root) if path.startswith(_jax_directory()) else path


def _public_name(code):
    """The name users call the function of ``code`` by: the shortest public module holding it (``jax.scipy.special``
    for ``jax._src.scipy.special``, ``jax.nn`` for ``jax._src.nn.functions``), else its own module's."""
    module, name = _module_of(code.co_filename), code.co_qualname
    public = _shortest_public(module, name, lambda held: getattr(getattr(held, "__wrapped__", held), "__code__", None) is code)
    return public or f"{module}.{name}"


def _module_of(path):
    """The dotted module of a file of a package (``jax._src.scipy.special``)."""
    return os.path.splitext(_shown_path(path))[0].replace(os.sep, ".")


def _shortest_public(module, name, holds):
    """``module.name`` in its shortest public spelling (``module``'s parts without the private ones, cut short): the
    first loaded module there whose ``name`` ``holds`` (a predicate on the attribute), else None."""
    parts = [p for p in module.split(".") if not p.startswith("_")]
    for end in range(1, len(parts) + 1):
        if holds(getattr(sys.modules.get(".".join(parts[:end])), name, None)):
            return f"{'.'.join(parts[:end])}.{name}"
    return None


def pointwise(closed):
    """Whether ``closed`` (a ``ClosedJaxpr``) gives each entry of its results from its inputs' entries at the same
    place alone, by construction: every operation elementwise (`ELEMENTWISE`; nested calls looked into), every
    constant a single number, and a broadcast only of a single number. On inputs of one shape whose results
    have that shape too (the caller's to check), entry ``i`` of a run on arrays is the run at point ``i``.
    """
    if any(np.shape(const) != () for const in closed.consts):
        return False
    for eqn in closed.jaxpr.eqns:
        name = eqn.primitive.name
        if name in _INLINED:
            inner = eqn.params.get(_INLINED[name])
            if inner is None or not pointwise(inner if hasattr(inner, "consts") else _closed(inner)):
                return False
        elif name == "broadcast_in_dim":
            if eqn.invars[0].aval.shape != ():
                return False
        elif name not in ELEMENTWISE:
            return False
    return True


def _closed(jaxpr):
    """An open jaxpr (a nested call's) as a closed one without constants."""
    from jax.extend.core import ClosedJaxpr  # lazy: JAX is loaded only for a JAX target

    return ClosedJaxpr(jaxpr, [])


class _Compiler:
    """Flattens a jaxpr and its nested calls into one `Program` (variables numbered as met)."""

    def __init__(self, fallback, rules=None, inlined=None, users_arrays=frozenset(), library=None):
        self.fallback = fallback  # the function's own line, for operations JAX gives no user line
        self.library = library  # `library_site` of the equation a sub-program is compiled for, its steps' default
        self.rules = rules
        self.inlined = inlined if inlined is not None else {}  # `library_inlines`' record of the trace
        self.users_arrays = users_arrays  # `users_arrays`' record: constants the user's code made as arrays
        self.numbers = {}
        self.data = set()  # numbers no variable reaches: the graph's non-float inputs (a key, labels), and draws
        self.drawn = set()  # numbers JAX's PRNG made (keys, bits, and what is computed from them and data alone)
        self.custom_primals_of = []  # (custom function named, its call's line) of the user's custom rules being inlined
        # the line of each step -> {(the call's line, its rule in words) of the custom primal it runs in, or None}
        self.lines_in = {}
        # (its call's line, its rule in words: `_custom_rule_words`) of each custom primal being inlined whose rule
        # is the user's (a custom_vjp's bwd, a lax.custom_root's tangent_solve)
        self.custom_calls_open = []
        self.solvers = []  # (a solver loop's line, custom function named, its call's line, `jax_loops.Solver`)
        self.read_here = set()  # the variables the jaxpr being compiled reads (ids): a loop's results read after it
        self.called = []  # the calls the user's lines wrote of the jitted functions being inlined (`_written_by_user_line`)

    def number(self, var):
        key = id(var)
        if key not in self.numbers:
            self.numbers[key] = (len(self.numbers), var)  # the var is kept so its id is never reused
        return self.numbers[key][0]

    def fresh(self):
        """A variable number no other result has."""
        number = len(self.numbers)
        self.numbers[("result", number)] = (number, None)
        return number

    def program(self, closed):
        jaxpr = closed.jaxpr
        program = Program([self.number(v) for v in jaxpr.invars])
        self.data.update(self.number(v) for v in jaxpr.invars if _dtype_of(v).kind in "biuO")
        env = {}
        for var, const in zip(jaxpr.constvars, closed.consts):
            env[id(var)] = self.constant(const)
        self.body(jaxpr, env, program, (self.fallback, None, self.library))
        program.outputs = [self.read(env, v) for v in jaxpr.outvars]
        _mark_forms(program.steps)
        return program

    def constant(self, value):
        """A constant of a jaxpr as a `_Literal`: the user's where the user's code made it as an array, whatever
        step reads it; else the step reading it decides."""
        value = np.asarray(value)
        return _Literal(value, True if self.users_arrays and constant_key(value) in self.users_arrays else None)

    def read(self, env, var):
        if type(var).__name__ == "Literal":
            dtype = np.dtype(getattr(var.aval, "dtype", np.float64))
            if dtype.kind == "f" and dtype.itemsize < 8:  # a float32 graph's 0.5 is float32 (its replay is, too)
                return _Literal(np.asarray(var.val, dtype=dtype))
            return _Literal(_scalar(var.val))
        if id(var) in env:
            return env[id(var)]
        return self.number(var)

    def body(self, jaxpr, env, program, context):
        outer, self.read_here = self.read_here, {id(v) for e in jaxpr.eqns for v in e.invars} | {id(v) for v in jaxpr.outvars}
        try:
            self._body(jaxpr, env, program, context)
        finally:
            self.read_here = outer

    def _body(self, jaxpr, env, program, context):
        for eqn in jaxpr.eqns:
            site = self.site(eqn, context)
            inputs = [self.read(env, v) for v in eqn.invars]
            name = eqn.primitive.name
            sub = _INLINED.get(name)
            if name in _DRAWS or self.draws_from(inputs):
                self.emit(eqn, name, _drawn_by_jax(eqn), inputs, env, program, site, eqn.primitive.multiple_results)
                self.data.update(program.steps[-1].outputs)
                self.drawn.update(program.steps[-1].outputs)
            elif name == "custom_jvp_call" and (called := _library_call(eqn)) is not None:
                self.emit(eqn, called[0], called[1], inputs, env, program, site, len(eqn.outvars) > 1,
                          own=_run_by_jax(eqn, eqn.params["call_jaxpr"]))
            elif name in ("jit", "pjit") and _library_jit(eqn):
                self.emit(eqn, eqn.params["name"], LIBRARY_JITS[eqn.params["name"]], inputs, env, program, site, False,
                          own=_run_by_jax(eqn, eqn.params["jaxpr"]))
            elif sub is not None and sub in eqn.params and name in _RULE_PARAMS and not _jaxs_own(eqn.params[sub]):
                self.custom_primals_of.append((rule_call_named(eqn), site[0]))
                self.custom_calls_open.append((site[0], _custom_rule_words(eqn)))
                try:
                    self.inline(eqn, eqn.params[sub], self.owned(eqn, inputs), env, program, site)
                finally:
                    self.custom_primals_of.pop()
                    self.custom_calls_open.pop()
            elif sub is not None and sub in eqn.params and name in _RULE_PARAMS and (handed := _rule_handed(eqn)):
                self.custom_calls_open.append((site[0], handed))  # JAX's own primal around the user's rule
                try:
                    self.inline(eqn, eqn.params[sub], self.owned(eqn, inputs), env, program, site)
                finally:
                    self.custom_calls_open.pop()
            elif sub is not None and sub in eqn.params:
                self.inline(eqn, eqn.params[sub], self.owned(eqn, inputs), env, program, site)
            elif name in _SCANNED and (scan := _scan_of(eqn)) is not None:
                self.inline(eqn, scan, self.owned(eqn, inputs), env, program, site)
            elif name == "cond":
                self.cond(eqn, inputs, env, program, site)
            elif name in LOOPS:
                self.loop(eqn, inputs, env, program, site)
            else:
                self.primitive(eqn, inputs, env, program, site)

    def owned(self, eqn, inputs):
        """``inputs`` of a call inlined here, each float constant marked as the user's or not by the call's equation."""
        return [_Literal(a.value, self.users_constant(eqn, a)) if type(a) is _Literal and a.users is None
                and np.asarray(a.value).dtype.kind == "f" else a for a in inputs]

    def users_constant(self, eqn, constant):
        """Whether the float `_Literal` ``constant`` an equation computes with is the user's own (`_written_by_user`),
        not one a library's jitted function wrote that JAX inlined at the user's call (`library_inlines`)."""
        if constant.users is not None:
            return constant.users
        if not _written_by_user(eqn):
            return _handed_by_the_users_line(eqn, constant)
        written = self.inlined.get(id(eqn.source_info.traceback))
        return written is None or written[0] is not eqn.source_info.traceback or not all(
            float(v) in written[1] for v in np.ravel(constant.value))

    def draws_from(self, inputs):
        """Whether an equation on ``inputs`` computes from JAX's draws and data alone (``jax.random.bernoulli``'s
        comparison of uniform draws with p): its results are data too, JAX's own."""
        numbers = [a for a in inputs if type(a) is not _Literal]
        return any(a in self.drawn for a in numbers) and all(a in self.data for a in numbers)

    def site(self, eqn, context):
        """``(file:line, user rule)`` of an equation: its innermost line in the user's code, else its caller's."""
        codes = frames_of(eqn)[0]
        rule = self.rules.of_frames(codes) if self.rules is not None else None
        return (user_line(eqn) or context[0], rule or context[1],
                library_site(eqn, context[2]) or numpy_function_site(eqn))

    def inline(self, eqn, closed, inputs, env, program, site):
        # a jitted function's equations keep no frames of the user's: they are named by the call that line wrote
        self.called.append(_written_by_user_line(eqn) or (self.called[-1] if self.called else None))
        try:
            self._inline(eqn, closed, inputs, env, program, site)
        finally:
            self.called.pop()

    def _inline(self, eqn, closed, inputs, env, program, site):
        inner = getattr(closed, "jaxpr", closed)
        consts = getattr(closed, "consts", ())
        if hasattr(inner, "jaxpr") and not hasattr(inner, "eqns"):
            inner, consts = inner.jaxpr, inner.consts
        inner_env = {}
        for var, const in zip(inner.constvars, consts):
            inner_env[id(var)] = self.constant(const)
        for var, value in zip(inner.invars, inputs):
            inner_env[id(var)] = value
        self.body(inner, inner_env, program, site)
        for var, out in zip(eqn.outvars, inner.outvars):
            env[id(var)] = self.read(inner_env, out)

    def subprogram(self, closed, site):
        """A sub-jaxpr (a branch, a loop's body) as its own `Program`, its steps in the rule its equation is in."""
        compiler = _Compiler(site[0], self.rules, self.inlined, self.users_arrays, site[2])
        # a loop in a branch or a loop's body inside a custom primal is that primal's solver, noted with the others
        compiler.custom_primals_of, compiler.solvers = list(self.custom_primals_of), self.solvers
        compiler.lines_in, compiler.custom_calls_open = self.lines_in, list(self.custom_calls_open)
        sub = compiler.program(closed)
        for step in sub.steps:
            step.user_rule = step.user_rule or site[1]
        name_accumulations(sub)
        return sub

    def loop(self, eqn, inputs, env, program, site):
        made = LOOPS[eqn.primitive.name]
        if eqn.primitive.name in ("while", "scan"):  # a loop stopped at its bound is named at its line
            solver = self.solver(eqn)
            made = partial(made, where=site[0], solver=solver)
            if solver is not None:
                self.solvers.append((site[0], *self.custom_primals_of[-1], solver))
        programs = []

        def compile_body(closed):
            programs.append(self.subprogram(closed, site))
            return programs[-1]

        rule = made(eqn.params, compile_body)
        remade = partial(_loop_of, made, eqn.params)
        self.emit(eqn, eqn.primitive.name, rule, inputs, env, program, site, multiple=True, programs=(tuple(programs), remade))

    def solver(self, eqn):
        """The `jax_loops.Solver` of a loop equation in the primal of a user's custom rule (a while loop, or a scan that
        iterates its carry alone: `jax_loops.fixed_iteration`), else None."""
        if not self.custom_primals_of:
            return None
        if eqn.primitive.name == "while":
            body, consts = eqn.params["body_jaxpr"].jaxpr, int(eqn.params["body_nconsts"])
            counted = counters(body, consts)
            # a series settles in what the program reads of it (its sum), never in its terms or its counter
            watched = tuple(k for k, v in enumerate(eqn.outvars) if id(v) in self.read_here and k not in counted)
            return Solver(solver_loop(eqn.params), series=reads_its_count(body, body.invars[consts:], counted),
                          watched=watched)
        if not fixed_iteration(eqn.params):
            return None
        fori = any(code.co_name == "fori_loop" and os.path.abspath(code.co_filename).startswith(_jax_directory())
                   for code in frames_of(eqn)[0])
        return Solver(solver_loop(eqn.params), "lax.fori_loop" if fori else "lax.scan")

    def cond(self, eqn, inputs, env, program, site):
        branches = tuple(self.subprogram(b, site) for b in eqn.params["branches"])
        self.emit(eqn, "cond", _cond_of(branches), inputs, env, program, site, multiple=True, programs=(branches, _cond_of))

    def primitive(self, eqn, inputs, env, program, site):
        name = eqn.primitive.name
        if name == "stop_gradient" and not _stopped_by_the_user(eqn):
            name = "copy"  # a library's own stop (inside jnp.linalg.solve): its value, differentiated as math
        rule = PRIMITIVES.get(name)
        if rule is None:
            raise InputError(
                f"{site[0]}: JAX's `{name}` is an operation gradcli cannot replay yet, so it cannot "
                "compute the exact reference of this function (nothing is checked in its place)",
                text=site[0],
            )
        self.emit(eqn, name, rule, inputs, env, program, site, eqn.primitive.multiple_results)

    def emit(self, eqn, name, rule, inputs, env, program, site, multiple, programs=((), None), own=None):
        params = dict(eqn.params)
        params["_out"] = [tuple(getattr(v.aval, "shape", ())) for v in eqn.outvars]
        params["_dtypes"] = [_dtype_of(v) for v in eqn.outvars]
        # Fresh numbers, not the variables' own: a sub-jaxpr inlined twice (a jitted norm called on two
        # arrays) has the same variable objects both times, and the second call must not overwrite the first.
        outputs = tuple(self.fresh() for _ in eqn.outvars)
        for var, number in zip(eqn.outvars, outputs):
            env[id(var)] = number
        dtype = _dtype_of(eqn.outvars[0]) if eqn.outvars else np.dtype(np.float64)
        narrow = dtype if dtype.kind == "f" and dtype.itemsize < 8 else None
        params["_narrow"] = narrow
        users = tuple(k for k, a in enumerate(inputs) if type(a) is _Literal and np.asarray(a.value).dtype.kind == "f"
                      and self.users_constant(eqn, a))
        backward = "transpose" in str(eqn.source_info.name_stack)
        if site[0]:
            inside = self.custom_calls_open[-1] if self.custom_calls_open else None
            self.lines_in.setdefault(site[0], set()).add(inside)
        program.steps.append(Step(name, rule, params, tuple(inputs), outputs, multiple, site[0], site[1], narrow, users,
                                  *programs, library=site[2], meant=_meant(inputs, users) + _window_coefficients(eqn, inputs), own=own,
                                  backward=backward, spelled=_spelling(eqn, name, site[2], backward, self.called[-1] if self.called else None)))


def _spelling(eqn, primitive, library, backward, outer=None):
    """An equation's operation as JAX names it, for findings (`replayed_at`'s ``spelled``): the function the user's
    line called, as the line writes it, and the primitive: "jax.numpy.exp (exp)", "lax.integer_pow (integer_pow)", an
    operator "** (integer_pow)"; a step of a library function the user called by that function, "jax.nn.softplus
    (exp)"; a step of a jitted function's body (``outer``: the call the user's line wrote of it), by that call; a
    primitive of JAX's backward pass by the call whose gradient it computes, "jax.numpy.exp gradient (mul)" (JAX keeps
    the forward equation's source on its transpose), else by its name alone ("mul"). ``primitive``: the equation's
    primitive, or the library function a call of JAX's library replays as ("hyp2f1")."""
    if library:
        written = library.partition(", ")[0]
    else:
        written = _written_by_user_line(eqn) or outer
    if backward:
        return f"{written} gradient ({primitive})" if written else primitive
    return f"{written} ({primitive})" if written else primitive


def _written_by_user_line(eqn):
    """The call or operator the user's innermost line wrote to make ``eqn`` (`lines.written_call`), or None."""
    codes, lasti = frames_of(eqn)
    user = next((k for k, code in enumerate(codes) if _users_file(code.co_filename)), None)
    return written_call(codes[user], lasti[user]) if user is not None else None


def _meant(inputs, users):
    """``((position, (name, scale)), ...)`` for the float constants among ``inputs`` no user wrote (``users``: the
    user's positions) that stand for a constant of `ops.CONSTANTS` (`exact_constants.standing_for`).

    JAX's ``ndtr`` multiplies by 0.7071067811865476, 6.4e-17 above 1/sqrt 2, and
    its Owen's T rule divides by a 2 sqrt(2 pi) 1e-16 low: an exact replay holding
    those floats gives Phi(-10) - 2 T(-10, 2) a slope of -5e-37 where it is 4e-111.
    Replayed as the constants they stand for, the library's code and rules are
    judged on their mathematics; the replay in the dtype keeps JAX's floats, and
    a number the user's code wrote stays that number everywhere.
    """
    found = []
    for position, value in enumerate(inputs):
        if type(value) is _Literal and position not in users and np.ndim(value.value) == 0:
            meaning = standing_for(value.value)
            if meaning is not None:
                found.append((position, meaning))
    return tuple(found)


def _cond_of(branches):
    """The replay of a ``cond`` equation: the branch its index chooses (clamped, as ``lax.switch`` clamps it)."""

    def rule(params, index, *operands):
        chosen = branches[int(np.clip(int(np.asarray(index)), 0, len(branches) - 1))]
        return chosen.run(list(operands))

    return rule


def _loop_of(made, params, programs):
    """The replay of a loop equation (`jax_loops.LOOPS`' ``made``) running ``programs``, its sub-programs compiled
    already, handed out in the order the loop's rule asks for them."""
    given = iter(programs)
    return made(params, lambda closed: next(given))


def _dtype_of(var):
    """A variable's NumPy dtype; a key of JAX's PRNG, which NumPy has none for, is an object."""
    try:
        return np.dtype(getattr(var.aval, "dtype", np.float64))
    except TypeError:
        return np.dtype(object)


def _drawn_by_jax(eqn):
    """The replay rule of an equation of JAX's PRNG (`_DRAWS`), or of one computing from its draws and data alone:
    JAX evaluates it on the operands the replay hands it (keys, integers, literals), in the mode it was traced in.

    Its results are data, the same at every point that gives it the same operands: each is kept, by operands, so
    the many replays of a check ask JAX once. Keys stay JAX's arrays; other results are NumPy arrays.
    """
    import jax  # lazy: JAX is loaded only for a JAX target

    params = eqn.primitive.get_bind_params(eqn.params)
    subfuns, params = params if isinstance(params, tuple) else ((), params)  # JAX before 0.5 gives both
    avals = [v.aval for v in eqn.invars]
    x64 = any(np.dtype(dtype).itemsize == 8 for dtype in _plain_dtypes(eqn))
    made = {}

    def drawn(rule_params, *operands):
        operands = [_for_jax(value, aval) for value, aval in zip(operands, avals)]
        key = tuple(_operand_key(value) for value in operands)
        found = made.get(key)
        if found is None:
            with jax.enable_x64(x64):
                out = eqn.primitive.bind(*subfuns, *operands, **params)
            found = [_from_jax(o) for o in out] if eqn.primitive.multiple_results else _from_jax(out)
            if len(made) >= 256:  # bounded: a sweep's points each hand over their own key
                made.clear()
            made[key] = found
        return list(found) if eqn.primitive.multiple_results else found

    drawn.drawn = True
    return drawn


def _run_by_jax(eqn, closed):
    """JAX's own function of a library call the replay computes as gradcli's (`LIBRARY_CALLS`, `LIBRARY_JITS`):
    the call's operands (its closed-over constants first) in the call's dtype -> JAX's results as NumPy arrays,
    ``closed`` (the call's jaxpr) compiled by XLA at the first use, in the mode it was traced in."""
    avals = [v.aval for v in eqn.invars]
    x64 = any(np.dtype(dtype).itemsize == 8 for dtype in _plain_dtypes(eqn))
    executable = []

    def run(*operands):
        import jax  # lazy: JAX is loaded only for a JAX target

        with jax.enable_x64(x64):
            if not executable:
                executable.append(_compiled_call(closed, avals, x64))
            out = executable[0](*[_for_jax(value, aval) for value, aval in zip(operands, avals)])
        return [np.asarray(one) for one in out]

    run.constants = eqn.params.get("num_consts") or 0
    run.called = _public_function(closed)
    return run


def _public_function(closed):
    """The name users call the library function traced as ``closed`` by (``jax.scipy.special.hyp2f1``), from the
    trace's own function and file; None where no public module of JAX holds a function of that name (a private
    primal such as ``_owens_t_impl``, which its caller's `library_site` names instead)."""
    info = getattr(getattr(closed, "jaxpr", closed), "debug_info", None)
    name, _, where = (getattr(info, "func_src_info", None) or "").partition(" at ")
    return _shortest_public(_module_of(where.rpartition(":")[0]), name.lstrip("_"), callable) if where else None


_CALLS_COMPILED = {}  # (the call's jaxpr as text, x64) -> XLA's executable of it


def _compiled_call(closed, avals, x64):
    """``closed`` (a library call's jaxpr, taking ``avals``) compiled by XLA, one per text and mode in a process, and
    kept on disk for the next (`jax_cache.compiled`): ``hyp2f1``'s series and transformations take a second or more
    to compile, and a forward and a backward program calling it on one dtype make the same XLA program."""
    import jax  # lazy: JAX is loaded only for a JAX target
    from jax.extend.core import jaxpr_as_fun  # lazy: as above

    key = (str(closed.jaxpr), x64) if not closed.consts else (id(closed), x64)
    if key not in _CALLS_COMPILED:
        if len(_CALLS_COMPILED) >= 64:  # bounded: each check's own library calls
            _CALLS_COMPILED.clear()
        specs = [jax.ShapeDtypeStruct(aval.shape, aval.dtype) for aval in avals]
        executable = compiled(jax.jit(jaxpr_as_fun(closed)).lower(*specs))
        _CALLS_COMPILED[key] = (executable, closed)  # the jaxpr kept: its id stays its own
    return _CALLS_COMPILED[key][0]


# JAX's own value of a library call within this many ulps of gradcli's is carried on by a replay in the dtype: an
# approximation's few digits that a later cancellation grows (log_ndtr's series at -40, 140 ulps off, whose slope's
# error a difference of two gradients makes 2.5e-8); one further off is the call's own finding.
_CARRIED_ULPS = 1000


class OwnCall:
    """One replayed library call, for provenance: the operands the replay handed it, its results as the recorder
    was shown them, and JAX's own results of the same call on those operands (`value_of`), computed when asked."""

    framework = "JAX"

    def __init__(self, run, operands, name):
        self.run, self.operands, self.name, self.results, self.answer = run, operands, name, (), None

    @property
    def called(self):
        """The public name of the JAX function called (``jax.scipy.special.hyp2f1``), else the call's own name."""
        return getattr(self.run, "called", None) or self.name

    @property
    def arguments(self):
        """The operands the function is called with, the call's closed-over constants (owens_t's nodes) left out."""
        return self.operands[self.run.constants:]

    def in_place_of(self, value):
        """JAX's own value of the call's single result, of ``value``'s type and shape, where its operands are numbers
        of a float dtype and JAX's value is within `_CARRIED_ULPS` of gradcli's ``value`` in every entry; else None
        (an exact run's numbers, a call that fails in JAX, and a value so far off, or not finite, that provenance
        names the call itself: `provenance._library_off`)."""
        if not all(_jax_takes_as_is(v) for v in self.operands) or not _float_numbers(value):
            return None
        answer = self._answers()
        if len(answer) != 1 or np.shape(answer[0]) != np.shape(value):
            return None
        own = np.asarray(answer[0], dtype=value.dtype)
        with np.errstate(invalid="ignore", over="ignore"):
            near = np.abs(own - value) <= _CARRIED_ULPS * np.finfo(value.dtype).eps * np.abs(value)
        if not np.all(near & np.isfinite(own)):
            return None
        return own if isinstance(value, np.ndarray) else own[()]

    def value_of(self, result):
        """JAX's own value of the call's result ``result`` (the very object the recorder was shown) on the same
        operands, where they are numbers of a float dtype; else None (an exact run's numbers, an operation inside
        the call's replay that is not one of its results)."""
        position = next((k for k, one in enumerate(self.results) if one is result or raw(one) is result), None)
        if position is None or not all(_jax_takes_as_is(v) for v in self.operands):
            return None
        answer = self._answers()
        return answer[position] if position < len(answer) else None

    def _answers(self):
        """JAX's own results of the call on its operands, computed once; none where JAX raises (the replay then goes
        on with gradcli's, and no value of JAX's names the call)."""
        if self.answer is None:
            try:
                self.answer = self.run(*self.operands)
            except Exception:  # noqa: BLE001 - no value of JAX's to compare or carry
                self.answer = []
        return self.answer


def _float_numbers(value):
    """Whether ``value`` is a NumPy array or scalar of a float dtype (a replay's numbers in the dtype)."""
    return isinstance(value, (np.ndarray, np.floating)) and value.dtype.kind == "f"


def _jax_takes_as_is(value):
    """Whether an operand is a number JAX takes as it is: a float (NumPy or Python), an integer, a bool."""
    value = raw(value)
    if isinstance(value, (bool, int, float)):
        return True
    dtype = getattr(value, "dtype", None)
    return dtype is not None and dtype.kind in "biuf"


def _plain_dtypes(eqn):
    """The dtypes of an equation's operands and results, and of those of the equations nested in it, keys left out."""
    import jax  # lazy: JAX is loaded only for a JAX target

    variables = list(eqn.invars) + list(eqn.outvars)
    for value in eqn.params.values():
        inner = getattr(value, "jaxpr", None)
        if inner is not None and hasattr(inner, "eqns"):
            variables += [v for inner_eqn in inner.eqns for v in list(inner_eqn.invars) + list(inner_eqn.outvars)]
    for var in variables:
        dtype = getattr(var.aval, "dtype", None)
        if dtype is not None and not jax.dtypes.issubdtype(dtype, jax.dtypes.prng_key):
            yield dtype


def _is_key(value):
    import jax  # lazy: JAX is loaded only for a JAX target

    dtype = getattr(value, "dtype", None)
    return dtype is not None and isinstance(value, jax.Array) and jax.dtypes.issubdtype(dtype, jax.dtypes.prng_key)


def _for_jax(value, aval):
    """An operand as JAX's primitive takes it: a key as it is, a number (a literal lifted to an exact one too) in
    the equation's dtype."""
    if _is_key(value):
        return value
    value = raw(value)
    if isinstance(value, np.ndarray) and value.dtype == object:
        value = np.vectorize(float, otypes=[np.float64])(value)
    elif not isinstance(value, (np.ndarray, np.generic, int, float, bool)):
        value = float(value)
    return np.asarray(value, dtype=aval.dtype)


def _from_jax(value):
    """A result of JAX's: a key stays JAX's array, anything else a NumPy array."""
    return value if _is_key(value) else np.asarray(value)


def _operand_key(value):
    """What an operand of a draw is, as a key of the draws kept: a key by its data, an array by its bytes."""
    if _is_key(value):
        import jax  # lazy: JAX is loaded only for a JAX target

        data = np.asarray(jax.random.key_data(value))
        return ("key", str(value.dtype), data.shape, data.tobytes())
    return (value.dtype.str, value.shape, value.tobytes())


def _written_by_user(eqn):
    """Whether the constants an equation computes with are the user's own: the code that handed them to JAX's
    operations (the innermost frame past JAX's operators, ``jax.numpy`` and its tracing machinery) is the user's.

    ``x - 0.1`` on the user's line is theirs; ``z * 0.7071067811865476`` inside
    ``jax.scipy.special.log_ndtr`` and GELU's 0.044715 inside ``jax.nn.gelu`` are
    JAX's libraries' (their frames are JAX's ``scipy`` and ``nn`` packages), as
    is a constant another installed package (site-packages) writes.
    """
    codes, _ = frames_of(eqn)
    if _in_a_window_function(eqn):
        return False
    for code in codes:
        path = os.path.abspath(code.co_filename)
        if _jax_machinery(path) or path.startswith(STDLIB_FOLDER) or path.startswith(GRADCLI_FOLDER):
            continue  # gradcli's frames: `rule_frames_kept`'s own, above a user's rule
        return _users_file(path) and not installed_package_file(path)
    return False


def _handed_by_the_users_line(eqn, constant):
    """Whether every entry of the float `_Literal` ``constant`` a library's equation computes with is a number the
    user's innermost line that called the library wrote, or the user's file hands a call (`lines.handed_numbers`):
    ``stats.norm.logpdf(x, loc=0.3, scale=0.7)``'s 0.3 is the user's, which JAX without x64 holds in float32,
    though JAX's stats code subtracts it; the library's own constants (its 2 pi) are on no line of the user's, and a
    number that stands for a constant (ndtr's 0.7071067811865476, 1/sqrt 2) stays the library's wherever the user's
    file writes the same float."""
    site = user_line(eqn)
    if site is None or _in_a_window_function(eqn):
        return False
    path, _, line = site.rpartition(":")
    written = numbers_on_line(path, line) | handed_numbers(path)
    entries = [float(v) for v in np.ravel(constant.value) if float(v) not in (0.0, 1.0, -1.0)]
    return bool(entries) and all(e in written and standing_for(e) is None for e in entries)


def _in_a_window_function(eqn):
    """Whether ``eqn`` computes inside one of jax.numpy's raised-cosine windows (``jnp.hanning``, ``hamming``,
    ``blackman``), whose constants are the window's mathematics, not the user's numbers, though jax.numpy is JAX's
    machinery: its 2 pi stands for 2 pi (`_meant`) and its 0.42 for the decimal (`_window_coefficients`)."""
    codes, _ = frames_of(eqn)
    return any(code.co_name in _WINDOWS and os.path.basename(code.co_filename) == "window_functions.py"
               and _jax_machinery(os.path.abspath(code.co_filename)) for code in codes)


def _window_coefficients(eqn, inputs):
    """``((position, ("decimal", text)), ...)`` for the float literals among ``inputs`` that a jax.numpy window
    writes as a decimal coefficient (Blackman's 0.42 and 0.08, Hamming's 0.54 and 0.46), outside a window ()."""
    if not _in_a_window_function(eqn):
        return ()
    return tuple((position, ("decimal", text)) for position, value in enumerate(inputs)
                 if type(value) is _Literal and (text := window_decimal(value.value)) is not None)


_WINDOWS = ("hanning", "hamming", "blackman")
_MACHINERY = ("numpy", "lax", "interpreters")  # JAX's operators and jax.numpy, and how it traces: not a library's code


def _jax_machinery(path):
    """Whether ``path`` is JAX's own operator or tracing code (a module directly in ``jax/_src``, or in its
    ``numpy``, ``lax``, ``interpreters`` packages, or outside ``_src``), not one of its libraries (``scipy``, ``nn``)."""
    inside = _jax_directory()
    if not path.startswith(inside):
        return False
    parts = path[len(inside):].split(os.sep)
    return parts[0] != "_src" or len(parts) == 2 or parts[1] in _MACHINERY


def _library_call(eqn):
    """``(name, rule)`` of the JAX function in `LIBRARY_CALLS` a ``custom_jvp_call`` equation's primal is (one of
    JAX's own, taking its operands as they are), else None. An operand the call holds as a literal of its primal
    (``jss.exp1``'s order 1 of ``expn``) is given to the rule as such; the constants the primal closes over (owens_t's
    quadrature nodes and weights), the call's first operands, are the primal's means, not the function's operands."""
    info = getattr(eqn.params["call_jaxpr"].jaxpr, "debug_info", None)
    name = (getattr(info, "func_src_info", None) or "").partition(" at ")[0]
    if name not in LIBRARY_CALLS or not _jaxs_own(eqn.params["call_jaxpr"]):
        return None
    rule = LIBRARY_CALLS[name]
    arity = rule.__code__.co_argcount - 1  # the rule's operands, after its params
    consts = eqn.params.get("num_consts") or 0
    if consts:
        return (name, lambda params, *operands: rule(params, *operands[consts:])) if len(eqn.invars) - consts == arity else None
    if len(eqn.invars) == arity:
        return name, rule
    held = _held_operands(eqn.params["call_jaxpr"].jaxpr, name, arity - len(eqn.invars))
    return None if held is None else (name, lambda params, *operands: rule(params, *held, *operands))


def _library_jit(eqn):
    """Whether a ``jit`` equation is a call of a function of `LIBRARY_JITS`, one of JAX's own, as the function itself:
    its operands and its one result. Differentiated, the same name also calls its linearised part (the value and
    the residuals) and its transpose (the residuals in, the cotangent out): those are inlined, JAX's own steps."""
    rule = LIBRARY_JITS.get(eqn.params.get("name"))
    return (rule is not None and len(eqn.invars) == rule.__code__.co_argcount - 1 and len(eqn.outvars) == 1
            and _jaxs_own(eqn.params["jaxpr"]))


def _held_operands(jaxpr, name, count):
    """The first ``count`` operands of the call of ``name`` that ``jaxpr`` (a library call's primal) makes, where
    they are literals (the order of ``expn`` that ``jss.exp1`` holds), else None."""
    calls = [eqn for eqn in jaxpr.eqns if eqn.params.get("name") == name]
    if count < 1 or len(calls) != 1 or len(calls[0].invars) < count:
        return None
    held = calls[0].invars[:count]
    if not all(type(v).__name__ == "Literal" and np.ndim(v.val) == 0 for v in held):
        return None
    return [np.asarray(v.val) for v in held]


def _jaxs_own(closed):
    """Whether ``closed`` (a nested call's jaxpr) is the trace of a function written in JAX's own package."""
    info = getattr(getattr(closed, "jaxpr", closed), "debug_info", None)
    where = (getattr(info, "func_src_info", None) or "").partition(" at ")[2]
    return os.path.abspath(where.rpartition(":")[0]).startswith(_jax_directory())


def _jax_directory():
    """JAX's own folder, ending in a separator (`lines.package_folder`): jaxlib's files beside it are not JAX's."""
    import jax  # lazy: JAX is loaded only for a JAX target

    return package_folder(jax)


def _mark_forms(steps):
    """A ``stop_gradient`` subtracted from its own input, ``x - lax.stop_gradient(x)``: the zero of TensorFlow
    Probability's ``custom_gradient(fx, gx, x)`` form, whose stops build a rule (`stop_of_a_form`)."""
    stops = {step.outputs[0]: step for step in steps if step.name == "stop_gradient" and type(step.outputs[0]) is int}
    for step in steps:
        if step.name == "sub" and type(step.inputs[1]) is int and step.inputs[1] in stops:
            stop = stops[step.inputs[1]]
            if stop.inputs[0] == step.inputs[0]:
                stop.rule = _form_stop


def _form_stop(params, x):
    return stop_of_a_form(x)


def _stopped_by_the_user(eqn):
    """Whether a ``stop_gradient`` equation is the user's own call: a frame of the user's calling JAX's function.

    Only the user's stop defines their gradient (a straight-through estimator); JAX's own (``jax.nn.softmax``'s,
    ``jnp.linalg.solve``'s, a batched ``lax.cond``'s) leaves the mathematics' derivative to judge by. JAX makes
    some without calling that function: a ``custom_jvp``'s ``nondiff_argnums`` given a traced value, and
    ``lax.switch``'s batching (``jnp.piecewise``: spence, expi) inside a jitted piece, whose equations keep the
    switch's frames alone. An equation without frames (JAX told to keep none, or a traceback `frames_of` cannot
    read) is taken as the user's, as nothing says otherwise.
    """
    codes, _ = frames_of(eqn)
    if not codes:
        return True
    # Any such call on the stack: under vmap the user's stop is bound again by JAX's batching rule, which calls
    # stop_gradient itself, so the innermost call is JAX's and the user's is further out.
    return any(inner.co_name == "stop_gradient" and not _users_file(inner.co_filename) and _users_file(outer.co_filename)
               for inner, outer in zip(codes, codes[1:]))


def _scan_of(eqn):
    """The jaxpr of the pairwise ops JAX computes a running fold (``cumprod``, ``cumlogsumexp`` ...) with, or None.

    JAX's program under test differentiates the fold, and its derivative
    rule rewrites it as ``lax.associative_scan`` of the pairwise op (strided
    slices, products, pads, sums), which XLA then runs: replayed op for op, the
    run in the dtype meets what JAX's met (``0 * inf`` where a pair's product
    overflowed, not the sequential fold's 0), and the exact run makes the same
    ops, so provenance pairs them. None where JAX gives no such rule.
    """
    import jax  # lazy: JAX is loaded only for a JAX target
    from jax._src.interpreters import ad  # lazy: as above

    combine = getattr(ad.primitive_jvps.get(eqn.primitive), "keywords", {}).get("combine_fn")
    if combine is None:
        return None
    aval = eqn.invars[0].aval
    scan = partial(jax.lax.associative_scan, combine, axis=int(eqn.params["axis"]), reverse=bool(eqn.params.get("reverse")))
    with jax.enable_x64(np.dtype(aval.dtype).itemsize == 8):
        return jax.make_jaxpr(scan)(jax.ShapeDtypeStruct(aval.shape, aval.dtype))


def _narrowed(out, dtype):
    """``out`` in the float32 (float16) JAX's own step gives, where literals alone made it float64."""
    if isinstance(out, float):
        return np.asarray(out, dtype=dtype)
    if getattr(raw(out), "dtype", None) == np.float64:
        return astype(out, dtype)
    return out


def _scalar(value):
    """A literal as the weak Python number the replay mixes with any dtype (an array stays an array)."""
    array = np.asarray(value)
    if array.shape == () and array.dtype.kind == "f":
        return float(array)
    if array.shape == () and array.dtype.kind in "iu":
        return int(array)
    if array.shape == () and array.dtype.kind == "b":
        return bool(array)
    return array


def compile_jaxpr(closed, fallback, rules=None, inlined=None, users_arrays=frozenset(), input_names=()):
    """A `Program` of ``closed`` (a ``ClosedJaxpr``); ``fallback`` is the line for operations JAX names none of;
    ``inlined`` is the record `library_inlines` made while ``closed`` was traced, ``users_arrays`` `users_arrays`'
    record of the forward trace; ``input_names`` name the differentiated inputs of a backward pass's program, whose
    gradients' accumulations name them."""
    compiler = _Compiler(fallback, rules, inlined, users_arrays)
    program = compiler.program(closed)
    program.solvers = compiler.solvers
    # a line whose every step runs in one custom primal: JAX differentiates none of them, it runs the rule instead
    program.custom_calls = {line: next(iter(inside)) for line, inside in compiler.lines_in.items()
                            if len(inside) == 1 and None not in inside}
    if rules is not None:
        _passed_through(program, rules, compiler)
    _drop_dead_steps(program)
    name_accumulations(program, input_names)
    return program


def _drop_dead_steps(program):
    """``program`` without the steps whose results reach none of its outputs.

    JAX's jaxpr keeps them and XLA's compiler drops them: a ``value_and_grad``
    of ``hyp2f1(0.5, 2.0, 1.5, z)`` computes the slopes in a, b and c, each a
    series looped to float precision, and multiplies them by 0 tangents it then
    never reads. Replayed, they took a sweep near z = -1 past its --max-time,
    and could be named as where digits went in a number nobody uses.
    """
    needed = {out for out in program.outputs if type(out) is not _Literal}
    kept = []
    for step in reversed(program.steps):
        if any(out in needed for out in step.outputs if out is not None):
            kept.append(step)
            needed.update(a for a in step.inputs if type(a) is not _Literal)
    if len(kept) < len(program.steps):
        program.steps = kept[::-1]


def _passed_through(program, rules, compiler):
    """A rule of the user's that computes nothing (``return (g,)``, a straight-through estimator) still ran:
    the gradient passes through it, replayed as ``g * 1`` on its line, so a wrong one is named there."""
    ran = {step.user_rule for step in program.steps}
    first = next((k for k, out in enumerate(program.outputs) if type(out) is not _Literal), None)
    for site in rules.sites.values():
        if site in ran or first is None:
            continue
        out = compiler.fresh()
        program.steps.append(Step("mul", _times_one, {}, (program.outputs[first],), (out,), False, site[1], site))
        program.outputs[first] = out


def _times_one(params, g):
    """``g * 1``: ``g`` unchanged, through an operation the recorder sees."""
    return multiply(g, 1)
