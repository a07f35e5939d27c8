"""The op catalogue: what `gradcli ops` lists, read off the ops themselves."""

from __future__ import annotations

import inspect
from dataclasses import asdict, dataclass

from . import ops_array, ops_linalg, ops_special
from .tracer import Primitive, primitive_of


@dataclass(frozen=True)
class OpInfo:
    """One row of the catalogue: a public ``gradcli.numpy`` name and how it differentiates."""

    name: str
    arity: str
    kind: str
    differentiable: str  # "yes", "no" (zero gradient), "constant" (a constructor)
    vjp: str  # "rule", "derived" (composed of primitives), "-"
    jvp: str  # "rule", "via VJP", "derived", "-"
    mpmath: bool
    note: str = ""

    def to_dict(self):
        return asdict(self)


# Public functions that are thin spellings of one primitive taking a sequence.
_WRAPPERS = {
    "concatenate": ops_array._concatenate,
    "stack": ops_array._stack,
    "einsum": ops_linalg._einsum,
    "linalg.slogdet": ops_linalg._logabsdet,
}
_CONSTRUCTORS = {
    "array", "asarray", "zeros", "ones", "eye", "arange", "linspace", "full", "empty",
    "zeros_like", "ones_like", "full_like",
}
_NOT_OPS = {
    "pi", "e", "inf", "nan", "newaxis", "float16", "float32", "float64", "complex64",
    "complex128", "int32", "int64", "ndarray", "shape", "ndim", "size", "finfo", "errstate",
    "linalg",
}
_NEEDS_SCIPY = {"digamma", "polygamma", "xlogy", "xlog1py"}


def _arity(fun) -> str:
    nin = getattr(fun, "nin", None)
    if nin is not None:
        return str(nin)
    try:
        params = inspect.signature(fun).parameters.values()
    except (TypeError, ValueError):
        return "?"
    if any(p.kind is p.VAR_POSITIONAL for p in params):
        return "n"
    required = [
        p for p in params
        if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    return str(len(required))


def _row(name, obj) -> OpInfo:
    wrapped = _WRAPPERS.get(name)
    prim = primitive_of(wrapped if wrapped is not None else obj)
    if isinstance(prim, Primitive):
        arity = "n" if wrapped is not None and name != "linalg.slogdet" else _arity(prim.fun)
        if name == "linalg.slogdet":
            arity = "1"
        note = ""
        if name in _NEEDS_SCIPY and not ops_special.HAVE_SCIPY:
            note = "needs scipy"
        if not prim.differentiable:
            return OpInfo(name, arity, prim.kind, "no", "-", "-", bool(prim.mp), "zero gradient")
        return OpInfo(
            name,
            arity,
            prim.kind,
            "yes",
            "rule" if prim.vjp is not None else "-",
            "rule" if prim.jvp is not None else ("via VJP" if prim.vjp is not None else "-"),
            bool(prim.mp),
            note,
        )
    if name in _CONSTRUCTORS:
        return OpInfo(name, _arity(obj), "constructor", "constant", "-", "-", True)
    return OpInfo(name, _arity(obj), "composite", "yes", "derived", "derived", True)


_ALIASES = {
    "true_divide": "divide",
    "remainder": "mod",
    "amax": "max",
    "amin": "min",
    "conjugate": "conj",
    "absolute": "abs",
}


def catalogue() -> list[OpInfo]:
    """Every op of ``gradcli.numpy`` (``linalg.*`` included), in alphabetical order."""
    import gradcli.numpy as gnp

    rows = []
    for name in gnp.__all__:
        if name in _NOT_OPS:
            continue
        row = _row(name, getattr(gnp, name))
        if name in _ALIASES:
            row = OpInfo(**{**row.to_dict(), "note": f"alias of {_ALIASES[name]}"})
        rows.append(row)
    for name in sorted(vars(gnp.linalg)):
        rows.append(_row(f"linalg.{name}", getattr(gnp.linalg, name)))
    return sorted(rows, key=lambda r: r.name)
