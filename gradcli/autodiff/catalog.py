"""The op catalogue: what `gradcli ops` lists, read off the ops themselves."""

from __future__ import annotations

import inspect
from dataclasses import asdict, dataclass

import numpy as np

from . import namespace as gnp
from . import ops_array, ops_decompositions, ops_fft, ops_integrate, ops_linalg, ops_scipy_linalg, ops_special
from . import ops_scipy, ops_scipy_elementary
from . import scipy_namespace
from .mp import enable
from .tracer import Primitive, primitive_of
from .values import dtype_of, is_float_dtype


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
    "diag": ops_linalg._diag_matrix,
    **{f"fft.{n}": ops_fft.complex_transform for n in ("fft", "ifft", "fft2", "ifft2", "fftn", "ifftn")},
    **{f"fft.{n}": ops_fft.real_transform for n in ("rfft", "rfft2", "rfftn")},
    **{f"fft.{n}": ops_fft.real_inverse_transform for n in ("irfft", "irfft2", "irfftn")},
    "linalg.eigh": ops_decompositions._eigh_packed,
    "linalg.eigvalsh": ops_decompositions._eigh_packed,
    "linalg.svd": ops_decompositions._svd_packed,
    "linalg.eig": ops_decompositions._eig_packed,
    "linalg.eigvals": ops_decompositions._eig_packed,
    "scipy.linalg.eig": ops_decompositions._eig_packed,
    "scipy.linalg.eigvals": ops_decompositions._eig_packed,
    "scipy.linalg.svd": ops_decompositions._svd_packed,
    "scipy.linalg.sqrtm": ops_scipy_linalg._sqrtm,
    "scipy.linalg.logm": ops_scipy_linalg._logm,
    "scipy.integrate.odeint": ops_integrate._odeint,
    "scipy.special.lambertw": ops_scipy_elementary.lambertw_0,  # its branch k (0 or -1) picks one of two primitives
    "scipy.special.zeta": ops_scipy.hurwitz_zeta,  # q omitted: Riemann's zeta, a primitive of its own
}
# Public names of one argument whose primitive takes more.
_ONE_ARGUMENT = {"linalg.slogdet", "diag", "scipy.special.lambertw",
                 *(n for n in _WRAPPERS if n.startswith(("fft.", "linalg.", "scipy.linalg.")))}
# The arity of public names whose primitive does not show it: odeint(func, y0, t) (also the extra args) and
# solve_sylvester take their arguments as *args; zeta's row is a wrapper's, Hurwitz's zeta(s, q).
_ARITY = {"scipy.integrate.odeint": "3", "scipy.linalg.solve_sylvester": "3", "scipy.special.zeta": "2"}
# Primitives users reach through syntax rather than a name: x[index], and its gradient.
_SYNTAX = {
    "getitem": (ops_array.getitem, "x[...]"),
    "untake": (ops_array.untake, "scatter-add: the gradient of x[...]"),
}
_CONSTRUCTORS = {
    "array", "asarray", "zeros", "ones", "eye", "arange", "full", "empty",
    "zeros_like", "ones_like", "full_like", "identity", "tri", "logspace", "empty_like",
}
_NOT_OPS = {
    "pi", "e", "inf", "nan", "newaxis", "float16", "float32", "float64", "complex64",
    "complex128", "int32", "int64", "ndarray", "shape", "ndim", "size", "finfo", "errstate",
    "linalg", "fft", "polynomial", "lib",
}


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


def _scipy_note(name) -> str:
    if name.startswith("scipy.") and not ops_special.HAVE_SCIPY:
        return "needs scipy"
    needs = ops_special.NEEDS_SCIPY.get(name)
    if needs is None or ops_special.HAVE_SCIPY:
        return ""
    return "needs scipy" if needs == "value" else f"{needs} needs scipy"


def primitive_named(name, obj):
    """The primitive `gradcli ops` lists under ``name`` for the public function ``obj``: the one a thin spelling
    calls (``scipy.special.lambertw``: its branch 0's), else ``obj``'s own record."""
    wrapped = _WRAPPERS.get(name)
    return primitive_of(wrapped if wrapped is not None else obj)


def _row(name, obj) -> OpInfo:
    wrapped = _WRAPPERS.get(name)
    prim = primitive_named(name, obj)
    if isinstance(prim, Primitive):
        arity = "n" if wrapped is not None else _arity(prim.fun)
        if name in _ONE_ARGUMENT:
            arity = "1"
        arity = _ARITY.get(name, arity)
        # mp.enable() has swapped in the registered mpmath rules; a stand-in that refuses is none.
        mpmath = prim.mp is not None and not getattr(prim.mp, "no_reference", False)
        if not prim.differentiable:
            return OpInfo(name, arity, prim.kind, "no", "-", "-", mpmath, "zero gradient")
        return OpInfo(
            name,
            arity,
            prim.kind,
            "yes",
            "rule" if prim.vjp is not None else "-",
            "rule" if prim.jvp is not None else ("via VJP" if prim.vjp is not None else "-"),
            mpmath,
            _scipy_note(name),
        )
    arity = _arity(obj)
    if name in _CONSTRUCTORS:
        mpmath = runs_on_mpmath(obj, mp_sample(name, "constructor", arity))
        return OpInfo(name, arity, "constructor", "constant", "-", "-", mpmath)
    mpmath = runs_on_mpmath(probed(name, obj), mp_sample(name, "composite", arity))
    return OpInfo(name, arity, "composite", "yes", "derived", "derived", mpmath)


_ALIASES = {
    "true_divide": "divide",
    "remainder": "mod",
    "amax": "max",
    "amin": "min",
    "conjugate": "conj",
    "absolute": "abs",
    "fabs": "abs",
    "radians": "deg2rad",
    "degrees": "rad2deg",
    "row_stack": "vstack",
}


def catalogue(include_scipy=False) -> list[OpInfo]:
    """Every op of ``gradcli.numpy`` (``linalg.*`` and indexing included), in alphabetical order.

    With ``include_scipy``, ``gradcli.scipy``'s functions too, under SciPy's dotted
    names (``scipy.special.gammainc``), as ``gradcli ops`` lists them.

    It enables the mpmath path (importing mpmath) to read which ops have mpmath rules.
    """
    enable()
    rows = []
    for name in gnp.__all__:
        if name in _NOT_OPS or not _is_op(getattr(gnp, name)):
            continue
        row = _row(name, getattr(gnp, name))
        if name in _ALIASES:
            row = OpInfo(**{**row.to_dict(), "note": f"alias of {_ALIASES[name]}"})
        rows.append(row)
    for space in ("linalg", "fft"):
        functions = vars(getattr(gnp, space))
        for name in sorted(n for n, f in functions.items() if f.__module__ != "numpy.fft"):
            rows.append(_row(f"{space}.{name}", functions[name]))
    for module_name, module in vars(gnp.polynomial).items():  # np.polynomial.chebyshev.chebval and its kin
        for name, fun in vars(module).items():
            rows.append(_row(f"polynomial.{module_name}.{name}", fun))
    for name, fun in vars(gnp.lib.stride_tricks).items():  # np.lib.stride_tricks.sliding_window_view
        rows.append(_row(f"lib.stride_tricks.{name}", fun))
    for name, (op, note) in _SYNTAX.items():
        rows.append(OpInfo(**{**_row(name, op).to_dict(), "note": note}))
    for space_name, space in scipy_namespace.modules().items() if include_scipy else ():
        for name, fun in vars(space).items():
            if not getattr(fun, "on_values", False):  # a window is a constant of the program, no op
                rows.append(_row(f"scipy.{space_name}.{name}", fun))
    return sorted(rows, key=lambda r: r.name)


def _is_op(obj) -> bool:
    """Whether a name of ``gradcli.numpy`` is an op: not a dtype, a constant, an index helper or NumPy's own test."""
    return callable(obj) and not isinstance(obj, type) and not getattr(obj, "on_values", False)


# -- which ops run on mpmath numbers ---------------------------------------------

_V = [0.25, 0.5, 0.75]
_M = [[2.0, 0.5], [0.5, 1.0]]  # symmetric positive definite: every linalg op takes it

# Arguments of an op for the mpmath probe, as a function of ``num`` (which turns
# floats and nested lists into mpmath numbers), by name, else by kind and arity.
_SAMPLES = {
    "reshape": lambda num: (num(_M), (4,)),
    "broadcast_to": lambda num: (num(_V), (2, 3)),
    "tile": lambda num: (num(_V), 2),
    "lib.stride_tricks.sliding_window_view": lambda num: (num(_V), 2),
    "getitem": lambda num: (num(_V), 0),
    "polygamma": lambda num: (1, num(0.5)),
    "untake": lambda num: (num(_V), [0, 2, 3], (4,), np.asarray(num(_V)).dtype),
    "concatenate": lambda num: ([num(_V), num(_V)],),
    "stack": lambda num: ([num(_V), num(_V)],),
    "einsum": lambda num: ("ij,jk", num(_M), num(_M)),
    "expand_dims": lambda num: (num(_V), 0),
    "moveaxis": lambda num: (num(_M), 0, 1),
    "rollaxis": lambda num: (num(_M), 1),
    "swapaxes": lambda num: (num(_M), 0, 1),
    "split": lambda num: (num(_V), 3),
    "take": lambda num: (num(_V), [2, 0]),
    "repeat": lambda num: (num(_V), 2),
    "var": lambda num: (num(_V),),
    "std": lambda num: (num(_V),),
    "ravel": lambda num: (num(_M),),
    "squeeze": lambda num: (num([_V]),),
    "array": lambda num: ([num(0.25), num(0.5)],),
    "asarray": lambda num: ([num(0.25), num(0.5)],),
    "full": lambda num: (3, num(0.5)),
    "full_like": lambda num: (num(_V), num(0.5)),
    "zeros_like": lambda num: (num(_V),),
    "ones_like": lambda num: (num(_V),),
    "linspace": lambda num: (num(0.0), num(1.0), 5),
    "roll": lambda num: (num(_V), 1),
    "append": lambda num: (num(_V), num(_V)),
    "array_split": lambda num: (num(_V), 2),
    "vsplit": lambda num: (num(_M), 2),
    "hsplit": lambda num: (num(_M), 2),
    "dsplit": lambda num: (num([[[0.25, 0.5]], [[0.75, 0.5]]]), 2),
    "take_along_axis": lambda num: (num(_V), np.array([2, 0]), 0),
    "partition": lambda num: (num(_V), 1),
    "percentile": lambda num: (num(_V), 30),
    "quantile": lambda num: (num(_V), 0.3),
    "cross": lambda num: (num(_V), num([0.5, 0.25, 0.75])),
    "diag": lambda num: (num(_V),),
    "diagflat": lambda num: (num(_M),),
    "logspace": lambda num: (num(0.0), num(1.0), 5),
    "empty_like": lambda num: (num(_V),),
    "pad": lambda num: (num(_M), 1),
    "gradient": lambda num: (num(_V),),
    "clip": lambda num: (num(_V), num(0.3), num(0.6)),
    "interp": lambda num: (num(_V), num([0.0, 0.6, 1.0]), num([1.0, 2.0, 0.5])),
    "polyval": lambda num: (num(_V), num(0.5)),
    "convolve": lambda num: (num(_V), num(_V[:2])),
    "meshgrid": lambda num: (num(_V), num(_V[:2])),
    "roots": lambda num: (num(_V),),
    "apply_along_axis": lambda num: (lambda line: line * line, 1, num(_M)),
    "linalg.multi_dot": lambda num: ([num(_M), num(_M), num(_M)],),
    **{f"polynomial.{series}": lambda num: (num(_V), num(_V)) for series in (
        "polynomial.polyval", "chebyshev.chebval", "legendre.legval", "hermite.hermval", "hermite_e.hermeval",
        "laguerre.lagval")},
}
_SCIPY_SAMPLES = {
    "scipy.stats.dirichlet": lambda num: (num([0.25, 0.75]), num([1.5, 2.0])),
    "scipy.stats.multivariate_normal.entropy": lambda num: (num([0.25, 0.5]), num(_M)),
    "scipy.stats.multivariate_normal": lambda num: (num([0.25, 0.5]), num([0.5, 0.25]), num(_M)),
    "scipy.linalg.expm_frechet": lambda num: (num(_M), num([[0.0, 1.0], [0.5, 0.0]])),
    "scipy.linalg.cho_solve": lambda num: ((num([[1.0, 0.5], [0.0, 2.0]]), False), num(_V[:2])),
    "scipy.linalg.solve_banded": lambda num: ((1, 0), num([[2.0, 1.0], [0.5, 0.0]]), num(_V[:2])),
    "scipy.signal.convolve": lambda num: (num(_V), num(_V[:2])),
    "scipy.stats.trim": lambda num: (num(_V), 0.25),  # trim_mean and trimboth: a proportion, a plain number
    "scipy.stats.iqr": lambda num: (num(_V),),
    "scipy.stats.median_abs_deviation": lambda num: (num(_V),),
    "scipy.special.multigammaln": lambda num: (num(2.5), 2),
    "scipy.special.zeta": lambda num: (num(2.5), num(0.5)),
    "scipy.special.hyp2f1": lambda num: (num(0.5), num(0.25), num(0.75), num(0.5)),  # a, b, c and z
    "scipy.special.elliprj": lambda num: (num(0.5), num(0.25), num(0.75), num(1.5)),  # x, y, z and p
    "scipy.special.expn": lambda num: (2, num(0.5)),
    "scipy.special.polygamma": lambda num: (1, num(0.5)),
    "scipy.special.yn": lambda num: (1, num(0.5)),
    "scipy.special.jn": lambda num: (1, num(0.5)),
}


# Keywords of a composite's mpmath probe besides its sample: the STFT pair's window as numbers, not their default
# named one, which outside an exact run is SciPy's get_window and so imports scipy.signal and scipy.stats (~0.7 s of
# CPU, most of `gradcli ops`'s); the answer is the same, their frequencies and times being floats either way.
_PROBE_KEYWORDS = {
    "scipy.signal.stft": lambda num: {"window": num([1.0, 1.0]), "nperseg": 2},
    "scipy.signal.istft": lambda num: {"window": num([1.0, 1.0]), "nperseg": 2},
}


def probed(name, op):
    """The op ``name`` as its mpmath probe calls it: ``op`` with its probe's keywords, if it has any."""
    keywords = _PROBE_KEYWORDS.get(name)
    if keywords is None:
        return op
    bound = keywords(_mpmath_numbers)
    return lambda *args: op(*args, **bound)


def _scipy_sample(name):
    """Probe arguments for a gradcli.scipy function: by its name or family; elementwise numbers for the rest of special and stats."""
    for prefix in sorted(_SCIPY_SAMPLES, key=len, reverse=True):
        if name.startswith(prefix):
            return _SCIPY_SAMPLES[prefix]
    if name.startswith(("scipy.special.", "scipy.stats.")):
        return _BY_KIND["elementwise"]
    return None


_BY_KIND = {
    "elementwise": lambda num: (num(0.5), num(0.25), num(0.75)),
    "comparison": lambda num: (num(0.5), num(0.25)),
    "reduction": lambda num: (num(_V),),
    "constructor": lambda num: (3,),  # shapes only: the constant is exact in any precision
}


def mp_sample(name, kind, arity, num=None):
    """Sample arguments for op ``name`` of a catalogue ``kind`` and ``arity``.

    ``num`` makes the numbers: mpmath numbers by default, or e.g. ``np.float64``
    for the same point in floats.
    """
    make = _SAMPLES.get(name) or _scipy_sample(name) or _BY_KIND.get(kind) or (lambda num: (num(_M),) * 3)
    args = make(num or _mpmath_numbers)
    return args[: int(arity)] if arity.isdigit() else args


def _mpmath_numbers(value):
    import mpmath

    if isinstance(value, list):
        return np.vectorize(mpmath.mpf, otypes=[object])(value)
    return mpmath.mpf(value)


def runs_on_mpmath(op, args) -> bool:
    """Whether ``op(*args)`` runs and keeps mpmath numbers it is given (no float fallback)."""
    try:
        out = op(*args)
    except Exception:  # noqa: BLE001 - any failure means: not on mpmath numbers
        return False
    return not (_holds(args, _is_mp) and _holds(out, _is_float))


def _holds(value, test):
    if isinstance(value, (list, tuple)):
        return any(_holds(v, test) for v in value)
    if isinstance(value, np.ndarray) and value.dtype == object:
        return any(test(v) for v in value.flat)
    return test(value)


def _is_mp(value):
    return type(value).__module__.startswith("mpmath")


def _is_float(value):
    return is_float_dtype(dtype_of(value))
