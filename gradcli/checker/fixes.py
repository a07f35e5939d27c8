"""Fixes, offered only after gradcli re-checked them at the same points and dtypes.

Two kinds: stable rewrites of a formula (a catalogue of patterns matched on
the IR and spliced into the text by source span), and, when the forward value
is fine but the gradient is not, a ready ``custom_gradient`` snippet whose
gradient is the symbolic derivative. A fix is offered when no verdict (of a
result, its value or its gradient) got worse and at least one got better; one
that still fails somewhere is labelled partial, with the value and gradient
verdicts before and after.
"""

from __future__ import annotations

import inspect
import math
from dataclasses import fields

import numpy as np

from ..autodiff.custom import custom_gradient
from ..expr import derivative as symbolic  # looked up at each call, so a patched derivative is the one checked
from ..expr.compile import to_function
from ..expr.derivative import to_text
from ..expr.ir import Binary, Call, Compare, Const, Formula, Num, Unary, Var, fold, postorder
from ..expr.like_terms import difference_text
from ..expr.parse import parse
from ..expr.printers import python_function, python_imports, python_name
from ..expr.to_sympy import to_sympy
from ..errors import InputError
from .balls import ran_out_of_time
from .results import Fix
from .verdict import DEFAULT_FAIL_ON, Verdict, worse_for_a_rewrite

_STILL_FAILING_SHOWN = 2  # points and dtypes a partial fix's note spells out; the rest are counted, so it stays a line or two
_PARTS = ("value", "gradient", "hessian")  # compared apart: a fix of the value alone is a partial fix


def _is_num(node, value):
    return isinstance(node, Num) and node.exact == value


def _call(node, name, arity=None):
    return isinstance(node, Call) and node.name == name and (arity is None or len(node.args) == arity)


# log2 and log10 of 1 + u are log1p(u) over the log of the base
_LOG_DIVISORS = {"log": "", "log2": "/log(2)", "log10": "/log(10)"}


def _sum_with_one(node):
    """For ``1 + u`` or ``u + 1``: u; else None."""
    if isinstance(node, Binary) and node.op == "+":
        if _is_num(node.left, 1):
            return node.right
        if _is_num(node.right, 1):
            return node.left
    return None


def _one_minus(node):
    """For ``1 - u``: u; else None."""
    return node.right if isinstance(node, Binary) and node.op == "-" and _is_num(node.left, 1) else None


def _exp_minus_one_argument(node):
    """For ``expm1(u)`` or ``exp(u) - 1``: u; else None."""
    if _call(node, "expm1", 1):
        return node.args[0]
    if isinstance(node, Binary) and node.op == "-" and _call(node.left, "exp", 1) and _is_num(node.right, 1):
        return node.left.args[0]
    return None


def _square_of(node):
    """For ``a*a``, ``a**2`` or ``a^2``: a; else None."""
    if isinstance(node, Binary):
        if node.op == "**" and _is_num(node.right, 2):
            return node.left
        if node.op == "*" and _same(node.left, node.right):
            return node.left
    return None


def _power_minus_one(node):
    """For ``x**y - 1`` or ``power(x, y) - 1``: (x, y); else None."""
    if isinstance(node, Binary) and node.op == "-" and _is_num(node.right, 1):
        power = node.left
        if isinstance(power, Binary) and power.op == "**":
            return power.left, power.right
        if _call(power, "power", 2):
            return power.args
    return None


def _negation(a, b):
    """Whether ``b`` is ``-a`` as written: -a itself, a leading factor negated (-0.5*x/c beside 0.5*x/c), or the other
    way round."""
    for x, y in ((a, b), (b, a)):
        if isinstance(y, Unary) and y.op == "-" and _same(y.operand, x):
            return True
    if isinstance(a, Binary) and isinstance(b, Binary) and a.op == b.op and a.op in ("*", "/"):
        if _negation(a.left, b.left) and _same(a.right, b.right):
            return True
        return a.op == "*" and _same(a.left, b.left) and _negation(a.right, b.right)
    return False


def _same(a, b):
    """Structural equality of two IR trees, ignoring their spans."""
    if type(a) is not type(b):
        return False
    for f in fields(a):
        if f.name == "span":
            continue
        x, y = getattr(a, f.name), getattr(b, f.name)
        if isinstance(x, tuple) and x and hasattr(x[0], "span"):
            if len(x) != len(y) or not all(_same(p, q) for p, q in zip(x, y)):
                return False
        elif hasattr(x, "span"):
            if not _same(x, y):
                return False
        elif x != y:
            return False
    return True


def _halved(node, doubled):
    """For half of a rewrite that gives ``2*f(u)`` (0.5*x, x*0.5, x/2, ``node``): ``f(u)``'s text, the 2 taken out by
    the half; else None. ``doubled`` is the rewrite, of the node halved."""
    halves = ((node.left, node.right), (node.right, node.left)) if node.op == "*" else ((node.left, None),)
    for whole, factor in halves:
        half = _is_num(factor, 0.5) if node.op == "*" else _is_num(node.right, 2)
        text = doubled(whole) if half else None
        if text is not None and text.startswith("2*"):
            return text[len("2*"):]
    return None


class _Rewriter:
    """Pattern rewrites over one formula's IR, producing new formula text."""

    def __init__(self, formula):
        self.formula = formula
        self.text = formula.text
        self.nodes = list(postorder(formula.root))  # walked once, read by every rule

    def src(self, node):
        """The node's text, parenthesized unless it is atomic (safe inside any expression)."""
        text = self.raw(node)
        return text if isinstance(node, (Var, Num, Call)) else f"({text})"

    def raw(self, node):
        """The node's text as written (for a function argument, where no parentheses are needed)."""
        return self.text[node.span[0] : node.span[1]]

    def _log1p_exp_argument(self, node):
        """For ``log(1 + exp(u))`` or ``log1p(exp(u))``: the text of u; else None."""
        if _call(node, "log1p", 1) and _call(node.args[0], "exp"):
            return self.raw(node.args[0].args[0])
        if _call(node, "log", 1):
            inner = _sum_with_one(node.args[0])
            if inner is not None and _call(inner, "exp"):
                return self.raw(inner.args[0])
        return None

    def softplus(self, node):
        u = self._log1p_exp_argument(node)
        return None if u is None else f"softplus({u})"

    def logaddexp_zero(self, node):
        u = self._log1p_exp_argument(node)
        return None if u is None else f"logaddexp(0, {u})"

    def _called_on_part(self, node, name, part, written):
        """For ``name(a)`` whose argument has the part ``part(a)`` (1 + u: u): ``written(u)``'s text; else None."""
        if _call(node, name, 1):
            inner = part(node.args[0])
            if inner is not None:
                return f"{written}({self.raw(inner)})"
        return None

    def log1p(self, node):
        for name, divisor in _LOG_DIVISORS.items():
            written = self._called_on_part(node, name, _sum_with_one, "log1p") or self._log_of_one_minus(node, name)
            if written is not None:
                return written + divisor
        return None

    def _log_of_one_minus(self, node, name):
        """For ``name(1 - u)``: log1p(-u)'s text (u in parentheses where negating it needs them); None for any other
        call, and for u = exp(v), which `log1mexp` rewrites."""
        u = _one_minus(node.args[0]) if _call(node, name, 1) else None
        if u is None or _call(u, "exp", 1):
            return None
        text = self.raw(u)
        return f"log1p(-({text}))" if isinstance(u, Unary) or (isinstance(u, Binary) and u.op in "+-") \
            else f"log1p(-{text})"

    def expm1(self, node):
        if isinstance(node, Binary) and node.op == "-" and _call(node.left, "exp") and _is_num(node.right, 1):
            return f"expm1({self.raw(node.left.args[0])})"
        # 1 - exp(u) is additive itself: a parent that binds tighter wrote its parentheses, outside this span
        if _call(_one_minus(node), "exp", 1):
            return f"-expm1({self.raw(node.right.args[0])})"
        return None

    def powm1(self, node):
        # scipy.special.powm1's value for x > 0 in every framework's ops (the re-check refuses it where x < 0)
        parts = _power_minus_one(node)
        if parts is None or self.box_cox(node) is not None:
            return None
        return f"expm1({self.src(parts[1])}*log({self.raw(parts[0])}))"

    def compound(self, node):
        # (1 + u)**y is exp(y*log1p(u)): 1 + u rounds a small u (r/n of interest compounded n times a year, b*D*t of
        # Arps' decline as b nears 0) and the power raises that rounding to a large y, where log1p keeps u's digits;
        # (1 - u)**y likewise. A number as the exponent raises 1 + u's rounding only that many times: not tried.
        if not (isinstance(node, Binary) and node.op == "**") or isinstance(node.right, Num) or (
                isinstance(node.right, Unary) and isinstance(node.right.operand, Num)):
            return None
        u = _sum_with_one(node.left)
        if u is not None:
            return f"exp({self.src(node.right)}*log1p({self.raw(u)}))"
        u = _one_minus(node.left)
        return None if u is None else f"exp({self.src(node.right)}*log1p(-{self.src(u)}))"

    def box_cox(self, node):
        """For ``x**y - 1`` divided by ``y`` (Box-Cox's transform) in this formula: the quotient; else None."""
        parts = _power_minus_one(node)
        if parts is None:
            return None
        return next((n for n in self.nodes if isinstance(n, Binary) and n.op == "/" and n.left is node
                     and _same(n.right, parts[1])), None)

    def box_cox_series(self, node):
        """Box-Cox's ``(x**y - 1)/y`` as log(x) exprel(y log x) in every framework's ops: exprel's Taylor series
        where |y log x| < 1e-3 (its next term 1.4e-18 of the sum there), expm1(y log x)/y elsewhere, whose slope in
        y then loses at most 2e-16/1e-3 of itself; the quotient's divisor kept off 0 where the series is taken, so the
        untaken branch's slope is no NaN."""
        if not (isinstance(node, Binary) and node.op == "/"):
            return None
        parts = _power_minus_one(node.left)
        if parts is None or not _same(node.right, parts[1]):
            return None
        base, power = self.raw(parts[0]), self.src(parts[1])
        z = f"{power}*log({base})"
        small = f"abs({z}) < 0.001"
        return (f"where({small}, log({base})*(1 + {z}/2 + ({z})**2/6 + ({z})**3/24 + ({z})**4/120), "
                f"expm1({z})/where({small}, 1, {power}))")

    def exprel(self, node):
        """``(exp(u) - 1)/u`` or ``expm1(u)/u`` as exprel(u) in every framework's ops: its Taylor series where
        |u| < 0.1 (its next term 2.5e-18 of the sum there), expm1(u)/u elsewhere, whose slope (u e^u - expm1(u))/u^2
        then loses at most 20 units in the last place, float32's as float64's; the divisor kept off 0 where the series
        is taken, so the untaken branch's slope is no NaN."""
        if not (isinstance(node, Binary) and node.op == "/"):
            return None
        u = _exp_minus_one_argument(node.left)
        if u is None or not _same(node.right, u):
            return None
        z = self.src(u)
        small = f"abs({z}) < 0.1"
        series = " + ".join([f"1 + {z}/2"] + [f"{z}**{k}/{math.factorial(k + 1)}" for k in range(2, 10)])
        return f"where({small}, {series}, expm1({z})/where({small}, 1, {z}))"

    def versine_ratio(self, node):
        """``(1 - cos(u))/u**2`` by its Taylor series where |u| < 0.1 (its next term 4e-19 of the sum there),
        2 sin(u/2)^2/u^2 elsewhere, whose slope sin(u)/u^2 - 4 sin(u/2)^2/u^3 then loses at most 2.4e-15/0.1^2 of
        itself; the divisor kept off 0 where the series is taken."""
        if not (isinstance(node, Binary) and node.op == "/"):
            return None
        top, u = node.left, _square_of(node.right)
        if u is None or not (isinstance(top, Binary) and top.op == "-" and _is_num(top.left, 1)
                             and _call(top.right, "cos", 1) and _same(top.right.args[0], u)):
            return None
        z = self.src(u)
        small = f"abs({z}) < 0.1"
        return (f"where({small}, 0.5 - {z}**2/24 + {z}**4/720 - {z}**6/40320 + {z}**8/3628800, "
                f"2*sin({z}/2)**2/where({small}, 1, {z})**2)")

    def sigmoid(self, node):
        if isinstance(node, Binary) and node.op == "/" and _is_num(node.left, 1):
            inner = _sum_with_one(node.right)
            if inner is not None and _call(inner, "exp"):
                return f"sigmoid({self._negated(inner.args[0])})"
        return None

    def sigmoid_complement(self, node):
        if _call(_one_minus(node), "sigmoid", 1):
            return f"sigmoid({self._negated(node.right.args[0])})"
        return None

    def log_sigmoid(self, node):
        if _call(node, "log", 1) and _call(node.args[0], "sigmoid", 1):
            return f"-softplus({self._negated(node.args[0].args[0])})"
        return None

    def arccosh_near_one(self, node):
        # arccosh(1 + u) = log1p(u + sqrt(u*(u + 2))): u is never added to 1, so a small u keeps its digits
        if _call(node, "arccosh", 1):
            inner = _sum_with_one(node.args[0])
            if inner is not None:
                u = self.src(inner)
                return f"log1p({u} + sqrt({u}*({u} + 2)))"
        return None

    def ellipkm1(self, node):
        # K(1 - u) is ellipkm1(u): the subtraction rounds a small u away (K(1 - 1e-300) = 346.8, where 1 - 1e-300 is
        # 1 and K(1) is inf), while ellipkm1 takes u whole
        return self._called_on_part(node, "ellipk", _one_minus, "ellipkm1")

    def inverse_hyperbolic_log(self, node):
        # log(u + sqrt(u*u + 1)) is arcsinh(u): for u << -1 the sum cancels (-1e8 + 1e8 = 0), and u*u overflows for
        # |u| > 1e154; log(u + sqrt(u*u - 1)) is arccosh(u), whose u*u overflows alike
        if not _call(node, "log", 1) or not (isinstance(node.args[0], Binary) and node.args[0].op == "+"):
            return None
        total = node.args[0]
        for u, root in ((total.left, total.right), (total.right, total.left)):
            if not _call(root, "sqrt", 1):
                continue
            inside = root.args[0]
            if _same(_square_of(_sum_with_one(inside)), u):
                return f"arcsinh({self.raw(u)})"
            if isinstance(inside, Binary) and inside.op == "-" and _is_num(inside.right, 1) and _same(
                    _square_of(inside.left), u):
                return f"arccosh({self.raw(u)})"
        return None

    def sinh_of_exps(self, node):
        # exp(u) - exp(-u) is 2 sinh(u): near u = 0 the two round to 1 + u and 1 - u and their difference keeps only
        # that rounding (Butler-Volmer's current at a tiny overpotential), where sinh keeps u's digits; half of it,
        # (exp(u) - exp(-u))/2 or 0.5*(...), is sinh(u) itself
        if isinstance(node, Binary) and node.op in ("*", "/"):
            return _halved(node, self.sinh_of_exps)
        if isinstance(node, Binary) and node.op == "-" and _call(node.left, "exp", 1) and _call(node.right, "exp", 1):
            u, v = node.left.args[0], node.right.args[0]
            if _negation(u, v):
                return f"2*sinh({self.raw(u)})"
        return None

    def log_ratio(self, node):
        # log(a/b) with a near b: a/b rounds to within an ulp of 1, and the log keeps only that rounding (log(a/b)
        # = 1.1e-16 where (a - b)/b is 2.2e-16); a - b is exact there (Sterbenz), and log1p keeps the quotient's digits
        for name, divisor in _LOG_DIVISORS.items():
            if _call(node, name, 1) and isinstance(node.args[0], Binary) and node.args[0].op == "/":
                a, b = node.args[0].left, node.args[0].right
                if isinstance(a, Num) or isinstance(b, Num):  # 1/b, a/2: no ratio of two numbers that may be near
                    return None
                return f"log1p(({self.raw(a)} - {self.src(b)})/{self.src(b)}){divisor}"
        return None

    def arctanh_log(self, node):
        # log((1 + u)/(1 - u)) and log(1 + u) - log(1 - u) are 2 arctanh(u): near u = 0 the ratio rounds to 1 + 2u
        # and its log keeps only the digits of that rounding (all of them lost below 1e-16), where arctanh keeps u's;
        # half of either (0.5*..., .../2) is arctanh(u) itself
        if isinstance(node, Binary) and node.op in ("*", "/"):
            return _halved(node, self.arctanh_log)
        u = None
        if _call(node, "log", 1) and isinstance(node.args[0], Binary) and node.args[0].op == "/":
            ratio = node.args[0]
            plus, minus = _sum_with_one(ratio.left), _one_minus(ratio.right)
            u = plus if plus is not None and _same(plus, minus) else None
        elif isinstance(node, Binary) and node.op == "-":
            plus, minus = self._log_of_one_plus(node.left), self._log_of_one_plus(node.right, negated=True)
            u = plus if plus is not None and _same(plus, minus) else None
        return None if u is None else f"2*arctanh({self.raw(u)})"

    @staticmethod
    def _log_of_one_plus(node, negated=False):
        """For ``log(1 + u)`` or ``log1p(u)`` (``negated``: ``log(1 - u)`` or ``log1p(-u)``): u; else None."""
        if _call(node, "log1p", 1):
            inner = node.args[0]
            if not negated:
                return inner
            return inner.operand if isinstance(inner, Unary) and inner.op == "-" else None
        if _call(node, "log", 1):
            return (_one_minus if negated else _sum_with_one)(node.args[0])
        return None

    def _negated(self, node):
        """The text of ``-node``: a minus dropped where ``node`` is one, else written before it."""
        if isinstance(node, Unary) and node.op == "-":
            return self.raw(node.operand)
        return f"-{self.src(node)}"

    def _power_argument(self, node):
        """For ``b**y``, ``exp2(y)`` or ``exp(y)``: the text of y times the log of its base (y alone for e); else None."""
        if _call(node, "exp", 1):
            return self.raw(node.args[0])
        if _call(node, "exp2", 1):
            return f"{self.src(node.args[0])}*log(2)"
        if isinstance(node, Binary) and node.op == "**" and not isinstance(node.right, Num):
            base = node.left
            if isinstance(base, Const) and base.name == "e":
                return self.raw(node.right)
            if isinstance(base, Num) and base.exact > 0:
                return f"{self.src(node.right)}*log({self.raw(base)})"
        return None

    def log_logistic(self, node):
        # log(1 + b**y) = logaddexp(0, y log b) and log(1/(1 + b**y)) its negative: b**y overflows for a large y
        # (10**400 is inf), and 1 + b**y rounds a small one away; logaddexp takes y log b whole
        negated = isinstance(node, Unary) and node.op == "-"
        log = node.operand if negated else node
        if not _call(log, "log", 1):
            return None
        inside, sign = log.args[0], ""
        if isinstance(inside, Binary) and inside.op == "/" and _is_num(inside.left, 1):
            inside, sign = inside.right, "-"
        u = self._power_argument(_sum_with_one(inside))
        if u is None or (negated and not sign):
            return None
        return f"{'' if negated else sign}logaddexp(0, {u})"

    def logaddexp(self, node):
        if _call(node, "log", 1):
            s = node.args[0]
            if isinstance(s, Binary) and s.op == "+" and _call(s.left, "exp") and _call(s.right, "exp"):
                return f"logaddexp({self.raw(s.left.args[0])}, {self.raw(s.right.args[0])})"
        return None

    def logdiffexp(self, node):
        # log(e^a - e^b) = a + log(1 - e^(b - a)): no e^a to overflow, and expm1 keeps a small b - a's digits
        if _call(node, "log", 1):
            s = node.args[0]
            if isinstance(s, Binary) and s.op == "-" and _call(s.left, "exp", 1) and _call(s.right, "exp", 1):
                a, b = s.left.args[0], s.right.args[0]
                return f"({self.src(a)} + log(-expm1({self.src(b)} - {self.src(a)})))"
        return None

    def softplus_inverse(self, node):
        # log(e^u - 1) = u + log(1 - e^-u): no e^u to overflow, and -expm1(-u) keeps a small u's digits
        u = _exp_minus_one_argument(node.args[0]) if _call(node, "log", 1) else None
        return None if u is None else f"({self.src(u)} + log(-expm1(-{self.src(u)})))"

    def hypot(self, node):
        if _call(node, "sqrt"):
            s = node.args[0]
            if isinstance(s, Binary) and s.op == "+":
                a, b = _square_of(s.left), _square_of(s.right)
                if a is not None and b is not None:
                    return f"hypot({self.raw(a)}, {self.raw(b)})"
        return None

    def conjugate(self, node):
        if isinstance(node, Binary) and node.op == "-" and _call(node.left, "sqrt") and _call(node.right, "sqrt"):
            a, b = node.left.args[0], node.right.args[0]
            numerator = self._simplified_difference(a, b)
            return f"{numerator}/(sqrt({self.raw(a)}) + sqrt({self.raw(b)}))"
        return None

    def _simplified_difference(self, a, b):
        """``a - b`` with its like terms combined (x+1 - x is 1), as formula text.

        sympy combines like terms as it builds the difference; ``sympy.simplify`` did more, but
        without a bound on its time (minutes for some radicands), and the fix search must end.
        Where the difference is a number or a variable, `difference_text` writes sympy's text
        of it without importing sympy.
        """
        known = difference_text(a, b)
        if known is not None:
            return known
        try:
            difference = to_sympy(parse(self.text[a.span[0] : a.span[1]])) - to_sympy(
                parse(self.text[b.span[0] : b.span[1]])
            )
            text = str(difference)
            parse(text)  # only our own safe parser ever reads it
            return text if difference.is_Atom else f"({text})"
        except Exception:  # noqa: BLE001 - fall back to the plain difference
            return f"({self.raw(a)} - {self.src(b)})"

    def half_angle(self, node):
        if _call(_one_minus(node), "cos"):
            return f"2*sin({self.src(node.right.args[0])}/2)**2"
        if isinstance(node, Binary) and node.op == "-" and _call(node.left, "cos") and _is_num(node.right, 1):
            return f"-2*sin({self.src(node.left.args[0])}/2)**2"  # scipy.special.cosm1(u), in every framework's ops
        return None

    def erf_complement(self, node):
        # 1 + erf(u) is 0 once erf(u) rounds to -1 (u below -6 in float64): erfc(-u) keeps the tail's digits
        inner = _sum_with_one(node)
        if _call(inner, "erf", 1):
            return f"erfc({self._negated(inner.args[0])})"
        if _call(_one_minus(node), "erf", 1):
            return f"erfc({self.raw(node.right.args[0])})"
        return None

    def log_ndtr(self, node):
        # log(ndtr(u)) is log(0) = -inf once ndtr(u) underflows (u below -38 in float64), and log(1 - ndtr(u)) once
        # ndtr(u) rounds to 1 (u past 8.3): log_ndtr keeps the far tail, where it is about -u**2/2
        if not _call(node, "log", 1):
            return None
        inside = node.args[0]
        if _call(inside, "ndtr", 1):
            return f"log_ndtr({self.raw(inside.args[0])})"
        if _call(_one_minus(inside), "ndtr", 1):
            return f"log_ndtr({self._negated(inside.right.args[0])})"
        return None

    def erfcx(self, node):
        # exp(u**2)*erfc(u) is inf * 0 past u = 26.6 in float64 (9.2 in float32), where the product is about
        # 1/(u sqrt(pi)): erfcx never forms either factor
        if not (isinstance(node, Binary) and node.op == "*"):
            return None
        for grows, falls in ((node.left, node.right), (node.right, node.left)):
            if _call(grows, "exp", 1) and _call(falls, "erfc", 1) and _same(_square_of(grows.args[0]), falls.args[0]):
                return f"erfcx({self.raw(falls.args[0])})"
        return None

    def log1mexp(self, node):
        """``log(1 - exp(u))`` or ``log1p(-exp(u))`` as Maechler's log1mexp: log(-expm1(u)) where u > -log 2 (1 - e^u
        cancels there, expm1 keeps it), log1p(-exp(u)) below (where -expm1(u) rounds to 1 and log1p keeps the small
        e^u); the far branch's u kept at -1 where it is not taken, so its slope is no NaN at u = 0."""
        if _call(node, "log1p", 1) and isinstance(node.args[0], Unary) and node.args[0].op == "-":
            exp = node.args[0].operand
        elif _call(node, "log", 1) and isinstance(node.args[0], Binary) and node.args[0].op == "-" \
                and _is_num(node.args[0].left, 1):
            exp = node.args[0].right
        else:
            return None
        if not _call(exp, "exp", 1):
            return None
        u = self.src(exp.args[0])
        cut = "0.6931471805599453"  # log 2 as a literal: it takes the dtype of u
        far = f"where({u} <= -{cut}, {u}, -1.0)"  # a float: TensorFlow's where takes both branches in one dtype
        return f"where({u} > -{cut}, log(-expm1({u})), log1p(-exp({far})))"

    def ndtri(self, node):
        # sqrt(2)*erfinv(2*p - 1) is erfinv(-1) = -inf once 2*p - 1 rounds to -1 (p below 1e-17 in float64): ndtri(p)
        # never forms 2*p - 1
        if not (isinstance(node, Binary) and node.op == "*"):
            return None
        for root, inverse in ((node.left, node.right), (node.right, node.left)):
            if not (_call(root, "sqrt", 1) and _is_num(root.args[0], 2) and _call(inverse, "erfinv", 1)):
                continue
            shifted = inverse.args[0]
            if isinstance(shifted, Binary) and shifted.op == "-" and _is_num(shifted.right, 1) \
                    and isinstance(shifted.left, Binary) and shifted.left.op == "*":
                for two, p in ((shifted.left.left, shifted.left.right), (shifted.left.right, shifted.left.left)):
                    if _is_num(two, 2):
                        return f"ndtri({self.raw(p)})"
        return None

    def tanh_log_det(self, node):
        # log(sech(u)^2) without forming 1 - tanh(u)^2, which is 0 once tanh rounds to 1 (u past 19 in float64)
        if _call(node, "log", 1):
            s = node.args[0]
            if isinstance(s, Binary) and s.op == "-" and _is_num(s.left, 1) and _call(_square_of(s.right), "tanh", 1):
                u = self.src(_square_of(s.right).args[0])
                return f"2*(0.6931471805599453 - {u} - softplus(-2*{u}))"  # log 2 as a literal: it takes the dtype of u
        return None

    def _exp_argument(self, node):
        """For ``exp(a)``: a's text in parentheses where needed; for the number 1 (exp(0)): "0"; else None."""
        if _call(node, "exp", 1):
            return self.src(node.args[0])
        return "0" if _is_num(node, 1) else None

    def tanh_of_exps(self, node):
        # (e^a - e^b)/(e^a + e^b) = tanh((a - b)/2): no e^a to overflow into inf/inf once a passes 709 (88 in float32)
        if not (isinstance(node, Binary) and node.op == "/"):
            return None
        top, bottom = node.left, node.right
        if not (isinstance(top, Binary) and top.op == "-" and isinstance(bottom, Binary) and bottom.op == "+"):
            return None
        if not (_same(top.left, bottom.left) and _same(top.right, bottom.right)):
            return None
        a, b = self._exp_argument(top.left), self._exp_argument(top.right)
        if a is None or b is None or a == b == "0":
            return None
        if isinstance(top.right, Call) and isinstance(top.right.args[0], Unary) and top.right.args[0].op == "-" \
                and isinstance(top.left, Call) and _same(top.right.args[0].operand, top.left.args[0]):
            return f"tanh({self.raw(top.left.args[0])})"
        if b == "0":
            return f"tanh({a}/2)"
        if a == "0":
            return f"tanh(-{b}/2)"
        return f"tanh(({a} - {b})/2)"

    def arctan_of_ratio(self, node):
        # arctan(a/b) is arctan2 of the same signs turned so that b > 0: one function (a jump at b = 0 as before),
        # with no a/b to overflow into inf and its slope into inf * 0
        if _call(node, "arctan", 1) and isinstance(node.args[0], Binary) and node.args[0].op == "/":
            a, b = node.args[0].left, node.args[0].right
            return (f"where({self.src(b)} < 0, arctan2({self._negated(a)}, {self._negated(b)}), "
                    f"arctan2({self.raw(a)}, {self.raw(b)}))")
        return None

    def _log_cosh_argument(self, node):
        return self.src(node.args[0].args[0]) if _call(node, "log", 1) and _call(node.args[0], "cosh", 1) else None

    def log_cosh(self, node):
        """``log(cosh(u))`` as log1p(2 sinh(u/2)^2) where |u| < 20 (cosh(u) - 1 without the subtraction, so a small u
        keeps its digits), |u| + log1p(e^(-2|u|)) - log 2 beyond (no cosh to overflow past 710, 89 in float32, and
        no cancellation there: the slope is at least tanh(20)); the near branch's u kept small where it is not taken,
        so its slope is no NaN."""
        u = self._log_cosh_argument(node)
        if u is None:
            return None
        near = f"abs({u}) < 20"
        return (f"where({near}, log1p(2*sinh(where({near}, {u}, 0)/2)**2), "
                f"abs({u}) + log1p(exp(-2*abs({u}))) - 0.6931471805599453)")  # log 2 as a literal: it takes u's dtype

    def double_where(self, node):
        if not _call(node, "where"):
            return None
        condition, chosen, other = node.args
        if not (isinstance(condition, Compare) and isinstance(condition.left, Var) and isinstance(condition.right, Num)):
            return None
        name, bound = condition.left.name, condition.right.exact
        step = {">": 1, ">=": 1, "<": -1, "<=": -1}.get(condition.op)
        if step is None:
            return None
        cond_text = self.text[condition.span[0] : condition.span[1]]
        chosen_text, other_text = self.raw(chosen), self.raw(other)
        # Each branch where x can make an infinite slope is guarded; none where neither visibly can (a Python
        # call the formula cannot read, np.power, is `where_fixes`' to guard, from the Python itself).
        at_risk = [_slope_at_risk(branch, name) for branch in (chosen, other)]
        inner = self._replace_var(chosen, name, f"where({cond_text}, {name}, {_number_text(bound + step)})") if at_risk[0] else None
        # The unsafe branch second: x is kept where the condition fails, a point where it fails elsewhere.
        # x comes first (the condition negated) so a framework converts the number to x's dtype.
        failing = f"{name} {_NEGATED[condition.op]} {self.raw(condition.right)}"
        guarded = self._replace_var(other, name, f"where({failing}, {name}, {_number_text(bound - step)})") if at_risk[1] else None
        if inner is None and guarded is None:
            return None
        return f"where({cond_text}, {inner or chosen_text}, {guarded or other_text})"

    def _replace_var(self, node, name, replacement):
        spans = sorted((n.span for n in postorder(node) if isinstance(n, Var) and n.name == name), reverse=True)
        if not spans:
            return None
        text = self.text[node.span[0] : node.span[1]]
        base = node.span[0]
        for start, end in spans:
            text = text[: start - base] + replacement + text[end - base :]
        return text

    def matches(self, rule):
        """Every outermost match of ``rule``: (span, new text), in text order."""
        replacements = []
        for node in self.nodes:
            new = rule(node)
            if new is not None:
                replacements.append((node.span, new))
        return outermost(replacements)

    def apply(self, *rules):
        """The formula with every outermost match of ``rules`` replaced, or None if nothing matched."""
        kept = outermost([match for rule in rules for match in self.matches(rule)])
        if not kept:
            return None
        text = self.text
        for (start, end), new in reversed(kept):
            text = _unbracketed(text[: start] + new + text[end:], start, start + len(new))
        return text


def _unbracketed(text, start, end):
    """``text`` without the brackets right around ``text[start:end]`` where the formula means the same without them."""
    if start == 0 or end >= len(text) or text[start - 1] != "(" or text[end] != ")":
        return text
    bare = text[: start - 1] + text[start:end] + text[end + 1 :]
    try:
        return bare if _same(parse(bare).root, parse(text).root) else text
    except InputError:
        return text


_NEGATED = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"}


def _number_text(value):
    """A Fraction as formula text: an integer where it is one."""
    return str(int(value)) if value.denominator == 1 else str(float(value))


def outermost(replacements):
    """``(span, new)`` pairs without those nested inside another, in order of their spans.

    Spans are anything ordered: offsets in a formula, or (line, column) pairs in a source file.
    """
    kept = []
    for span, new in sorted(replacements, key=lambda r: (r[0][0], _reversed_order(r[0][1]))):
        if kept and span[0] < kept[-1][0][1]:
            continue
        kept.append((span, new))
    return kept


# Functions whose slope is finite wherever their argument is: a branch reaching x only through these cannot leak.
# (exp and its kin are not: their slope overflows to inf with their value.)
_FINITE_SLOPES = ("abs", "sign", "maximum", "minimum", "where", "floor", "ceil", "sin", "cos", "tanh", "sigmoid",
                  "softplus", "erf", "erfc", "arctan", "logaddexp")


def _slope_at_risk(branch, name):
    """Whether the variable ``name`` reaches, in ``branch``, something whose slope can be infinite at a finite
    point: a division by it, a power other than a whole one, or a function (a log, a root) not in `_FINITE_SLOPES`."""
    def reads(node):
        return any(isinstance(n, Var) and n.name == name for n in postorder(node))

    for node in postorder(branch):
        if isinstance(node, Binary) and node.op in ("/", "%") and reads(node.right):
            return True
        if isinstance(node, Binary) and node.op == "**" and reads(node) and not (
                isinstance(node.right, Num) and node.right.exact.denominator == 1 and node.right.exact >= 0):
            return True
        if isinstance(node, Call) and node.name not in _FINITE_SLOPES and reads(node):
            return True
    return False


def _reversed_order(end):
    """A sort key that puts later ends first (for ints and for tuples of ints)."""
    return tuple(-e for e in end) if isinstance(end, tuple) else -end


_REWRITES = [
    ("softplus", "log(1 + exp(u)) -> softplus(u)", "softplus"),
    ("logaddexp(0, u)", "log(1 + exp(u)) -> logaddexp(0, u)", "logaddexp_zero"),
    ("log1p", "log(1 + u) -> log1p(u)", "log1p"),  # log(1 - u) too, as log1p(-u): the README shows this text
    ("expm1", "exp(u) - 1 -> expm1(u), 1 - exp(u) -> -expm1(u)", "expm1"),
    ("powm1", "x**y - 1 -> expm1(y*log(x))", "powm1"),
    ("compound", "(1 + u)**y -> exp(y*log1p(u)), (1 - u)**y -> exp(y*log1p(-u))", "compound"),
    ("box-cox", "(x**y - 1)/y -> log(x)*exprel(y*log(x)) (its series where y*log(x) is small, else expm1(y*log(x))/y)",
     "box_cox_series"),
    ("exprel", "(exp(u) - 1)/u -> exprel(u) (its series where u is small, else expm1(u)/u)", "exprel"),
    ("versine ratio", "(1 - cos(u))/u**2 -> its series where u is small, else 2*sin(u/2)**2/u**2", "versine_ratio"),
    ("sigmoid", "1/(1 + exp(-u)) -> sigmoid(u)", "sigmoid"),
    ("sigmoid complement", "1 - sigmoid(u) -> sigmoid(-u)", "sigmoid_complement"),
    ("log sigmoid", "log(sigmoid(u)) -> -softplus(-u)", "log_sigmoid"),
    ("logaddexp", "log(exp(a) + exp(b)) -> logaddexp(a, b)", "logaddexp"),
    ("log logistic", "log(1 + b**y) -> logaddexp(0, y*log(b)), log(1/(1 + b**y)) -> -logaddexp(0, y*log(b))",
     "log_logistic"),
    ("logdiffexp", "log(exp(a) - exp(b)) -> a + log(-expm1(b - a))", "logdiffexp"),
    ("softplus inverse", "log(exp(u) - 1) -> u + log(-expm1(-u))", "softplus_inverse"),
    ("hypot", "sqrt(a*a + b*b) -> hypot(a, b)", "hypot"),
    ("inverse hyperbolic", "log(u + sqrt(u*u + 1)) -> arcsinh(u), log(u + sqrt(u*u - 1)) -> arccosh(u)",
     "inverse_hyperbolic_log"),
    ("conjugate", "sqrt(a) - sqrt(b) -> (a - b)/(sqrt(a) + sqrt(b))", "conjugate"),
    ("log ratio", "log(a/b) -> log1p((a - b)/b)", "log_ratio"),
    ("sinh", "exp(u) - exp(-u) -> 2*sinh(u), half of it -> sinh(u)", "sinh_of_exps"),
    ("arctanh", "log((1 + u)/(1 - u)) -> 2*arctanh(u), log(1 + u) - log(1 - u) -> 2*arctanh(u), half of either -> arctanh(u)",
     "arctanh_log"),
    ("arccosh near 1", "arccosh(1 + u) -> log1p(u + sqrt(u*(u + 2)))", "arccosh_near_one"),
    ("ellipkm1", "ellipk(1 - u) -> ellipkm1(u)", "ellipkm1"),
    ("half-angle", "1 - cos(u) -> 2*sin(u/2)**2, cos(u) - 1 -> -2*sin(u/2)**2", "half_angle"),
    ("erf complement", "1 + erf(u) -> erfc(-u), 1 - erf(u) -> erfc(u)", "erf_complement"),
    ("log ndtr", "log(ndtr(u)) -> log_ndtr(u), log(1 - ndtr(u)) -> log_ndtr(-u)", "log_ndtr"),
    ("erfcx", "exp(u**2)*erfc(u) -> erfcx(u)", "erfcx"),
    ("log1mexp", "log(1 - exp(u)) -> where(u > -log 2, log(-expm1(u)), log1p(-exp(u)))", "log1mexp"),
    ("ndtri", "sqrt(2)*erfinv(2*p - 1) -> ndtri(p)", "ndtri"),
    ("tanh log-derivative", "log(1 - tanh(u)**2) -> 2*(log 2 - u - softplus(-2*u))", "tanh_log_det"),
    ("double where", "where(c, f(x), g) -> where(c, f(where(c, x, safe)), g)", "double_where"),
    ("tanh", "(exp(a) - exp(b))/(exp(a) + exp(b)) -> tanh((a - b)/2)", "tanh_of_exps"),
    ("arctan2", "arctan(a/b) -> where(b < 0, arctan2(-a, -b), arctan2(a, b))", "arctan_of_ratio"),
    ("log cosh", "log(cosh(u)) -> log1p(2*sinh(u/2)**2) where |u| < 20, else |u| + log1p(exp(-2|u|)) - log 2", "log_cosh"),
]


def catalogue_matches(formula, skip=()):
    """Per catalogue rewrite that matches ``formula``, but those named in ``skip``: (name, description, [(span, new text)])."""
    rewriter = _Rewriter(formula)
    for name, description, method in _REWRITES:
        if name in skip:
            continue
        kept = rewriter.matches(getattr(rewriter, method))
        if kept:
            yield name, description, kept


class DeclinedWhy(str):
    """Why a catalogue rewrite that matches is not tried: it is known not to fix what fails there."""


# (x**lam - 1)/lam: expm1(lam*log(x))/lam has its value, but its slope in lam is the quotient rule's
# (lam log(x) e^(lam log x) - expm1(lam log x))/lam^2, two terms near log(x)/lam that cancel to log(x)^2/2 as lam
# nears 0 (float64 loses 7 digits at lam = 1e-9, JAX's own boxcox the same). log(x) exprel(lam log x) keeps both:
# SciPy's boxcox and exprel spell it, and the box-cox rewrite does in every framework's elementary functions.
_BOX_COX = DeclinedWhy(
    "on (x**lam - 1)/lam it fixes the value alone: the slope of expm1(lam*log(x))/lam in lam still cancels as lam "
    "nears 0, as JAX's jax.scipy.special.boxcox does; log(x)*exprel(lam*log(x)) keeps both: scipy.special.boxcox(x, "
    "lam), and the box-cox rewrite, exprel's series where lam*log(x) is small")


def declined_rewrites(formula):
    """``[(name, why)]``: the catalogue rewrites that match ``formula`` but are not tried there (`DeclinedWhy`)."""
    rewriter = _Rewriter(formula)
    return [("powm1", _BOX_COX)] if any(rewriter.box_cox(node) is not None for node in rewriter.nodes) else []


def candidate_rewrites(formula):
    """Every catalogue rewrite that matches ``formula``: (name, description, new text), each new text once.

    Two rewrites can reach the same text (``log(1 + exp(x))`` is a log-logistic in base e as well as a logaddexp):
    the first in the catalogue's order names it, so a user is never offered one fix twice.
    """
    rewriter = _Rewriter(formula)
    out, seen = [], {formula.text}
    for name, description, method in _REWRITES:
        text = rewriter.apply(getattr(rewriter, method))
        if text is not None and text not in seen:
            seen.add(text)
            out.append((name, description, text))
    return out


def union_rewrite(formula, names):
    """``formula`` with the catalogue rewrites ``names`` applied together: (name, description, new text), or None.

    Where two rewrites match the same part, the outer one (the first, on the very same part) is applied, and
    only the rewrites with a part applied are named.
    """
    rewriter = _Rewriter(formula)
    chosen = [(name, description, method) for name, description, method in _REWRITES if name in names]
    text = rewriter.apply(*(getattr(rewriter, method) for _, _, method in chosen))
    if text is None or text == formula.text:
        return None
    kept = outermost([match for _, _, method in chosen for match in rewriter.matches(getattr(rewriter, method))])
    applied = [(name, description) for name, description, method in chosen if set(rewriter.matches(getattr(rewriter, method))) & set(kept)]
    return union_name(name for name, _ in applied), union_description(description for _, description in applied), text


def union_name(names):
    """The name of several rewrites applied together."""
    return " + ".join(names)


def union_description(descriptions):
    """The description of several rewrites applied together."""
    return "together: " + "; ".join(descriptions)


def _point_label(point):
    """``x=1e-10,y=2``: the label of a checked point among a fix's re-checks, each number as short as reads back as
    it, so that points apart only past six digits (-55 and -54.9999999) keep labels of their own."""
    return ",".join(f"{k}={_number_label(v)}" if isinstance(v, float) else f"{k}={v}" for k, v in point.items())


def _number_label(value):
    """A label's text of one number: ``:g``'s where that reads back as the number, else its full repr."""
    short = f"{value:g}"
    return short if not math.isfinite(value) or float(short) == value else repr(value)


def verdict_parts(report):
    """Per (point, dtype) label: the overall verdict and those of the value, gradient and Hessian; a point's data
    (`PointResult.held`) is part of its label where the points hold different data (x=100,n=1 and x=100,n=2)."""
    held = len({repr(sorted((r.held or {}).items())) for r in report.results}) > 1

    def point(r):
        return {**r.point, **(r.held or {})} if held else r.point

    return {
        f"{_point_label(point(r))} {r.dtype}": {
            "point": (_point_label(dict(sorted(point(r).items()))), r.dtype),  # one point whatever its variables' order
            "status": r.status,
            "value": r.value_status,
            "gradient": r.gradient_status,
            "hessian": r.hessian_status,
            # Verdicts alone miss a fix that turns a NaN into a finite answer still losing digits
            # (unstable before and after): `_judged_fix` reads these for it.
            "finite": _finite_where_exact(r),
            "bits_lost": r.bits_lost,
            # An error because --max-time ran out is no verdict to compare: `_judged_fix` says so instead.
            # (Findings are read only at an error: elsewhere reading them would make a point's explanation.)
            "out_of_time": r.status == Verdict.ERROR and ran_out_of_time(r),
            # A rewrite is offered as the same function: `_judged_fix` compares these, the exact answers.
            "exact": _exact_numbers(r),
            "raised": _raised(r) if r.status == Verdict.ERROR and not ran_out_of_time(r) else "",
        }
        for r in report.results
    }


def _raised(result):
    """What a result with no verdict raised: its error, or the finding that says it (a framework refusing the
    rewrite's mix of dtypes, a rule's answer refused), or that it raised."""
    return result.error or next((f.message for f in result.findings if f.message), "") or "it raised"


def _exact_numbers(result):
    """The exact value and gradient as float64 arrays (None for a part that is absent or no array of floats)."""
    parts = [result.exact_value] + [result.exact_gradient.get(n) for n in sorted(result.exact_gradient or {})]
    numbers = []
    for part in parts:
        try:
            numbers.append(None if part is None else np.asarray(part, dtype=np.float64))
        except (TypeError, ValueError):  # trees, or text for numbers beyond float64
            numbers.append(None)
    return numbers


def _first_line(text, most=120):
    """The first line of ``text``, cut to ``most`` characters."""
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= most else line[: most - 3] + "..."


def _float_dtype(name):
    """The NumPy float dtype named ``name`` (float32), or None for another name (bfloat16, a framework's own)."""
    try:
        dtype = np.dtype(name)
    except TypeError:
        return None
    return dtype if dtype.kind == "f" else None


_SAME_FUNCTION_RTOL = 1e-9  # both sides exact: the same function agrees to their last digits, a rewrite's slip does not


def _first_difference(before, after, dtype=None):
    """Where the rewrite's exact numbers leave the original's (a part index), or None where they agree.

    The exact reference takes a program's constants as its dtype holds them, and a rewrite's own (log1p's divisor,
    ``math.log(2)``, which a float32 tensor program rounds to float32) are no exception: in ``dtype`` the same
    function may differ by a few of their roundings."""
    if len(before) != len(after):
        return 0
    rtol = _SAME_FUNCTION_RTOL
    if dtype is not None:
        rtol = max(rtol, _CONSTANTS_ROUNDINGS * float(np.finfo(dtype).eps))
    for index, (b, a) in enumerate(zip(before, after)):
        if b is None or a is None:
            continue
        if b.shape != a.shape:
            if index == 0:  # a value of another shape: an argument broadcast past its own (a guard's mask)
                return index
            continue
        both = np.isfinite(b) & np.isfinite(a)  # a point beyond one side's domain says nothing of the function
        if not np.allclose(a[both], b[both], rtol=rtol, atol=0.0):
            return index
        if index == 0 and np.any(np.isfinite(b) & ~np.isfinite(a)):
            # the same function has a value wherever the original has one (a slope may end at the rewrite's own
            # switch; its value does not): a guard broadcast past its argument's shape makes NaN of a sum that was 0.75
            return index
    return None


_CONSTANTS_ROUNDINGS = 2  # a rewrite's constants rounded to the dtype: what the same function may move by


def _finite_where_exact(result):
    """Whether the computed value and gradient are finite wherever their exact counterparts are."""
    pairs = [(result.value, result.exact_value)]
    pairs += [(result.gradient.get(n), result.exact_gradient.get(n)) for n in result.gradient]
    for computed, exact in pairs:
        if computed is None or exact is None:
            continue
        try:
            computed = np.asarray(computed, dtype=np.float64)
            exact = np.asarray(exact, dtype=np.float64)
        except (TypeError, ValueError):  # trees or numbers beyond float64: no such claim is made of them
            continue
        if computed.shape == exact.shape and np.any(np.isfinite(exact) & ~np.isfinite(computed)):
            return False
    return True


NOT_JUDGED = "rewrites not judged, out of time (raise --max-time): "  # a note's start (a sweep passes it on)


class OutOfTimeWhy(str):
    """Why a fix was not judged: --max-time ran out (a reason of its own, never "did not help")."""


def rejection_notes(rejected):
    """The report's notes on rewrites not offered: those that did not help, those known not to help there
    (`DeclinedWhy`), and those the clock cut short."""
    # one rewrite tried at two places (the source's line and the formula read from it) is said once
    helped_not = list(dict.fromkeys(f"{name} ({why})" for name, why in rejected
                                    if not isinstance(why, (OutOfTimeWhy, DeclinedWhy))))
    declined = list(dict.fromkeys(f"{name} ({why})" for name, why in rejected if isinstance(why, DeclinedWhy)))
    cut = list(dict.fromkeys(f"{name} ({why})" for name, why in rejected if isinstance(why, OutOfTimeWhy)))
    notes = ["rewrites tried that did not help: " + ", ".join(helped_not)] if helped_not else []
    notes += ["rewrites not offered: " + ", ".join(declined)] if declined else []
    if cut:
        notes.append(NOT_JUDGED + ", ".join(cut))
    return notes


def _judged_fix(before, rechecked, kind, name, formula, note, code=None):
    """A `Fix` if the re-checked one does better than the original, else None; and why not.

    Offered when better somewhere and worse nowhere; partial when it still
    fails somewhere. Value, gradient and overall verdicts are compared apart,
    so a fix of the value alone counts, and one that trades a better value
    for a worse gradient does not. Where the time budget (--max-time) ran out
    there is no verdict to compare: a re-check cut short is not offered and
    says so ("not re-checked at ...: out of time"), and a point where the
    original ran out counts for neither better nor worse.
    """
    label_of = {parts["point"]: label for label, parts in before.items()}
    # The same points in the original's words: a rewrite may name its variables in another order (lam*log(x)).
    after = {label_of.get(parts["point"], label): parts for label, parts in verdict_parts(rechecked).items()}
    if set(after) != set(before):
        return None, "it checks other variables"
    cut = [label for label in after if after[label].get("out_of_time")]
    if cut:
        return None, OutOfTimeWhy(f"not re-checked at {cut[0]}")
    judged = [label for label in before if not before[label].get("out_of_time")]
    if not judged:
        return None, OutOfTimeWhy("the check itself ran out before it")
    for label in judged:
        part = _first_difference(before[label]["exact"], after[label]["exact"], _float_dtype(before[label]["point"][1]))
        if part is not None:
            what = "value" if part == 0 else "gradient"
            return None, f"another function: its exact {what} at {label} differs from the original's"
    raised = [label for label in judged if after[label].get("raised") and not before[label].get("raised")]
    if raised:  # the rewrite does not run there: said as what it is, not as a worse verdict
        said = after[raised[0]]["raised"].partition(" (at ")[0]  # the line is the rewritten copy's, no file of the user's
        return None, f"it raises at {raised[0]}: {_first_line(said)}"
    pairs = [(label, key) for label in judged for key in ("status", *_PARTS)]
    worse = [label for label, key in pairs if worse_for_a_rewrite(after[label][key], before[label][key])]
    if worse:
        return None, f"worse at {worse[0]}"
    now_nonfinite = [label for label in judged if before[label]["finite"] and not after[label]["finite"]]
    if now_nonfinite:
        return None, f"worse at {now_nonfinite[0]} (a NaN or inf)"
    now_finite = [label for label in judged if after[label]["finite"] and not before[label]["finite"]]
    if not now_finite and not any(after[label][key].severity < before[label][key].severity for label, key in pairs):
        return None, "better nowhere"
    parts = {label: {key: [before[label][key], after[label][key]] for key in _PARTS} for label in before}
    failing = [label for label in after if after[label]["status"] in DEFAULT_FAIL_ON]
    # Where the fix ended a NaN or inf and the verdict stayed, the finiteness label says it all.
    listed = [label for label in failing if label not in now_finite or before[label]["status"] != after[label]["status"]]
    if listed:
        shown = [
            f"{label} " + ", ".join(f"{key} {b} -> {a}" for key, (b, a) in parts[label].items() if (b, a) != (Verdict.OK, Verdict.OK))
            for label in listed[:_STILL_FAILING_SHOWN]
        ]
        more = len(listed) - len(shown)
        still = "; ".join(shown) + (f"; and {more} more" if more else "")
        note = f"{note}; partial, still failing at {len(listed)} of {len(after)}: {still}"
    elif failing:
        note = f"{note}; partial"
    note += _finiteness_label([label for label in now_finite if label in failing], after)
    note += _own_switches([label for label in judged if after[label]["status"] == Verdict.DOMAIN != before[label]["status"]])
    before_status = {label: before[label]["status"] for label in before}
    after_status = {label: after[label]["status"] for label in after}
    fix = Fix(kind, name, formula, before_status, after_status, code=code, note=note, partial=bool(failing), parts=parts)
    return fix, ""


def _own_switches(labels):
    """What a fix says of the points where it alone is ``domain`` (`verdict.worse_for_a_rewrite`): "" where none."""
    if not labels:
        return ""
    shown = ", ".join(labels[:_STILL_FAILING_SHOWN]) + (f" and {len(labels) - _STILL_FAILING_SHOWN} more" if len(labels) > _STILL_FAILING_SHOWN else "")
    return f"; domain at {shown}, where the original has a derivative: the rewrite's own switch (a jump or kink its spelling has there), not counted against it"


def _finiteness_label(now_finite, after):
    """What a fix that ended a NaN or inf fixed, and the digits it still loses there ("" if it ended none)."""
    if not now_finite:
        return ""
    shown = ", ".join(now_finite[:_STILL_FAILING_SHOWN]) + (f" and {len(now_finite) - _STILL_FAILING_SHOWN} more" if len(now_finite) > _STILL_FAILING_SHOWN else "")
    text = f"; it fixes: no NaN/inf at {shown}"
    lost = [(label, after[label]["bits_lost"]) for label in now_finite if after[label]["bits_lost"]]
    if lost:
        label, bits = max(lost, key=lambda pair: pair[1])
        text += f"; what remains: still loses {bits:.0f} bits at {label}"
    return text


def find_fixes(target, report, recheck, limit=3):
    """Rewrites and custom gradients that do better than the original, each re-checked.

    ``recheck(fixed target)`` is the original check (its points, dtypes and
    options, for the variables it checked, without fixes) of another target,
    so a fix is judged by the very same check. Full fixes come first, then
    partial ones; rewrites that did not help are named in a report note.
    """
    before = verdict_parts(report)
    candidates = (
        (name, description, text, lambda text=text: text, None)
        for name, description, text in candidate_rewrites(target.formula)
    )

    def union(names):
        found = union_rewrite(target.formula, names)
        return None if found is None else (*found, lambda: found[2], None)

    fixes, rejected = judged_rewrites(before, candidates, limit, recheck, union)
    rejected += declined_rewrites(target.formula)
    gradient_only = all(r.value_status == Verdict.OK for r in report.results) and any(
        r.gradient_status in (Verdict.UNSTABLE, Verdict.WRONG) for r in report.results
    )
    if gradient_only and len(fixes) < limit:
        snippet, why_not = _custom_gradient_fix(target, recheck, before)
        if snippet is not None:
            fixes.append(snippet)
        elif isinstance(why_not, OutOfTimeWhy):  # a snippet that did not help goes unnamed; one cut short is said
            rejected.append(("custom gradient", why_not))
    report.notes.extend(rejection_notes(rejected))
    return fixes


def judged_rewrites(before, candidates, limit, recheck, union=None):
    """The rewrites that re-check better than ``before`` (full ones first), and those that did not.

    ``candidates`` yields (name, description, formula text or None, a function
    that makes the rewritten target, its diff or None); ``recheck(target)``
    checks one. Where no rewrite alone fixes every point, the partial ones and
    those better nowhere are applied together once more (``union(names)``
    makes that candidate, or None), since each may leave the loss the other
    removes; the union is offered only if it does better than each of them
    alone. Returns the fixes, at most ``limit``, and the rejected ones as
    (name, why not) pairs (`rejection_notes` words them).
    """
    fixes, rejected, unfinished = [], [], []
    for name, description, text, make_target, diff in candidates:
        fix, why_not = _judged_candidate(before, recheck, name, description, text, make_target, diff)
        if fix is None:
            rejected.append((name, why_not))
        else:
            fixes.append(fix)
        if (fix is not None and fix.partial) or why_not == "better nowhere":
            unfinished.append((name, fix))
    if union is not None and len(unfinished) > 1 and all(fix.partial for fix in fixes):
        combined = union([name for name, _ in unfinished])
        if combined is not None:
            fix, why_not = _judged_candidate(before, recheck, *combined)
            if fix is not None and all(_better_than(fix, alone) for _, alone in unfinished if alone is not None):
                fixes.insert(0, fix)
            else:
                rejected.append((combined[0], why_not or "not better than each rewrite alone"))
    return sorted(fixes, key=lambda fix: fix.partial)[:limit], rejected  # full fixes first, in catalogue order


def _judged_candidate(before, recheck, name, description, text, make_target, diff):
    """One rewrite re-checked: its `Fix` or None, and why not."""
    try:
        fixed = make_target()
        rechecked = recheck(fixed)
    except Exception:  # noqa: BLE001 - a rewrite that does not even run is not offered
        return None, "it does not run"
    fix, why_not = _judged_fix(before, rechecked, "rewrite", name, text, description)
    if fix is not None:
        fix.diff, fix.checked = diff, fixed
    return fix, why_not


def _better_than(fix, other):
    """Whether ``fix`` does better than ``other`` somewhere and worse nowhere (verdicts and their parts)."""
    pairs = [(fix.after[label], other.after[label]) for label in fix.after]
    pairs += [(fix.parts[label][key][1], other.parts[label][key][1]) for label in fix.parts for key in _PARTS]
    if any(worse_for_a_rewrite(mine, theirs) for mine, theirs in pairs):
        return False
    return any(mine.severity < theirs.severity for mine, theirs in pairs)


def _custom_gradient_fix(target, recheck, before):
    """A custom_gradient whose grad_fn is the symbolic derivative if it checks out better (else None), and why not.

    The derivative is gradcli's own, on the IR (``where`` stays ``where``). It
    is verified compiled from the IR by gradcli's safe path, and the snippet
    is printed from the same IR, so what is shown is what was checked.
    """
    formula = target.formula
    names = formula.variables
    try:
        derivatives = [symbolic.differentiate(formula.root, name) for name in names]
        # Printed and parsed again: the compiled derivative gets spans of its own for the diagnosis.
        parsed = [parse(to_text(d), treat_as_variables=names) for d in derivatives]
    except (ValueError, RecursionError):  # no derivative we can compile: no snippet
        return None, "no derivative to compile"
    value_fn = to_function(formula)
    derivative_fns = [to_function(_with_variables(d, names)) for d in parsed]

    def fixed(*xs):
        def inner(*values):
            def grad_fn(upstream):
                grads = tuple(upstream * d(*values) for d in derivative_fns)
                return grads[0] if len(grads) == 1 else grads

            return value_fn(*values), grad_fn

        return custom_gradient(inner)(*xs)

    fixed.__signature__ = _signature(names)
    try:
        rechecked = recheck(fixed)
    except Exception:  # noqa: BLE001 - a snippet that does not run is not offered
        return None, "it does not run"
    note = "the forward value is fine; this gradient is the symbolic derivative"
    fix, why_not = _judged_fix(before, rechecked, "custom_gradient", "custom gradient", None, note, _snippet(formula, parsed))
    if fix is not None:
        fix.checked = fixed
    return fix, why_not


def _snippet(formula, derivatives):
    """The ``custom_gradient`` Python code for a formula and its derivatives (IR)."""
    args = ", ".join(python_name(n) for n in formula.variables)
    grads = ", ".join(f"upstream * ({_python_code(d.root)})" for d in derivatives)
    value = _python_code(formula.root)
    return (
        "\n".join(["import gradcli", *python_imports(value, grads)]) + "\n\n\n"
        "@gradcli.custom_gradient\n"
        f"def f({args}):\n"
        f"    value = {value}\n\n"
        "    def grad_fn(upstream):\n"
        f"        return {grads}\n\n"
        "    return value, grad_fn\n"
    )


def _python_code(root):
    """A ``gradcli.numpy`` expression for an IR tree: formula syntax is Python's, with calls as ``gnp.`` ops."""
    def to_python(node, children):
        if isinstance(node, Call):
            if node.name == "log" and len(children) == 2:  # log(x, base): gnp.log takes one argument
                return Binary(node.span, "/", Call(node.span, "gnp.log", (children[0],)), Call(node.span, "gnp.log", (children[1],)))
            return Call(node.span, python_function(node.name), tuple(children))
        if isinstance(node, Const):
            return Const(node.span, f"gnp.{node.name}")
        if isinstance(node, Var):
            return Var(node.span, python_name(node.name))
        if isinstance(node, Unary):
            return Unary(node.span, node.op, children[0])
        if isinstance(node, (Binary, Compare)):
            return type(node)(node.span, node.op, *children)
        return node

    return to_text(fold(root, to_python))


def _with_variables(derivative, variables):
    """A derivative formula that takes all the original variables (even ones it no longer uses)."""
    return Formula(derivative.text, derivative.root, tuple(variables), derivative.size)


def _signature(names):
    return inspect.Signature(
        [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD) for n in names]
    )
