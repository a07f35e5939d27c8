"""``scipy.linalg``'s differentiable functions (the decompositions and solves ``numpy.linalg`` shares, and SciPy's own)."""

from ..autodiff.ops_decompositions import eig, eigvals, pinv, svd  # noqa: F401
from ..autodiff.ops_linalg import det, inv, norm, solve  # noqa: F401
from ..autodiff.ops_scipy_linalg import (  # noqa: F401
    cho_factor,
    cho_solve,
    cholesky,
    solve_banded,
    solve_sylvester,
    eigh,
    solve_triangular,
    sqrtm,
)
