"""The names of ``gradcli.numpy``: which op each public name is, in one namespace the core can read.

An explicit list of operations (no wholesale wrapping of NumPy). Each works on
plain values exactly like its NumPy namesake, computing in its inputs' dtype,
and is recorded when gradcli differentiates. It lives inside the core, above the
ops and below the code that consults it (a traced value's error names the
``gradcli.numpy`` function to use instead; the catalogue lists every name), so
neither has to import the public module back; ``gradcli/numpy.py`` re-exports it.
"""

from __future__ import annotations

import functools as _functools
import operator as _operator
import types as _types

import numpy as _np

from . import ops as _ops
from . import ops_array as _array
from . import ops_decompositions as _decompositions
from . import ops_fft as _fft
from . import ops_float_parts as _float_parts
from . import ops_fitting as _fitting
from . import ops_linalg as _linalg
from . import ops_masked as _masked
from . import ops_numeric as _numeric
from . import ops_qr as _qr
from . import ops_poly1d as _poly1d
from . import ops_scipy as _scipy
from . import ops_series as _series
from . import ops_shape as _shape
from . import ops_special as _special
from . import ops_ufunc as _ufunc
from . import ops_vectorize as _vectorize
from . import tracer as _tracer
from . import windows as _windows
from .values import Box as _Box
from .values import holds_box as _holds_box
from .values import raw as _raw
from .values import shape_of as _shape_of

_MISSING = object()  # no argument given (None is a value np.where's x may take)

# elementwise
add = _ops.add
subtract = _ops.subtract
multiply = _ops.multiply
divide = _ops.divide
true_divide = _ops.divide
power = _ops.power
negative = _ops.negative
mod = _ops.mod
remainder = _ops.mod
floor_divide = _ops.floor_divide
divmod = _ops.divmod_  # noqa: A001
modf = _ops.modf
abs = _ops.absolute  # noqa: A001
absolute = _ops.absolute
sign = _ops.sign
sqrt = _ops.sqrt
cbrt = _ops.cbrt
square = _ops.square
reciprocal = _ops.reciprocal
exp = _ops.exp
exp2 = _ops.exp2
expm1 = _ops.expm1
log = _ops.log
log2 = _ops.log2
log10 = _ops.log10
log1p = _ops.log1p
sin = _ops.sin
cos = _ops.cos
tan = _ops.tan
arcsin = _ops.arcsin
arccos = _ops.arccos
arctan = _ops.arctan
arctan2 = _ops.arctan2
sinh = _ops.sinh
cosh = _ops.cosh
tanh = _ops.tanh
arcsinh = _ops.arcsinh
arccosh = _ops.arccosh
arctanh = _ops.arctanh
hypot = _ops.hypot
maximum = _ops.maximum
minimum = _ops.minimum
fmax = _ops.fmax
fmin = _ops.fmin


@_tracer.passes_arguments
def clip(a, a_min=None, a_max=None, out=None, *, min=None, max=None):  # noqa: A002  (NumPy's names)
    """``np.clip``: ``a`` limited to [a_min, a_max] (NumPy 2's ``min``/``max`` spellings too); gradient where inside."""
    if out is not None:
        raise TypeError("gradcli.numpy.clip has no out=: it returns a new array")
    return _ops.clip(a, a_min if min is None else min, a_max if max is None else max)


@_tracer.passes_arguments
def where(condition, x=_MISSING, y=_MISSING):
    """``np.where``: ``x`` where ``condition`` holds, else ``y``; with the condition alone, the indices where it holds."""
    if x is _MISSING and y is _MISSING:
        return _np.nonzero(_raw(condition))
    if x is _MISSING or y is _MISSING:
        raise ValueError("either both or neither of x and y should be given")
    return _ops.where(_ops.as_condition(condition), x, y)


# The catalogue reads the primitive behind a public name: these two are spellings of one.
clip.prim, where.prim = _ops.clip.prim, _ops.where.prim
logaddexp = _ops.logaddexp
sigmoid = _ops.sigmoid
softplus = _ops.softplus
real = _ops.real
imag = _ops.imag
conj = _ops.conj
conjugate = _ops.conj
floor = _ops.floor
ceil = _ops.ceil
round = _ops.round  # noqa: A001
rint = _ops.rint
trunc = _ops.trunc
greater = _ops.greater
greater_equal = _ops.greater_equal
less = _ops.less
less_equal = _ops.less_equal
equal = _ops.equal
not_equal = _ops.not_equal
logical_and = _ops.logical_and
logical_or = _ops.logical_or
logical_not = _ops.logical_not
isnan = _ops.isnan
isinf = _ops.isinf
isfinite = _ops.isfinite
angle = _tracer.accepting_sequences(_special.angle)
deg2rad = _special.deg2rad
rad2deg = _special.rad2deg
radians = _special.radians
degrees = _special.degrees
fabs = _special.fabs
nan_to_num = _tracer.accepting_sequences(_shape.nan_to_num)
logaddexp2 = _special.logaddexp2
sinc = _special.sinc
select = _shape.select_cases
real_if_close = _tracer.accepting_sequences(_shape.real_if_close)

# special functions
erf = _special.erf
erfc = _special.erfc
gammaln = _special.gammaln
digamma = _special.digamma
polygamma = _special.polygamma
xlogy = _special.xlogy
xlog1py = _special.xlog1py
i0 = _scipy.numpy_i0

# reductions
sum = _array.sum_  # noqa: A001
mean = _array.mean
prod = _array.prod
max = _array.max_  # noqa: A001
min = _array.min_  # noqa: A001
amax = _array.max_
amin = _array.min_
var = _array.var
std = _array.std
cumsum = _array.cumsum
cumprod = _array.cumprod
logsumexp = _tracer.lifting_constants(_array.logsumexp)
average = _numeric.average
ptp = _numeric.ptp
nansum = _numeric.nansum
nanmean = _numeric.nanmean
nanmax = _numeric.nanmax
nanmin = _numeric.nanmin
nanprod = _numeric.nanprod
nancumsum = _numeric.nancumsum
nancumprod = _numeric.nancumprod
nanvar = _numeric.nanvar
nanstd = _numeric.nanstd
trapezoid = _numeric.trapezoid
polyval = _numeric.polyval
convolve = _numeric.convolve
meshgrid = _numeric.meshgrid
cov = _numeric.cov
corrcoef = _numeric.corrcoef
correlate = _numeric.correlate
heaviside = _numeric.heaviside
copysign = _numeric.copysign
float_power = _numeric.float_power
ediff1d = _numeric.ediff1d
# np.fmod, np.frexp, np.ldexp: a float taken apart by its binary form
fmod = _float_parts.fmod
frexp = _float_parts.frexp
ldexp = _float_parts.ldexp
cumulative_sum = _numeric.cumulative_sum
cumulative_prod = _numeric.cumulative_prod
unwrap = _numeric.unwrap
piecewise = _numeric.piecewise
vander = _fitting.vander
polyfit = _fitting.polyfit

# linear algebra
dot = _tracer.lifting_constants(_linalg.dot, data=2)
vdot = _linalg.vdot
matmul = _linalg.matmul
inner = _linalg.inner
outer = _linalg.outer
tensordot = _linalg.tensordot
einsum = _linalg.einsum
trace = _tracer.accepting_sequences(_linalg.trace)
diagonal = _tracer.accepting_sequences(_linalg.diagonal)
diag = _linalg.diag
diagflat = _linalg.diagflat
tril = _linalg.tril
triu = _linalg.triu
kron = _linalg.kron
cross = _linalg.cross


def _matrix_power(a, n):
    """``np.linalg.matrix_power``: A^n by repeated squaring, as NumPy multiplies (a negative n: of the inverse)."""
    n = _operator.index(n)
    if n < 0:
        a, n = _linalg.inv(a), -n
    if n == 0:
        return broadcast_to(eye(shape(a)[-1], dtype=result_type(a)), shape(a))
    power, square = None, a
    while True:
        n, bit = divmod(n, 2)
        if bit:
            power = square if power is None else _linalg.matmul(power, square)
        if not n:
            return power
        square = _linalg.matmul(square, square)


def _condition_number(x, p=None):
    """``np.linalg.cond``: the largest singular value over the smallest (p None or 2; -2 the smallest over the largest),
    else norm(x, p) norm(inv(x), p), as NumPy computes it."""
    if p is None or p in (2, -2):
        s = _decompositions.svd(x, compute_uv=False)
        return s[..., -1] / s[..., 0] if p == -2 else s[..., 0] / s[..., -1]
    return _linalg.norm(x, p, axis=(-2, -1)) * _linalg.norm(_linalg.inv(x), p, axis=(-2, -1))


def vecdot(x1, x2, /, *, axis=-1):
    """``np.vecdot``: the dot product of vectors along ``axis``, the first conjugated."""
    if not _shape_of(x1) or not _shape_of(x2):
        raise ValueError("vecdot: Input arrays must have at least one dimension")
    return _array.sum_(_ops.conj(x1) * x2, axis=axis)


def matvec(x1, x2, /):
    """``np.matvec``: matrices times vectors, over the leading axes broadcast."""
    return _linalg.einsum("...ij,...j->...i", x1, x2)


def vecmat(x1, x2, /):
    """``np.vecmat``: vectors (conjugated) times matrices, over the leading axes broadcast."""
    return _linalg.einsum("...j,...jk->...k", _ops.conj(x1), x2)


def matrix_transpose(x, /):
    """``np.matrix_transpose``: each matrix of a stack transposed (its last two axes swapped)."""
    if len(_shape_of(x)) < 2:
        raise ValueError("Input array must be at least 2-dimensional")
    return _array.swapaxes(x, -1, -2)


def unstack(x, /, *, axis=0):
    """``np.unstack``: the slices of ``x`` along ``axis``, as a tuple."""
    if not _shape_of(x):
        raise ValueError("Input array must be at least 1-d.")
    moved = _array.moveaxis(x, axis, 0)
    return tuple(moved[k] for k in range(_shape_of(moved)[0]))


def _vector_norm(x, /, *, axis=None, keepdims=False, ord=2):  # noqa: A002 - NumPy's keyword
    """``np.linalg.vector_norm``: the ``ord`` norm of the vectors along ``axis``: one axis, or several (a tuple; all of
    them for None) whose entries make one vector each (never a matrix norm)."""
    shape = _shape_of(x)
    ndim = len(shape)
    axes = tuple(range(ndim)) if axis is None else (axis,) if isinstance(axis, (int, _np.integer)) else tuple(axis)
    axes = tuple(sorted({int(d) % (ndim or 1) for d in axes}))
    kept = [d for d in range(ndim) if d not in axes]
    joined = _array.reshape(_array.transpose(x, tuple(kept + list(axes))), tuple(shape[d] for d in kept) + (-1,))
    norms = _linalg.norm(joined, ord, axis=-1)
    if keepdims:
        return _array.reshape(norms, tuple(1 if d in axes else n for d, n in enumerate(shape)))
    return norms


def _three_vectors(x, axis):
    """``x``, refused unless its vectors along ``axis`` have 3 entries (np.linalg.cross's, unlike np.cross)."""
    shape = _shape_of(x)
    if not shape or shape[axis] != 3:
        raise ValueError("Both input arrays must be (arrays of) 3-dimensional vectors")
    return x


def _one_dimensional(x, name):
    """``x``, refused unless it is 1-D (np.linalg.outer's)."""
    if len(_shape_of(x)) != 1:
        raise ValueError(f"Input arrays must be one-dimensional, but they are {len(_shape_of(x))}-dimensional")
    return x


def _matrix_norm(x, /, *, keepdims=False, ord="fro"):  # noqa: A002 - NumPy's keyword
    """``np.linalg.matrix_norm``: the ``ord`` norm of each matrix of a stack (its last two axes)."""
    return _linalg.norm(x, ord, axis=(-2, -1), keepdims=keepdims)


linalg = _types.SimpleNamespace(
    inv=_linalg.inv,
    solve=_linalg.solve,
    det=_linalg.det,
    slogdet=_tracer.accepting_sequences(_linalg.slogdet),
    cholesky=_linalg.cholesky,
    norm=_tracer.lifting_constants(_linalg.norm),
    eigh=_decompositions.eigh,
    eig=_tracer.accepting_sequences(_decompositions.eig),
    eigvals=_tracer.accepting_sequences(_decompositions.eigvals),
    eigvalsh=_decompositions.eigvalsh,
    svd=_tracer.accepting_sequences(_decompositions.svd),
    pinv=_decompositions.pinv,
    lstsq=_tracer.lifting_data(_fitting.lstsq, positions=(0, 1), keywords=("a", "b")),
    matrix_power=_matrix_power,
    cond=_condition_number,
    qr=_qr.qr,
    multi_dot=_series.multi_dot,
    # the array API's spellings (NumPy 2): over the last axis or the last two
    vector_norm=_tracer.lifting_constants(_vector_norm),
    matrix_norm=_tracer.lifting_constants(_matrix_norm),
    svdvals=lambda x, /: _decompositions.svd(x, compute_uv=False),
    cross=lambda x1, x2, /, *, axis=-1: _linalg.cross(_three_vectors(x1, axis), _three_vectors(x2, axis), axis=axis),
    diagonal=lambda x, /, *, offset=0: _linalg.diagonal(x, offset, axis1=-2, axis2=-1),
    trace=lambda x, /, *, offset=0, dtype=None: _linalg.trace(x if dtype is None else _ops.astype(x, dtype), offset,
                                                               axis1=-2, axis2=-1),
    matmul=_linalg.matmul,
    outer=lambda x1, x2, /: _linalg.outer(_one_dimensional(x1, "outer"), _one_dimensional(x2, "outer")),
    tensordot=_linalg.tensordot,
    vecdot=vecdot,
    matrix_transpose=matrix_transpose,
)
roots = _series.roots
poly1d = _poly1d.poly1d
polydiv = _poly1d.polydiv
# np.polynomial's modules, each with its series' evaluation (coefficients lowest degree first); NumPy's own classes
# (Polynomial, Chebyshev, ...) and fitting stay NumPy's.
polynomial = _types.SimpleNamespace(
    polynomial=_types.SimpleNamespace(polyval=_series.polyval),
    chebyshev=_types.SimpleNamespace(chebval=_series.chebval),
    legendre=_types.SimpleNamespace(legval=_series.legval),
    hermite=_types.SimpleNamespace(hermval=_series.hermval),
    hermite_e=_types.SimpleNamespace(hermeval=_series.hermeval),
    laguerre=_types.SimpleNamespace(lagval=_series.lagval),
)
# np.lib.stride_tricks: its windowed view of an array (as_strided and the rest stay NumPy's, refused on traced values)
lib = _types.SimpleNamespace(stride_tricks=_types.SimpleNamespace(sliding_window_view=_shape.sliding_window_view))
_FFT_NAMES = "fft ifft fft2 ifft2 fftn ifftn rfft irfft rfft2 irfft2 rfftn irfftn fftshift ifftshift"
# fftfreq and rfftfreq are NumPy's own: the bins' frequencies are constants.
fft = _types.SimpleNamespace(**{name: getattr(_fft, name) for name in (*_FFT_NAMES.split(), "fftfreq", "rfftfreq")})

# shape and indexing
reshape = _array.reshape
ravel = _array.ravel
transpose = _array.transpose
swapaxes = _array.swapaxes
moveaxis = _array.moveaxis
expand_dims = _array.expand_dims
squeeze = _tracer.accepting_sequences(_array.squeeze)
broadcast_to = _array.broadcast_to
concatenate = _array.concatenate
stack = _array.stack
split = _array.split
flip = _array.flip
tile = _array.tile
repeat = _array.repeat
take = _array.take
bincount = _array.bincount
array_split = _array.array_split
vsplit = _shape.vsplit
hsplit = _shape.hsplit
dsplit = _shape.dsplit
roll = _shape.roll
atleast_1d = _shape.atleast_1d
atleast_2d = _shape.atleast_2d
atleast_3d = _shape.atleast_3d
vstack = _shape.vstack
row_stack = _shape.row_stack
hstack = _shape.hstack
dstack = _shape.dstack
column_stack = _shape.column_stack
block = _shape.block
append = _shape.append
fliplr = _shape.fliplr
flipud = _shape.flipud
rot90 = _tracer.accepting_sequences(_shape.rot90)
rollaxis = _shape.rollaxis
diff = _shape.diff
take_along_axis = _shape.take_along_axis
put_along_axis = _shape.put_along_axis
fill_diagonal = _shape.fill_diagonal
sort = _shape.sort
median = _tracer.accepting_sequences(_shape.median)
nanmedian = _tracer.accepting_sequences(_shape.nanmedian)
percentile = _shape.percentile
quantile = _shape.quantile
nanpercentile = _tracer.accepting_sequences(_shape.nanpercentile)
nanquantile = _tracer.accepting_sequences(_shape.nanquantile)
partition = _shape.partition
r_ = _shape.r_
pad = _shape.pad
apply_along_axis = _shape.apply_along_axis
vectorize = _vectorize.vectorize
gradient = _shape.gradient
c_ = _shape.c_

# constructors (constants)
array = _array.array
asarray = _array.asarray
zeros = _array.zeros
ones = _array.ones
eye = _array.eye
arange = _array.arange
linspace = _shape.linspace
full = _array.full
empty = _array.empty
identity = _array.identity
tri = _array.tri
logspace = _array.logspace
empty_like = _tracer.accepting_sequences(_array.empty_like)
copy = _tracer.accepting_sequences(_array.copy)
zeros_like = _tracer.accepting_sequences(_array.zeros_like)
ones_like = _tracer.accepting_sequences(_array.ones_like)
full_like = _array.full_like

# Functions that make or move numbers without computing on them: called by the user's code in an exact run on
# constants alone, their answer holds the constants exact, so NumPy's arithmetic on a pick of it cannot round there.
(where, clip, select, concatenate, stack, vstack, row_stack, hstack, dstack, column_stack, append, pad, take, repeat,
 take_along_axis, roll, full, full_like) = (_tracer.holding_constants_exact(f) for f in (
    where, clip, select, concatenate, stack, vstack, row_stack, hstack, dstack, column_stack, append, pad, take, repeat,
    take_along_axis, roll, full, full_like))
array, asarray = (_tracer.holding_constants_exact(f, written=(list, tuple)) for f in (array, asarray))

# constants and dtypes, as in NumPy
__version__ = _np.__version__  # code checked unchanged may read numpy.__version__
pi = _np.pi
e = _np.e
inf = _np.inf
nan = _np.nan
newaxis = None


class _CastingScalarType(type):
    """NumPy's float scalar type that, called on a traced or exact value, casts it as ``astype`` does (slope 1; in an
    exact run the number itself), and elsewhere is NumPy's own: a dtype (``np.zeros(3, dtype=np.float32)``, through
    ``dtype``), an ``isinstance`` test, a constructor of plain numbers."""

    def __call__(cls, *args):
        if len(args) == 1 and (isinstance(args[0], _Box) or _tracer.is_mp_value(args[0])):
            return _ops.astype(args[0], cls.numpy_type)
        return cls.numpy_type(*args)

    def __instancecheck__(cls, value):
        return isinstance(value, cls.numpy_type)

    def __subclasscheck__(cls, kind):
        return issubclass(kind, cls.numpy_type)

    def __eq__(cls, other):
        return other is cls or other == cls.numpy_type

    def __hash__(cls):
        return hash(cls.numpy_type)

    def __repr__(cls):
        return repr(cls.numpy_type)


def _casting(numpy_type):
    # NumPy's type its base, so that ``issubclass(type(x), np.floating)`` holds where plain NumPy code's ``type(x)``
    # answers this type (``type(x) is np.float64``: `numpy_errors.numpys_type`); it is never instantiated.
    return _CastingScalarType(numpy_type.__name__, (numpy_type,), {"numpy_type": numpy_type, "dtype": _np.dtype(numpy_type),
                                                                  "__module__": numpy_type.__module__})


float16, float32, float64 = (_casting(kind) for kind in (_np.float16, _np.float32, _np.float64))
complex64 = _np.complex64
complex128 = _np.complex128
int32 = _np.int32
int64 = _np.int64
ndarray = _np.ndarray
finfo = _np.finfo
errstate = _np.errstate
bool_ = _np.bool_
int8 = _np.int8
int16 = _np.int16
uint8 = _np.uint8
uint16 = _np.uint16
uint32 = _np.uint32
uint64 = _np.uint64
intp = _np.intp
longdouble = _np.longdouble
clongdouble = _np.clongdouble
dtype = _np.dtype
generic = _np.generic
number = _np.number
integer = _np.integer
signedinteger = _np.signedinteger
unsignedinteger = _np.unsignedinteger
inexact = _np.inexact
floating = _np.floating
complexfloating = _np.complexfloating
iinfo = _np.iinfo
s_ = _np.s_
index_exp = _np.index_exp
mgrid = _np.mgrid
ogrid = _np.ogrid


# -- NumPy's helpers that take no part in differentiation ----------------------------


def _values(x):
    """The values under a traced value, or under those a (nested) list or tuple holds."""
    if isinstance(x, _Box):
        return _raw(x)
    if isinstance(x, (list, tuple)) and _holds_box(x):
        return type(x)([_values(item) for item in x])
    return x


_on_numbers = None  # `plain.enable` sets it: such a helper on high-precision numbers, its comparisons decided


def _on_values(fun):
    """NumPy's ``fun`` (a test, an index, a dtype: never a value to differentiate), called on the values under traced arguments."""

    @_functools.wraps(fun)
    def call(*args, **kwargs):
        if _on_numbers is not None:
            return _on_numbers(fun, args, kwargs)
        return fun(*[_values(a) for a in args], **{k: _values(v) for k, v in kwargs.items()})

    call.on_values = True  # the catalogue lists ops, not these
    return call


allclose = _on_values(_np.allclose)
isclose = _on_values(_np.isclose)
array_equal = _on_values(_np.array_equal)
array_equiv = _on_values(_np.array_equiv)
all = _on_values(_np.all)  # noqa: A001
any = _on_values(_np.any)  # noqa: A001
argmax = _on_values(_shape.by_rank(_np.argmax))
argmin = _on_values(_shape.by_rank(_np.argmin))
argsort = _on_values(_shape.by_rank(_np.argsort))
argpartition = _on_values(_shape.by_rank(_np.argpartition))
argwhere = _on_values(_np.argwhere)
nonzero = _on_values(_np.nonzero)
flatnonzero = _on_values(_np.flatnonzero)
count_nonzero = _on_values(_np.count_nonzero)
searchsorted = _on_values(_np.searchsorted)
digitize = _on_values(_np.digitize)
lexsort = _on_values(_shape.lexsort)
unique = _on_values(_np.unique)
# Windows of a given length (for filters and spectra): NumPy's floats, their mathematics in an exact run.
hamming, hanning, blackman, bartlett = _windows.hamming, _windows.hanning, _windows.blackman, _windows.bartlett
isin = _on_values(_np.isin)
signbit = _on_values(_np.signbit)
isposinf = _on_values(_np.isposinf)
isneginf = _on_values(_np.isneginf)


def interp(x, xp, fp, left=None, right=None, period=None):
    """``np.interp``: piecewise-linear through (xp, fp), differentiable in ``x``, ``xp`` and ``fp``."""
    return _numeric.interp(x, xp, fp, left, right, period, segment_of=lambda knots, at: searchsorted(knots, at, side="right"))


isscalar = _on_values(_np.isscalar)
iscomplexobj = _on_values(_np.iscomplexobj)
isrealobj = _on_values(_np.isrealobj)
iscomplex = _on_values(_np.iscomplex)
isreal = _on_values(_np.isreal)


def _on_dtypes(fun):
    """NumPy's ``fun`` of dtypes (``result_type``, ``can_cast``), each traced argument read as its dtype: an exact
    run's numbers, which NumPy holds as objects, as the dtype of the program they compute (``box.dtype``)."""

    @_functools.wraps(fun)
    def call(*args, **kwargs):
        def read(a):
            if not isinstance(a, _Box):
                return a
            value = _raw(a)
            return value if type(value) in (bool, int, float, complex) else a.dtype  # a Python number stays weak

        return fun(*[read(a) for a in args], **{k: read(v) for k, v in kwargs.items()})

    call.on_values = True  # the catalogue lists ops, not these
    return call


result_type = _on_dtypes(_np.result_type)
can_cast = _on_dtypes(_np.can_cast)
promote_types = _on_values(_np.promote_types)
unravel_index = _on_values(_np.unravel_index)
ravel_multi_index = _on_values(_np.ravel_multi_index)
tril_indices = _on_values(_np.tril_indices)
triu_indices = _on_values(_np.triu_indices)
diag_indices = _on_values(_np.diag_indices)
indices = _on_values(_np.indices)
array_str = _on_values(_np.array_str)
array_repr = _on_values(_np.array_repr)
array2string = _on_values(_np.array2string)
may_share_memory = _on_values(_np.may_share_memory)
shares_memory = _on_values(_np.shares_memory)
set_printoptions = _on_values(_np.set_printoptions)
get_printoptions = _on_values(_np.get_printoptions)
printoptions = _on_values(_np.printoptions)
seterr = _on_values(_np.seterr)
geterr = _on_values(_np.geterr)
shape = _on_values(_np.shape)
ndim = _on_values(_np.ndim)
size = _on_values(_np.size)

# NumPy 2's (the array API's) names of the same functions
acos, acosh, asin, asinh, atan, atanh, atan2 = arccos, arccosh, arcsin, arcsinh, arctan, arctanh, arctan2
pow = power  # noqa: A001 - NumPy's name
concat = concatenate
permute_dims = transpose
around = round
fix = trunc  # toward zero, as np.fix rounds

# gradcli.numpy's functions written as composites of its ops whose recipes compute on their data arguments, by
# position and keyword: called by the user's code in an exact run, those arguments, where they are the program's
# float or integer constants, compute at the run's precision (`tracer.lifting_data`), as a primitive's do, since the
# ops inside see gradcli's frames: np.diff of a module's grid, np.trapezoid over it, np.polyfit through data nodes.
_COMPUTING_ON_DATA = {
    "diff": ((0,), ("a", "prepend", "append")), "ediff1d": ((0, 1, 2), ("ary", "to_end", "to_begin")),
    "deg2rad": ((0,), ("x",)), "radians": ((0,), ("x",)), "rad2deg": ((0,), ("x",)), "degrees": ((0,), ("x",)),
    "cumprod": ((0,), ("x",)), "cumulative_sum": ((0,), ()), "trace": ((0,), ("x",)),
    "convolve": ((0, 1), ("a", "v")), "correlate": ((0, 1), ("a", "v")), "cross": ((0, 1), ("a", "b")),
    "inner": ((0, 1), ("a", "b")), "outer": ((0, 1), ("a", "b")), "vdot": ((0, 1), ("a", "b")),
    "kron": ((0, 1), ("a", "b")), "einsum": (range(1, 64), ()),
    "std": ((0,), ("x",)), "var": ((0,), ("x",)), "nansum": ((0,), ("a",)), "nanmean": ((0,), ("a",)),
    "average": ((0, 2), ("a", "weights")), "cov": ((0, 1), ("m", "y")), "corrcoef": ((0, 1), ("x", "y")),
    "trapezoid": ((0, 1, 2), ("y", "x", "dx")), "gradient": (range(64), ("f",)),
    "interp": ((0, 1, 2, 3, 4), ("x", "xp", "fp", "left", "right")), "unwrap": ((0, 1), ("p", "discont", "period")),
    "polyval": ((0, 1), ("p", "x")), "polyfit": ((0, 1), ("x", "y", "w")), "vander": ((0,), ("x",)),
    "float_power": ((0, 1), ("x1", "x2")), "copysign": ((0, 1), ("x1", "x2")), "heaviside": ((0, 1), ("x1", "x2")),
    "fmod": ((0, 1), ("x1", "x2")),
}
for _name, (_positions, _keywords) in _COMPUTING_ON_DATA.items():
    globals()[_name] = _tracer.lifting_data(globals()[_name], positions=_positions, keywords=_keywords)

# A name that is a primitive of another name (np.absolute, np.amax, np.true_divide: gradcli's abs, max, divide) runs
# as the call the user wrote, so that a finding on it names that call.
_tracer.named_as_called(globals())

# NumPy's ufuncs' methods (np.subtract.outer, np.add.reduce, np.maximum.accumulate, np.negative.at) on gradcli's ops;
# a reduce or accumulate is gradcli's function of the same meaning where it has one, else the op folded.
_UFUNC_REDUCTIONS = {"add": (sum, cumsum), "multiply": (prod, cumprod), "maximum": (_array.max_, None),
                     "minimum": (_array.min_, None), "logaddexp": (logsumexp, None)}  # (max, not np.amax's name)
for _name, _fun in list(globals().items()):
    _real = getattr(_np, _name, None)
    _binary = isinstance(_real, _np.ufunc) and _real.nin == 2 and _real.nout == 1 and _real.signature is None
    if _binary and not hasattr(_fun, "outer"):
        _ufunc.give_methods(_fun, _name, *_UFUNC_REDUCTIONS.get(_name, (None, None)))
    _unary = isinstance(_real, _np.ufunc) and _real.nin == 1 and _real.nout == 1 and _real.signature is None
    if _unary and callable(_fun) and not isinstance(_fun, (_np.ufunc, type)) and not hasattr(_fun, "at"):
        _ufunc.give_unary_methods(_fun, _name)  # np.negative.at(out, indices), np.exp.at

__all__ = [name for name in dir() if not name.startswith("_") and name not in ("annotations",)]

# Names given on first use: NumPy loads numpy.random (~20-40 ms) only when asked, and so does gradcli.
LAZY = {"random": lambda: _np.random,  # NumPy's random numbers: constants to differentiation
        "ma": _masked.namespace}  # masked arrays' common reads, as where-masks


def __getattr__(name):
    if name in LAZY:
        return LAZY[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
