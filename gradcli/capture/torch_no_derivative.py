"""A PyTorch backward that raises, because an op has no derivative there or a tensor it saved was changed in place:
the op and the user's line that called it.

PyTorch computes some ops' values but raises as its backward reaches them
(``torch.special.zeta`` in its first argument, ``torch.special.gammainc`` in
``a``: a NotImplementedError, "the derivative for 'zeta' is not implemented").
An op with no derivative formula at all (``torch.heaviside``) has a backward
node of the type ``NotImplemented`` that raises a RuntimeError, "derivative for
aten::heaviside is not implemented". Either message names the derivative, not
the call: `mark_no_derivative` runs the forward again in PyTorch's anomaly mode,
which keeps each backward node's forward stack, finds the node of that
derivative and marks the error with its op and the user's line.
A backward node whose saved tensor a later in-place write changed raises "one
of the variables needed for gradient computation has been modified by an
inplace operation", naming neither: `mark_modified_in_place` runs the forward
and backward again in anomaly mode, whose warning names the node that raised
and its forward stack.
The error is also marked ``rule_refused``: the capture then traces the forward
alone, which the exact reference needs (`torch_bridge._trace`).
"""

from __future__ import annotations

import re
import warnings

from .lines import is_user_file

_NOT_IMPLEMENTED = re.compile(r"the derivative for '(?P<what>[^']+)' is not implemented")
_NO_FORMULA = re.compile(r"^derivative for aten::(?P<what>\w+) is not implemented")  # a NotImplemented node's
_IN_PLACE = re.compile(r"needed for gradient computation has been modified by an inplace operation")
_ANOMALY_HINT = re.compile(r"\s*Hint: enable anomaly detection.*$", re.S)  # gradcli takes the hint itself
_ANOMALY_FOUND = re.compile(r"Error detected in (?P<node>\w+)\. Traceback of forward call that caused the error:(?P<stack>.*)",
                            re.S)
_TENSOR_TYPE = re.compile(r"\[torch\.\w*Tensor \[(?P<shape>[^\]]*)\]\]")
_FRAME = re.compile(r'File "(?P<file>[^"]+)", line (?P<line>\d+)')


def mark_no_derivative(error, run_forward=None, folder=None):
    """Mark ``error`` (what PyTorch's backward raised) where it says an op has no derivative: ``no_derivative`` (the
    op as PyTorch's backward node names it, or the derivative PyTorch's message names), ``raised_at`` (the user's
    call, innermost of the node's forward stack outside ``folder``, PyTorch's own) and ``rule_refused``.
    ``run_forward()`` runs the function's forward again, eagerly, returning its output; it runs once, in anomaly
    mode, where the error has no call of its own yet. Without it (inside a trace) the call is left to a later mark."""
    found = _NOT_IMPLEMENTED.search(str(error)) if isinstance(error, NotImplementedError) else None
    no_formula = _NO_FORMULA.search(str(error)) if isinstance(error, RuntimeError) and found is None else None
    if found is None and no_formula is None:
        return
    error.rule_refused = True
    what = (found or no_formula)["what"].split(":")[0]
    if getattr(error, "no_derivative", None) is None:
        error.no_derivative = what
    if run_forward is None or getattr(error, "raised_at", None) is not None:
        return
    node, at = _located(run_forward, what, folder, nameless=no_formula is not None)
    error.no_derivative = node or error.no_derivative
    if at is not None:
        error.raised_at = at


def _located(run_forward, what, folder, nameless=False):
    """``(op name, (file, line))`` of the backward node of ``run_forward()``'s output whose name holds ``what`` (the
    derivative PyTorch's message names), from its forward stack anomaly mode keeps; (None, None) where none does.
    ``nameless``: the op has no derivative formula, and its node is a ``NotImplemented`` named after no op, so the
    first such node the walk from the output meets stands for ``what``."""
    import torch  # lazy: loaded already by the run that raised

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # anomaly mode's own warning that it is on
        try:
            with torch.autograd.detect_anomaly(check_nan=False):
                out = run_forward()
        except Exception:  # noqa: BLE001 - no second run: the op stays as PyTorch's message names it
            return None, None
    wanted = what.replace("_", "").lower()
    seen, pending = set(), [getattr(out, "grad_fn", None)]
    while pending:
        node = pending.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        name = type(node).__name__
        if wanted in name.lower() or (nameless and name == "NotImplemented"):
            stack = "".join(node.metadata.get("traceback_", []))
            frames = [(m["file"], int(m["line"])) for m in _FRAME.finditer(stack) if is_user_file(m["file"], folder)]
            op = "torch." + what if nameless else _op_name(re.sub(r"Backward\d*$", "", name))
            return op, (frames[-1] if frames else None)
        pending.extend(parent for parent, _ in node.next_functions)
    return None, None


def _op_name(node):
    """PyTorch's function of a backward node's name: SpecialZeta -> torch.special.zeta, Igamma -> torch.igamma."""
    words = re.findall(r"[A-Z][a-z0-9]*", node)
    if words and words[0] == "Special":
        return "torch.special." + "_".join(w.lower() for w in words[1:])
    return "torch." + "_".join(w.lower() for w in words)


def mark_modified_in_place(error, run_backward=None, folder=None):
    """Mark ``error`` (what PyTorch's backward raised) where a tensor a backward node saved was changed in place after
    it: ``modified_in_place`` (the op whose node raised), ``raised_at`` (the user's call that made the node, innermost
    of its forward stack outside ``folder``, PyTorch's own) and ``rule_refused``; its message loses PyTorch's hint
    to turn on anomaly detection, which this takes. ``run_backward()`` runs the function's forward and backward
    again, eagerly; without it (inside a trace) only the refusal is marked, the call left to a later mark."""
    if not (isinstance(error, RuntimeError) and _IN_PLACE.search(str(error))):
        return
    error.rule_refused = True
    # The tensor's type names one dtype, but a traced graph's refusal stands for every dtype's
    error.args = (_TENSOR_TYPE.sub(_tensor_said, _ANOMALY_HINT.sub("", str(error))),)
    if run_backward is None or getattr(error, "raised_at", None) is not None:
        return
    import torch  # lazy: loaded already by the run that raised

    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        try:
            with torch.autograd.detect_anomaly(check_nan=False):
                run_backward()
        except Exception:  # noqa: BLE001 - the same refusal again, now with its node's forward stack warned
            pass
    for warning in said:
        found = _ANOMALY_FOUND.search(str(warning.message))
        if found is None:
            continue
        frames = [(m["file"], int(m["line"])) for m in _FRAME.finditer(found["stack"]) if is_user_file(m["file"], folder)]
        error.modified_in_place = _op_name(re.sub(r"Backward\d*$", "", found["node"]))
        if frames:
            error.raised_at = frames[-1]
        return


def _tensor_said(found):
    """PyTorch's ``[torch.FloatTensor [3, 2]]`` said without its dtype: ``a tensor of shape [3, 2]``."""
    return f"a tensor of shape [{found['shape']}]" if found["shape"] else "a scalar tensor"
