"""sympy expressions printed for people and programs: formula text, LaTeX, ``gradcli.numpy`` code.

`formula_text` writes gradcli's own formula language, so that what ``gradcli
diff`` prints parses back to the same function: Euler's number is ``e`` (sympy
writes ``E``, which reads as a variable called E), ``Abs`` is ``abs``,
``Piecewise`` is ``where``. `python_code` writes an expression over
``gradcli.numpy`` that runs with ``import gradcli.numpy as gnp`` and, where it
calls one of SciPy's special functions (``erfcx``, ``log_ndtr``...), ``import
gradcli.scipy.special as gsp`` (`python_imports` says which), on arrays too.
"""

from __future__ import annotations

import functools
import math


def latex(expr) -> str:
    import sympy

    return sympy.latex(expr)


def latex_name(name: str) -> str:
    """A variable's name as LaTeX, as sympy writes it in expressions (``a_b_c``: ``a_{b c}``; ``alpha``: ``\\alpha``)."""
    import sympy

    return sympy.latex(sympy.Symbol(name))


def formula_text(expr, variables=()) -> str:
    """``expr`` as gradcli formula text (``variables``: the formula's names, which constants must not look like)."""
    # A variable may be called e or pi (--var e): then the constants are written otherwise.
    e = "exp(1)" if "e" in variables else "e"
    pi = "arccos(-1)" if "pi" in variables else "pi"
    return _text_printer(e, pi).doprint(expr)


def sympy_text(expr) -> str:
    """``str(expr)``, but a long sum in sympy's own order (sorting its terms costs n**2: seconds for 2,000)."""
    return _sympy_printer().doprint(expr)


# Sums of more terms than this are printed in sympy's internal order, unsorted.
_SORTED_TERMS = 100


# The modules printed code calls, by the name it calls them by.
PYTHON_MODULES = {"gnp": "gradcli.numpy", "gsp": "gradcli.scipy.special"}
# The formula functions printed code takes from gradcli.scipy.special (gradcli.numpy has none of them).
SCIPY_SPECIAL = ("erfcx", "log_ndtr", "ndtri", "erfinv", "ndtr", "logit", "log_expit", "i0e", "i1e", "lambertw",
                 "ellipk", "ellipkm1", "ellipe")


def python_name(name: str) -> str:
    """The name a variable has in `python_code`: ``gnp`` and ``gsp`` are modules there, so they get a ``_``."""
    return name + "_" if name in PYTHON_MODULES else name


def python_function(name: str) -> str:
    """A formula function's name in `python_code`: ``gnp.exp``, ``gsp.erfcx``."""
    return f"{'gsp' if name in SCIPY_SPECIAL else 'gnp'}.{name}"


def python_imports(*codes) -> list:
    """The import lines code that `python_code` wrote needs: gradcli.numpy's, and gradcli.scipy.special's where
    the code calls it (its variables never share the modules' names: `python_name`)."""
    return [f"import {module} as {alias}" for alias, module in PYTHON_MODULES.items()
            if alias == "gnp" or any(f"{alias}." in code for code in codes)]


def python_code(expr) -> str:
    """A ``gradcli.numpy`` expression for ``expr`` (``import gradcli.numpy as gnp``).

    Variables keep their names, except those called ``gnp`` or ``gsp``: see `python_name`.
    """
    from sympy.printing.codeprinter import PrintMethodNotImplementedError

    try:
        return _gnp_printer().doprint(expr)
    except PrintMethodNotImplementedError:
        return f"None  # gradcli cannot write {expr} with gradcli.numpy ops"


def _conditional(printer, condition, yes, no, where, logical=None):
    """``where(condition, yes, no)`` with ``&``, ``|`` and ``~`` unfolded into nested wheres.

    ``logical`` names functions for them instead (``gnp.logical_and``), where the
    output can say them; formula text cannot, so it nests.
    """
    import sympy

    if logical is None:
        if isinstance(condition, sympy.And):
            for part in reversed(condition.args):
                yes = _conditional(printer, part, yes, no, where)
            return yes
        if isinstance(condition, sympy.Or):
            for part in reversed(condition.args):
                no = _conditional(printer, part, yes, no, where)
            return no
        if isinstance(condition, sympy.Not):
            return _conditional(printer, condition.args[0], no, yes, where)
    return f"{where}({printer._print(condition)}, {yes}, {no})"


def _pieces(printer, expr, where, logical=None):
    """A Piecewise as nested ``where``: its last piece is the default."""
    out = None
    for value, condition in reversed(expr.args):
        printed = printer._print(value)
        if out is None or condition == True:  # noqa: E712 - sympy's true
            out = printed
        else:
            out = _conditional(printer, condition, printed, out, where, logical)
    return out


# sympy's names that gradcli's formulas spell otherwise.
_FORMULA_NAMES = {"Abs": "abs", "ceiling": "ceil", "Cbrt": "cbrt"}


@functools.lru_cache(maxsize=None)
def _sympy_printer():
    from sympy.printing.str import StrPrinter

    class SympyPrinter(StrPrinter):
        """sympy's own text, with long sums unsorted."""

        def _print_Add(self, expr, order=None):
            return super()._print_Add(expr, order="none" if len(expr.args) > _SORTED_TERMS else order)

    return SympyPrinter()


@functools.lru_cache(maxsize=None)
def _text_printer(e, pi):
    import sympy
    from sympy.printing.precedence import PRECEDENCE

    class FormulaPrinter(type(_sympy_printer())):
        """Prints sympy expressions as gradcli formula text."""

        def _print_Exp1(self, expr):
            return e

        def _print_Pi(self, expr):
            return pi

        def _print_Relational(self, expr):
            return f"{self._print(expr.lhs)} {expr.rel_op} {self._print(expr.rhs)}"

        def _print_Function(self, expr):
            name = _FORMULA_NAMES.get(type(expr).__name__)
            if name is None:
                return super()._print_Function(expr)
            return f"{name}({', '.join(self._print(a) for a in expr.args)})"

        def _print_Max(self, expr):
            return _fold(self, "maximum", expr.args)

        def _print_Min(self, expr):
            return _fold(self, "minimum", expr.args)

        def _print_Mod(self, expr):
            a, b = expr.args
            return f"{self.parenthesize(a, PRECEDENCE['Mul'], strict=True)} % {self.parenthesize(b, PRECEDENCE['Mul'])}"

        def _print_Piecewise(self, expr):
            return _pieces(self, expr, "where")

        def _print_Heaviside(self, expr):
            x = self._print(expr.args[0])
            return f"where({x} > 0, 1, where({x} < 0, 0, 1/2))"

        def _print_Rational(self, expr):
            return _decimal_text(expr) or super()._print_Rational(expr)

        def _print_Integer(self, expr):
            return _decimal_text(expr) or super()._print_Integer(expr)

        def _print_Mul(self, expr):
            # sympy writes 1e-300*x as x/1000...0 (301 digits): the coefficient is written as typed instead.
            coefficient, rest = expr.as_coeff_Mul()
            text = _decimal_text(coefficient) if coefficient.is_Rational and rest != 1 else None
            if text is None:
                return super()._print_Mul(expr)
            above, below = [], []  # the factors of rest, those with a negative power as their reciprocals
            for factor in sympy.Mul.make_args(rest):
                negative = factor.is_Pow and factor.exp.is_Rational and factor.exp.is_negative
                (below if negative else above).append(1 / factor if negative else factor)
            shown = lambda factors: "*".join(self.parenthesize(f, PRECEDENCE["Mul"], strict=True) for f in factors)  # noqa: E731
            text += "".join(f"*{self.parenthesize(f, PRECEDENCE['Mul'])}" for f in above)
            if below:
                text += "/" + (shown(below) if len(below) == 1 else f"({shown(below)})")
            return text

    return FormulaPrinter()


# A number whose fraction or integer text is longer than this is written in scientific notation where that is exact.
_LONGEST_PLAIN_NUMBER = 24


def _decimal_text(number):
    """A rational number with a terminating decimal expansion as exact scientific text ("1e-300", "-2.5*10**400") when
    sympy's own text (1/1000...0, 301 digits) is longer than `_LONGEST_PLAIN_NUMBER` and the scientific text is
    shorter; else None. The formula parser reads such text back as the same rational, so the printed formula is the
    same function."""
    p, q = int(number.p), int(number.q)
    if len(str(p)) + len(str(q)) <= _LONGEST_PLAIN_NUMBER or p == 0:
        return None
    twos, fives, rest = 0, 0, q
    while rest % 2 == 0:
        rest, twos = rest // 2, twos + 1
    while rest % 5 == 0:
        rest, fives = rest // 5, fives + 1
    if rest != 1:
        return None  # 1/3: no exact decimal
    places = max(twos, fives)
    digits = str(abs(p) * 10 ** places // q)
    significant = digits.rstrip("0")
    exponent = len(digits) - 1 - places
    mantissa = significant[0] + ("." + significant[1:] if len(significant) > 1 else "")
    text = f"{'-' if p < 0 else ''}{mantissa}e{exponent:+d}"
    if float(text) == 0 or math.isinf(float(text)):
        # A literal float64 reads as 0 or inf is refused by the parser: the power of ten is written out instead.
        text = f"{'-' if p < 0 else ''}{'' if mantissa == '1' else mantissa + '*'}10**{exponent}"
    return text if len(text) < len(str(p)) + len(str(q)) else None


def _fold(printer, name, args):
    """``name(name(a, b), c)``: gradcli's maximum and minimum take two arguments."""
    out = printer._print(args[0])
    for a in args[1:]:
        out = f"{name}({out}, {printer._print(a)})"
    return out


@functools.lru_cache(maxsize=None)
def _gnp_printer():
    from sympy.printing.codeprinter import PrintMethodNotImplementedError
    from sympy.printing.precedence import precedence
    from sympy.printing.pycode import PythonCodePrinter

    import gradcli.numpy as gnp

    direct = {
        "exp": "exp", "log": "log", "sqrt": "sqrt", "sin": "sin", "cos": "cos", "tan": "tan",
        "asin": "arcsin", "acos": "arccos", "atan": "arctan", "sinh": "sinh", "cosh": "cosh",
        "tanh": "tanh", "asinh": "arcsinh", "acosh": "arccosh", "atanh": "arctanh",
        "Abs": "abs", "sign": "sign", "floor": "floor", "ceiling": "ceil", "erf": "erf",
        "erfc": "erfc", "expm1": "expm1", "log1p": "log1p", "exp2": "exp2", "log2": "log2",
        "log10": "log10", "Cbrt": "cbrt", "cbrt": "cbrt", "atan2": "arctan2", "hypot": "hypot",
        "sigmoid": "sigmoid", "softplus": "softplus", "logaddexp": "logaddexp",
        "xlogy": "xlogy", "xlog1py": "xlog1py", "sinc": "sinc",
    }

    class GnpPrinter(PythonCodePrinter):
        """Prints sympy expressions as gradcli.numpy code."""

        def __init__(self, settings=None):
            super().__init__(settings)
            self.known_functions = {k: f"gnp.{v}" for k, v in direct.items()}
            # A variable called gnp or gsp would hide the module: it is printed gnp_ (python_name).
            self.reserved_words = set(self.reserved_words) | set(PYTHON_MODULES)

        def _module_format(self, fqn, register=True):
            # sympy's printer names other modules' constants and functions (math.nan);
            # the printed code imports gradcli.numpy only, so each must be one of its names.
            module, _, name = fqn.rpartition(".")
            if module in ("", "gnp"):
                return fqn
            if module in ("math", "numpy", "mpmath", "cmath") and name in gnp.__all__:
                return f"gnp.{name}"
            raise PrintMethodNotImplementedError(f"gradcli.numpy has no {fqn}")

        def _print_Function(self, expr):
            name = type(expr).__name__
            if name in direct:
                return f"gnp.{direct[name]}({', '.join(self._print(a) for a in expr.args)})"
            if name in SCIPY_SPECIAL:
                return f"{python_function(name)}({', '.join(self._print(a) for a in expr.args)})"
            return super()._print_Function(expr)

        # PythonCodePrinter writes these with the math module: gnp's names instead.
        _print_atan2 = _print_hypot = _print_sign = _print_Function

        def _print_Pow(self, expr, rational=False):
            base, exponent = expr.args
            if str(exponent) == "1/2":
                return f"gnp.sqrt({self._print(base)})"
            if str(exponent) == "-1/2":
                return f"1/gnp.sqrt({self._print(base)})"
            prec = precedence(expr)
            return f"{self.parenthesize(base, prec)}**{self.parenthesize(exponent, prec)}"

        def _print_Rational(self, expr):
            return f"{expr.p}/{expr.q}" if expr.q != 1 else str(expr.p)

        def _print_ndtr(self, expr):
            return f"gnp.erfc(-({self._print(expr.args[0])})/gnp.sqrt(2))/2"  # gradcli.numpy has erfc, not ndtr

        def _print_Pi(self, expr):
            return "gnp.pi"

        def _print_Exp1(self, expr):
            return "gnp.e"

        def _print_Max(self, expr):
            return _fold(self, "gnp.maximum", expr.args)

        def _print_Min(self, expr):
            return _fold(self, "gnp.minimum", expr.args)

        def _print_Piecewise(self, expr):
            return _pieces(self, expr, "gnp.where", logical=True)

        # Python's and/or/not would ask an array for one truth value.
        def _print_And(self, expr):
            return _fold(self, "gnp.logical_and", expr.args)

        def _print_Or(self, expr):
            return _fold(self, "gnp.logical_or", expr.args)

        def _print_Not(self, expr):
            return f"gnp.logical_not({self._print(expr.args[0])})"

        def _print_Heaviside(self, expr):
            x = self._print(expr.args[0])
            return f"gnp.where({x} > 0, 1.0, gnp.where({x} < 0, 0.0, 0.5))"

        def _print_DiracDelta(self, expr):
            return "0.0"

        def _print_Relational(self, expr):
            return f"{self._print(expr.lhs)} {expr.rel_op} {self._print(expr.rhs)}"

    return GnpPrinter({"standard": "python3"})
