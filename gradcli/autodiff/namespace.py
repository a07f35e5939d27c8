"""The names of ``gradcli.numpy``: which op each public name is, in one namespace the core can read.

An explicit list of operations (no wholesale wrapping of NumPy). Each works on
plain values exactly like its NumPy namesake, computing in its inputs' dtype,
and is recorded when gradcli differentiates. It lives inside the core, above the
ops and below the code that consults it (a traced value's error names the
``gradcli.numpy`` function to use instead; the catalogue lists every name), so
neither has to import the public module back; ``gradcli/numpy.py`` re-exports it.
"""

from __future__ import annotations

import types as _types

import numpy as _np

from . import ops as _ops
from . import ops_array as _array
from . import ops_linalg as _linalg
from . import ops_special as _special

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
clip = _ops.clip
where = _ops.where
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

# special functions
erf = _special.erf
erfc = _special.erfc
gammaln = _special.gammaln
digamma = _special.digamma
polygamma = _special.polygamma
xlogy = _special.xlogy
xlog1py = _special.xlog1py

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
logsumexp = _array.logsumexp

# linear algebra
dot = _linalg.dot
vdot = _linalg.vdot
matmul = _linalg.matmul
inner = _linalg.inner
outer = _linalg.outer
tensordot = _linalg.tensordot
einsum = _linalg.einsum
trace = _linalg.trace
diagonal = _linalg.diagonal
linalg = _types.SimpleNamespace(
    inv=_linalg.inv,
    solve=_linalg.solve,
    det=_linalg.det,
    slogdet=_linalg.slogdet,
    cholesky=_linalg.cholesky,
    norm=_linalg.norm,
)

# shape and indexing
reshape = _array.reshape
ravel = _array.ravel
transpose = _array.transpose
swapaxes = _array.swapaxes
moveaxis = _array.moveaxis
expand_dims = _array.expand_dims
squeeze = _array.squeeze
broadcast_to = _array.broadcast_to
concatenate = _array.concatenate
stack = _array.stack
split = _array.split
flip = _array.flip
tile = _array.tile
repeat = _array.repeat
take = _array.take

# constructors (constants)
array = _array.array
asarray = _array.asarray
zeros = _array.zeros
ones = _array.ones
eye = _array.eye
arange = _array.arange
linspace = _array.linspace
full = _array.full
empty = _array.empty
zeros_like = _array.zeros_like
ones_like = _array.ones_like
full_like = _array.full_like

# constants and dtypes, as in NumPy
pi = _np.pi
e = _np.e
inf = _np.inf
nan = _np.nan
newaxis = None
float16 = _np.float16
float32 = _np.float32
float64 = _np.float64
complex64 = _np.complex64
complex128 = _np.complex128
int32 = _np.int32
int64 = _np.int64
ndarray = _np.ndarray
shape = _np.shape
ndim = _np.ndim
size = _np.size
finfo = _np.finfo
errstate = _np.errstate

__all__ = [name for name in dir() if not name.startswith("_") and name not in ("annotations",)]
