"""Which op broke: NaN/Inf provenance and the root cause of lost accuracy.

`Recorder` installs the core's forward and backward hooks for one run and
keeps every op: its name, phase, inputs, output, and where it came from (the
span of the formula node being evaluated, or the file and line of a Python
function). From two recordings of the same program, one in the working dtype
and one at high precision, `root_cause` finds the op that made the error grow
most: the root cause, not the ops that only propagate it.
"""

from __future__ import annotations

import math
import os
import re
import sys
from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache

import numpy as np

from ..autodiff.custom import EMBEDDED_GRADIENT, call_of
from ..autodiff.ops import add, is_float_dtype, raw
from ..autodiff.tracer import composed_in, hooks, stood_for
from ..capture import replayed_location
from ..capture.flushing import flushing_kernels
from ..capture.own_kernels import KernelCall, accumulated_by
from ..capture.lines import assigned_name, def_line, operator_span, return_line, uses_at, written_with_values
from ..folders import GRADCLI_FOLDER, in_installed_package
from .compare import exact_text
from .dtypes import finfo
from .precision import to_mp
from .results import Finding

_FLOAT64 = np.float64
_ADD = add.prim  # the op a backward pass's ``prev + ct`` of plain numbers is
# With its separator: a user's sibling folder (checker_notes/) is not the checker's.
_CHECKER_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep
_FORMULA_COMPILER = __name__.rsplit(".", 2)[0] + ".expr.compile"  # gradcli.expr.compile


@dataclass
class OpRecord:
    """One evaluated op, as the forward hook saw it."""

    index: int
    name: str
    phase: str
    args: tuple
    output: object
    span: tuple = None
    location: str = None
    node_name: str = None  # in the backward pass: the op whose gradient rule ran this
    accumulating: bool = False  # in the backward pass: an op that added up the gradients of a value used twice
    uses: str = ""  # an accumulation's words for the value's uses where they have lines ("2 uses on line 180")
    by_the_pass: tuple = None  # a replayed op a framework's backward pass makes itself: (kind, words), `replayed_at`'s
    in_user_code: bool = False  # the op ran on a line of the user's own (a grad_fn's), not in gradcli's rule
    parents: tuple = ()  # per argument, the recorded op that produced it (None: an input or a constant)
    rule: tuple = None  # a replayed framework graph's op of the user's own gradient rule: ("bwd() of f", "model.py:20")
    replayed: bool = False  # an operation of a framework's captured graph, replayed by gradcli
    library: str = None  # a replayed op a library wrote: "jax.scipy.special.spence, jax/_src/scipy/special.py:3078"
    own: object = field(default=None, repr=False)  # a library call replayed as gradcli's function: the framework's own value of it (`replayed_at`)
    spelled: str = None  # the framework's own name of the operation replayed: "tf.math.exp (Exp)" (`replayed_at`)
    flushed_by: str = None  # whose CPU code the replay flushed subnormal results as: "XLA's CPU code does"
    # a step of a framework kernel that computes wider than it returns: "PyTorch's CPU kernel of aten.cumprod"
    accumulated_by: str = None
    prim: object = field(default=None, repr=False)  # the op itself, to compute it again at high precision
    kwargs: dict = field(default=None, repr=False)
    # the arguments of the user's call whose one primitive this op is, where a composite gives them (cumprod's x)
    called_with: tuple = field(default=None, repr=False)
    # the `standing_for` call this op is (or is the latest op of): (token, primitive, arguments, keywords)
    stands_for: tuple = field(default=None, repr=False)


@dataclass
class NodeRecord:
    """One step of the backward pass: a node's gradient rule, its upstream and its cotangents."""

    name: str
    span: tuple
    location: str
    upstream: object
    cotangents: tuple
    args: tuple
    output: object
    argnums: tuple
    rule: tuple = None  # the user's own function that is this node's rule: ("grad_fn()", "losses.py:12")
    call: object = None  # a custom-gradient call's node: that call (`custom.call_of`), its function to run again


@dataclass
class Recording:
    ops: list = field(default_factory=list)
    first_forward_nonfinite: OpRecord = None
    backward_nodes: list = field(default_factory=list)
    first_backward_nonfinite: NodeRecord = None
    accumulated: tuple = None  # (NodeRecord, its uses' cotangents): the first gradient made non-finite by adding finite ones
    # (location, gradcli's op name, in the forward pass) -> the framework's name of the operation it replays there
    # (`spelled_findings`)
    spellings: dict = field(default_factory=dict)
    # (id(value), id(exact value)) -> `_relative_error`, for root causes read against this recording:
    # an op's inputs are earlier ops' outputs, and each phase is read again. The recordings hold both values.
    errors: dict = field(default_factory=dict, repr=False, compare=False)


def finite(value):
    """Whether a value (traced, NumPy, mpmath or a nested list) holds no NaN and no inf."""
    value = raw(value)
    kind = type(value)
    if kind is float or kind is _FLOAT64:  # the commonest values, asked once per op of a recorded run
        return math.isfinite(value)
    mpmath = sys.modules.get("mpmath")
    if mpmath is not None and kind is mpmath.mpf:  # an exact number: as the object array below reads it
        return not (mpmath.isnan(value) or mpmath.isinf(value))
    if value is None or isinstance(value, (bool, str, tuple, list, dict)):
        return True
    try:
        array = np.asarray(value)
        if array.dtype == object:
            import mpmath

            return all(not (mpmath.isnan(v) or mpmath.isinf(v)) for v in array.ravel() if isinstance(v, mpmath.mpf))
        if not is_float_dtype(array.dtype):
            return True
        return bool(np.all(np.isfinite(array)))
    except (TypeError, ValueError):
        return True


def _user_frame(frame):
    """The innermost frame outside gradcli from ``frame`` outwards, or None (for Python function targets).

    The search stops at the checker, which runs the target: an op of a built-in
    gradient rule has no line of the user's own, and the frames above the
    checker (a test, the command line) are not where it came from. NumPy's and
    SciPy's own code, which gradcli.numpy's functions call with traced values
    (``np.searchsorted`` inside ``np.interp``), is no line of the user's either.
    """
    while frame is not None:
        filename = frame.f_code.co_filename
        path = os.path.abspath(filename)
        if path.startswith(_CHECKER_DIR):
            return None
        if not path.startswith(GRADCLI_FOLDER) and "importlib" not in filename and not _numpys_own(path):
            return frame
        frame = frame.f_back
    return None


def _numpys_own(path):
    """Whether ``path`` is a file of the installed NumPy or SciPy, which gradcli.numpy and gradcli.scipy stand in for."""
    inside = in_installed_package(path)
    return inside is not None and inside.startswith(("numpy" + os.sep, "scipy" + os.sep))


def line_running_now(depth=1):
    """``file.py:line`` of the user's code running now: a replayed framework operation's own line, else the
    innermost frame outside gradcli (None when neither is known). ``depth`` 2 starts from the caller's caller:
    a hook of the checker's own, whose frame would end the search."""
    location = location_running_now(depth + 1)
    return None if location is None else os.path.basename(location)


def location_running_now(depth=1):
    """`line_running_now` with the file's whole path, as findings hold it."""
    replayed = replayed_location()
    if replayed is not None:
        return replayed[0]
    user = _user_frame(sys._getframe(depth))
    return f"{user.f_code.co_filename}:{user.f_lineno}" if user is not None else None


def _accumulating(frame):
    """Whether an op of the backward pass was run by the pass itself adding up cotangents, not by a gradient rule.

    The pass's loop calls rules through their VJP; what it calls through an
    operator (``prev + ct``, a dunder of a traced value, the op's own door
    that a traced value's operator is, or the traced value's ``__array_ufunc__``
    that NumPy's operator hands a NumPy ``prev`` plus a traced ``ct``) is the
    accumulation.
    """
    while frame is not None and frame.f_back is not None:
        if frame.f_back.f_code.co_name == "backward_pass":
            return frame.f_code.co_name.startswith("__") or frame.f_code.co_name in ("door", "_array_ufunc")
        frame = frame.f_back
    return False


_OP_WORD = re.compile(r"[A-Za-z_][\w.]*")


# The frameworks' operations whose name is not gradcli's name of the same operation, underscores left out.
_SAME_OPERATION = {"integerpow": "power", "logistic": "sigmoid", "selectn": "where", "clamp": "clip", "asin": "arcsin",
                   "acos": "arccos", "atan": "arctan", "atan2": "arctan2", "asinh": "arcsinh", "acosh": "arccosh",
                   "atanh": "arctanh", "lgamma": "gammaln", "rsub": "subtract", "expit": "sigmoid", "tocopy": "astype",
                   "convertelementtype": "astype"}


def _named_inside(name, framework):
    """How a finding names gradcli's op ``name`` replaying the framework's operation ``framework`` ("tf.math.exp
    (Exp)", "torch.exp (aten.exp)", "jax.numpy.exp (exp)": the API called and the operation in the framework's
    graph): as that operation where it is the operation itself (exp for Exp, multiply for Mul or aten.mul, prod for
    UnsortedSegmentProd, power for integer_pow), else as the part of it it is ("log in tf.nn.log_softmax
    (LogSoftmax)")."""
    kind = framework.rpartition("(")[2].rstrip(")")
    return framework if _is_the_operation(name, kind) else f"{name} in {framework}"


@lru_cache(maxsize=4096)  # asked for every op a framework's replay records; a few dozen pairs of names in a check
def _is_the_operation(name, kind):
    """Whether gradcli's op ``name`` ("multiply", "linalg.eigh") is the framework's operation ``kind`` ("Mul",
    "aten.mul", "eigh", "integer_pow")."""
    kind = re.sub(r"^_+|_impl$", "", kind.rpartition(".")[2])  # a library's private primal: _owens_t_impl
    kind = re.sub(r"(V\d+|N)$", "", kind).lower().replace("_", "")  # AddV2 and AddN: add
    plain = name.rpartition(".")[2].lower().replace("_", "")
    return bool(kind) and (plain == kind or plain.startswith(kind) or kind.endswith(plain)
                           or _SAME_OPERATION.get(kind, kind) == _SAME_OPERATION.get(plain, plain))  # expit is logistic


def listed(words):
    """Words as a sentence lists them: "a", "a and b", "a, b and c"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def spelled(text, location, spellings, forward=True):
    """``text`` (a finding's op, "gradient rule of prod") with each of gradcli's op names that replays a framework's
    operation on ``location`` written as the framework names it (``spellings``, a `Recording`'s): an op of the
    ``forward`` pass or not, as the finding's phase says, but the op a rule or a gradient is "of", a forward one."""
    # an op the backward pass makes itself ("add (the gradient accumulation ...)"): as the pass's op is spelled, not
    # as an operator of its line
    by_the_pass = _PASS_LABEL.fullmatch(text) is not None

    def named(word):
        before = text[:word.start()]
        if before and not before.endswith("of "):
            return word.group(0)  # a word of a description ("the sum of mul's gradient"), no op's name
        key = _PASS if by_the_pass and not before else forward or bool(before)
        return spellings.get((location, word.group(0), key), word.group(0))

    return _one_call_of(text, location, spellings) or _OP_WORD.sub(named, text)


# `backward_op_label`'s words for an op a framework's backward pass makes itself: "add (the gradient accumulation ...)"
_PASS_LABEL = re.compile(r"\w+ \((?:the|a|an) .*\)")
# The key a `Recording`'s spellings hold such an op's spelling under, beside a line's forward and backward operators'.
_PASS = "the pass"


_SEVERAL_OPS = re.compile(r"one of ([\w.]+(?:, [\w.]+)*) and ([\w.]+)")  # how a blame names a line's ops it told not apart


def _one_call_of(text, location, spellings):
    """Where ``text`` names several ops ("one of clip and round") each replaying a part of one framework call on
    ``location`` (``torch.fake_quantize_per_tensor_affine``), that call as the framework names it, as the user wrote
    it; else None."""
    found = _SEVERAL_OPS.fullmatch(text)
    if found is None:
        return None
    calls = set()
    for name in [*found.group(1).split(", "), found.group(2)]:
        spelling = spellings.get((location, name, True))
        if spelling is None:
            return None
        calls.add(spelling.partition(" in ")[2] or spelling)
    return calls.pop() if len(calls) == 1 else None


def spelled_findings(findings, spellings):
    """``findings``, each on a framework's replayed operation named as the framework names it: its ``op`` the
    framework's spelling ("tf.math.unsorted_segment_prod (UnsortedSegmentProd)"), gradcli's name kept in
    ``gradcli_op``, so text, JSON and reports show the op a user of that framework wrote."""
    for finding in findings if spellings else ():
        if finding.location is None or finding.gradcli_op is not None:
            continue
        _spelled_as(finding, spelled(finding.op, finding.location, spellings, finding.phase == "forward"))
    return findings


def _spelled_as(finding, framework):
    """``finding`` named as the framework names its operation, ``framework`` ("tf.math.log gradient (RealDiv)"):
    its ``op`` that, gradcli's name kept in ``gradcli_op`` and the operation of the framework's graph in
    ``framework_op`` ("RealDiv"); the sentence's call of the op too. Unchanged where ``framework`` is its op."""
    if framework == finding.op:
        return
    call = _called_as(framework) if re.fullmatch(r"\w+", finding.op) else None
    if call is not None:  # the sentence's call of the op too: "torch.exp(100.0) overflowed"
        finding.message = _with_call(finding.message, finding.op, call, framework.rpartition(" (")[0])
    kind = framework.rpartition(" (")[2].rstrip(")") if framework.endswith(")") else None
    finding.gradcli_op, finding.op, finding.framework_op = finding.op, framework, kind or finding.framework_op


def _one_spelling(known, named):
    """The spelling a line's ops of one name share, ``known`` the first one's and ``named`` another's: two operators the
    line writes apart ("x - 1.0 (aten.sub)" and "a - b (aten.sub)") are named by their symbol alone ("- (aten.sub)"),
    which is theirs both; else the first's."""
    if known == named:
        return known
    (written, _, kind), (other, _, other_kind) = known.rpartition(" ("), named.rpartition(" (")
    spans = operator_span(written), operator_span(other)
    if kind != other_kind or None in spans or written[slice(*spans[0])] != other[slice(*spans[1])]:
        return known
    return f"{written[slice(*spans[0])]} ({kind}"


def _with_call(message, op, call, written):
    """``message`` with its first call of gradcli's ``op`` ("divide(1.0, 0.0)") made the framework's ``call``
    ("aten.div(1.0, 0.0)"), or where the user's line wrote the operation as an operator (``written``: "grad_output / u"),
    that text with the values it met: "grad_output / u (1.0 / 0.0)"."""
    found = re.search(rf"(?<![\w.])(?<!'s ){op}\(", message)
    if found is None:
        return message
    values, end = _arguments(message, found.end())
    valued = None if values is None else written_with_values(written, values)
    if valued is None:
        return f"{message[:found.start()]}{call}({message[found.end():]}"
    return f"{message[:found.start()]}{written} ({valued}){message[end:]}"


def _arguments(text, start):
    """``(the texts of the arguments of the call whose "(" ends just before ``start``, the index after its ")")``,
    split at the commas outside brackets; ``(None, None)`` where the call is not closed."""
    depth, values, at = 0, [], start
    for index in range(start, len(text)):
        char = text[index]
        if char in "([{":
            depth += 1
        elif char in ")]}" and depth:
            depth -= 1
        elif char == ")":
            return values + [text[at:index].strip()], index + 1
        elif char == "," and not depth:
            values.append(text[at:index].strip())
            at = index + 1
    return None, None


def _called_as(framework):
    """How a finding's sentence calls the framework's operation ``framework`` (a finding's op as `spelled` names it):
    by the API the user's line called where that API is the operation ("torch.exp" for "torch.exp (aten.exp)"), else
    by the operation in the framework's graph ("aten.mul" for "ExpBackward0 (aten.mul)" or "* (aten.mul)", "Mul",
    "integer_pow" for a step of "jax.numpy.hypot (integer_pow)"); None where ``framework`` is
    a part of that operation ("exp in torch.nn.functional.softplus (...)"), which keeps gradcli's name."""
    if " in " in framework:
        return None
    api, _, kind = framework.rpartition(" (")
    if not api:
        return framework
    kind = kind.rstrip(")")
    return api if re.fullmatch(r"[A-Za-z_]\w*(\.\w+)+", api) and _is_the_operation(api, kind) else kind


def backward_op_label(record) -> str:
    """What ran an op of the backward pass, in words: "add (the gradient accumulation of exp's uses)", "multiply in the gradient of divide".

    An op on a line of the user's own (in a grad_fn) is named alone: the line shows it.
    """
    if record.by_the_pass:  # an op a framework's backward pass makes itself (a value's gradients added up)
        return f"{record.name} ({record.by_the_pass[1]})"
    if record.accumulating:
        if str(record.node_name).startswith("the paths"):
            return f"{record.name} (the gradient accumulation of {record.node_name})"
        return f"{record.name} (the gradient accumulation of {record.node_name}'s {record.uses or 'uses'})"
    if record.node_name and record.node_name != record.name and not record.in_user_code:
        return f"{record.name} in the gradient of {record.node_name}"  # gradcli's rule ran it: its line is the op's
    return record.name


def user_rules(recording) -> list:
    """The gradient rules of the user's own that the backward pass ran, once each: "grad_fn() of bad_square"."""
    replayed = [op.rule[0] for op in recording.ops if op.rule and op.phase != "forward"]
    return list(dict.fromkeys([f"{node.rule[0]} of {node.name}" for node in recording.backward_nodes if node.rule] + replayed))


def rule_location(recording, slope_in=None):
    """file:line of the user's own gradient rule that ran first (of those that give the slope in ``slope_in``, where
    one does: a custom_jvp's rules given per argument, each told by its argument's name); else the line of a
    framework's replayed backward op that ran first (the rule of the last call, where the backward pass starts);
    None when every rule was gradcli's."""
    named = f"(its slope in {slope_in})"
    ran = [op.rule for op in recording.ops if op.rule and op.phase != "forward"]
    ordered = sorted(ran, key=lambda rule: named not in rule[0]) if slope_in else ran  # (a stable sort)
    replayed = (rule[1] for rule in ordered)
    return next((node.rule[1] for node in recording.backward_nodes if node.rule), None) or next(replayed, None) or (
        _first_rule_line(recording))


def equality_branch(recording):
    """file:line of the last ``where`` whose condition is an equality of the program's numbers that holds at the point
    (TensorFlow Probability's ``where(c == 0, limit, formula)``), or None. Only there does the program take that
    branch: its derivative at the point is the branch's own (the limit's, flat in c), not the function's beside it."""
    found = None
    for op in recording.ops:
        condition = op.parents[0] if op.name == "where" and op.phase == "forward" and op.parents else None
        if condition is not None and condition.name == "equal" and np.any(raw(condition.output)) and any(
                isinstance(a, (np.ndarray, np.floating)) and is_float_dtype(a.dtype) for a in condition.args):
            found = op.location or found
    return found


def eigh_tie(recording):
    """``(file:line or None, the tied eigenvalue, how many times it repeats)`` of the first eigh the program ran
    whose eigenvalues tie (equal to 16 roundings of the spectrum's largest), or None. There eigh's rule is
    undefined for a loss that reads the tied eigenvectors: the derivative of V diag(g(w)) V^T holds g'(w) in the
    pair's cross term, while the rule is handed only g(w_i) - g(w_j) = 0, and takes that term as 0."""
    for op in recording.ops:
        if op.name != "linalg.eigh" or op.phase != "forward":
            continue
        packed = np.asarray(raw(op.output))
        if packed.dtype == object or packed.ndim != 2 or not is_float_dtype(packed.real.dtype):
            continue
        w = np.sort(packed[0].real)
        close = np.abs(np.diff(w)) <= 16 * finfo(w.dtype).eps * np.max(np.abs(w), initial=0)
        if np.any(close):
            k = int(np.argmax(close))
            run = k + 1
            while run < len(close) and close[run]:
                run += 1
            return op.location, float(w[k]), run - k + 1
    return None


def rule_library(recording, location):
    """The library function whose framework-written rule ran on ``location`` (`rule_location`), as
    "jax.scipy.special.spence": the one library function whose code every backward op replayed there for a rule
    comes from (past those that only move the cotangent), where no rule of the user's own ran; else None."""
    if user_rules(recording) or location is None:
        return None
    # every rule op of the line's arithmetic from that one function: an op of the line's own (arccos's rule beside a
    # norm's) makes the rule the line's as much as the library's; sums only gather cotangents, whoever's they are
    functions = {op.library.rpartition(", ")[0] if op.library else None for op in _rule_ops(recording)
                 if op.location == location and op.name not in _ROUTING and op.name not in ("add", "sum")}
    return functions.pop() if len(functions) == 1 and None not in functions else None


def _rule_ops(recording):
    """The ops a framework's backward graph ran for its rules: its replayed backward ops past those that run the
    forward ops again to feed them (a joint graph's, PyTorch's and JAX's: gammaln of a constant on the rule's line)."""
    again = Counter((op.name, op.location) for op in recording.ops if op.replayed and op.phase == "forward")
    rules = []
    for op in recording.ops:
        if not op.replayed or op.phase == "forward" or not op.location:
            continue
        if again[op.name, op.location]:
            again[op.name, op.location] -= 1
            continue
        rules.append(op)
    return rules


# Backward ops that only move the cotangent into place (an indexing's transpose, a reshape): exact whatever the rule,
# so the line whose rule is off is the first one past them.
_ROUTING = frozenset({"reshape", "untake", "getitem", "broadcast_to", "transpose", "squeeze", "expand_dims", "pad",
                      "concatenate", "astype", "ravel", "moveaxis", "swapaxes", "flip"})


def _first_rule_line(recording):
    """The line of the first op a framework's backward graph ran for its rules, past the forward ops the
    replay of a joint graph (PyTorch's, JAX's) runs again in the backward pass to feed them, and past a line whose
    backward ops only move the cotangent into place (`_ROUTING`: ``ys[-1]``'s transpose before odeint's rule)."""
    ran = [op for op in recording.ops if op.replayed and op.phase != "forward" and op.location]
    rules = _rule_ops(recording)
    lines = list(dict.fromkeys(op.location for op in rules))
    arithmetic = [line for line in lines if any(op.name not in _ROUTING for op in rules if op.location == line)]
    if arithmetic or lines:
        return (arithmetic or lines)[0]
    return ran[0].location if len({op.location for op in ran}) == 1 else None


def _user_rule(node):
    """The user's own function behind a node's gradient rule, as ("grad_fn()", "losses.py:12"), or None.

    A custom gradient's grad_fn or an override's rule is the user's function
    that gradcli's VJP calls: found among the names the VJP closes over (a
    custom gradient's: the VJP of its call, which its node keeps).
    """
    rules = [getattr(node, "vjp", None), getattr(getattr(node, "prim", None), "vjp", None), getattr(call_of(node), "vjp", None)]
    for rule in rules:
        for value in [rule, *(_contents(cell) for cell in getattr(rule, "__closure__", None) or ())]:
            code = getattr(value, "__code__", None)
            if code is not None and not os.path.abspath(code.co_filename).startswith(GRADCLI_FOLDER):
                return f"{code.co_name}()", f"{code.co_filename}:{def_line(code.co_filename, code.co_firstlineno)}"
    return None


def _contents(cell):
    try:
        return cell.cell_contents
    except ValueError:  # a cell not yet filled
        return None


class _OnTheHooks:
    """Its ``_forward`` and ``_backward`` on the core's hooks for a ``with`` block."""

    def __enter__(self):
        self._saved = (hooks.forward, hooks.backward)
        hooks.forward = self._forward
        hooks.backward = self._backward
        return self

    def __exit__(self, *exc):
        hooks.forward, hooks.backward = self._saved
        return False


class Recorder(_OnTheHooks):
    """Install the forward/backward hooks for a ``with`` block and record every op."""

    def __init__(self, locate_in_python=False):
        self.recording = Recording()
        self.phase = "forward"
        self.locate_in_python = locate_in_python
        self._by_output = {}
        self._pending_backward = []
        self._keep = []
        self._received = {}  # id(node) -> (node, the cotangents its consumers' rules gave it so far)
        # id(node) -> (node, the running sum of plain cotangents the pass has added up for it), until its rule runs: a
        # later pass (a replay's pullback inside the recorded run) may make a node of the same id
        self._sums = {}
        self._accumulating_into = None  # (name, span, location, the words for its uses) of the value whose gradients are being added up
        # (location, op name, True) -> the names `_name_composite_part` found for the line's ops of that name (None: outside)
        self._part_names = {}

    def _forward(self, prim, args, kwargs, ans):
        # No formula is being evaluated unless the formula compiler was imported: looking it up
        # instead of importing it spares a Python function's first check that import.
        formulas = sys.modules.get(_FORMULA_COMPILER)
        # A framework's captured graph, replayed by gradcli: each operation carries the user's line it came from.
        replayed = replayed_location() if self.locate_in_python else None
        user = _user_frame(sys._getframe(1)) if self.locate_in_python and replayed is None else None
        # An op's own arguments only: SciPy's value op carries gradcli's composite value last (`ops_scipy.scipy_valued`)
        args = tuple(args)[: getattr(prim, "shown_arguments", None)]
        record = OpRecord(
            len(self.recording.ops),
            prim.name,
            self.phase,
            args,
            ans,
            formulas.CURRENT.span if formulas is not None and self.phase == "forward" else None,
            replayed[0] if replayed else (f"{user.f_code.co_filename}:{user.f_lineno}" if user is not None else None),  # in a backward pass: a grad_fn's line
        )
        record.rule, record.library, record.own, record.by_the_pass = replayed[1:5] if replayed else (None,) * 4
        record.spelled = replayed[5] if replayed and len(replayed) > 5 else None
        if record.by_the_pass and record.location:  # the pass's own op, spelled apart from the line's operators
            key = (record.location, prim.name, _PASS)
            self.recording.spellings[key] = _named_inside(prim.name, record.spelled) if record.spelled else prim.name
        elif record.spelled and record.location:
            named, forward = _named_inside(prim.name, record.spelled), record.phase == "forward"
            # a joint graph's forward op run again to feed the backward pass names no op of that pass
            if forward or self.recording.spellings.get((record.location, prim.name, True)) != named:
                key = (record.location, prim.name, forward)
                self.recording.spellings[key] = _one_spelling(self.recording.spellings.get(key, named), named)
        if replayed is None and record.location and self.phase == "forward":
            self._name_composite_part(record)
        record.prim, record.kwargs = prim, kwargs
        record.flushed_by = flushing_kernels()
        record.accumulated_by = accumulated_by()
        record.replayed = replayed is not None
        if self.phase == "forward" and (standing := stood_for()) is not None:
            self._stand_in(record, standing)
        self.recording.ops.append(record)
        record.accumulating = self.phase != "forward" and (
            record.by_the_pass[0] == "accumulation" if record.by_the_pass else _accumulating(sys._getframe(1)))
        record.in_user_code = user is not None or replayed is not None
        if self.phase == "forward":
            record.parents = tuple(self._producer(a) for a in record.args)
            self._by_output[id(ans)] = record
            self._keep.append(ans)  # keep ids unique for the whole run
            if self.recording.first_forward_nonfinite is None and not finite(ans) and all(
                finite(a) for a in record.args
            ):
                self.recording.first_forward_nonfinite = record
        else:
            self._pending_backward.append(record)

    _forward.wants_own_values = True  # a replay in the dtype follows a framework's own library values (`flushing`)

    def _stand_in(self, record, standing):
        """Make ``record``, an op computing a `standing_for` call, that call: its primitive on its arguments, answering
        with the op's answer, in place of the op before it where that computed the same call."""
        ops = self.recording.ops
        if ops and ops[-1].stands_for is not None and ops[-1].stands_for[0] is standing[0]:
            before = ops.pop()
            record.index = before.index
            if self.recording.first_forward_nonfinite is before:  # the call's, now that op is the call
                self.recording.first_forward_nonfinite = record
        record.stands_for = standing
        _, prim, record.args, keywords = standing
        record.name, record.prim, record.kwargs = prim.name, prim, dict(keywords)

    def _name_composite_part(self, record):
        """Name ``record``, an op of the user's line run inside a function gradcli composes (`tracer.composing`), as
        the function the user called: scipy.special.expit for the sigmoid it is (logsumexp for gradcli's logsumexp
        inside it), "softplus in scipy.special.log_expit" for a part of one. Where the line runs ops of that name in two places (np.exp beside logsumexp's exp, or
        inside two such functions), no one name is theirs: gradcli's stands, the user's own np.exp's."""
        inside = composed_in()
        named = None if inside is None or record.name == inside[0] else (
            inside[0] if record.name in (inside[1], inside[0].rpartition(".")[2]) else f"{record.name} in {inside[0]}")
        key = (record.location, record.name, True)
        seen = self._part_names.get(key)
        if seen is None and named is None:
            return
        seen = self._part_names.setdefault(key, set())
        seen.add(named)
        # the op the function is as a whole (np.true_divide's divide) names its node of the backward pass too
        backward = (record.location, record.name, False)
        if len(seen) == 1:
            self.recording.spellings[key] = named
            if named == inside[0]:
                self.recording.spellings[backward] = named
                if inside[2] is not None:  # the user's call's own arguments, which its finding shows (`_zero_finding`)
                    record.called_with = tuple(raw(a) for a in inside[2])
        else:
            self.recording.spellings.pop(key, None)
            self.recording.spellings.pop(backward, None)

    def _producer(self, value):
        # Small ints are shared objects: an id match there is no evidence of where a value came from.
        if type(value) in (int, bool):
            return None
        record = self._by_output.get(id(value))
        return record if record is not None and record.output is value else None

    def _backward(self, node, g, cotangents):
        origin = self._by_output.get(id(raw(node._value)))  # unboxed: the run may be nested
        span = origin.span if origin is not None else None
        location = origin.location if origin is not None else None
        for record in self._pending_backward:
            if record.accumulating and record.by_the_pass is None and self._accumulating_into is not None:
                record.node_name, record.span, record.location, record.uses = self._accumulating_into
            else:
                record.node_name = node.name
                record.span, record.location = span, record.location or location
        self._pending_backward = []
        received = self._received.pop(id(node), (node, []))[1]
        self._sums.pop(id(node), None)  # its gradient is whole: its rule runs now
        rule = _user_rule(node) if self.locate_in_python else None
        if rule is None and location and getattr(node, "prim", None) is EMBEDDED_GRADIENT:
            rule = ("gx", location)  # custom_gradient(fx, gx, x): the rule is the gx handed at its call
        record = NodeRecord(node.name, span, location, g, tuple(cotangents), tuple(node.args), node._value,
                            tuple(node.argnums), rule, call_of(node))
        self.recording.backward_nodes.append(record)
        if self.recording.first_backward_nonfinite is None and self.recording.accumulated is None:
            if len(received) > 1 and not finite(g) and all(finite(ct) for ct in received):
                self.recording.accumulated = (record, received)  # each use's gradient finite, their sum not
            elif finite(g) and any(ct is not None and not finite(ct) for ct in cotangents):
                self.recording.first_backward_nonfinite = record
        self._note_accumulation(node, cotangents)

    def _note_accumulation(self, node, cotangents):
        """Keep what ``node``'s rule gives each input; an input given a gradient before is about to add them up.

        An input of the target has no op of its own to name: the op whose
        inputs both come from it (``logaddexp2(x, -x)``), where its paths
        meet, is named instead, with its line.
        """
        self._accumulating_into = None
        for parent, ct in zip(node.parents, cotangents):
            if ct is None:
                continue
            entry = self._received.setdefault(id(parent), (parent, []))
            if entry[1] and raw(ct) is ct:
                self._record_plain_sum(parent, entry[1][0], ct)
            if entry[1] and self._accumulating_into is None:
                origin = self._by_output.get(id(raw(parent._value)))
                if origin is None:
                    origin = _paths_meet(self.recording.ops, raw(parent._value))
                    name = f"the paths of an input that meet in {origin.name}" if origin is not None else "an input"
                else:
                    name = parent.prim.name if getattr(parent, "prim", None) is not None else "an input"
                where = (origin.span, origin.location) if origin is not None else (None, None)
                self._accumulating_into = (name, *where, _uses(origin, self.recording.ops) if origin is not None else "")
            entry[1].append(ct)

    def _record_plain_sum(self, parent, first, ct):
        """Record the add that the backward pass is about to make of ``parent``'s gradients, as an op of the pass.

        A first-order pass adds plain numbers with ``+``, which no door sees;
        its sum is the same ``prev + ct`` made here, so the two recordings (the
        dtype's and the high-precision one) both hold it, and a cancellation
        there (sin(x)/x: cos(x)/x + -sin(x)/x^2 at x = 1e-10) is an op to name.
        """
        kept = self._sums.get(id(parent))
        prev = kept[1] if kept is not None and kept[0] is parent else first
        total = prev + ct
        self._sums[id(parent)] = (parent, total)
        self._forward(_ADD, (prev, ct), {}, total)
        self.recording.ops[-1].accumulating = True

    def __exit__(self, *exc):
        # The last gradients added up, into an input, have no rule run after them to place them.
        for record in self._pending_backward:
            if record.accumulating and record.by_the_pass is None and self._accumulating_into is not None:
                record.node_name, record.span, record.location, record.uses = self._accumulating_into
        self._pending_backward = []
        return super().__exit__(*exc)


def _uses(origin, ops):
    """The words for the uses of ``origin``'s value (the op whose gradients a backward pass's add gathers) where they are
    on lines of the user's (``u = x - 1`` on one line, used twice on the next): "uses at lines 5 and 6", "2 uses on
    line 6"; '' where fewer than two uses have a line."""
    uses = [op.location for op in ops if op.phase == "forward" and op.location
            and any(parent is origin for parent in (op.parents or ()))]
    return uses_at(uses, origin.location) if len(uses) > 1 and origin.location else ""


def _paths_meet(ops, value):
    """The first forward op (of ``ops``) with two or more inputs computed from ``value`` (an input of the target), or None."""
    reached = set()  # indices of the ops computed from ``value``
    for op in ops:
        if op.phase != "forward":
            continue
        paths = sum(
            1 for arg, parent in zip(op.args, op.parents)
            if raw(arg) is value or (parent is not None and parent.index in reached)
        )
        if paths:
            reached.add(op.index)
        if paths > 1:
            return op
    return None


class Watch(_OnTheHooks):
    """The hooks of a `Recorder` that keep nothing: whether a run has anything a recording of it would report.

    A recording is read for a NaN or inf that some op made (forward or
    backward) and for an op whose output is a float of another dtype than
    ``dtype``; where a run had neither, its recording says nothing that an
    empty one does not (for a formula, whose ops carry no rule or line of the
    user's own). Installed as the recorder's are, so the run takes the very
    same paths through the core and computes the same numbers.
    """

    def __init__(self, dtype):
        self.dtype = dtype
        self.reportable = False
        self.phase = "forward"  # as a recorder's, which the run sets

    def _forward(self, prim, args, kwargs, ans):
        if self.reportable:
            return
        value = raw(ans)
        kind = type(value)
        if kind is float or kind is _FLOAT64:
            self.reportable = not math.isfinite(value) or (kind is _FLOAT64 and self.dtype != value.dtype)
        elif isinstance(value, (np.ndarray, np.generic)) and is_float_dtype(value.dtype) and value.dtype != self.dtype:
            self.reportable = True
        else:
            self.reportable = not finite(value)

    def _backward(self, node, g, cotangents):
        if not self.reportable:
            self.reportable = not finite(g) or any(ct is not None and not finite(ct) for ct in cotangents)


# How each op's gradient rule reads, for messages about the backward pass.
_RULES = {
    "exp": "upstream * exp(x)",
    "expm1": "upstream * exp(x)",
    "log": "upstream / x",
    "log1p": "upstream / (1 + x)",
    "log2": "upstream / (x * ln 2)",
    "log10": "upstream / (x * ln 10)",
    "sqrt": "upstream * 0.5 / sqrt(x)",
    "cbrt": "upstream / (3 * cbrt(x)^2)",
    "multiply": "upstream * the other factor",
    "divide": "upstream / y and -upstream * x / y^2",
    "power": "upstream * y * x^(y-1) and upstream * x^y * log(x)",
    "sin": "upstream * cos(x)",
    "cos": "-upstream * sin(x)",
    "tan": "upstream / cos(x)^2",
    "tanh": "upstream / cosh(x)^2",
    "arcsin": "upstream / sqrt(1 - x^2)",
    "arccos": "-upstream / sqrt(1 - x^2)",
    "reciprocal": "-upstream / x^2",
}

def _show(value):
    value = raw(value)
    if isinstance(value, np.ndarray) and value.size > 4:
        return f"array{value.shape}"
    if isinstance(value, (np.ndarray, np.generic)):
        if not np.ndim(value):
            return repr(float(value) if np.isrealobj(value) else complex(value))
        # As a list is written ("[inf, 1, 0.006737947]"), not NumPy's columns ("[    inf 1.  0.006738]").
        return np.array2string(np.asarray(value), separator=", ", formatter={"float_kind": "{:.7g}".format})
    if isinstance(value, float):
        return repr(value)
    return str(value)


def _first_broken_entry(node, bad):
    """For a backward op whose cotangent ``bad`` is an array too large to show (`_show` writes its shape alone): the
    count of its entries made NaN or inf from a finite upstream entry, and the first such entry with the op's
    operands, output and upstream there, as a reader finds it (sqrt of a distance matrix's zero diagonal); None for
    a small array or a scalar, which `_show` writes whole."""
    bad = np.asarray(raw(bad))
    if bad.size <= 4 or bad.dtype == object:
        return None
    upstream = np.asarray(raw(node.upstream))
    try:
        finite_upstream = np.broadcast_to(np.isfinite(upstream), bad.shape) if upstream.dtype != object else True
    except ValueError:  # an upstream of another shape (a reduction's): every entry counts
        finite_upstream = True
    broke = ~np.isfinite(bad) & finite_upstream
    if not broke.any():
        return None
    index = tuple(int(i) for i in np.argwhere(broke)[0])
    kinds = " and ".join(kind for kind, hit in (("NaN", np.isnan(bad[broke]).any()), ("inf", np.isinf(bad[broke]).any()))
                         if hit)

    def at(value):
        value = np.asarray(raw(value))
        if value.shape == bad.shape and value.dtype != object:
            return _show(value[index])
        return _show(value)

    where = ", ".join(str(i) for i in index)
    inputs = ", ".join(at(a) for a in node.args)
    return (f"turned the finite upstream gradient into {kinds} in {int(broke.sum())} of {bad.size} entries, the first "
            f"[{where}]: there {node.name}({inputs}) = {at(node.output)}, the upstream gradient {at(node.upstream)} "
            f"and the gradient {_show(bad[index])}")


def _show_apart(value):
    """``value`` as `_show` writes it, a small array's floats with every digit as a number's are: a message about
    nearly equal numbers shows what tells them apart (7 digits write exp(1e-10), 1.0000000001, as 1)."""
    value = raw(value)
    if isinstance(value, np.ndarray) and 0 < value.size <= 4 and value.ndim and is_float_dtype(value.dtype) \
            and value.dtype.kind != "c":
        return np.array2string(value, separator=", ", formatter={"float_kind": lambda v: repr(float(v))})
    return _show(value)


def _forward_findings(recording, value_finite, gradient_finite):
    """``(findings, the forward op that first made a NaN or inf, None where it reached nothing)``: that op's finding
    (or a library call's, the framework's own NaN), and a where leak a derivative the value takes carries into it."""
    findings = []
    first = recording.first_forward_nonfinite
    if first is not None and value_finite and gradient_finite and _inf_from_zero(first):
        first = None  # log(0) = -inf that the program then skips (a logsumexp of a zero weight): exact, and it reached nothing
    # A library call the replay computes as gradcli's own function, where the framework's own returned NaN or inf on
    # the same finite numbers: the framework's NaN started there, though no replayed op made one.
    called = None if value_finite and gradient_finite else _first_own_nonfinite(recording, "forward")
    if called is not None and (first is None or called[0].index < first.index):
        op, said, label = called
        findings.append(Finding("nonfinite", "forward", label, said, op.span, [_show(a) for a in op.args],
                                _show(op.output), op.location))
    elif first is not None:
        findings += _forward_nonfinite(first, getattr(recording, "spellings", None), recording)
    leak = _derivative_leak_in_the_value(recording, first) if first is not None and not value_finite else None
    if leak is not None:
        findings.append(leak)
    return findings, first


def nonfinite_findings(recording: Recording, value_finite, gradient_finite):
    """Findings for the first op that made a NaN/Inf, forward and backward."""
    findings, first = _forward_findings(recording, value_finite, gradient_finite)
    if recording.accumulated is not None:
        findings.append(_accumulation_finding(*recording.accumulated))
    node = recording.first_backward_nonfinite
    if node is not None:
        bad = next(ct for ct in node.cotangents if ct is not None and not finite(ct))
        inputs = ", ".join(_show(a) for a in node.args)
        rule = _RULES.get(node.name)
        how = f" ({rule})" if rule else ""
        message = (
            f"the gradient of {node.name}{how} at {node.name}({inputs}) = {_show(node.output)} turned "
            f"the finite upstream gradient {_show(node.upstream)} into {_show(bad)}"
        )
        entry = _first_broken_entry(node, bad)
        if entry is not None:
            message = f"the gradient of {node.name}{how} {entry}"
        if _is_zero(node.upstream) and not finite(node.output):
            message += f": 0 * {_show(node.output)} is NaN"
        step = _first_nonfinite_rule_step(recording, node)
        called = _first_own_nonfinite(recording, "backward", node.name)
        if called is not None and (step is None or called[0].index < step.index):
            step = None  # the framework's own library call in its backward pass made the first NaN or inf
            message = f"in the framework's backward pass, {called[1]}"
            node = _step_as_node(called[0], node)
        broke = step or (called[0] if called is not None else None)  # the replayed op, as the framework spells it
        lost, broken, gave = _zero_before_the_rule(recording, node), node, "whose gradient rule"
        if lost is None and step is not None:  # a framework's backward step that read a 0 (its rule's a / r)
            lost, broken, gave = _lost_to_zero(step, made_by(recording)), step, "which gave"
        named = any(f.kind in ("underflow", "cancellation") and (f.gradcli_op or f.op, f.span, f.location) == (lost.name, lost.span, lost.location) for f in findings) if lost else True
        if not named:  # the forward's root cause, when the forward finding has not named it already
            findings.append(_zero_finding(lost, broken, gave, getattr(recording, "spellings", None)))
        plain = _plain_arithmetic_broke(recording, node) if step is None and called is None else None
        if plain is not None:  # the user's grad_fn broke in NumPy's operators on its plain arrays, which no op records
            node, message = plain
        if step is not None:  # a framework's own backward graph or the user's grad_fn: the step that broke, at its line
            # a step of the user's own rule replayed from a framework's graph is said to be in that rule
            ran_in = step.rule[0] if step.replayed and step.rule else "the framework's backward pass" if step.replayed else (
                f"{node.rule[0]} of {node.name}" if node.rule else f"the gradient rule of {node.name}")
            node = _step_as_node(step, node)
            # a step handed a NaN or inf passes it on: the forward op that made it is named, not this step
            handed = not all(finite(a) for a in step.args if type(a) not in (int, bool))
            made = (
                ", the first NaN or inf of "
                + ("the backward pass" if step.replayed and step.rule else "that pass") + _library_note(step)
                + (f": {step.by_the_pass[1]}, which the pass makes itself, no operator of the code"
                   if step.by_the_pass else "")
            )
            broke_before = _forward_broke(step, recording) if handed or (step.replayed and step.rule) else ""
            message = (
                f"in {ran_in}, {step.name}({', '.join(_show(a) for a in step.args)}) gave {_show(step.output)}"
                + ((broke_before or ", passing on a NaN or inf it was handed") if handed else made + broke_before)
            )
        kind = "nonfinite"
        apart = None  # (the where, as written) where it sits on another line than the op that broke
        chooser = _dropped_by(recording, first) if first is not None else None
        if first is not None and value_finite and not gradient_finite and not _in_the_rules_primal(
            recording, step, chooser
        ) and (chooser is not None or any(_chooses_by_the_inputs(op) for op in recording.ops)):
            kind = "where-nan"
            if chooser is None or chooser.name == "where":
                # the call the user's code wrote where the framework's names are known: jnp.nan_to_num, torch.where
                written = (chooser.spelled or "").rpartition(" (")[0] if chooser is not None else ""
                through = written if written and not written[0] in "+-*/%@<>=!" else "where"
                selector = f"{through}()"
                if chooser is not None and chooser.location and chooser.location != node.location:
                    selector += f" at {os.path.basename(chooser.location)}"
                    apart = chooser, through
            else:  # a clamp or a max the user wrote: its own op and line, not the where of its gradient
                selector = f"{chooser.name}({', '.join(_show(a) for a in chooser.args)}) = {_show(chooser.output)}"
                if chooser.location:
                    selector += f" at {os.path.basename(chooser.location)} (the clamp, min or max written there)"
                through = chooser.name
            message += (
                f". The value is finite because {selector} did not select the branch that computed "
                f"{first.name}(...) = {_show(first.output)}{_input_from(first)}, but that branch's gradient still leaks "
                f"through {through} (its cotangent is 0, and 0 * NaN is NaN)"
            )
        finding = Finding(kind, "backward", node.name, message, node.span,
                          [_show(node.upstream)] + [_show(a) for a in node.args], _show(bad), node.location)
        if (broke is not None and broke.spelled and node.name == broke.name
                and not (broke is step and step.by_the_pass)):
            # its own spelling: several backward ops of one kind on a line (NllLossBackward0's divide beside
            # LogBackward0's) are each the gradient of another call
            _spelled_as(finding, _named_inside(broke.name, broke.spelled))
        findings.append(finding)
        if apart is not None:  # the where's own line too: the one a double where rewrites
            findings.append(_leaking_where(apart, first))
        findings += _steep_leak(recording, finding, node) if first is None and value_finite and not gradient_finite else []
    return findings


def _steep_branch_left_out(recording, node):
    """``(where, op)``: a finite forward ``op`` on the line of ``node`` (the backward step that first made a NaN or inf)
    whose value every entry of a later ``where`` leaves out, the first such where; or None.

    A branch finite at the point but steep there (sqrt(0), acos(1)) makes no NaN in the forward pass; its rule makes
    inf, and the where's 0 cotangent times that inf is the NaN that leaks."""
    if not node.location:
        return None
    for op in recording.ops:
        if op.phase == "forward" and op.location == node.location and finite(op.output):
            where = _left_out_by(recording, op)
            if where is not None:
                return where, op
    return None


def _steep_leak(recording, finding, node):
    """Where no forward op made a NaN or inf but the backward ``node`` did, and a where left out a finite branch
    steep at the point (`_steep_branch_left_out`): ``finding`` (``node``'s) said as that where's leak, and the
    finding at the where's own line where it sits on another line (a list, empty where there is none to add)."""
    steep = _steep_branch_left_out(recording, node)
    if steep is None:
        return []
    where, branch = steep
    written = (where.spelled or "").rpartition(" (")[0] or "where"  # torch.where, tf.where
    finding.kind = "where-nan"
    finding.message += (
        f". The value is finite because {written}() at {os.path.basename(where.location or '')} did not select "
        f"the branch computed at {os.path.basename(branch.location)}, whose value is finite but whose slope is "
        f"infinite at this point; that branch's gradient still leaks through {written} (its cotangent is 0, "
        "and 0 * inf is NaN)"
    )
    return [_leaking_steep_where((where, written), branch)] if where.location and where.location != node.location else []


def _left_out_by(recording, start):
    """The first forward ``where`` that selects, in every entry, the other branch than the one carrying ``start``'s
    value, or None."""
    carrying = {start.index}
    for op in recording.ops:
        if op.phase != "forward" or op.index <= start.index:
            continue
        carried = [k for k, p in enumerate(op.parents) if p is not None and p.index in carrying]
        if not carried:
            continue
        if op.name == "where" and len(op.args) == 3 and carried in ([1], [2]):
            chosen = np.asarray(raw(op.args[0]))
            if chosen.dtype == bool and not (chosen.any() if carried == [1] else not chosen.all()):
                return op
        carrying.add(op.index)
    return None


def _leaking_steep_where(apart, branch):
    """The finding at a where's own line whose unselected branch, finite but steep at the point, sends NaN back."""
    written = apart[1]
    made = os.path.basename(branch.location) if branch.location else "another line"
    return _where_finding(apart, f"{written}() keeps the branch computed at {made} out of the value, but that branch's "
                                 f"slope is infinite at this point and its gradient leaks through {written} (0 * inf "
                                 "is NaN)")


def _input_from(op):
    """What a where leak says of ``op``'s inputs: " from its input radius, made at model.py:7 (...)" where the first of
    them computed on another line than ``op`` was made (a leak written over two lines: the line a double where
    guards), named by the variable that line assigns and ``op``'s line reads, where there is one."""
    file = (op.location or "").rpartition(":")[0]  # the user's own file: a library's line is not theirs to guard
    line = next((p.location for p in op.parents if p is not None and p.location and p.location != op.location
                 and p.location.rpartition(":")[0] == file), None)
    if line is None:
        return ""
    name = assigned_name(line, read_at=op.location)
    named = f" {name}," if name else ""
    return f" from its input{named} made at {os.path.basename(line)} (the input to guard with the same condition)"


# What a where leak explains: the NaN its unselected branch made and the non-finite gradient rule it sent back.
_LEAK_CONSEQUENCES = frozenset({"nonfinite", "nonfinite-rule"})


def cause_first(findings):
    """Reorder ``findings`` in place so that a where leak comes before the findings it explains, the cause a user
    must fix (the where, and the branch input a double where guards) being the first a view shows.

    Every other order stays: a forward overflow before its backward consequence, domain findings before all.
    """
    leaks = [f for f in findings if f.kind == "where-nan"]
    explained = next((i for i, f in enumerate(findings) if f.kind in _LEAK_CONSEQUENCES), None)
    if not leaks or explained is None or findings.index(leaks[0]) < explained:
        return findings
    rest = [f for f in findings if f.kind != "where-nan"]
    at = rest.index(findings[explained])
    findings[:] = rest[:at] + leaks + rest[at:]
    return findings


def _forward_broke(step, recording):
    """The words that clear a user's rule whose ``step`` broke on a number the forward pass had already broken: an
    inf or NaN a forward op made of finite numbers, or a 0 a forward op underflowed or cancelled to, that reached the
    step as it was or through the rule's own steps; "" where the step's own arithmetic made it."""
    made = made_by(recording)
    forward = {_repeat_key(op): op for op in recording.ops if op.phase == "forward"}
    for arg, parent in zip(step.args, parents_of(step, made)):
        if parent is None or type(arg) in (int, bool):
            continue
        broken = not finite(arg)
        carries = (lambda a: not finite(a)) if broken else (lambda a: _zeros_at(a, None) is not None)
        if not carries(arg):
            continue
        op = forward.get(_repeat_key(parent), parent)  # a backward graph's run of a forward op again is that op
        while op is not None and op.phase != "forward":  # the rule's own steps that passed the number on
            op = next((forward.get(_repeat_key(p), p) for a, p in zip(op.args, parents_of(op, made))
                       if p is not None and type(a) not in (int, bool) and carries(a)), None)
        if op is None:
            continue
        if broken:
            while not all(finite(a) for a in op.args):
                op = next((p for a, p in zip(op.args, op.parents) if p is not None and not finite(a)), None)
                if op is None:
                    break
            if op is not None:
                verb = "overflowed to" if _is_inf(op.output) and not _inf_from_zero(op) and not _inf_at_pole(op) else "gave"
                return _broke_before(arg, op, verb)
        else:
            # the op that reads the 0 as the forward pass made it, whose origin `_lost_to_zero` follows
            reader = OpRecord(-1, op.name, "forward", (op.output,), op.output, parents=(op,))
            lost = _lost_to_zero(reader)
            if lost is not None:
                verb = ("cancelled to" if lost.name in ("add", "subtract") else
                        "gave exactly" if lost.name in _LOG_ARGUMENT else "underflowed to")
                return _broke_before(arg, lost, verb)
    return ""


def _broke_before(arg, op, verb):
    """": its 0.0 comes from the forward pass, where torch.exp(-200.0) underflowed to 0.0 at model.py:14: the forward
    op broke, not the rule" (`_forward_broke`), the forward ``op`` called as its framework spells it."""
    called = _called_as(op.spelled) if op.spelled else None
    inputs = ", ".join(_show(a) for a in op.args)
    at = f" at {os.path.basename(op.location)}" if op.location else ""
    return (f": its {_show(arg)} comes from the forward pass, where {called or op.name}({inputs}) {verb} "
            f"{_show(op.output)}{at}: the forward op broke, not the rule")


def _derivative_leak_in_the_value(recording, first):
    """The where-nan finding at the line of the where that dropped ``first``'s NaN or inf from the value, where a
    derivative the function takes of itself (``torch.func.grad``: ops a framework's backward node ran, in the value)
    still differentiates that branch and its 0 * NaN makes the value NaN; None where nothing of the kind happened."""
    dropped = _dropped_by(recording, first)
    for op in recording.ops:
        engine = _derivative_of(op)
        if op.phase != "forward" or op.index <= first.index or engine is None:
            continue
        if op.name in ("multiply", "divide") and _zero_beside_nonfinite(op):
            # the where the value's forward pass dropped the branch by; where the derivative alone reads the branch
            # (JAX keeps no forward where whose value nothing reads), the where whose mask made the 0
            where = dropped if dropped is not None and dropped.name == "where" else _where_behind(op)
            if where is None:
                return None
            written = (where.spelled or "").rpartition(" (")[0] or "where"
            made = os.path.basename(first.location) if first.location else "another line"
            at = f" at {os.path.basename(op.location)}" if op.location else ""
            said = (f"{written}() keeps the value finite by not selecting the branch where {first.name} at {made} gave "
                    f"{_show(first.output)}{_input_from(first)}, but the derivative this function takes of itself "
                    f"still differentiates that branch: {op.name}({', '.join(_show(a) for a in op.args)}) in "
                    f"{engine}{at} gave {_show(op.output)} ({_zero_with(op)}), which the function's value carries")
            return _where_finding((where, written), said)
    return None


def _derivative_of(op):
    """The derivative a recorded op belongs to, as its framework spells it (PyTorch's "PowBackward0", JAX's
    "** gradient", TensorFlow's "tf.GradientTape.gradient"), or None for an op of no derivative."""
    engine = (op.spelled or "").rpartition(" (")[0].rpartition(" in ")[2]  # "tf.where in tf.GradientTape.gradient"
    return engine if "Backward" in engine or engine.endswith("gradient") else None


def _where_behind(op):
    """The where whose 0 reached ``op``'s zero operand through ops that kept it 0 (a cotangent's mask), or None. A
    where the derivative made itself, at the line that asked for the derivative (TensorFlow's tape), is placed at the
    line of its condition, the user's where."""
    todo, seen = [p for a, p in zip(op.args, op.parents) if p is not None and _is_zero_somewhere(a)], set()
    while todo:
        parent = todo.pop(0)
        if parent.index in seen or len(seen) > 64:
            continue
        seen.add(parent.index)
        if parent.name == "where" and parent.location:
            condition = parent.parents[0] if parent.parents else None
            if _derivative_of(parent) is None or condition is None or not condition.location:
                return parent
            api = (parent.spelled or "").rpartition(" (")[0].partition(" in ")[0]  # the call the user wrote, tf.where
            return replace(parent, location=condition.location, span=None, spelled=f"{api} (where)" if api else None)
        todo += [p for a, p in zip(parent.args, parent.parents or ()) if p is not None and _is_zero_somewhere(a)]
    return None


def _is_zero_somewhere(value):
    value = np.asarray(raw(value))
    return is_float_dtype(value.dtype) and bool(np.any(value == 0))


def _zero_with(op):
    """"0 * NaN is NaN", "0 / 0 is NaN": what `_zero_beside_nonfinite` found ``op`` doing, in words."""
    if op.name == "multiply":
        return "0 * inf is NaN" if any(_is_inf(a) for a in op.args) else "0 * NaN is NaN"
    divisor = np.asarray(raw(op.args[-1]))
    return "0 / 0 is NaN" if np.any(divisor == 0) else "0 / NaN is NaN"


def _zero_beside_nonfinite(op):
    """Whether some entry of ``op``'s (a product's or quotient's) result is NaN or inf where one operand is exactly 0
    and the other is not finite."""
    try:
        args = np.broadcast_arrays(*[np.asarray(raw(a)) for a in op.args], np.asarray(raw(op.output)))
    except ValueError:
        return False
    *operands, out = args
    if not all(is_float_dtype(a.dtype) for a in (*operands, out)) or out.dtype.kind == "c":
        return False
    zero = np.zeros(out.shape, bool)
    nonfinite = np.zeros(out.shape, bool)
    for a in operands:
        zero |= a == 0
        nonfinite |= ~np.isfinite(a)
    return bool(np.any(zero & nonfinite & ~np.isfinite(out)))


def _leaking_where(apart, first):
    """The finding at a where's own line whose unselected branch, computed on another line, sends NaN back."""
    written = apart[1]
    made = os.path.basename(first.location) if first.location else "another line"
    return _where_finding(apart, f"{written}() keeps the value finite by not selecting the branch where {first.name} "
                                 f"at {made} gave {_show(first.output)}, but that branch is still differentiated and "
                                 f"its gradient leaks through {written} (0 * NaN is NaN)")


def _where_finding(apart, said):
    """The where-nan finding at the line of ``apart``'s where (the op and its spelling), saying ``said`` and how to
    guard."""
    where = apart[0]
    return Finding("where-nan", "forward", where.name, f"{said}: guard the branch's input with the same condition",
                   where.span, [_show(a) for a in where.args], _show(where.output), where.location)


def nonfinite_by_rounding(recording):
    """Whether the program's first NaN or inf was made by its dtype's rounding: an op that overflowed on finite inputs
    (not a pole's, nor a 0's, nor a singular matrix's inf), or an op handed a 0 that an earlier op underflowed to,
    forward or in a gradient rule. Such a NaN is `unstable` whatever the exact numbers are. A difference that cancelled
    to 0 is none: its operands are equal floats, whose exact numbers may be equal too (a spectrogram minus its
    target's, at the target), which only an exact reference tells."""
    if recording is None:
        return False
    first = recording.first_forward_nonfinite
    if first is not None:
        lost = _lost_to_zero(first)
        if lost is not None:
            return not _cancelled(lost)
        singular = first.name.startswith(_MATRIX_FUNCTIONS) and all(finite(a) for a in first.args)
        return _is_inf(first.output) and not (singular or _inf_from_zero(first) or _inf_at_pole(first))
    node = recording.first_backward_nonfinite
    lost = None if node is None else _zero_before_the_rule(recording, node)
    return lost is not None and not _cancelled(lost)


def _cancelled(op):
    """Whether ``op``, an op that made a 0 of nonzero numbers (`_made_zero`), is a difference that cancelled."""
    return op.name in ("add", "subtract")


def _forward_nonfinite(first, spellings=None, recording=None):
    """The findings of ``first``, the first forward op that made a NaN or inf of finite inputs: the op, and before it
    the 0 an earlier op rounded to that it was fed, where one was."""
    findings = []
    inputs = ", ".join(_show(a) for a in first.args)
    lost = _lost_to_zero(first)
    if lost is None and recording is not None:
        lost = _unlinked_zero_maker(recording, first)
    if lost is not None:
        findings.append(_zero_finding(lost, first, spellings=spellings))
    singular = first.name.startswith(_MATRIX_FUNCTIONS) and all(finite(a) for a in first.args)
    absorbed = _absorbed_before(first) if singular and lost is None else None
    if absorbed is not None:
        op, kept, gone = absorbed
        dtype = np.asarray(raw(op.output)).dtype.name
        findings.append(_origin_finding("inaccurate", op, (
            f"absorbs {_show(gone)} entirely ({dtype} holds no number between {_show(kept)} and the exact result), and "
            f"{_named_at(first, op)}, handed the matrix made from it, gave {_nonfinite_said(first.output)}: that "
            f"matrix is singular in {dtype}")))
    if singular and not finite(first.output):
        # a singular matrix's log-determinant, inverse or factor: the matrix is the news, not an overflow
        findings.append(Finding("nonfinite", "forward", first.name,
                                f"{first.name}({inputs}) gave {_nonfinite_said(first.output)}" + _library_note(first),
                                first.span, [_show(a) for a in first.args], _show(first.output), first.location))
        return findings
    if not _is_inf(first.output):
        verb = "gave NaN:"
    elif _inf_from_zero(first):
        verb = "gave"  # log(0) and 1/0 are not overflows: the 0 is the news
    elif _inf_at_pole(first):
        verb = "gave"  # arctanh(1.0) is not an overflow: the input on the pole is the news
    else:
        verb = "overflowed:"
    findings.append(
        Finding(
            "nonfinite",
            "forward",
            first.name,
            f"{first.name}({inputs}) {verb} {_show(first.output)}" + _pole_note(first) + _library_note(first),
            first.span,
            [_show(a) for a in first.args],
            _show(first.output),
            first.location,
        )
    )
    return findings


def _nonfinite_said(value):
    """A result holding NaN or inf, in words: the number, or which of an array's entries are not finite."""
    array = np.asarray(raw(value))
    if array.ndim == 0 or array.size <= 4 or not is_float_dtype(array.dtype):
        return _show(value)
    broken = int(np.count_nonzero(~np.isfinite(array)))
    kinds = " or ".join(kind for kind, found in (("NaN", np.isnan(array).any()), ("inf", np.isinf(array).any())) if found)
    where = "every entry" if broken == array.size else f"{broken} of its {array.size} entries"
    return f"{kinds} in {where} of a {' x '.join(map(str, array.shape))} array"


def _absorbed_before(record, most=16):
    """``(op, the operand kept, the operand lost)`` of the nearest forward add or subtract before ``record`` (through
    ``most`` generations of its parents) whose result is one operand exactly where the other is not 0: a term the
    dtype could not hold beside the other (k1 + k2 with k1 = 1e-300, k2 = 1), the first entry so; None where none."""
    pending, seen = [(p, 1) for p in getattr(record, "parents", None) or () if p is not None], set()
    while pending:
        op, depth = pending.pop(0)
        if id(op) in seen or depth > most:
            continue
        seen.add(id(op))
        absorbed = _absorbing(op)
        if absorbed is not None:
            return (op, *absorbed)
        pending.extend((p, depth + 1) for p in getattr(op, "parents", None) or () if p is not None)
    return None


def _absorbing(op, at=None):
    """``(the operand kept, the operand lost)`` where the forward add or subtract ``op`` gave one operand exactly while
    the other is not 0 (1 + 6.9e-13 is 1.0 in float32), at the first entry so (among ``at``, a mask of its result's
    entries, where given); None else."""
    if op.name not in ("add", "subtract") or len(op.args) != 2 or not all(finite(a) for a in op.args):
        return None
    try:
        a, b, out = np.broadcast_arrays(*(np.asarray(raw(v), dtype=np.float64) for v in (*op.args, op.output)))
    except (TypeError, ValueError):
        return None
    for kept, gone in ((a, b), (b, a)):
        lost = (out == (kept if op.name == "add" or kept is a else -kept)) & (gone != 0)
        if at is not None and np.shape(at) == lost.shape:
            lost = lost & at
        if np.any(lost):
            first = np.unravel_index(int(np.argmax(lost)), lost.shape)
            return kept[first], gone[first]
    return None


def _absorbed_into_one(op, at=None):
    """``(the add, kept, lost)`` where the log ``op`` (log, log2, log10, arccosh: 0 at 1) gave an exact 0 of an
    argument that is 1 only because the add or subtract that made it, straight or through ops that pick entries,
    absorbed a term (log(1 + exp(-28)) in float32): its true value is that term's, not 0. None else."""
    if _LOG_ARGUMENT.get(op.name) != 0 or not op.args or not op.parents:
        return None
    one = np.asarray(raw(op.args[0])) == 1
    if not one.any():
        return None
    mask = one if at is None or np.shape(at) != one.shape else one & at
    # Back from the log's argument through the ops that carry a lost term's absence on: picks of entries, and exact
    # arithmetic on the 1 (1 + z - rho, divided by 1 - rho, is 1.4/1.4 once 1 + z lost z), to the add that lost it.
    frontier, seen = [op.parents[0]], set()
    for _ in range(_ABSORPTION_DEPTH):
        following = []
        for maker in frontier:
            if maker is None or id(maker) in seen or maker.phase != "forward":
                continue
            seen.add(id(maker))
            shaped = mask if np.shape(raw(maker.output)) == mask.shape else None
            absorbed = _absorbing(maker, shaped)
            if absorbed is not None:
                return (maker, *absorbed)
            if maker.name in _PICKS and maker.name not in _SELECTIONS:
                following.extend(maker.parents[:1])
            elif maker.name in _CARRYING_ARITHMETIC:
                following.extend(maker.parents)
        frontier = following
    return None


_ABSORPTION_DEPTH = 8  # the ops followed back from a log's argument of 1 to the add that absorbed a term
_SELECTIONS = ("where", "max", "min", "maximum", "minimum", "clip")  # picks whose choice, not a rounding, made the 1
# Arithmetic through which a term an add absorbed stays absent: the 1 it left, scaled, shifted or rooted.
_CARRYING_ARITHMETIC = ("add", "subtract", "multiply", "divide", "sqrt", "square", "power")


def _first_own_nonfinite(recording, phase, node_name=None):
    """``(op, sentence, name)`` for the first library call of ``phase`` (in the backward: of ``node_name``'s rule) that a
    replay computes as gradcli's own function, finite there, where the framework's own call on those very finite
    numbers returned NaN or inf: "jax.scipy.special.hyp2f1(0.5, 1.0, 1.5, -100.0) returned inf, where ...".
    None where there is none, or the framework's value of it is not known (an exact run's numbers)."""
    forward = {_repeat_key(op) for op in recording.ops if op.phase == "forward"}
    for op in recording.ops:
        if op.own is None or (op.phase == "forward") != (phase == "forward") or (
                phase != "forward" and (op.node_name != node_name or _repeat_key(op) in forward)):
            continue  # a backward pass's call of the forward's own call again is that call, the forward's finding
        if not finite(op.output) or not all(finite(a) for a in op.args):
            continue
        own = op.own.value_of(op.output)
        if own is not None and not finite(own):
            label = op.name if _are_among(op.args, op.own.arguments) else _call_named(op).rpartition(".")[2]
            return op, _own_nonfinite_sentence(op, own, "" if phase == "forward" else ", the first NaN or inf of that pass"), label
    return None


def _call_named(op):
    """The library call ``op`` replays, by its public name (``jax.scipy.special.hyp2f1``): the library function its
    site names, else the call's own name. The finding's op and its sentence both name the call by this."""
    return (op.library or "").partition(", ")[0] or op.own.called


def _own_nonfinite_sentence(op, own, aside=""):
    """What `_first_own_nonfinite` says of the call ``op`` whose framework's value ``own`` is NaN or inf (``aside``
    said right after it)."""
    direct = _are_among(op.args, op.own.arguments)  # else the op holding the call's result (bessel_jn's stack)
    inputs = ", ".join(_show(a) for a in (op.args if direct else op.own.arguments))
    called = _call_named(op)
    name, framework = called.rpartition(".")[2], op.own.framework
    dtype = np.asarray(raw(op.output)).dtype.name
    truth = _again_exactly(op) if direct else None
    truth = (f"{name} of those very numbers is {_show_exact(truth)}, finite in {dtype}" if truth is not None and finite(truth)
             else f"gradcli's {name} of those very numbers in {dtype} is {_show(op.output)}")
    gave = "NaN" if np.isnan(np.asarray(raw(own), dtype=float)).any() else "inf"
    shown = called if "." in called else f"{framework}'s {called}"
    return (f"{shown}({inputs}) returned {_show(own)}{aside}, where {truth}: {framework}'s own approximation made "
            f"the {gave}, not the numbers it was given")


def _library_note(op):
    """", inside jax.scipy.special.spence, jax/_src/scipy/special.py:3078" for an op a library's code wrote where the
    user's line called it (the library's function and line beside the user's), else ""."""
    return f", inside {op.library}" if op.library else ""


# Ops that give one of their inputs, chosen: the others' values do not reach their result, but a rule may read them.
_SELECTORS = {"where", "minimum", "maximum", "clip", "fmin", "fmax"}


def _dropped_by(recording, first):
    """The forward op that dropped the NaN or inf ``first`` made, giving a finite result of it (a where, a minimum of
    a clamp), or None: the op whose selection keeps the value finite while its gradient still reads the branch."""
    carrying = {first.index}
    for op in recording.ops:
        if op.phase != "forward" or op.index <= first.index:
            continue
        if any(p is not None and p.index in carrying for p in op.parents):
            if _is_mask(op.output):  # a comparison (nan_to_num's isnan) reads the NaN and carries none of it
                continue
            if finite(op.output):
                return op if op.name in _SELECTORS else None
            carrying.add(op.index)
    return None


def _in_the_rules_primal(recording, step, chooser):
    """Whether the backward ``step`` that broke ran in the user's own rule (a ``custom_jvp``'s or ``custom_vjp``'s,
    replayed from the framework's graph) and ``chooser``, the where that dropped the forward's NaN or inf, was never
    differentiated: no step of the framework's own backward pass is that where's (its op on its line, outside any
    rule). A where inside the custom function's primal is one such: the rule stands in for the primal's derivative,
    so nothing leaks through that where, and the rule's own arithmetic broke."""
    if step is None or chooser is None or not (step.replayed and step.rule):
        return False
    return not any(op.phase == "backward" and op.replayed and op.rule is None and op.name == chooser.name
                   and op.location == chooser.location for op in recording.ops)


def _chooses_by_the_inputs(op):
    """Whether ``op`` is a where whose condition the program computed from its inputs (x > 0), not a mask of constants
    a library's own code applies (a triangle's, inside a Cholesky or a triangular solve), which selects by position
    and keeps no branch's infinity out of the value."""
    return op.name == "where" and bool(op.parents) and op.parents[0] is not None


def _is_mask(value):
    """Whether ``value`` is a boolean array or number: a comparison's, which no NaN reaches."""
    return np.asarray(raw(value)).dtype == bool if not isinstance(raw(value), (list, tuple, dict)) else False


def _first_nonfinite_rule_step(recording, node):
    """The first step of ``node``'s gradient rule whose result is NaN or inf, where it first appeared: a step of a
    replayed framework's backward graph, or an op on a line of the user's own grad_fn (a gradcli custom gradient's).

    A backward graph may compute forward values again (JAX's does): a step that
    repeats a forward op which already went non-finite on the same line is that
    op again, not where the gradient broke.
    """
    forward = {_repeat_key(op) for op in recording.ops if op.phase == "forward" and not finite(op.output)}
    broke = [op for op in recording.ops if (op.replayed or op.in_user_code) and op.phase != "forward"
             and op.node_name == node.name and not finite(op.output) and _repeat_key(op) not in forward]
    # the first that made a NaN or inf of finite inputs (one fed a repeated forward NaN only carries it on)
    return next((op for op in broke if all(finite(a) for a in op.args)), broke[0] if broke else None)


def _plain_arithmetic_broke(recording, node):
    """``(node at its place, message)`` where ``node``'s rule is the user's own grad_fn whose gradcli ops all gave
    finite numbers: the NaN or inf came from the rule's arithmetic on plain arrays (``upstream * density /
    ndtr(x)`` with both 0), after its last recorded op, whose line it is placed at; the ops that gave 0 from nonzero
    numbers (an underflow the division then met) are named. None where the rule is not the user's or ran no op."""
    ran = [op for op in recording.ops if op.in_user_code and not op.replayed and op.phase != "forward"
           and op.node_name == node.name]
    if not node.rule:
        return None
    bad = next(ct for ct in node.cotangents if ct is not None and not finite(ct))
    if ran:
        last = ran[-1]
        zeros, made = [op for op in ran if _made_a_zero(op)], "its steps made"
        after = f" (after its last gradcli op, {last.name}({', '.join(_show(a) for a in last.args)}) = {_show(last.output)})"
        span, location = last.span, last.location
    else:  # no gradcli op in the rule at all: its return line, and the 0s the forward pass handed it
        zeros = [op for op in recording.ops if op.phase == "forward" and op.in_user_code and _made_a_zero(op)]
        made, after, span, location = "the forward pass made", "", None, return_line(node.rule[1])
    fed = "; ".join(f"{op.name}({', '.join(_show(a) for a in op.args)}) gave {_show(op.output)} at "
                    f"{os.path.basename(op.location)}" for op in zeros if op.location)
    message = (
        f"in {node.rule[0]} of {node.name}, the rule's own arithmetic on plain numbers{after} turned the finite upstream "
        f"gradient {_show(node.upstream)} into {_show(bad)}"
        + (f": it was handed 0s {made} from nonzero numbers ({fed}), so a 0/0 or 1/0 there is the "
           "rounding of those steps, not the rule's mathematics" if fed else "")
    )
    return NodeRecord(node.name, span, location, node.upstream, node.cotangents, node.args, node.output,
                      node.argnums, node.rule), message


def _entries(value):
    """``value`` as one NumPy array, or an empty object array where it is none: an op's argument may be an index of
    arrays that broadcast together (``p[rows[:, None], cols]``), which no single array holds."""
    try:
        return np.asarray(raw(value))
    except ValueError:
        return np.empty(0, dtype=object)


def _made_a_zero(op):
    """Whether ``op`` gave a float 0 where every float argument is nonzero (exp(-800), ndtr(-40))."""
    out = np.asarray(raw(op.output))
    if not is_float_dtype(out.dtype) or not np.any(out == 0):
        return False
    floats = [_entries(a) for a in op.args if not isinstance(a, (int, bool))]
    floats = [a for a in floats if is_float_dtype(a.dtype)]
    return bool(floats) and all(np.all(a != 0) for a in floats)


def _repeat_key(op):
    """An op and its inputs' very numbers: a backward step with a forward op's key computes that op again (another
    divide, 1/0 against the forward's 0/0, is the backward's own), on whatever line the framework's backward graph
    places it (a ``custom_vjp``'s forward run again inside its VJP sits on the call's line)."""
    return op.name, tuple(_fingerprint(a) for a in op.args)


def _fingerprint(value):
    """``value`` as a key equal only for the same numbers: an array's shape, dtype and bytes (however large, where
    `_show` writes only a shape), anything else as `_show` writes it."""
    held = raw(value)
    if isinstance(held, (np.ndarray, np.generic)) and held.dtype.kind in "biufc":
        held = np.ascontiguousarray(held)
        return held.shape, held.dtype.str, hash(held.tobytes())
    return _show(value)


def _step_as_node(step, node):
    """``node``'s record, named and placed as the replayed backward step that broke (an add the framework's backward
    pass makes itself, a value's gradients added up, named as what it is: no operator of the line wrote it)."""
    name = backward_op_label(step) if step.by_the_pass else step.name
    return NodeRecord(name, step.span, step.location, node.upstream, node.cotangents, step.args, step.output, node.argnums, step.rule)


def _accumulation_finding(node, received):
    """The finding where a value used several times got finite gradients from each use that add up to NaN or inf."""
    parts = " + ".join(_show(ct) for ct in received)
    return Finding(
        "nonfinite",
        "backward",
        f"the gradient accumulation of {node.name}'s {len(received)} uses",
        f"the output of {node.name} is used {len(received)} times; the gradient from each use is finite, "
        f"but they add up to {_show(node.upstream)}: {parts}",
        node.span,
        [_show(ct) for ct in received],
        _show(node.upstream),
        node.location,
    )


# Ops that can turn nonzero inputs into an exact 0 by underflow (exp(-1000) is 0 in float64).
_UNDERFLOWS = {"exp", "exp2", "multiply", "divide", "true_divide", "power", "square", "reciprocal", "sigmoid", "erfc", "ldexp",
               # products of finite nonzero numbers (an exact 0 among the factors is followed instead)
               "prod", "cumprod", "nanprod", "nancumprod",
               # the tails of distributions, 0 of finite nonzero arguments only by underflow (pdtr(5, 1000) is 1e-420)
               "gammainc", "gammaincc", "ndtr", "scipy.special.ndtr", "scipy.special.expit", "scipy.special.pdtr",
               "scipy.special.chdtrc", "scipy.special.gdtrc",
               # positive wherever their finite arguments are in the domain (kv(1, 800) is 1.6e-349; I_x(3, 3) at
               # x = 1e-120 is 1e-359; E_2(800) is 2.6e-351), so 0 of nonzero ones only by underflow; not jv, whose
               # roots are zeros, nor betaincc (0 at x = 1) or beta (0 where a + b is a pole); rgamma, 0 at -n, past
               # `_EXACT_ZEROS`' test
               *(spelled for name in ("kv", "kve", "k0", "k1", "k0e", "k1e", "iv", "ive", "betainc", "exp1", "expn", "erfcx",
                                      "rgamma")
                 for spelled in (name, f"scipy.special.{name}"))}
# Of those, the ones exactly 0 at some finite nonzero arguments, and where: 1/Gamma at the poles of Gamma.
_EXACT_ZEROS = {name: lambda z: z.imag == 0 and z.real <= 0 and z.real == math.floor(z.real)
                for name in ("rgamma", "scipy.special.rgamma")}


def _lost_to_zero(record, made=None):
    """The op that first turned nonzero numbers into the 0 that ``record`` could not take, if one did.

    log(exp(a) + exp(b)) at a = b = -1000 breaks in log(0.0), but the
    information was lost earlier, when exp underflowed: follow each zero input
    back through the ops that passed the 0 on (add(0, 0)) to the one whose own
    inputs were not 0, and name it when it underflowed or cancelled to 0.
    Every zero input is followed: in sqrt(a*a + b*b) at a = 0, b = 1e-200 the
    sum's first 0 is a true one and its second the underflow. In arrays the
    entries followed are those where ``record`` broke (its NaN or inf entries),
    each op's zeros there and in its inputs of the same shape: Adam's
    ``v = b2 v + (1 - b2) g g`` with one g of 1e-170 is 0 in that entry alone.
    ``made`` (`made_by`) links the ops of a backward pass, which record no parents.
    """
    out = np.asarray(raw(record.output))
    broke = ~np.isfinite(out) if is_float_dtype(out.dtype) and not np.all(np.isfinite(out)) else None
    pending, seen = [(a, p, _entries_of(a, broke)) for a, p in zip(record.args, parents_of(record, made))][::-1], set()
    made_here = []  # ops that passed some zeros on and made others themselves (square([1e-300, 0]) in a norm)
    while pending:
        arg, parent, at = pending.pop()
        if parent is None or id(parent) in seen:
            continue
        zero = _zeros_at(arg, at)
        if zero is None or _zeros_at(parent.output, zero) is None:
            continue
        seen.add(id(parent))
        zeros = [(a, p, _entries_of(a, zero)) for a, p in zip(parent.args, parents_of(parent, made))]
        if parent.name == "where":
            zeros = _branches_taken(parent, zero, zeros)
        zeros = [(a, p, entries) for a, p, entries in zeros if _zeros_at(a, entries) is not None]
        if zeros:
            pending.extend(zeros[::-1])  # the first input's path first
            own = _own_zeros(parent, zero, zeros)
            if own is not None and _made_zero(parent, own, made):
                made_here.append(parent)
        elif _made_zero(parent, zero, made):
            return parent
    return made_here[0] if made_here else None


def _branches_taken(op, zero, inputs):
    """`_lost_to_zero`'s ``inputs`` of a where (condition, x, y), each branch followed only into the zero entries
    ``zero`` where the where took it: a 0 in the branch it dropped (1 + erf(x) of JAX's ndtr at x = -40, beside
    the erfc branch that underflowed) made none of its result. ``inputs`` unchanged where the condition cannot be
    read entry by entry."""
    try:
        condition = np.broadcast_to(np.asarray(_entries(op.args[0])).astype(bool), np.shape(zero))
    except (TypeError, ValueError):
        return inputs
    taken = [inputs[0]]
    for (arg, parent, _), chosen in zip(inputs[1:3], (condition, ~condition)):
        at = np.asarray(zero, dtype=bool) & chosen
        if at.any():
            taken.append((arg, parent, _entries_of(arg, at)))
    return taken


def _own_zeros(op, zero, zeros):
    """The entries among ``zero`` (a mask of ``op``'s result) where every input of the result's shape is nonzero, so
    that ``op`` made those zeros itself; None where there is none, or an input of another shape (broadcast, reduced)
    holds zeros, which may be where any entry's came from."""
    if np.ndim(zero) == 0:
        return None
    own = np.array(zero, dtype=bool)
    for arg, _, entries in zeros:
        if entries is None:
            return None
        own &= _entries(arg) != 0
    return own if own.any() else None


def _made_zero(op, zero, made):
    """Whether ``op`` turned nonzero numbers into the zeros ``zero`` marks (its inputs there nonzero): a rounded
    difference that cancelled, an underflow, or a 1 + x that lost its x under a log."""
    if op.name in ("add", "subtract"):  # only operands some op rounded can cancel: 0.5 - 0.5 of inputs is exact
        # a forward op's, or one of a user's own rule's steps (exp(x) - 1 of its slope at x = 1e-20); a difference of
        # one computation run twice on equal numbers is 0 in exact arithmetic too
        return ((op.phase == "forward" or bool(op.replayed and op.rule)) and _carried_rounding(op, made, zero)
                and not (op.name == "subtract" and _same_computation(op, made)))
    if op.name in _UNDERFLOWS:  # 1/inf is 0 by an overflow before it, not by underflow; 0.0 * e by its 0
        return (all(finite(a) for a in op.args) and not _exactly_zero_there(op, zero)
                and not any(_zeros_at(a, _entries_of(a, zero)) is not None for a in op.args))
    if op.name == "astype":  # a cast to a narrower float: 1e-48 is 0 in float32
        return _narrowing_float_cast(op)
    return op.phase == "forward" and _absorbed_into_one(op, zero) is not None  # log(1.0) of a 1 + x that lost its x


def _narrowing_float_cast(op):
    """Whether ``op``, a cast, rounds finite floats to a float dtype of a smaller range (float64 to float32)."""
    source, target = (getattr(raw(v), "dtype", None) for v in (op.args[0], op.output))
    return (source is not None and target is not None and is_float_dtype(source) and is_float_dtype(target)
            and finfo(target).tiny > finfo(source).tiny and finite(op.args[0]))


def _exactly_zero_there(op, at):
    """Whether ``op`` (one of `_EXACT_ZEROS`) is 0 by its definition at every entry ``at`` marks (rgamma(-3)), not by
    an underflow: its argument there is one of its function's zeros (an underflow at any of them is named)."""
    zero_at = _EXACT_ZEROS.get(op.name)
    if zero_at is None:
        return False
    try:
        values = np.broadcast_to(np.asarray(raw(op.args[-1]), dtype=complex), np.shape(raw(op.output)))
        chosen = values if at is None else values[np.broadcast_to(at, values.shape)]
        return all(zero_at(complex(v)) for v in np.ravel(chosen))
    except (TypeError, ValueError, IndexError):
        return True  # its argument not read: no underflow claimed


def _carried_rounding(op, made=None, at=None, most=64):
    """Whether an operand of the recorded op ``op`` carries, in the entries ``at`` marks (None: every one), a rounding
    an earlier op made: the recorded ops that made its operands, followed back to the program's inputs and constants
    (each in the entries of the same shape), are not all exact there (`_exact_op`), or are too many to follow.
    ``max(x) - x`` at the largest entry, ``2 x - (x + x)``: exact operands, so their 0 is the difference itself, no
    digit lost; ``(1 + 1e-100) - 1``: the add rounded, and the 0 is the cancellation's; ``1 - [1.0, 0.5] ** b``'s
    first entry: 1 ** b is exactly 1, whatever 0.5 ** b rounded to. ``made`` (`made_by`) links the ops of a backward
    pass."""
    pending, seen = [(p, _entries_of(a, at)) for a, p in zip(op.args, parents_of(op, made)) if p is not None], set()
    while pending:
        maker, entries = pending.pop()
        if (id(maker), None if entries is None else entries.tobytes()) in seen:
            continue
        seen.add((id(maker), None if entries is None else entries.tobytes()))
        if len(seen) > most or not _exact_op(maker, entries):
            return True
        # an entry's operands are the same entries of its arguments only through an op that works entry by entry
        through = entries if maker.name in _ENTRYWISE else None
        pending.extend((p, _entries_of(a, through)) for a, p in zip(maker.args, parents_of(maker, made)) if p is not None)
    return False


def _same_computation(op, made=None, most=512):
    """Whether ``op``'s two operands are one computation run twice on equal numbers (S(x) - S(y) at x = y: a
    spectrogram of the signal and of its target): the same recorded primitives with the same options, followed back
    to values no recorded op made (inputs and constants) of equal values, so that they round alike and their exact
    values are equal too; False where that takes more than ``most`` steps to tell. A value made by code no recording
    links (a framework's fused call) reads as such a value too: its twin is taken on its numbers alone."""
    if len(op.args) != 2:
        return False
    pending, seen = [tuple(zip(op.args, parents_of(op, made)))], set()
    while pending:
        (a, maker_a), (b, maker_b) = pending.pop()
        if a is b or (id(a), id(b)) in seen:
            continue
        seen.add((id(a), id(b)))
        if len(seen) > most:
            return False
        if maker_a is None or maker_b is None:
            if maker_a is not maker_b or not _equal_numbers(a, b):
                return False
            continue
        if (maker_a.prim is not maker_b.prim or maker_a.name != maker_b.name or len(maker_a.args) != len(maker_b.args)
                or not _equal_options(maker_a.kwargs, maker_b.kwargs)):
            return False
        pending.extend(zip(zip(maker_a.args, parents_of(maker_a, made)), zip(maker_b.args, parents_of(maker_b, made))))
    return True


def _equal_numbers(a, b):
    """Whether two operands no recorded op made are the same numbers of the same type (an input and a constant equal
    to it), or equal options (an axis, None)."""
    a, b = raw(a), raw(b)
    if isinstance(a, (np.ndarray, np.generic)) or isinstance(b, (np.ndarray, np.generic)):
        a, b = np.asarray(a), np.asarray(b)
        return a.dtype == b.dtype and a.shape == b.shape and a.dtype != object and bool(np.all(
            (a == b) | ((a != a) & (b != b))))
    try:
        return type(a) is type(b) and bool(a == b)
    except (TypeError, ValueError):
        return False


def _equal_options(a, b):
    """Whether two recorded ops' keyword options are equal."""
    a, b = a or {}, b or {}
    return a.keys() == b.keys() and all(_equal_numbers(a[k], b[k]) for k in a)


# Ops that pick, move or copy their operands' entries: their results are exactly numbers they were given.
_PICKS = frozenset(("abs", "broadcast_to", "clip", "concatenate", "copy", "flip", "getitem", "max", "maximum", "min",
                    "minimum", "negative", "reshape", "squeeze", "expand_dims", "stack", "transpose", "where"))
# Ops whose result's entry is made of the same entry of each argument (of its shape): a flip, a transpose, an index or
# a stack moves entries, so what made an entry of theirs is some other entry of their arguments.
_ENTRYWISE = frozenset(("add", "subtract", "multiply", "divide", "astype", "square", "power", "abs", "negative",
                        "clip", "maximum", "minimum", "where", "copy"))
# Arithmetic whose float result is checked against the exact one in rational arithmetic, entry by entry.
_RATIONAL = {"add": lambda a, b: a + b, "subtract": lambda a, b: a - b, "multiply": lambda a, b: a * b,
             "divide": lambda a, b: a / b, "astype": lambda a: a, "square": lambda a: a * a,
             "power": lambda a, b: _whole_power(a, b)}


_POWER_BITS = 1 << 16  # the longest power `_whole_power` computes exactly, in bits of its numerator or denominator


def _whole_power(base, exponent):
    """``base ** exponent`` of rational entries, each where it is rational: a whole exponent (e ** 2, JAX's
    integer_pow), a base of 1, or a base of 0 to a power above 0; else None, which no float equals."""
    def entry(b, n):
        if b == 1 or (b == 0 and n > 0):
            return b
        if b == -1 and n.denominator == 1:
            return b ** (int(n) % 2)
        if n.denominator == 1 and b and abs(n) * max(b.numerator.bit_length(), b.denominator.bit_length()) > _POWER_BITS:
            return None  # too long to compute (x ** 1e18), and far past any float's range: no float holds it exactly
        if n.denominator == 1 and (b or n >= 0):
            return b ** int(n)
        return None

    return np.vectorize(entry, otypes=[object])(base, exponent)


def _exact_op(op, at=None):
    """Whether a recorded op's result is exactly the mathematical result of the numbers it was given, in the entries
    ``at`` marks (a mask of its result's shape; None: every one): a pick (`_PICKS`), or a sum, difference, product,
    quotient, power or conversion its floats hold exactly (1.5 * 2, not 0.1 * 3)."""
    if op.name in _PICKS:  # of real numbers: the abs of a complex number is a rounded hypot
        return not any(np.iscomplexobj(raw(a)) for a in op.args)
    exact = _RATIONAL.get(op.name)
    if exact is None or len(op.args) != exact.__code__.co_argcount:
        return False
    rational = np.vectorize(Fraction, otypes=[object])
    try:
        args = [np.asarray(raw(a)) for a in op.args]
        out = np.asarray(raw(op.output))
        if out.dtype.kind != "f" or not all(a.dtype.kind in "fiub" for a in args):
            return False
        if at is not None and np.shape(at) == out.shape:  # the entries asked about alone: the others may round
            args = [np.broadcast_to(a, out.shape)[at] for a in args]
            out = out[at]
        return bool(np.all(np.broadcast_to(exact(*[rational(a) for a in args]), out.shape) == rational(out)))
    except (ArithmeticError, TypeError, ValueError):  # inf or NaN (no rational number), 1/0, shapes apart
        return False


def _zeros_at(value, at):
    """The mask of ``value``'s entries that are 0 among ``at`` (a mask of its shape; None: every entry), or None
    where none is (or ``value`` holds no floats)."""
    value = _entries(value)
    if not is_float_dtype(value.dtype):
        return None
    zero = value == 0
    if at is not None:
        zero = zero & at
    return zero if zero.any() else None


def _entries_of(value, at):
    """``at`` (a mask of a result's entries) as a mask of ``value``'s, where they have one shape; else None (every
    entry: an input broadcast or reduced to the result)."""
    if at is None or _entries(value).shape != np.shape(at):
        return None
    return at


def made_by(recording):
    """id(result) -> the recorded op that made it, for every op of ``recording`` (its backward pass's too)."""
    return {id(op.output): op for op in recording.ops}


def parents_of(op, made):
    """Per argument of ``op``, the recorded op that made it: as recorded, or by identity through ``made``."""
    if made is None or op.phase == "forward":
        return op.parents
    found = [made.get(id(a)) if type(a) not in (int, bool) else None for a in op.args]
    return tuple(p if p is not None and p.output is a and p.index < op.index else None for p, a in zip(found, op.args))


def _unlinked_zero_maker(recording, first):
    """The last forward op before ``first`` that made zeros of finite nonzero numbers (an exp that underflowed), where
    ``first`` was handed a 0 by a value no recorded op made (a framework's fused call, replayed in parts the recording
    does not link: PyTorch's softmax indexed by labels before its log), or None."""
    if not any(parent is None and _zeros_at(arg, None) is not None for arg, parent in zip(first.args, first.parents)):
        return None
    for op in reversed(recording.ops[:first.index]):
        if op.phase != "forward" or op.name not in _UNDERFLOWS:
            continue
        zero = _zeros_at(op.output, None)
        if zero is not None and _made_zero(op, zero, None):
            return op
    return None


def _zero_before_the_rule(recording, node):
    """The op that underflowed (or cancelled) to the 0 a backward node's rule could not take (sqrt'(0)), if one did."""
    if not any(_zeros_at(a, None) is not None for a in node.args):  # sqrt'(0) in one entry of an array too
        return None
    forward = next((op for op in recording.ops if op.phase == "forward" and op.output is node.output), None)
    return None if forward is None else _lost_to_zero(forward)


def _zero_finding(lost, broken, gave="which gave", spellings=None):
    """The root cause of a non-finite result: an op that underflowed (or cancelled) to 0, shown called as the user
    called it where it is a composite's one primitive (cumprod's prod of a triangle: the user's x); the op the 0
    reached said inside the call the user wrote where it is a part of one (``spellings``: log in scipy.special.logit)."""
    inputs = ", ".join(_show(a) for a in lost.called_with or lost.args)
    absorbed = _absorbed_into_one(lost) if lost.phase == "forward" else None
    if absorbed is not None:
        add, kept, gone = absorbed
        dtype = np.asarray(raw(add.output)).dtype.name
        there = f" at {add.location}" if add.location and add.location != lost.location else ""
        kind, what = "cancellation", (
            f"{lost.name}({_show_apart(lost.args[0])}) gave exactly {_show(lost.output)} where its true value is not 0: "
            f"the {add.name}({', '.join(_show_apart(a) for a in add.args)}){there} before it absorbs {_show(gone)} "
            f"entirely ({dtype} holds no number between {_show(kept)} and the exact result)")
    elif lost.name in ("add", "subtract"):
        apart = ", ".join(_show_apart(a) for a in lost.args)
        kind, what = "cancellation", (f"{lost.name}({apart}) cancelled to exactly {_show(lost.output)} (an operand "
                                      "carries the rounding of an op before it)")
    elif lost.name == "astype" and lost.accumulated_by:
        kind, what = "underflow", _rounded_back(lost)
    else:
        kind, what = "underflow", f"{lost.name}({inputs}) underflowed to {_show(lost.output)} (its true value is nonzero)"
    result = f"gave {_show(broken.output)}" if gave == "which gave" else "gave a non-finite gradient"
    in_rule = lost.phase == "backward" and bool(lost.rule)  # a step of the user's own rule: the backward's
    message = (
        f"{f'in {lost.rule[0]}, ' if in_rule else ''}{what}, and that 0 reached {broken.name}("
        f"{', '.join(_show(a) for a in broken.args)}){_inside_call(broken, spellings)}, {gave.removesuffix(' gave')} "
        f"{result}: the root cause is the "
        f"{'absorption' if absorbed is not None else kind}, not {broken.name}"
    )
    return Finding(kind, "backward" if in_rule else "forward", lost.name, message, lost.span,
                   [_show(a) for a in lost.args], _show(lost.output), lost.location)


def _inside_call(record, spellings):
    """" in scipy.special.logit" where ``record`` replays a part of a library call the user wrote (its spelling in
    ``spellings`` is "log in scipy.special.logit"); "" where it is an op the user wrote itself."""
    forward = getattr(record, "phase", "backward") == "forward"  # a backward node's record has no phase
    spelling = (spellings or {}).get((getattr(record, "location", None), record.name, forward), "")
    part, inside, call = spelling.partition(" in ")
    return f" in {call}" if inside and part == record.name else ""


def _rounded_back(cast):
    """Words for ``cast``, the rounding of a wider kernel's results back to its dtype, where it underflowed to 0."""
    wide, out = np.asarray(raw(cast.args[0])), np.asarray(raw(cast.output))
    flushed = (out == 0) & (wide != 0)
    where = np.argwhere(flushed)
    at = f" at entry {list(map(int, where[0]))}" if out.ndim and where.size else ""
    more = int(flushed.sum()) - 1
    first = wide[tuple(where[0])] if out.ndim and where.size else wide
    return (f"{cast.accumulated_by} computes in {wide.dtype.name}: its result {_show(first)}{at} rounded to "
            f"{out.dtype.name} underflowed to 0.0" + (f" (and {more} more)" if more > 0 else ""))


def _is_zero(value):
    value = np.asarray(raw(value))
    return is_float_dtype(value.dtype) and bool(np.all(value == 0))


def _inf_from_zero(record):
    """Whether each inf ``record`` made is at an entry where an input is 0 (log([0, 0.3]) of a zero weight, 1/0):
    the exact answer there, not an overflow."""
    out = np.asarray(raw(record.output))
    infs = np.isinf(out) if is_float_dtype(out.dtype) else np.zeros(out.shape, bool)
    zero = np.zeros(out.shape, bool)
    for arg in record.args:
        arg = _entries(arg)
        if is_float_dtype(arg.dtype):
            try:
                zero |= np.broadcast_to(arg == 0, out.shape)
            except ValueError:  # an input not shaped like the result (a reduction's): no entry to pair
                return False
    return bool(infs.any()) and bool(np.all(zero[infs]))


def _gamma_poles(x):
    return (x <= 0) & (x == np.floor(x))  # 0, -1, -2, ...: gamma's, and so its log's and its derivatives'


# Where an op is infinite (or, for gamma's family, NaN) at a finite input other than 0: its poles.
_POLES = {"arctanh": lambda x: np.isin(x, (-1.0, 1.0)), "log1p": lambda x: x == -1.0,
          **dict.fromkeys(("gamma", "gammaln", "digamma", "polygamma"), _gamma_poles)}


def _inf_at_pole(record, nonfinite=np.isinf):
    """Whether each inf (each entry ``nonfinite`` picks) ``record`` made is at an entry where its input is on the
    op's pole (arctanh(1.0), log1p(-1.0), gammaln(-2.0)): the exact answer for that input, not an overflow."""
    on_pole = _POLES.get(record.name)
    if on_pole is None or len(record.args) != (2 if record.name == "polygamma" else 1):
        return False
    out, arg = np.asarray(raw(record.output)), np.asarray(raw(record.args[-1]))  # polygamma(n, x): x
    if not (is_float_dtype(out.dtype) and is_float_dtype(arg.dtype)) or arg.shape != out.shape:
        return False
    bad = nonfinite(out)
    return bool(bad.any()) and bool(np.all(on_pole(arg[bad])))


def _pole_note(record):
    """The sentence after an inf (or a gamma's NaN) made on an op's pole: the input there was the pole itself."""
    if not _inf_at_pole(record, lambda out: ~np.isfinite(out)) or _inf_from_zero(record):
        return ""
    return f": its input is exactly on {record.name}'s pole (rounded onto it, or given so)"


def _is_inf(value):
    value = np.asarray(raw(value))
    return is_float_dtype(value.dtype) and bool(np.any(np.isinf(value))) and not bool(np.any(np.isnan(value)))


def _error_against(working, approx, exact, each=False):
    """`_relative_error` of two values held by ``working`` and the exact recording, made once per pair
    (``each``: the error of every entry, an array shaped like them, or None)."""
    key = (id(approx), id(exact))
    if key not in working.errors:
        working.errors[key] = _relative_errors(approx, exact)
    errors = working.errors[key]
    if each or errors is None:
        return errors
    return float(errors.max()) if errors.size else 0.0


def _relative_error(approx, exact):
    """Worst elementwise relative error of a float result against its exact counterpart."""
    errors = _relative_errors(approx, exact)
    return None if errors is None else float(errors.max()) if errors.size else 0.0


def _relative_errors(approx, exact):
    """The relative error of each entry of a float result against its exact counterpart (0 where either is not finite)."""
    import mpmath

    try:
        approx = np.asarray(raw(approx))
        exact = np.asarray(raw(exact), dtype=object)
    except ValueError:  # a key of slices and index arrays (x[:, rows]'s second argument): no numbers
        return None
    if approx.shape != exact.shape or not is_float_dtype(approx.dtype):
        return None
    errors = np.zeros(approx.shape)
    # Past float64's bits, whatever the context's precision: a float's own rounding (1.0 + t, off by 1e-17) is an
    # error too, which an exact value rounded to 53 bits would hide.
    with mpmath.workprec(max(mpmath.mp.prec, _COMPARED_BITS)):
        for index, a, e in zip(np.ndindex(approx.shape), approx.ravel(), exact.ravel()):
            try:
                e = mpmath.mpf(e)
            except (TypeError, ValueError):
                return None
            if mpmath.isnan(e) or mpmath.isinf(e) or not math.isfinite(float(np.real(a))):
                continue
            if e == 0:
                errors[index] = 0.0 if float(np.real(a)) == 0 else math.inf
            else:
                errors[index] = float(abs(mpmath.mpf(float(np.real(a))) - e) / abs(e))
    return errors


_COMPARED_BITS = 256


def explaining_digits(value_at, exact_value, digits, most=1000):
    """The digits at which a high-precision replay (``value_at(digits)``) gives the exact value, from ``digits`` (the
    reference's) doubling: a reference made on balls can state fewer digits than a plain replay needs (log(1 + 1e-174)).
    An exact 0 asks nothing: noise about it is not settled by more digits."""
    import mpmath

    def entries(value):
        return [mpmath.mpmathify(raw(e)) for e in np.ravel(np.asarray(raw(value), dtype=object))]

    tried = digits
    while tried <= most:
        try:
            exact, got = entries(exact_value), entries(value_at(tried))
            if len(got) != len(exact) or all(e == 0 or abs(g - e) <= abs(e) * 1e-12 for g, e in zip(got, exact)):
                return tried
        except Exception:  # noqa: BLE001 - no value to compare, or the replay fails there: the reference's digits
            return digits
        tried *= 2
    return digits  # no replay met the reference: its own digits, as before


_ENTRYWISE_KINDS = ("elementwise", "comparison")  # the ops whose result's entry k is made of their inputs' entries k


def _growth(working, w, e, eps):
    """How many times ``w`` amplified its inputs' relative error, entry by entry where its inputs broadcast to its
    result (an entry its inputs already lost, such as one exp underflowed, then explains none of another's loss)."""
    out = _error_against(working, w.output, e.output, each=True)
    ins = [_error_against(working, a, b, each=True) for a, b in zip(w.args, e.args)]
    ins = [x for x in ins if x is not None]
    if w.prim is not None and w.prim.kind not in _ENTRYWISE_KINDS:  # a flip's entry 0 is its input's last: the worst of each
        ins = [np.full(out.shape, float(x.max()) if x.size else 0.0) for x in ins]
    try:
        given = np.maximum.reduce([np.broadcast_to(x, out.shape) for x in ins] + [np.full(out.shape, eps)])
    except ValueError:  # an input that is not its result's shape (a reduction's): the worst of each
        given = np.full(out.shape, max([float(x.max()) for x in ins if x.size] + [eps]))
    growth = out / given
    worst = np.unravel_index(int(np.argmax(growth)), growth.shape)
    return float(growth[worst]), float(out.max()), float(given[worst])


def _recomputed(working, phase):
    """The backward ops that recompute a forward op (a framework's backward graph replays the forward): the same
    op on the same numbers at the same line, whose loss the forward already names."""
    if phase != "backward":
        return set()
    seen = {(op.name, op.location, _show(op.output)) for op in working.ops if op.phase == "forward" and op.replayed}
    return {id(op) for op in working.ops if op.phase == "backward" and op.replayed and (op.name, op.location, _show(op.output)) in seen}


def _rounding_in(results, eps):
    """The rounding unit of an op whose ``results`` are these: the check's ``eps``, or the wider one of a narrower float
    dtype they are held in (a Keras layer's float32 in a float64 run), whose rounding is no error of the op."""
    units = [eps]
    for value in results:
        dtype = getattr(raw(value), "dtype", None)
        if dtype is not None and dtype.kind == "f":
            units.append(float(np.finfo(dtype).eps))
    return max(units)


def backward_root_cause(working: Recording, exact: Recording, eps):
    """The gradient rule whose cotangent error most exceeds the error of what it was given."""
    if len(working.backward_nodes) != len(exact.backward_nodes):
        return None
    best = None
    # A rule run on numbers the forward pass held in a narrower dtype (a Keras layer's float32 in a float64 run) rounds
    # as that dtype, wherever its cotangents are cast back: its rounding is no error of the rule.
    eps = _rounding_in([op.output for op in working.ops if op.phase == "forward"], eps)
    for w, e in zip(working.backward_nodes, exact.backward_nodes):
        if w.name != e.name:
            return None
        own = _rounding_in(w.cotangents, eps)
        errors = [
            _error_against(working, a, b) for a, b in zip(w.cotangents, e.cotangents) if a is not None and b is not None
        ]
        errors = [x for x in errors if x is not None]
        if not errors or max(errors) < 1e3 * own:
            continue
        # A rule reads all its op's arguments, the ones no gradient reaches too (x * round(x, 2)'s other factor).
        given = [_error_against(working, w.upstream, e.upstream)] + [
            _error_against(working, a, b) for a, b in zip(w.args, e.args)
        ]
        given_error = max([x for x in given if x is not None] + [own])
        growth = max(errors) / given_error
        if not growth >= 100:  # NaN too: an infinite error from inputs infinitely off is no rule's
            continue
        if best is None or growth > best[0]:
            best = (growth, w, e, max(errors), given_error)
    if best is None:
        return None
    growth, w, e, out_error, in_error = best
    computed, truth = _worst_entry_text(working, w.cotangents, e.cotangents)
    off = _replay_op_off(working, exact, w.name, out_error)
    if off is not None and off[0].phase == "forward" and not _users_rule_ran(working, w):
        op, op_exact = off
        gives, exact_gives = _worst_entry_text(working, [op.output], [op_exact.output])
        message = (
            f"the forward computation on this line lost the digits, amplifying the rounding of inputs accurate to "
            f"{in_error:.1e}: {op.spelled or op.name} gives {gives} where the exact value is {exact_gives} "
            f"(relative error {_error_against(working, op.output, op_exact.output):.1e}), and the gradient of {w.name} "
            f"the framework differentiates from it is {computed} where the exact value is {truth}: relative error "
            f"{out_error:.1e}"
        )
    elif (tie := _rounded_onto_switch(w, e)) is not None:
        message = (f"{w.name}({', '.join(_show(a) for a in w.args)}) is at its switch, a tie, where the exact inputs "
                   f"are apart ({tie}): the rounding of inputs accurate to {in_error:.1e} put the point on the switch, "
                   f"so the rule's slope there is the tie's {computed} where the exact one is {truth}")
    else:
        rule = _RULES.get(w.name)
        how = f" ({rule})" if rule else ""
        held = _subnormal_rounding(working, w.cotangents, e.cotangents)
        if held is not None:  # the rule is right to the last bit the dtype keeps there: the dtype's range lost them
            message = (f"the gradient rule of {w.name}{how} computes {computed} where the exact value is {truth}: "
                       f"a subnormal {held[0]}, which holds it to {held[1]} bits only, so the dtype's own rounding "
                       f"there is {out_error:.1e} off (relative), an error what is computed from it carries on")
        else:
            message = (f"the gradient rule of {w.name}{how} computes {computed} where the exact value is "
                       f"{truth}: relative error {out_error:.1e} from inputs accurate to {in_error:.1e}")
    return Finding(
        "inaccurate",
        "backward",
        w.name,
        message,
        w.span,
        [_show(w.upstream)] + [_show(a) for a in w.args],
        _show(next(c for c in w.cotangents if c is not None)),
        (off[0].location if off else None) or w.location or _where_replay_lost(working, exact, out_error),
    )


def _worst_entry_text(working, computed, exact):
    """Of the ``computed`` values with an exact counterpart, the one off the most and that counterpart, written as a
    finding writes them: whole when they are small; of a larger array, the entry off the most, with its place
    ("-0.3926 (entry [1, 2] of 3 x 3)"), where a shape alone would tell the reader nothing of what went wrong."""
    pairs = [(c, x) for c, x in zip(computed, exact) if c is not None and x is not None]
    if not pairs:
        return "no value", "no value"
    value, truth = max(pairs, key=lambda pair: _worst(_beyond_rounding(working, *pair)))
    held = raw(value)
    errors = _beyond_rounding(working, value, truth)
    if not isinstance(held, np.ndarray) or held.size <= 4 or errors is None or errors.shape != held.shape:
        return _show(value), _show_exact(truth)
    index = np.unravel_index(int(np.argmax(errors)), errors.shape)
    place = f" (entry [{', '.join(str(int(i)) for i in index)}] of {' x '.join(str(n) for n in held.shape)})"
    return _show(held[index]) + place, _show_exact(np.asarray(raw(truth), dtype=object)[index])


def _subnormal_rounding(working, computed, exact):
    """``(dtype name, bits)`` where every entry of the ``computed`` values off their ``exact`` counterparts is a
    nonzero subnormal number, and every entry is the dtype's correct rounding of its exact value (the bits: those the
    smallest such subnormal keeps); None otherwise."""
    found = None
    for value, truth in zip(computed, exact):
        if value is None or truth is None:
            continue
        held = np.asarray(raw(value))
        errors = _error_against(working, value, truth, each=True)
        if errors is None or not errors.any():
            continue
        if not is_float_dtype(held.dtype) or held.dtype.kind == "c" or not _all_rounded(held, truth):
            return None
        off = np.abs(held[errors > 0].astype(float))
        if not np.all((off > 0) & (off < float(finfo(held.dtype).tiny))):
            return None
        bits = int(np.floor(np.log2(off.min() / float(finfo(held.dtype).smallest_subnormal)))) + 1
        found = (held.dtype.name, min(bits, found[1]) if found else bits)
    return found


def _all_rounded(held, truth):
    """Whether each entry of the float array ``held`` is the correct rounding of its ``truth`` counterpart."""
    import mpmath  # lazy: the exact run's numbers

    exact = np.asarray(raw(truth), dtype=object)
    if exact.shape != held.shape:
        return False
    try:
        return all(_rounds_to(a, mpmath.mpf(x)) for a, x in zip(held.ravel(), exact.ravel()))
    except (TypeError, ValueError):
        return False


def _rounds_to(a, x):
    """Whether the float ``a`` is the correct rounding of the exact number ``x``: within half its spacing (a
    subnormal's: the dtype's least number)."""
    import mpmath  # lazy: the exact run's numbers

    return bool(mpmath.isfinite(x) and np.isfinite(a)
                and abs(mpmath.mpf(float(a)) - x) <= mpmath.mpf(float(np.spacing(abs(a)))) / 2)


def _worst(errors):
    """The largest of an array of errors, 0 for none."""
    return float(errors.max()) if errors is not None and errors.size else 0.0


def _beyond_rounding(working, value, truth):
    """`_error_against` each entry, 0 at an entry whose float is the correct rounding of its exact value in the
    value's dtype (-0.0 for -3.7e-348, a subnormal's few bits): all the dtype could hold there, however far off
    relatively, which a finding shows no reader as the entry that lost its digits while another did. Unchanged
    where every entry off is such a rounding."""
    import mpmath  # lazy: the exact run's numbers

    errors = _error_against(working, value, truth, each=True)
    held = np.asarray(raw(value))
    if errors is None or errors.shape != held.shape or not is_float_dtype(held.dtype) or held.dtype.kind == "c":
        return errors
    exact = np.asarray(raw(truth), dtype=object)
    if exact.shape != held.shape:
        return errors
    kept = errors.copy()
    for index in np.ndindex(held.shape):
        if not kept[index]:
            continue
        try:
            x = mpmath.mpf(exact[index])
        except (TypeError, ValueError):
            return errors
        if _rounds_to(held[index], x):
            kept[index] = 0.0
    return kept if kept.any() else errors


def _condition_flipped(w, e):
    """Whether a where's condition holds another truth value at some entry in the float run than in the exact one."""
    try:
        got = np.asarray(raw(w.args[0]))
        exact = np.asarray(raw(e.args[0]), dtype=object)
        if got.dtype != bool or got.shape != exact.shape:
            return False
        return any(bool(a) != bool(b) for a, b in zip(got.ravel(), exact.ravel()))
    except (TypeError, ValueError, IndexError):
        return False


def _flushed_before_the_switch(working, w, exact_of, switched):
    """The finding of the op whose subnormal result the replay flushed to 0, or which read a subnormal operand as 0,
    as the framework's kernels do, that a where's flipped condition was computed from (``x * x > 0`` at float32's
    x = 1e-20: XLA gives the product as 0; a rule's ``x > 0`` at x = 1e-40), told with the where ``switched`` it sent
    to the other branch; None where no such op made the condition. An op's producers are its recorded parents, or
    else (a backward graph's ops) the ops whose results are its very arguments (`parents_of`)."""
    made = made_by(working)
    condition = parents_of(w, made)[:1]
    if condition[:1] == (None,):  # a condition converted on its way (a framework's select_n): the latest truth alike
        truth = np.asarray(raw(w.args[0]))
        condition = tuple(op for op in reversed(working.ops) if op.index < w.index and _same_truth(op.output, truth))[:1]
    stack, seen, found = list(condition), set(), []
    while stack:
        op = stack.pop()
        if op is None or id(op) in seen or op.index >= w.index:
            continue
        seen.add(id(op))
        e = exact_of.get(id(op))
        if _read_as_zero(op) is not None or (e is not None and _flushed_to_zero(op, e) is not None):
            found.append((op, e))
        stack.extend(parents_of(op, made))
    if not found:
        return None
    op, e = min(found, key=lambda pair: pair[0].index)
    where = f" at {os.path.basename(switched.location)}" if switched.location else ""
    return _told_flushed(op, e, f"; {switched.op}{where} then takes the branch the exact run's condition does not")


def _told_flushed(op, e, then="", read=None):
    """The finding of ``op``, which read a subnormal operand as 0 or gave a subnormal result as 0 as the framework's
    kernels do, ``then`` said after it; ``e`` its exact counterpart, or None (a comparison a framework's rule or loop
    made, which the exact run made otherwise or not at all: its operand read as 0 says it). ``read``: the words for
    an operand the run was fed as 0 already (`_fed_as_zero`), where ``e`` is told by them instead."""
    if e is None or read is not None:
        message = (f"{op.name}({', '.join(_show(a) for a in op.args)}) = {_show(op.output)}: {read or _read_as_zero(op)}, "
                   f"so it computed {op.name} at 0 there{then}")
        label = backward_op_label(op) if op.phase == "backward" else op.name
        return Finding("underflow", op.phase, label, message, op.span, [_show(a) for a in op.args], _show(op.output),
                       op.location)
    flushed = _describe(op, e, math.inf, 1.0, 0.0)
    return replace(flushed, message=flushed.message + then)


def first_flushed(working: Recording, exact: Recording):
    """The first op that read a subnormal operand as 0, or gave a subnormal result as 0, as the framework's kernels
    do, or None: where an unstable result's digits went when no op's error is there to compare (a loop whose
    condition read 1e-40 as 0 ran no trip, where the exact run ran three: the two runs' ops are not alike)."""
    exact_of = {id(w): e for w, e in _aligned(working.ops, exact.ops)}
    for op in working.ops:
        if op.flushed_by is None:
            continue
        e = exact_of.get(id(op))
        if _read_as_zero(op) is not None or (e is not None and _flushed_to_zero(op, e) is not None):
            return _told_flushed(op, e, "; what the run computed from it goes its own way from the exact run's")
        fed = None if e is None else _fed_as_zero(op, e)
        if fed is not None:  # an input the replay was fed flushed, as the kernels read it: the op that read it
            kernels = op.flushed_by.removesuffix(" does").removesuffix(" do")
            return _told_flushed(op, e, "; what the run computed from it goes its own way from the exact run's",
                                 f"{kernels} read its operand {_show_exact(fed)}, a subnormal, as 0 (denormals are zero)")
    return None


def _fed_as_zero(w, e):
    """The exact operand of ``w`` its run was given as 0 where it is a nonzero number below the smallest normal one of
    the operand's dtype (an input read as 0 before any op saw it), or None."""
    import mpmath  # lazy: loaded by the exact run ``e`` comes from

    for got, exact in zip(w.args, e.args):
        got = np.asarray(raw(got))
        if got.dtype not in (np.float32, np.float64) or got.shape != np.shape(raw(exact)):
            continue
        for a, x in zip(got.ravel(), np.asarray(raw(exact), dtype=object).ravel()):
            try:
                x = mpmath.mpf(x)
            except (TypeError, ValueError):
                break
            if a == 0 and x != 0 and abs(x) < float(finfo(got.dtype).tiny):
                return x
    return None


def _same_truth(value, truth):
    """Whether a recorded result ``value`` is the truth array ``truth``, entry by entry."""
    value = np.asarray(raw(value))
    return value.dtype == bool and value.shape == truth.shape and bool(np.array_equal(value, truth))


def _flipped_entry(w, e):
    """", at entry (2,): its condition True where the exact run's is False, and it gives 0.0 from the branch taken" for
    a where of more entries than a message shows (`_show` elides them), else ''."""
    try:
        got = np.asarray(raw(w.args[0]))
        if got.size <= 4:
            return ""
        exact = np.asarray(raw(e.args[0]), dtype=object)
        index = next(i for i in np.ndindex(got.shape) if bool(got[i]) != bool(exact[i]))
        out = np.asarray(raw(w.output))
        given = f", and it gives {_show(out[index])}" if out.shape == got.shape else ""
        return f", at entry {index}: its condition {bool(got[index])} where the exact run's is {bool(exact[index])}{given}"
    except (TypeError, ValueError, IndexError, StopIteration):
        return ""


_SWITCHES = frozenset({"minimum", "maximum", "fmin", "fmax"})  # binary ops whose slope jumps where their inputs tie


def _rounded_onto_switch(w, e):
    """For a binary switch ``w`` (minimum, maximum) whose float inputs tie at an entry where the exact run's inputs
    differ (1e300 * 1e-300 rounds to the 1.0 it is compared with, the exact product lies above it): the exact inputs
    there, shown apart; else None."""
    if w.name not in _SWITCHES or len(w.args) != 2 or len(e.args) != 2:
        return None
    import mpmath  # lazy: loaded by the exact run ``e`` comes from

    try:
        floats = np.broadcast_arrays(*[np.asarray(raw(a), dtype=np.float64) for a in w.args])
        exact = np.broadcast_arrays(*[np.asarray(raw(a), dtype=object) for a in e.args])
        with mpmath.workprec(max(mpmath.mp.prec, _COMPARED_BITS)):  # the exact inputs' own bits, not the default 53
            for a, b, x, y in zip(floats[0].ravel(), floats[1].ravel(), exact[0].ravel(), exact[1].ravel()):
                if a == b and x != y:
                    digits = _digits_apart(x, y)
                    if _digits(x, digits) != _digits(y, digits):
                        return f"{_digits(x, digits)} and {_digits(y, digits)}"
                    # apart past 20 digits: the second as the first and its gap, to the exact run's own digits
                    gap = mpmath.mpf(y) - mpmath.mpf(x)
                    return f"{_digits(x, digits)} and {_digits(x, digits)} {'+' if gap > 0 else '-'} about {_digits(abs(gap), 1)}"
    except (TypeError, ValueError):
        return None
    return None


# The openings of a finding that blames one function's whole backward pass (`backward_root_cause`): its gradient
# rule, or the forward computation the framework differentiated.
WHOLE_BACKWARD_OPENINGS = ("the gradient rule of ", "the forward computation on this line lost the digits")


def _users_rule_ran(working, node):
    """Whether ``node``'s backward pass ran a gradient rule the user wrote (a custom rule, not the framework's
    differentiation of the user's forward)."""
    return node.rule is not None or any(
        op.rule for op in working.ops if op.phase == "backward" and op.node_name == node.name)


def _replay_op_off(working, exact, name, error):
    """The first op of a framework's graph, its forward or the backward run as ``name``'s rule, whose result is off
    by half ``error`` or more (the replays aligned), with its exact twin, or None: its line is the one in the user's
    function where the rule's digits went (a bfloat16 matmul's, whose rounded result the rule is fed), not the line
    of the call or of the value the rule belongs to."""
    for w, e in _aligned(working.ops, exact.ops):
        if (w.replayed and w.location and (w.phase == "forward" or w.node_name == name)
                and (_error_against(working, w.output, e.output) or 0) >= error / 2):
            return w, e
    return None


def _where_replay_lost(working, exact, error):
    """A bridged function's rule has no line of its own: the line of its first replayed backward op as far off (the
    replays aligned), else the one line all its replayed backward ops share, else its first that went non-finite,
    else the line where its backward pass starts."""
    recomputed = _recomputed(working, "backward")  # a forward op run again in the backward: the value's loss, not the rule's
    replayed = [op for op in working.ops if op.phase == "backward" and op.replayed and op.location and id(op) not in recomputed]
    if len(working.ops) == len(exact.ops):
        ids = {id(op) for op in replayed}
        for w, e in zip(working.ops, exact.ops):
            if id(w) in ids and w.name == e.name and (_error_against(working, w.output, e.output) or 0) >= error / 2:
                return w.location
    lines = {op.location for op in replayed}
    if len(lines) == 1:
        return lines.pop()
    # Rules paired with their calls' lines: the first that went non-finite, else where the backward pass starts.
    return next((op.location for op in replayed if not finite(op.output)), None) or _first_rule_line(working)


def _show_exact(value, apart=None):
    """A high-precision number, or a few of them, written as the findings write floats (10 digits, no reprs); with
    ``apart`` (a relative difference from a float shown beside it), in the digits that tell the two apart."""
    value = raw(value)
    if isinstance(value, np.ndarray) and value.dtype == object:
        if value.size > 4:
            return f"array{value.shape}"
        return "[" + ", ".join(_show_exact(v, apart) for v in value.ravel()) + "]"
    try:
        import mpmath

        if isinstance(value, mpmath.mpf):
            digits = 10 if not apart else min(20, max(10, 3 - math.floor(math.log10(apart))))
            return exact_text(value, digits, significant=digits)  # in a few digits whatever precision is set
    except ImportError:  # pragma: no cover
        pass
    return _show(value)


def root_cause(working: Recording, exact: Recording, phase, eps, least_error=0.0):
    """The op in ``phase`` whose output error most exceeds its inputs' (growth of relative error, entry by entry);
    in a replayed backward graph, an op of the backward before a recomputed forward op. Where that op amplifies what
    an earlier op lost (a sum's absorbed terms, a cancellation before it), the finding names the earlier op. With
    ``least_error``, only ops whose result is off by that much or more (relative) are candidates, a library call's
    own value none."""
    return root_cause_and_error(working, exact, phase, eps, least_error)[0]


def root_cause_and_error(working: Recording, exact: Recording, phase, eps, least_error=0.0):
    """`root_cause`'s ``(finding, how far off the op it names is, relative)``; the error None for a library call's own
    value, and ``(None, None)`` where there is no finding."""
    aligned = _aligned(working.ops, exact.ops)
    pairs = [(w, e) for w, e in aligned if w.phase == phase]
    recomputed = _recomputed(working, phase)
    exact_of = {id(w): e for w, e in aligned}
    users = users_of(working)
    best, libraries = None, []
    for w, e in pairs:
        off = None if least_error else _library_off(w, eps)
        if off is not None:  # the framework's own value of a call the replay computes accurately: its digits
            # Off by fewer than 1000 ulps, it is named only where no op broke: a rule that exponentiates it (JAX's
            # log_ndtr's slope, exp(-x^2/2 - log_ndtr(x))) makes its 2e-13 at -505 a 1e-10 of the gradient.
            rank = (id(w) not in recomputed, off[0] if off[0] >= 1e3 else -1, False, off[0])
            libraries.append((w.index, off))
            if best is None or rank > best[0]:
                best = (rank, off[1], None)
        own = _rounding_in([w.output], eps)
        out_error = _error_against(working, w.output, e.output)
        if out_error is None or out_error < max(1e3 * own, least_error):
            continue
        growth, out_error, in_error = _growth(working, w, e, own)
        # A difference whose own operands' few roundings, amplified by its cancellation, make its loss loses it itself,
        # whatever errors its operands carry in step from an earlier cancellation (atan(sqrt(m2/k)) and atan(sqrt(m2))
        # of one m2 = M^2 - 1): those cancel here with the rest, so its growth is over its operands' rounding.
        cancels_itself = _cancels_its_own_rounding(working, w, e, own)
        if cancels_itself:
            growth, in_error = out_error / own, own
        if growth < 100 or _swallowed_later(working, exact_of, users, w, eps) or _unread_answer(w, pairs, users) \
                or (phase == "backward" and _reaches_only_right_results(exact_of, users, w, eps)):
            continue
        finding, earlier = _describe(w, e, growth, out_error, in_error), None
        if finding.kind == "inaccurate" and w.name.startswith(_MATRIX_FUNCTIONS):
            earlier = _amplified_rounding(working, aligned, w, out_error)
        elif w.name in ("subtract", "add"):  # a cancellation, unless a sum before it absorbed what it needed to keep
            earlier = _absorbed(working, aligned, w, out_error)
        elif w.name == "where" and _condition_flipped(w, e):
            earlier = _flushed_before_the_switch(working, w, exact_of, finding)  # a subnormal flushed, or read as 0
        if earlier is None and w.phase == "forward" and not cancels_itself:  # an amplifier of what an earlier
            earlier = _cancelled_before(working, aligned, w, out_error, eps)  # cancellation lost: that one
        finding = earlier or _with_the_library_before(finding, w, in_error, own, libraries)
        if id(w) in recomputed and finding.location == w.location and finding.phase == "backward":
            # the backward graph's replay of a forward op: the loss is the forward's, which the gradient reads
            finding = replace(finding, phase="forward", op=w.name,
                              message=finding.message + "; the gradient reads this forward result")
        # A recomputed forward op is the forward's finding. An entry rounded to 0 because its exact value lies below
        # the dtype's smallest number (exp(-1e9) = 0) is off by less than that number, the dtype's own last rounding:
        # any op that amplified errors 100 times is where the digits went before it, and on a tie (both saturated at
        # error 1), a cancellation too.
        # A forward op whose inputs are already wholly off (a reset's v - s*T after a step took the other side: 1 - 0
        # where the exact run's is 1 + 7e-18 - 1) amplifies nothing of its own: one with inputs still right goes first.
        # (A backward rule handed wholly different eigenvectors at a near tie is that rule's story, and stays so.)
        rank = (id(w) not in recomputed, not _rounded_below_the_dtype(finding, w, e), not _lost_before(finding, w, e),
                in_error < 0.5 or phase != "forward", growth, finding.kind == "cancellation")
        if best is None or rank > best[0]:
            best = (rank, finding, out_error)
    return (None, None) if best is None else best[1:]


def _with_the_library_before(finding, w, in_error, own, libraries):
    """``finding`` about ``w``, an op that amplifies what its inputs carry, told where those inputs carry far more than
    rounding (`_OWN_ROUNDINGS` of ``w``'s own, ``own``) and a library call before it is the framework's own value, off
    by more than its rounding (`_library_off`, ``libraries``: (op index, (growth, finding))): the replay in the dtype
    goes on with that value, as the framework's run does, so the error amplified is largely that approximation's."""
    if not math.isfinite(in_error) or in_error < _OWN_ROUNDINGS * own:
        return finding
    before = [off for index, off in libraries if index < w.index]
    if not before:
        return finding
    _, library = max(before, key=lambda off: off[0])
    # the inputs' error is no rounding alone, and is said as what it is
    message = finding.message.replace("so their rounding errors (", "so their errors (", 1)
    return replace(finding, message=f"{message}, errors made before it: {library.message}")


def _rounded_below_the_dtype(finding, w, e):
    """Whether ``finding`` is an underflow of ``w`` whose flushed entries' exact values are all below the dtype's
    smallest subnormal number, so that 0 is their nearest float (an underflow the dtype cannot avoid, unlike a
    subnormal result a kernel flushed)."""
    if finding.kind != "underflow":
        return False
    flushed = _flushed_to_zero(w, e)
    return flushed is not None and not flushed[2]


def _lost_before(finding, w, e):
    """Whether ``finding`` is an underflow of ``w`` whose flushed entry ``w`` gives as that 0 of the very numbers it
    was given (`_given_exactly_zero`) with no input overflowed: ``w`` did not break, an input had lost the entry
    before it (a softmax entropy's gradient at subnormal logits), so any op that did break is the one to name. (After
    an overflow the underflow says so, naming the overflowing op.)"""
    if finding.kind != "underflow":
        return False
    flushed = _flushed_to_zero(w, e)
    return flushed is not None and _given_exactly_zero(w, flushed[3]) is not None and not _overflowed_input(w)


def users_of(recording):
    """id(op) -> the recorded ops that take its result as an argument, the backward pass's included: the paths
    from an op's result forward to the program's results."""
    made, users = made_by(recording), {}
    for op in recording.ops:
        for parent in parents_of(op, made):
            if parent is not None:
                users.setdefault(id(parent), []).append(op)
    return users


def _unread_answer(w, pairs, users):
    """Whether ``w`` is an answer of a call that gives several (SciPy's airy: Ai, Ai', Bi and Bi' of one x) that nothing
    reads while another answer of the same call is read: its digits reach no result, so its loss explains none."""
    # read, or the forward's last op (the program's result), or a backward op (a gradient nothing reads is an answer)
    if users.get(id(w)) or w is pairs[-1][0] or w.phase != "forward":
        return False
    return any(o is not w and users.get(id(o)) and o.location == w.location and len(o.args) == len(w.args)
               and all(a is b for a, b in zip(o.args, w.args)) for o, _ in pairs)


def _swallowed_later(working, exact_of, users, w, eps):
    """Whether every path from ``w``'s result to a result of the program ends in an add or subtract whose exact result
    is so much larger than the error carried to it that the error is gone (`_absorbs`): a cancellation whose small
    difference is later added to a far larger number (z + u tanh(w.z) at 3e-19, squared and added to 27) loses digits
    that no result keeps, and is no root cause of the result's loss."""
    pending, seen = [w], {id(w)}
    while pending:
        op = pending.pop()
        following = users.get(id(op), ())
        if not following:  # a result the program returns (or one nothing reads): the error reached it
            return False
        for user in following:
            if id(user) not in seen and not _absorbs(working, exact_of, op, user, eps):
                seen.add(id(user))
                pending.append(user)
    return True


def _reaches_only_right_results(exact_of, users, w, eps):
    """Whether every result of the program that ``w``'s result reaches is right in its dtype (`_right_as_floats`):
    then what ``w`` lost is lost to no result (1/S^2 underflowing at S = 1e200 on its way to slopes in S and Ks that
    are 1e-399 and 1e-597, whose float 0 is their nearest, beside a slope in Ki that another underflow lost)."""
    pending, seen, reached = [w], {id(w)}, False
    while pending:
        op = pending.pop()
        following = users.get(id(op), ())
        if not following:  # a result the program returns
            reached = True
            exact = exact_of.get(id(op))
            if exact is None or not _right_as_floats(op.output, exact.output, eps):
                return False
        for user in following:
            if id(user) not in seen:
                seen.add(id(user))
                pending.append(user)
    return reached


def _right_as_floats(value, exact, eps):
    """Whether each entry of the float ``value`` is its ``exact`` counterpart to 1000 roundings, or the 0 an exact
    entry below half the dtype's least subnormal rounds to."""
    import mpmath  # lazy: the exact run's numbers

    try:
        value, exact = np.asarray(raw(value)), np.asarray(raw(exact), dtype=object)
    except ValueError:  # a key of slices and index arrays: no numbers
        return False
    if value.shape != exact.shape or not is_float_dtype(value.dtype) or value.dtype.kind == "c":
        return False
    least = float(finfo(value.dtype).smallest_subnormal)
    for a, x in zip(value.ravel(), exact.ravel()):
        try:
            x = mpmath.mpf(x)
        except (TypeError, ValueError):
            return False
        a = float(a)
        if not (math.isfinite(a) and mpmath.isfinite(x)):
            return False
        if a == 0 and 2 * abs(x) < least:
            continue
        if abs(mpmath.mpf(a) - x) > 1e3 * eps * abs(x):
            return False
    return True


def _absorbs(working, exact_of, given, user, eps):
    """Whether ``user``, an add or subtract, leaves of ``given``'s error (its argument) under 1000 roundings of its
    own exact result in every entry."""
    if user.name not in ("add", "subtract") or len(user.args) != 2:
        return False
    exact_given, exact_user = exact_of.get(id(given)), exact_of.get(id(user))
    carried = None if exact_given is None else _carried_errors(given.output, exact_given.output)
    if carried is None or exact_user is None:
        return False
    try:
        with np.errstate(all="ignore"):
            result = np.abs(np.asarray(raw(exact_user.output), dtype=float))
            return bool(np.all(np.broadcast_to(carried, result.shape) < 1e3 * eps * result))
    except (TypeError, ValueError, OverflowError):  # complex entries, or shapes that do not broadcast
        return False


_CARRIED_BITS = 128  # the difference of a float and an exact number, correctly rounded to this: a float reads 53


def _carried_errors(value, exact):
    """The absolute error of each entry of a float ``value`` against its ``exact`` counterpart, to the exact number's
    own precision: a 1e-217 error of -1.0, under the bits `_relative_errors` compares, is still all of a later
    cancellation's 1.4e-217 (0 where either is not finite; None where they are not float numbers of one shape)."""
    import mpmath  # the exact run's numbers, subtracted and rounded once

    try:
        value, exact = np.asarray(raw(value)), np.asarray(raw(exact), dtype=object)
    except ValueError:  # a key of slices and index arrays: no numbers
        return None
    if value.shape != exact.shape or not is_float_dtype(value.dtype):
        return None
    carried = np.zeros(value.shape)
    for index, a, e in zip(np.ndindex(value.shape), value.ravel(), exact.ravel()):
        try:
            e = e if isinstance(e, mpmath.mpf) else mpmath.mpf(e)
        except (TypeError, ValueError):
            return None
        if mpmath.isfinite(e) and math.isfinite(float(np.real(a))):
            # rounded once, past a float's bits (which it then holds exactly): across an exponent gap of 10^83 too
            carried[index] = float(abs(mpmath.fsub(float(np.real(a)), e, prec=_CARRIED_BITS)))
    return carried


_LIBRARY_OFF_ULPS = 64  # a library's value off by fewer ulps than this is its rounding, never named


def _library_off(w, eps):
    """``(growth, finding)`` for a library call ``w`` the replay computes as gradcli's own accurate function (JAX's
    ``owens_t``) where the framework's own value of that call, on the very numbers the replay handed it, is off by
    over `_LIBRARY_OFF_ULPS` ulps of the function at those numbers: the library's approximation lost the digits, not
    an op before it (whose rounding the function at those numbers already carries). None for any other op."""
    own = None if w.own is None else w.own.value_of(w.output)
    if own is None:
        return None
    truth = _again_exactly(w)
    off = None if truth is None else _relative_error(own, truth)
    if off is None or off < _LIBRARY_OFF_ULPS * eps:
        return None
    # The op recorded with the call's result may be the last of several its replay runs (bessel_jn's stack): then
    # the call's own arguments and name are shown
    direct = _are_among(w.args, w.own.arguments)
    inputs = [_show(a) for a in (w.args if direct else w.own.arguments)]
    # jax.scipy.special.owens_t; a framework's kernel by its own name (aten.lgamma), not gradcli's of its replay
    called = (w.library or "").partition(", ")[0] or (
        w.own.called if isinstance(w.own, KernelCall) else w.name if direct else w.own.name)
    name, framework = called.rpartition(".")[2], w.own.framework
    op = (backward_op_label(w) if w.phase == "backward" else w.name) if direct else name
    return off / eps, Finding(
        "inaccurate", w.phase, op,
        f"{framework}'s {name}({', '.join(inputs)}) = {_show_apart(own)} is {off:.1e} off (relative) here: {name} of those "
        f"very numbers is {_show_exact(truth, off)}, so {framework}'s own approximation{f' ({called})' if called != name else ''} "
        "lost the digits, not the numbers it was given",
        w.span, inputs, _show(own), w.location)


def _are_among(args, operands):
    """Whether each of ``args`` is one of ``operands`` (as given, or the value a traced one holds)."""
    return all(any(a is o or a is raw(o) for o in operands) for a in args)


def _again_exactly(w):
    """``w`` computed again at high precision on the very numbers handed to it, or None where it cannot be."""
    if w.prim is None or not w.args:
        return None
    args = [to_mp(raw(a)) if isinstance(raw(a), (float, np.floating, np.ndarray)) and is_float_dtype(np.asarray(raw(a)).dtype)
            else raw(a) for a in w.args]
    import mpmath  # lazy: loaded by the exact run this op's recording is read against

    try:
        with mpmath.workprec(max(mpmath.mp.prec, _COMPARED_BITS)):
            return w.prim.evaluate(tuple(args), w.kwargs or {})
    except Exception:  # noqa: BLE001 - an op that cannot run again on high-precision numbers explains nothing here
        return None


# The functions of a matrix whose result can be far more sensitive to its entries than any entry's rounding shows
# (a determinant, solve or inverse of a nearly singular matrix); an elementwise op's sensitivity (sin of 1/x) is its own.
_MATRIX_FUNCTIONS = ("linalg.", "scipy.linalg.")


def _amplified_rounding(working, pairs, w, out_error):
    """The finding for an op ``w`` that computes its own result accurately from the numbers handed to it, where one
    of them carries a rounding an earlier op made (1.0 + t, built into a nearly singular matrix whose slogdet then
    multiplies that rounding 1e11 times): that earlier op, at its line, is where the digits went. None when ``w``'s
    own arithmetic loses them, or no recorded op made the rounding it amplifies."""
    own = _own_error(w)
    if own is None or own > out_error / 100:
        return None
    origin = _rounding_origin(working, pairs, w)
    if origin is None:
        return None
    op, error = origin
    return _origin_finding("inaccurate", op, (
        f"rounds its result by {error:.1e} (relative), and {_named_at(w, op)}, which computes its own result to "
        f"{own:.1e} of the numbers it was given, amplifies that rounding {out_error / error:.1e} times: its matrix is "
        "nearly singular in the dtype"))


# Ops that add up many terms in one result, where a term far below the running total is absorbed (1e8 + 1 in float32).
_ACCUMULATING = {"cumsum", "sum", "nansum", "nancumsum"}


# How many of its operands' roundings a difference may amplify and still be the one that lost its result's digits.
_OWN_ROUNDINGS = 16


def _cancels_its_own_rounding(working, w, e, own):
    """Whether ``w``, a forward add or subtract of two values, cancels so deeply at the entry it got most wrong that
    operands each off by a few of their own roundings (``_OWN_ROUNDINGS``) would lose that entry's error: its
    condition number there, the sum of its exact operands' sizes over its exact result's, times their rounding
    ``own``. Entry by entry: another entry's exact, deep cancellation (1 - (1 - 2^-52)) explains none of it."""
    if w.phase != "forward" or w.name not in ("subtract", "add") or len(e.args) != 2:
        return False
    import mpmath  # lazy: the exact run's numbers

    errors = _error_against(working, w.output, e.output, each=True)
    try:
        a, b, result = np.broadcast_arrays(*[np.asarray(raw(v), dtype=object) for v in (*e.args, e.output)])
        if errors is None or errors.shape != result.shape or not errors.size:
            return False
        worst = np.unravel_index(int(np.argmax(errors)), errors.shape)
        x, y, r = (mpmath.mpf(v[worst]) for v in (a, b, result))
        condition = (abs(x) + abs(y)) / abs(r)
    except (TypeError, ValueError, ZeroDivisionError):  # no numbers, or an exact 0 there
        return False
    return bool(mpmath.isfinite(condition)) and float(errors[worst]) <= _OWN_ROUNDINGS * own * condition


def _cancelled_before(working, pairs, w, out_error, eps):
    """The finding for a forward op ``w`` that amplifies an error an earlier cancellation made (slope - e^-x of a
    slope (1 - e^-x) / x, at x = 7e-10): that cancellation, at its line, lost the digits first, and its stable form
    (-expm1(-x)) is the fix, where mending ``w`` alone leaves the error it was handed. None when ``w``'s inputs carry
    no error that an earlier op made by cancelling (growing its own inputs' error 100 times, to over 1000 roundings)."""
    origin = _rounding_origin(working, pairs, w)
    exact = None if origin is None else next((e for a, e in pairs if a is origin[0]), None)
    if exact is None or origin[1] < 1e3 * eps:
        return None
    op = origin[0]
    growth, error, given = _growth(working, op, exact, eps)
    first = _describe(op, exact, growth, error, given)
    if growth < 100 or first.kind != "cancellation":
        return None
    return replace(first, message=(
        f"{first.message}; {_named_at(w, op)} then amplifies that error {out_error / error:.1e} times, to "
        f"{out_error:.1e} of its own result: the digits were lost here first"))


def _absorbed(working, pairs, w, out_error):
    """The finding for a cancellation ``w`` whose operands lost their small terms in an earlier sum (c[3:] - c[:-3]
    of a float32 cumsum over [1e8, 1, 2, 3]): that sum, at its line, absorbed what the difference needed to keep;
    or in an earlier add or subtract that kept nothing of its smaller operand (`_absorbing_ancestor`)."""
    origin = _rounding_origin(working, pairs, w)
    if origin is None or origin[0].name not in _ACCUMULATING:
        return _absorbing_ancestor(working, pairs, w, out_error) or _rounded_off_ancestor(working, pairs, w, out_error)
    op, error = origin
    return _origin_finding("cancellation", op, (
        f"absorbs terms far below its running total (its result is off by {error:.1e}, relative), and {_named_at(w, op)} "
        f"subtracts nearly equal numbers of it, so that loss becomes {out_error:.1e} of the difference: the small "
        "terms were gone before the subtraction"))


def _absorbing_ancestor(working, pairs, w, out_error, depth=4):
    """The finding for a cancellation ``w`` whose operand an earlier elementwise add or subtract made by swallowing
    its smaller operand whole (scores + finfo.min in a mask, softmax's scores - max after it): that op, at its line,
    where the entries ``w`` got wrong are among those it absorbed. Forward ops of ``w``'s shape are followed back
    ``depth`` steps; None when none absorbed an entry ``w`` needed."""
    if w.accumulating:  # the gradients of a value's paths cancelling is that sum's own finding
        return None
    exact = next((e for a, e in pairs if a is w), None)
    wrong = None if exact is None else _error_against(working, w.output, exact.output, each=True)
    if wrong is None:
        return None
    needed = wrong >= out_error / 2
    made = made_by(working)
    frontier, seen = [w], set()
    for _ in range(depth):
        frontier = [p for op in frontier for p in parents_of(op, made)
                    if p is not None and id(p) not in seen and np.shape(raw(p.output)) == needed.shape
                    and p.phase == "forward"]  # a backward rule's own 1 + e is its own cancellation's to explain
        seen.update(id(p) for p in frontier)
        for op in frontier:
            absorbed = _absorbed_entries(op)
            if absorbed is not None and bool(np.any(absorbed & needed)):
                bits = finfo(np.asarray(raw(op.output)).dtype).nmant + 1
                return _origin_finding("cancellation", op, (
                    f"keeps none of its smaller operand's digits where the larger is over 2^{bits} times it (the "
                    f"dtype's {bits} bits hold only the larger), and {_named_at(w, op)} subtracts nearly equal numbers of "
                    f"its result, so the difference is {out_error:.1e} off: the small terms were gone before the "
                    "subtraction"))
    return None


def _rounded_off_ancestor(working, pairs, w, out_error, depth=4):
    """The finding for a cancellation ``w`` whose operands an earlier elementwise add or subtract rounded to its larger
    operand's last bit, keeping only part of the smaller one's digits (scores - 1e9 in float64 keeps 1.2e-7 of each
    score; softmax's scores - max then leaves only that much of their differences): that op, at its line, where its
    own rounding at the entries ``w`` got wrong is a quarter of ``w``'s error or more and reached ``w`` only through
    ops that move numbers (`_PICKS`). A backward op that computes a forward op again stands for that forward op;
    None when no such op made the error."""
    if w.accumulating:
        return None
    exact = next((e for a, e in pairs if a is w), None)
    wrong = None if exact is None else _carried_errors(w.output, exact.output)
    if wrong is None or not wrong.any():
        return None
    made = made_by(working)
    forward = {(op.name, op.location, _show(op.output)): op for op in working.ops if op.phase == "forward"}

    def as_forward(op):
        return op if op.phase == "forward" else forward.get((op.name, op.location, _show(op.output)))

    frontier, seen = [w], set()
    for _ in range(depth):
        frontier = [f for op in frontier for p in parents_of(op, made) if p is not None
                    and (f := as_forward(p)) is not None and id(f) not in seen and np.shape(raw(f.output)) == wrong.shape]
        seen.update(id(f) for f in frontier)
        for op in frontier:
            apart = _bits_apart(op, wrong)
            if apart is not None:
                bits = finfo(np.asarray(raw(op.output)).dtype).nmant + 1
                kept = f"keeps only {bits - apart} of" if bits - apart >= 1 else "keeps none (less than one bit) of"
                return _origin_finding("cancellation", op, (
                    f"{kept} its smaller operand's {bits} bits where the larger is "
                    f"2^{apart} times it, and {_named_at(w, op)} subtracts nearly equal numbers of its result, so the "
                    f"difference is {out_error:.1e} off: the smaller operand's lost digits were gone before the "
                    "subtraction"))
        frontier = [op for op in frontier if _moves(op)]  # only a number moved on carries the rounding as it was
    return None


def _moves(op):
    """Whether ``op`` only picks or moves the numbers it was given (`_PICKS`, or a cast that rounds none of them)."""
    if op.name in _PICKS:
        return True
    again = _again_exactly(op) if op.name == "astype" else None
    own = None if again is None else _carried_errors(op.output, again)
    return own is not None and not own.any()


def _bits_apart(op, wrong):
    """How many bits the larger operand of an elementwise add or subtract ``op`` lies above the smaller (the bits of
    the smaller that its result cannot keep), the most over the entries whose own rounding error is a quarter or more
    of ``wrong`` (a later op's absolute error there) and over 1000 roundings of that smaller operand; None where no
    entry is so."""
    operands = _sum_operands(op)
    again = None if operands is None else _again_exactly(op)
    own = None if again is None else _carried_errors(op.output, again)
    if own is None or own.shape != wrong.shape:
        return None
    out, a, b = operands
    a, b = np.abs(a), np.abs(b)
    small = np.minimum(a, b)
    eps = float(finfo(out.dtype).eps)
    lost = (wrong > 0) & (own >= wrong / 4) & (own > 1e3 * eps * small) & (small > 0)
    if not lost.any():
        return None
    with np.errstate(all="ignore"):  # as a difference of logs: the ratio of finfo.min to a score overflows
        apart = float((np.log2(np.maximum(a, b)[lost]) - np.log2(small[lost])).max())
    return int(np.ceil(apart)) if np.isfinite(apart) else None


def _sum_operands(op):
    """``(result, a, b)`` of an elementwise add or subtract of real floats, its operands broadcast to its result in its
    dtype; else None."""
    if op.name not in ("add", "subtract") or len(op.args) != 2:
        return None
    out = np.asarray(raw(op.output))
    if not is_float_dtype(out.dtype) or out.dtype.kind == "c":
        return None
    try:
        a, b = (np.broadcast_to(np.asarray(raw(x), dtype=out.dtype), out.shape) for x in op.args)
    except (TypeError, ValueError):
        return None
    return out, a, b


def _absorbed_entries(op):
    """The entries of an elementwise add or subtract whose result is its larger operand as it stands, the smaller one
    nonzero and below the result's last bit (a score beside -3.4e38 in float32), as a mask of its result; else None."""
    operands = _sum_operands(op)
    if operands is None:
        return None
    out, a, b = operands
    large, small = np.where(np.abs(a) >= np.abs(b), a, b), np.where(np.abs(a) >= np.abs(b), b, a)
    scale = 2.0 ** (finfo(out.dtype).nmant + 1)
    with np.errstate(all="ignore"):
        absorbed = (small != 0) & np.isfinite(large) & (np.abs(large) > scale * np.abs(small)) & (np.abs(out) == np.abs(large))
    return absorbed if absorbed.any() else None


def _origin_finding(kind, op, what):
    """A finding on the forward op ``op`` where another op's loss began: ``op(inputs) = output`` and ``what`` it did."""
    inputs = [_show(a) for a in op.args]
    apart = ", ".join(_show_apart(a) for a in op.args)
    return Finding(kind, "forward", op.name, f"{op.name}({apart}) = {_show_apart(op.output)} {what}", op.span,
                   inputs, _show(op.output), op.location)


def _named_at(w, earlier):
    """``w``'s name, and its line when known: the op a finding about the ``earlier`` one refers to, told apart from
    it where both have one name ("the later subtract at f.py:5"; in a formula, by its characters)."""
    name = backward_op_label(w) if w.phase == "backward" else w.name
    if name == earlier.name:
        name = f"the later {name}"
        if not w.location and w.span is not None:
            return f"{name} (characters {w.span[0] + 1} to {w.span[1]} of the formula)"
    return f"{name} at {os.path.basename(w.location)}" if w.location else name


def _rounding_origin(working, pairs, w):
    """``(op, its result's relative error)``: the forward op whose own rounding made the error ``w``'s inputs carry,
    followed back through the ops that only carry it on (stack, getitem, reshape), or None. A backward op that
    computes a forward op again (a framework's backward graph) stands for that forward op."""
    exact_of = {id(a): b for a, b in pairs}
    made = made_by(working)

    def error_of(op):
        return _error_against(working, op.output, exact_of[id(op)].output) if id(op) in exact_of else None

    op, error = w, None
    while True:
        errors = [(error_of(p), p) for p in parents_of(op, made) if p is not None and error_of(p)]
        if not errors:
            break
        # a sum's result carries each operand's absolute error: the operand whose relative error is larger may be
        # far smaller (a - b c at b c = 2e-17 beside a = 1e-8), and the error that reaches the sum is the other's
        weight = _magnitude if op.name in ("add", "subtract") else (lambda p: 1.0)
        error, op = max(errors, key=lambda pair: pair[0] * weight(pair[1]))
        given = [error_of(p) or 0.0 for p in parents_of(op, made) if p is not None]
        if error > 2 * max(given, default=0.0):
            break
    if op is w:
        return None
    if op.phase != "forward":
        key = (op.name, op.location, _show(op.output))
        op = next((f for f in working.ops if f.phase == "forward" and (f.name, f.location, _show(f.output)) == key), None)
    return None if op is None else (op, error)


def _magnitude(op):
    """The largest finite magnitude among the entries of ``op``'s result (1.0 where it has none to read)."""
    try:
        value = np.abs(np.asarray(raw(op.output), dtype=float))
    except (TypeError, ValueError, OverflowError):
        return 1.0
    value = value[np.isfinite(value)]
    return float(value.max()) if value.size else 1.0


def _own_error(w):
    """The relative error of ``w``'s result against ``w`` computed at high precision on the very numbers handed to it,
    or None when that cannot be computed (an op whose recorded arguments are not all of its own)."""
    again = _again_exactly(w)
    return None if again is None else _relative_error(w.output, again)


def _aligned(working_ops, exact_ops):
    """The pairs of ops the two recordings ran for the same step: all, where both ran the same ops; else, phase by
    phase, all of a phase both ran alike (an exact run records the backward products that floats compute unrecorded:
    the forward ops still pair), and in a phase they ran otherwise the ops both ran alike before they first part, and
    the runs of ops alike in name and line among the replayed ops of a framework's graph (a float sigmoid is four ops
    where the exact one is one: the ops before and after it still pair)."""
    def key(op):
        return op.phase, op.name, op.location, op.accumulating

    if len(working_ops) == len(exact_ops):
        return _commuted_alike([(w, e) for w, e in zip(working_ops, exact_ops) if w.name == e.name])
    phases = [[op for op in working_ops if op.phase == "forward"], [op for op in exact_ops if op.phase == "forward"]]
    if phases[0] and len(phases[0]) == len(phases[1]):
        return (_aligned(*phases) + _aligned([op for op in working_ops if op.phase != "forward"],
                                             [op for op in exact_ops if op.phase != "forward"]))
    import difflib  # lazy: only runs whose ops differ are aligned

    matcher = difflib.SequenceMatcher(None, [key(op) for op in working_ops], [key(op) for op in exact_ops], autojunk=False)
    # The ops before the runs first part ran the same steps on the same inputs (an underflowed weight that makes a
    # library function take another path is among them); after that, only a framework graph's replayed ops pair, and
    # the backward pass's sums of a value's gradients at one line: whatever steps a rule took to its cotangent (a
    # float rule's series where the exact one calls its function), the sum of a value's paths is the same step.
    return _commuted_alike([(working_ops[i + k], exact_ops[j + k]) for i, j, size in matcher.get_matching_blocks()
                            for k in range(size) if working_ops[i + k].replayed or i == j == 0
                            or (working_ops[i + k].accumulating and exact_ops[j + k].accumulating)])


_COMMUTATIVE = ("add", "multiply")


def _commuted_alike(pairs):
    """``pairs`` (working op, exact op), each exact add or multiply given its operands in the working op's order.

    The two runs may write one sum in either order: a backward pass adds a
    value's gradients as ``earlier + later``, which a float64 scalar hands to
    the traced value's ``add`` as written and an mpmath number, which cannot
    add it, as the traced value's reflected ``add`` (``later + earlier``). An
    operand is told by the op that made it (the pair of its maker), or by
    having none (a constant, a seed): where the exact op's operands are the
    working op's swapped, they are swapped to match, so that each operand's
    error is measured against its own exact value.
    """
    exact_of = {id(w): e for w, e in pairs}
    working_maker = {id(w.output): w for w, _ in pairs}
    exact_maker = {id(e.output): e for _, e in pairs}
    for w, e in pairs:
        if w.name not in _COMMUTATIVE or len(w.args) != 2 or len(e.args) != 2:
            continue
        mine = [working_maker.get(id(a)) for a in w.args]
        theirs = [exact_maker.get(id(a)) for a in e.args]
        paired = [None if m is None else exact_of.get(id(m)) for m in mine]
        if paired == theirs and paired.count(None) < 2:  # one operand's maker in place puts the other in place too
            continue
        if (paired[::-1] == theirs and theirs[0] is not theirs[1]) or _nearer_swapped(w.args, e.args):
            e.args = e.args[::-1]
            if len(e.parents) == 2:
                e.parents = e.parents[::-1]
    return pairs


_MOST_ENTRIES_COMPARED = 64  # operands larger than this are told apart by their makers alone


def _nearer_swapped(working_args, exact_args):
    """Whether two operands, whose makers do not tell them apart (a constant, a maker one run made and the other not),
    are each nearer the other exact operand than their own: the same numbers written in the other order."""
    if any(np.size(raw(a)) > _MOST_ENTRIES_COMPARED for a in working_args):
        return False

    def apart(pairs):
        errors = [_relative_error(a, b) for a, b in pairs]
        return math.inf if any(e is None for e in errors) else sum(errors)

    straight = apart(zip(working_args, exact_args))
    return straight > 1e-3 and apart(zip(working_args, exact_args[::-1])) < straight / 1e3


def first_off(working: Recording, exact: Recording, phase, eps):
    """The first op in ``phase`` whose result is off by half the phase's worst error or more, or None: where an
    unstable result's digits went when no one op amplified its inputs' error 100 times.

    Asked only of a result already judged unstable, whose tolerance may be under the 1000 ulps `root_cause` looks
    for (float32's 1e-4 is 840 of them, float16's 1e-2 ten): any op off by more than a few roundings is named."""
    if len(working.ops) != len(exact.ops):
        return None
    errors = [((_error_against(working, w.output, e.output) or 0.0), w, e)
              for w, e in _aligned(working.ops, exact.ops) if w.phase == phase]
    worst = max((error for error, _, _ in errors), default=0.0)
    if worst < 4 * eps:
        return None
    _, w, e = next(item for item in errors if item[0] >= worst / 2)
    return _describe(w, e, *_growth(working, w, e, eps))


def _cancels_somewhere(w):
    """Whether an entry of an add or subtract of arrays came out 1000 times smaller than its larger operand
    (900 - 900 in x - max(x)), though other entries did not."""
    try:
        operands = np.broadcast_arrays(*[np.abs(np.asarray(raw(a), dtype=np.float64)) for a in w.args])
        out = np.abs(np.asarray(raw(w.output), dtype=np.float64))
        return bool(np.any((out <= 1e-3 * np.maximum.reduce(operands)) & (np.maximum.reduce(operands) > 0)))
    except (TypeError, ValueError):
        return False


def _read_as_zero(w):
    """Words for the subnormal operand ``w`` read as 0 where its replay follows kernels that do so (denormals are
    zero: "TensorFlow's CPU kernels read its operand 5e-324, a subnormal float64, as 0"), else None: an input or a
    constant, since every earlier result was flushed already."""
    if w.flushed_by is None or _kept_alike(w):
        return None
    for a in w.args:
        a = np.asarray(raw(a))
        if not is_float_dtype(a.dtype) or a.dtype.kind == "c" or a.dtype not in (np.float32, np.float64):
            continue
        small = (a != 0) & (np.abs(a) < float(finfo(a.dtype).tiny))
        if small.any():
            kernels = w.flushed_by.removesuffix(" does").removesuffix(" do")
            entry = a[small][0] if a.ndim else a
            return (f"{kernels} read its operand {_show(entry)}, a subnormal {a.dtype.name}, as 0 "
                    f"(denormals are zero)")
    return None


def _kept_alike(w):
    """Whether ``w`` of its operands as given, subnormals kept, gives its result as recorded (1 + 5e-324 is 1
    either way): no operand read as 0 changed it. True where the op cannot be run again."""
    again = _run_again(w)
    return again is None or bool(np.array_equal(again, np.asarray(raw(w.output)), equal_nan=True))


def _run_again(w):
    """``w``'s own function run again on its recorded operands, as a NumPy array; None where there is none to run (a
    record without its op) or it refuses them."""
    fun = getattr(getattr(w, "prim", None), "fun", None)
    if fun is None:
        return None
    try:
        with np.errstate(all="ignore"):
            return np.asarray(raw(fun(*[raw(a) for a in w.args], **(w.kwargs or {}))))
    except (ArithmeticError, ValueError, TypeError):
        return None


def _flushed_to_zero(w, e):
    """``(the exact entry, the dtype, whether it is subnormal, its flat index)`` for an entry ``w`` gave as 0 where
    the exact result is nonzero but smaller than the dtype's smallest normal number (1/4.49e307 in float64), else
    None. A subnormal entry comes first: the dtype held it, so its loss is the one that matters (erfc([30, 27])
    gives 0 for 2.6e-393, below float64, and for 5.2e-319, a subnormal float64 holds)."""
    import mpmath  # lazy: loaded by the exact run ``e`` comes from

    got = np.asarray(raw(w.output))
    if not is_float_dtype(got.dtype) or got.dtype.kind == "c":
        return None
    exact = np.asarray(raw(e.output), dtype=object)
    if exact.shape != got.shape:
        return None
    info = finfo(got.dtype)
    flushed = []
    for k, (a, x) in enumerate(zip(got.ravel(), exact.ravel())):
        try:
            x = mpmath.mpf(x)
        except (TypeError, ValueError):
            return None
        if a == 0 and x != 0 and abs(x) < float(info.tiny):
            flushed.append((x, got.dtype, 2 * abs(x) >= float(info.smallest_subnormal), k))  # half of it is 0 as a float
    return max(flushed, key=lambda entry: entry[2], default=None)  # max keeps the first of equals


def _subnormal_result(w, e):
    """``(the dtype, the bits it holds there, the flat index, its relative error)`` where ``w``'s nonzero entry off the
    most is a subnormal number whose error is its own few bits' rounding (exp(-102.87) = 1.4e-45 in float32 holds 1
    bit: 33% off), else None: that loss is the dtype's range, not an amplification of its inputs' errors. An entry
    given as 0 is `_flushed_to_zero`'s (exp(-200) beside exp(-100) in float32: its 0 is its nearest float)."""
    got = np.asarray(raw(w.output))
    if not is_float_dtype(got.dtype) or got.dtype.kind == "c" or not got.size:
        return None
    errors = _relative_errors(w.output, e.output)
    if errors is None or errors.shape != got.shape:
        return None
    errors = np.where(got != 0, errors, 0)
    index = int(np.argmax(errors))
    value, info = abs(float(got.ravel()[index])), finfo(got.dtype)
    if not 0 < value < float(info.tiny):
        return None
    bits = int(math.floor(math.log2(value / float(info.smallest_subnormal)))) + 1
    error = float(errors.ravel()[index])
    # the entry's rounding is at most half its last bit: an error past a few of those is no subnormal's own
    return (got.dtype, bits, index, error) if error <= 4 * 2.0 ** -bits else None


def _who_flushed(w, index):
    """Who gave the subnormal entry ``index`` of ``w``'s result as 0, said after "a subnormal float64": the framework
    whose CPU kernels flush subnormal results (where ``w``'s own function, run again, holds the entry: this run
    flushed it as XLA's or TensorFlow's kernels do), or the function that computed it and stops short of the
    subnormal range (SciPy's erfc(27) is 0, though float64 holds 5.2e-319)."""
    given = _given_exactly_zero(w, index)
    if given is not None:
        return given
    fun = getattr(w.prim, "fun", None)
    again = _run_again(w)
    held = again is not None and again.shape == np.shape(raw(w.output)) and again.ravel()[index] != 0
    if held and w.flushed_by is not None:
        return f"which this run flushed to 0, as {w.flushed_by} with subnormal results"
    named = getattr(fun, "computed_by", None) or (f"NumPy's {fun.__name__}" if isinstance(fun, np.ufunc) else None)
    if named is None:
        return "which this run gave as 0"
    return f"which {named} gives as 0: it stops short of the subnormal range"


def _given_exactly_zero(w, index):
    """Where ``w`` of the very numbers it was given is exactly 0 at entry ``index`` (1 / inf, an input that had
    overflowed), why the entry went before ``w``, said after "a subnormal float64": no function stopped short
    there, an input had already lost it. Else None."""
    again = _again_exactly(w)
    if again is None:
        return None
    try:
        entry = np.broadcast_to(np.asarray(again, dtype=object), np.shape(raw(w.output))).ravel()[index]
        if entry != 0:
            return None
    except (TypeError, ValueError, IndexError):
        return None
    before = "an input had overflowed to inf before it" if _overflowed_input(w) else "an input had already lost it"
    return f"though {w.name} of the very numbers it was given is exactly 0: {before}"


def _overflowed_input(w):
    """Whether an argument of ``w`` holds an infinity."""
    return any(np.any(np.isinf(np.asarray(raw(a), dtype=np.float64))) for a in w.args
               if isinstance(raw(a), (float, np.floating, np.ndarray)))


def _digits_apart(a, b):
    """The significant digits (10 at least, 20 at most) that show two nearby numbers as different."""
    import mpmath  # lazy: as `_flushed_to_zero`

    return next((d for d in range(10, 20) if mpmath.nstr(a, d) != mpmath.nstr(mpmath.mpf(b), d)), 20)


def _digits(value, digits):
    """``value`` written to ``digits`` significant digits."""
    import mpmath  # lazy: as `_flushed_to_zero`

    return mpmath.nstr(mpmath.mpf(value), digits)


# The step functions: a result off by a whole step where the inputs were accurate is a step taken on the other side.
_STEPS = frozenset({"round", "rint", "floor", "ceil", "trunc", "fix", "floor_divide", "sign"})

# The roundings a program asks for by name (JAX's ``reduce_precision``): the identity on exact numbers, so their own
# rounding, not an amplified one, is all of the error they add.
_ROUNDINGS = frozenset({"reduce_precision"})


def _step_message(w, e, shown, in_error):
    """Why the step function ``w`` gave another step than the exact run ``e``: its own float arithmetic came down on
    the other side of a step on the very numbers it was given (NumPy's round(2.675, 2) scales to 267.5 and rounds
    up, where 2.675's float is 2.67499999...), or the rounding of an op before it carried its input across one."""
    again = _again_exactly(w)
    if again is not None and _relative_error(w.output, again) not in (None, 0.0):
        floats = ", ".join(_digits(a, 20) for a in w.args if is_float_dtype(_entries(a).dtype)
                           and np.size(raw(a)) == 1)
        given = f" (the float{'s' if ', ' in floats else ''} given {'are' if ', ' in floats else 'is'} {floats})" if floats else ""
        return (f"{w.name}({shown}) = {_show(w.output)} where {w.name} of those very numbers is {_show_exact(again)}: "
                f"its float arithmetic came down on the other side of a step{given}, and everything computed from it "
                "carries that jump")
    return (f"{w.name}({shown}) = {_show(w.output)} where the exact run's is {_show_exact(e.output)}: the rounding of "
            f"the ops before it ({in_error:.1e} relative) carried its input across a step, and everything computed "
            "from it carries that jump")


# The ops that take the log of one of their arguments (its index): at a number next to 1 the log is next to 0, so
# the rounding that number carries (1 - p for p = 5e-324 is 1.0) becomes the whole result; xlogy(1.0, 1.0) is 0 for
# the numbers it was given, not a function stopping short of the subnormal range.
_LOG_ARGUMENT = {"log": 0, "log2": 0, "log10": 0, "arccosh": 0, "xlogy": 1}


def _rounded_constant(w, e, out_error, depth=4):
    """``(held, written, pick)``: a float constant that the working run holds as another number than the exact run
    (a library's 1 - 1e-7, which float32 holds as 1 - 1.19e-7), handed by ``pick`` (a clip, minimum or where of
    `_PICKS`, ``w`` itself too) on to an operand of the add or subtract ``w`` at an entry where ``w`` is worst off, the
    constant itself there in both runs; else None. At such an entry the operand's error is that constant's rounding
    alone. Picks are followed back ``depth`` steps, in both runs alike."""
    import mpmath  # lazy: as `_flushed_to_zero`

    worst = _relative_errors(w.output, e.output)
    if worst is None or not worst.size:
        return None
    worst = worst >= out_error / 2
    for index, (operand, exact_operand) in enumerate(zip(w.args, e.args)):
        try:
            held_there = np.broadcast_to(np.asarray(raw(operand)), worst.shape)
            exact_there = np.broadcast_to(np.asarray(raw(exact_operand), dtype=object), worst.shape)
        except ValueError:
            continue
        frontier = [(w, e, index)]
        for _ in range(depth):
            following = []
            for op, exact_op, at in frontier:
                for k, (a, b, parent) in enumerate(zip(op.args, exact_op.args, op.parents)):
                    if at is not None and k != at:
                        continue
                    if parent is None:
                        if np.size(raw(a)) == 1 and is_float_dtype(np.asarray(raw(a)).dtype) and _relative_error(a, b):
                            held, written = np.asarray(raw(a)).ravel()[0], mpmath.mpf(np.asarray(raw(b), dtype=object).ravel()[0])
                            there = worst & (held_there == held) & np.vectorize(lambda v: mpmath.mpf(v) == written,
                                                                                otypes=[bool])(exact_there)
                            if there.any():
                                return held, written, op
                        continue
                    exact_parent = exact_op.parents[k] if k < len(exact_op.parents) else None
                    if parent.name in _PICKS and exact_parent is not None and exact_parent.name == parent.name:
                        following.append((parent, exact_parent, None))
            frontier = following
    return None


def _next_to_one(args, index):
    """Whether argument ``index`` of an op's raw ``args`` is a number (its largest entry) within 1e-3 of 1."""
    if index >= len(args) or not isinstance(args[index], (float, int, np.ndarray, np.generic)):
        return False
    return abs(float(np.max(np.abs(args[index]))) - 1) < 1e-3


def _describe(w, e, growth, out_error, in_error):
    args = [raw(a) for a in w.args]
    magnitudes = [float(np.max(np.abs(a))) for a in args if isinstance(a, (float, int, np.ndarray, np.generic))]
    out = float(np.max(np.abs(np.asarray(raw(w.output), dtype=np.float64)))) if finite(w.output) else math.nan
    shown = ", ".join(_show(a) for a in w.args)
    read_as_zero = _read_as_zero(w)
    if read_as_zero is not None:
        kind = "underflow"
        message = (f"{w.name}({shown}) = {_show(w.output)} where the exact result is {_show_exact(e.output)}: "
                   f"{read_as_zero}, so it computed {w.name} at 0 there, and everything computed from it carries that")
    elif w.name in ("subtract", "add") and magnitudes and (out <= 1e-3 * max(magnitudes) or _cancels_somewhere(w)):
        kind = "cancellation"
        what = "subtracts nearly equal numbers"
        if w.phase == "backward" and w.accumulating:  # a value used twice: the gradients of its uses cancel
            what = f"adds up the gradients of {len(w.args)} paths from one value, and their partial derivatives cancel"
        apart = ", ".join(_show_apart(a) for a in w.args)
        constant = None if w.phase == "backward" else _rounded_constant(w, e, out_error)
        if constant is None:
            message = (
                f"cancellation: {w.name}({apart}) = {_show_apart(w.output)} {what}, so their "
                f"rounding errors ({in_error:.1e} relative) become {out_error:.1e} of the result"
            )
        else:
            held, written, picked_by = constant
            dtype = np.asarray(raw(held)).dtype.name
            where = f" at {os.path.basename(picked_by.location)}" if picked_by.location else ""
            message = (
                f"cancellation: {w.name}({apart}) = {_show_apart(w.output)} {what}: its operand {_show_apart(held)} "
                f"is {dtype}'s rounding of the constant {_show_exact(written)} its code writes (handed to "
                f"{picked_by.name}{where}): {dtype} cannot hold that constant, so the {dtype} program's value is off "
                f"the mathematics its code writes, and this subtraction makes that rounding "
                f"({_relative_error(held, written):.1e} relative) {out_error:.1e} of its result"
            )
    elif w.name in _LOG_ARGUMENT and _next_to_one(args, _LOG_ARGUMENT[w.name]):
        kind = "cancellation"
        of = "of a number next to 1" if _LOG_ARGUMENT[w.name] == 0 else "takes the log of a number next to 1 and"
        message = (
            f"{w.name}({', '.join(_show_apart(a) for a in w.args)}) {of} amplifies its input's rounding error "
            f"{growth:.1e} times (the 1 + x it was given already lost x)"
        )
    elif (flushed := _flushed_to_zero(w, e)) is not None and (flushed[2] or _subnormal_result(w, e) is None):
        # (an entry below the dtype, whose 0 is its nearest float, explains less than a subnormal one's few bits)
        kind = "underflow"
        exact, dtype, subnormal, index = flushed
        smallest = float(finfo(dtype).tiny)
        digits = _digits_apart(exact, smallest)
        why = (f"is a subnormal {dtype.name} (below its smallest normal number, {_digits(smallest, digits)}), "
               f"{_who_flushed(w, index)}" if subnormal else f"is below the smallest {dtype.name}")
        entry = f" (entry {index})" if np.size(raw(w.output)) > 1 else ""
        message = (f"{w.name}({shown}) underflowed to {_show(w.output)}: the exact result {_digits(exact, digits)}{entry} "
                   f"{why}, so all of its digits are lost" + _library_note(w))
    elif (few := _subnormal_result(w, e)) is not None:
        kind = "underflow"
        dtype, bits, index, error = few
        entry = f" (entry {index})" if np.size(raw(w.output)) > 1 else ""
        message = (f"{w.name}({shown}) = {_show(w.output)}{entry} is a subnormal {dtype.name} (below its smallest normal "
                   f"number, {float(finfo(dtype).tiny):.7g}), which holds {bits} of its {finfo(dtype).nmant + 1} bits "
                   f"there: its rounding is {error:.1e} of {'that entry' if entry else 'the result'}, where its inputs "
                   f"were off by {in_error:.1e}" + _library_note(w))
    elif w.name in _STEPS:
        kind, message = "inaccurate", _step_message(w, e, shown, in_error)
    elif w.name == "where" and _condition_flipped(w, e):
        kind = "inaccurate"
        message = (f"{w.name}({shown}) = {_show(w.output)} takes the branch that the exact run's condition "
                   f"{_show_exact(e.args[0])} does not{_flipped_entry(w, e)}: rounding in what its condition was "
                   f"computed from put the point on the other side of a switch (or onto it)")
    elif w.name in _ROUNDINGS:
        kind = "inaccurate"
        message = (f"{w.name}({shown}) = {_show(w.output)} rounds to fewer bits than the dtype holds, as the code asks: "
                   f"its result is off by {out_error:.1e} (relative) where its inputs were off by {in_error:.1e}")
    elif math.isfinite(growth):
        kind = "inaccurate"
        message = (
            f"{w.name}({shown}) = {_show(w.output)} has relative error {out_error:.1e} while its inputs "
            f"had {in_error:.1e}: it amplifies rounding errors {growth:.1e} times"
        )
    else:  # no finite ratio of errors to speak of: an exact 0 met, or inputs that had lost every digit already
        kind = "inaccurate"
        if math.isfinite(in_error):
            message = (f"{w.name}({shown}) = {_show(w.output)} where the exact result is {_show_exact(e.output)}: its "
                       f"inputs, off by {in_error:.1e} (relative), leave none of its digits right")
        else:
            message = f"{w.name}({shown}) = {_show(w.output)} is computed from inputs that had lost all of their digits"
    op = backward_op_label(w) if w.phase == "backward" else w.name
    return Finding(kind, w.phase, op, message, w.span, [_show(a) for a in w.args], _show(w.output), w.location)
