"""sympy functions of the formula language that sympy itself gets wrong; imported only with sympy.

They live in a module of their own so that expressions holding them pickle (a
forked child hands derivatives back pickled) and so that the parser never loads
sympy.
"""

from __future__ import annotations

import sympy
from sympy.codegen import cfunctions


class log2(cfunctions.log2):  # noqa: N801 - sympy's name, which the printers go by
    """sympy's ``log2``, evaluated numerically as ``log(x)/log(2)``.

    sympy's own evaluates ``rewrite(log)``, which rewrites an ``atan`` inside
    into complex logarithms too: ``log2(atan(1/2))`` came out with an imaginary
    part of 1e-38, so Max, Min and comparisons refused it as "not comparable".
    """

    def _eval_evalf(self, prec):
        return (sympy.log(self.args[0]) / sympy.log(2))._eval_evalf(prec)
