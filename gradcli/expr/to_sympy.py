"""The IR as a sympy expression, built from sympy objects (never from strings).

Literals are exact: ``0.1`` becomes ``1/10``. Variables are real symbols.
sympy is imported here, lazily, so parsing never loads it. The parser bounds
every constant; what sympy itself makes constant (``(x-x+9)**9**9``,
``x*10**999*10**999``) is bounded here, before sympy computes it, and so are
the numbers sympy multiplies out of a product or a power: it writes
``x*sqrt(A)*sqrt(B)`` as ``x*sqrt(A*B)`` and ``(3*x)**n`` as ``3**n*x**n``
(through ``abs`` and ``where`` too), but never expands a power of a sum.
Roots of numbers are bounded as well, because sympy factors every radicand.

Long chains ``a + b + c + ...`` and ``a * b * c * ...`` are built with one
sympy call each: pairwise, a 5,000-term sum costs sympy a second.

The arithmetic is real, as NumPy's is (`real`): a constant part that is not a
finite real number (``sqrt(-2)``, ``acos(2)``, ``log(0)``) is NaN, and NaN spreads
to everything but a comparison (false; but ``log(0) < x`` compares NumPy's -inf)
and the branch of ``where`` not taken. A
formula that is NaN everywhere for such a part is refused, that part named;
one NaN only in a branch of ``where`` is NaN there, where ``gradcli grad``
finds the domain verdict too, and the formula is differentiated elsewhere.
"""

from __future__ import annotations

import math

from ..errors import InputError
from .functions import FUNCTIONS
from .ir import Binary, Call, Compare, Const, Formula, Num, Unary, Var, postorder
from .operators import COMPARISONS
from .parse import MAX_POWER_DIGITS
from .real import infinity_of, kept_as_written, why_not_real

_ADDITIVE = ("+", "-")
_MULTIPLICATIVE = ("*", "/")
_RELATIONS = {op.symbol: op.sympy for op in COMPARISONS}  # names in sympy, imported lazily

# sympy factors the number under every root it builds (sqrt(A), A**(1/3)): about
# 1.5 ms for a short number, 30 ms for 300 digits, half a second for 1,000 (growing
# as digits**2.5). So a root is taken of numbers of at most 300 digits, and a
# formula may spend about a second on roots, each distinct root counted once.
MAX_ROOT_DIGITS = 300
MAX_ROOT_MILLISECONDS = 1_000.0


def _roots(base, exponent):
    """The (number, power) pairs with a fractional power that sympy computes for ``base**exponent``.

    sympy takes the power of each factor of a product on its own: ``sqrt(3*x)`` is
    ``sqrt(3)*sqrt(x)`` and ``(x*sqrt(A))**(1/3)`` takes ``A**(1/6)``.
    """
    import sympy as sp

    if not exponent.is_Rational:
        return
    stack = [(base, exponent)]
    while stack:
        e, power = stack.pop()
        if e.is_Rational:
            if not power.is_Integer and (abs(e.p) > 1 or e.q > 1):
                yield e, power
        elif e.is_Mul:
            stack.extend((a, power) for a in e.args)
        elif e.is_Pow and e.exp.is_Rational:
            stack.append((e.base, e.exp * power))
        elif isinstance(e, sp.Piecewise):
            stack.extend((piece.expr, power) for piece in e.args)


def _negative_number(value) -> bool:
    """Whether ``value`` is a rational number below 0, whose even and fractional roots are not real."""
    return value.is_Rational and value.is_negative


def _root_milliseconds(number) -> float:
    """What sympy needs to factor a rational under a root, in milliseconds (a model)."""
    return sum(1.5 + 570 * (math.log10(max(abs(n), 1)) / 1_000) ** 2.5 for n in (number.p, number.q))


def _duration(milliseconds) -> str:
    """A time, as a person reads it: "30 ms", "0.6 s", "9 s", "3 minutes", "16 hours"."""
    seconds = milliseconds / 1000
    if seconds < 0.1:
        return f"{milliseconds:.0f} ms"
    if seconds < 100:
        return f"{seconds:.2g} s"
    if seconds < 6000:
        return f"{seconds / 60:.0f} minutes"
    return f"{seconds / 3600:,.0f} hours"


def _comparable(args):
    """``args`` in a form sympy's Max and Min accept, or None where NumPy's answer is NaN.

    Max refuses a number it cannot evaluate to a real one (a function sympy
    has no numbers for), but may take its elementary form (``expand_func``);
    it refuses nan, zoo and I*pi (``0/0``, ``1/0``, ``log(-1)``) too, which in
    real arithmetic make NaN.
    """
    import sympy as sp

    out = []
    for a in args:
        if a.is_number and not a.is_comparable:
            a = sp.expand_func(a)
            if not a.is_comparable:
                return None
        out.append(a)
    return out


def symbols_of(formula: Formula):
    import sympy

    return {name: sympy.Symbol(name, real=True) for name in formula.variables}


def to_sympy(formula: Formula, symbols=None):
    """The formula as a sympy expression (with ``symbols`` mapping variable names to symbols)."""
    from . import sympy_functions  # noqa: F401 - sympy as the formula layer needs it (its factor cache)

    return _SympyBuilder(formula, symbols or symbols_of(formula)).build()


def _chain_links(order):
    """The ids of the nodes built by the head of their chain rather than on their own.

    They are the left operands of a node of the same kind (``+ -`` or ``* /``),
    used once: ``a + b - c`` is built in one sympy call by its head.
    """
    uses = {}
    for node in order:
        for child in node.children():
            uses[id(child)] = uses.get(id(child), 0) + 1
    inner = set()
    for node in order:
        left = getattr(node, "left", None)
        if isinstance(node, Binary) and isinstance(left, Binary) and uses.get(id(left)) == 1:
            if any(node.op in kinds and left.op in kinds for kinds in (_ADDITIVE, _MULTIPLICATIVE)):
                inner.add(id(left))
    return inner


class _SympyBuilder:
    """Builds one formula's sympy expression bottom up, refusing the numbers sympy would take too long over."""

    def __init__(self, formula: Formula, symbols):
        import sympy

        self.sp = sympy
        self.formula = formula
        self.text = formula.text
        self.symbols = symbols
        self.root_work = 0.0  # milliseconds of root factoring charged so far
        self.roots = set()  # the (number, power) roots charged, each once
        self.bad = []  # (node, why): the constant parts built as NaN, not being finite real numbers

    def build(self):
        order = list(postorder(self.formula.root))
        self.inner = _chain_links(order)
        results = {}
        for node in order:
            key = id(node)
            if key in results:
                continue
            if key in self.inner:
                results[key] = None  # built by the head of its chain
            elif isinstance(node, Binary) and id(node.left) in self.inner:
                out = self.chain(node, results)
                refuse_huge_numbers(out, self.text, node.span, MAX_POWER_DIGITS, coefficient_only=True)
                results[key] = out
            else:
                results[key] = self.combine(node, [results[id(c)] for c in node.children()])
        out = results[id(self.formula.root)]
        if out is self.sp.nan and self.bad:
            node, why = self.culprit(order)
            raise InputError(
                f"{self.text[node.span[0] : node.span[1]]} {why} (gradcli computes in real numbers, as "
                "NumPy does), so this formula has no finite real value anywhere, and no derivative",
                text=self.text,
                span=node.span,
            )
        return out

    def combine(self, node, args):
        out = self.expression(node, args)
        refuse_huge_numbers(out, self.text, node.span, MAX_POWER_DIGITS, coefficient_only=True)
        return self.real(node, args, out)

    def real(self, node, args, out):
        """``out`` in real arithmetic: NaN where NumPy's value is NaN (or infinite), and evaluable where sympy's overflows."""
        sp = self.sp
        if isinstance(node, Compare) or (isinstance(node, Call) and node.name == "where"):
            return out  # a NaN compares false, and where() takes one branch
        if any(a is sp.nan for a in args):
            # NaN spreads, as in NumPy (sympy keeps hypot(x, nan)); nan**0 and 1**nan are 1 there and to sympy.
            return out if isinstance(node, Binary) and node.op == "**" else sp.nan
        if isinstance(node, Unary) or not all(isinstance(a, sp.Expr) and a.is_number for a in args):
            return out
        try:
            why = why_not_real(out)
        except (OverflowError, ValueError, TypeError, AttributeError):  # sympy's evaluation overflows on it
            return self.written(node)
        if why is None:
            return out
        self.bad.append((node, why))
        return sp.nan

    def compared(self, node, value):
        """``value`` as a comparison sees it: NumPy's infinity for a constant part it makes one (log(0) < x is true)."""
        if value is not self.sp.nan or any(isinstance(n, Var) for n in postorder(node)):
            return value
        return infinity_of(Formula(self.text, node, ())) or value

    def written(self, node):
        """The constant ``node`` kept as written, valued on balls: sympy's evaluation of it overflows."""
        kept = kept_as_written(Formula(self.text, node, ()))
        if kept is None:
            raise InputError(
                f"{self.text[node.span[0] : node.span[1]]} is too large for sympy to evaluate, and ball "
                "arithmetic cannot settle it either, so gradcli cannot differentiate this formula",
                text=self.text,
                span=node.span,
            )
        return kept

    def culprit(self, order):
        """The first part in ``self.bad`` that makes the formula NaN everywhere: outside ``where`` and comparisons."""
        everywhere = {id(self.formula.root)}
        for node in reversed(order):  # parents before children
            if id(node) not in everywhere or isinstance(node, Compare):
                continue
            if not (isinstance(node, Call) and node.name == "where"):
                everywhere.update(id(c) for c in node.children())
        return next(((n, why) for n, why in self.bad if id(n) in everywhere), self.bad[0])

    def expression(self, node, args):
        """The sympy expression of ``node``, from those of its children."""
        sp = self.sp
        if isinstance(node, Num):
            return sp.Rational(node.exact.numerator, node.exact.denominator)
        if isinstance(node, Const):
            return sp.pi if node.name == "pi" else sp.E
        if isinstance(node, Var):
            return self.symbols[node.name]
        if isinstance(node, Unary):
            return -args[0] if node.op == "-" else args[0]
        if isinstance(node, Binary):
            return self.binary(node, *args)
        if isinstance(node, Compare):
            args = [self.compared(child, a) for child, a in zip(node.children(), args)]
            if _comparable(args) is None:
                # A NaN (or a complex number: NumPy's NaN) compares false, or unequal: where() picks its other branch.
                return sp.true if node.op == "!=" else sp.false
            return getattr(sp, _RELATIONS[node.op])(*args)
        if isinstance(node, Call):
            return self.call(node, args)
        raise TypeError(f"unknown IR node {type(node).__name__}")  # pragma: no cover

    def binary(self, node, left, right):
        sp = self.sp
        if node.op == "**":
            _refuse_huge_power(left, right, self.text, node.span)
            if _negative_number(left) and right.is_Rational and not right.is_Integer:
                return self.not_real(node)  # NaN in NumPy, whatever the root's parity; no root to factor
            self.charge_roots(left, right, node)
        if node.op in _MULTIPLICATIVE:
            right = self.operand(node.op, right, node)
            _refuse_huge_product(factor_digits(left) + factor_digits(right), self.text, node.span)
        return {
            "+": lambda: sp.Add(left, right),
            "-": lambda: sp.Add(left, -right),
            "*": lambda: sp.Mul(left, right),
            "/": lambda: sp.Mul(left, right),
            "**": lambda: sp.Pow(left, right),
            # x % 0 is NaN, as in NumPy (sympy raises ZeroDivisionError).
            "%": lambda: sp.nan if right.is_zero else sp.Mod(left, right),
        }[node.op]()

    def call(self, node, args):
        """The registry's sympy mapping of a function, once its arguments are safe to hand to it."""
        spec = FUNCTIONS[node.name]
        if spec.sympy_root:
            if spec.sympy_root % 2 == 0 and _negative_number(args[0]):
                return self.not_real(node)  # no even root to factor: its number is not real at any length
            self.charge_roots(args[0], self.sp.Rational(1, spec.sympy_root), node)
        if spec.sympy_orders:
            args = _comparable(args)
            if args is None:
                return self.sp.nan
        return spec.symbolic(self.sp, *args)

    def not_real(self, node):
        """NaN for the constant part ``node``, which has no real value, recorded as the reason a formula may be NaN."""
        self.bad.append((node, "is not real"))
        return self.sp.nan

    def operand(self, op, value, node):
        """``value`` as a term (``-b`` for ``- b``) or a factor (``b**-1`` for ``/ b``) of a chain."""
        if op == "-":
            return -value
        if op == "/":
            _refuse_huge_power(value, self.sp.Integer(-1), self.text, node.span)
            if value.is_number and value.is_zero:
                self.bad.append((node, "divides by 0"))
                return self.sp.nan
            return self.sp.Pow(value, -1)
        return value

    def chain(self, head, results):
        """``a + b - c + ...`` (or ``a * b / c * ...``) at once, if its numbers are small enough."""
        links = []  # the chain's nodes, from the innermost one up to the head
        node = head
        while True:
            links.append(node)
            if id(node.left) not in self.inner:
                break
            node = node.left
        links.reverse()
        first = results[id(links[0].left)]
        items = [first] + [self.operand(n.op, results[id(n.right)], n) for n in links]
        additive = head.op in _ADDITIVE
        size = sum(term_digits(i) if additive else factor_digits(i) for i in items)
        if size <= MAX_POWER_DIGITS:
            return self.sp.Add(*items) if additive else self.sp.Mul(*items)
        # Too big at once: pairwise, so that the part that is too big is the one underlined.
        out = first
        for n in links:
            out = self.combine(n, [out, results[id(n.right)]])
        return out

    def charge_roots(self, base, exponent, node):
        """Account for the roots of numbers sympy takes to build ``base**exponent``."""
        for radicand, power in _roots(base, exponent):
            if (radicand, power) not in self.roots:
                self.roots.add((radicand, power))
                self.charge_root(radicand, node)

    def charge_root(self, radicand, node):
        size = digits(radicand)
        if size > MAX_ROOT_DIGITS:
            raise InputError(
                f"this root of a number of {size + 1:,.0f} digits would keep sympy factoring it for about "
                f"{_duration(_root_milliseconds(radicand))}, a longer one longer (half a second at 1,000 digits, "
                f"growing as the digits to the power 2.5); gradcli takes roots of numbers of at most "
                f"{MAX_ROOT_DIGITS} digits",
                text=self.text,
                span=node.span,
            )
        self.root_work += _root_milliseconds(radicand)
        if self.root_work > MAX_ROOT_MILLISECONDS:
            raise InputError(
                "this formula takes roots of too many or too long numbers: sympy factors each "
                "one (a millisecond for a short number, half a second for one of "
                f"{MAX_POWER_DIGITS:,} digits) and gradcli allows about a second of that",
                text=self.text,
                span=node.span,
            )


def digits(number) -> float:
    """log10 of the larger of |numerator| and denominator of a sympy Rational."""
    return math.log10(max(abs(number.p), number.q))


def _magnitude(number) -> float:
    try:
        return abs(float(number))
    except OverflowError:
        return math.inf


def factor_digits(expr) -> float:
    """A bound on the digits of the numbers sympy may multiply together out of ``expr``.

    The numbers of a product and the bases of numeric powers in it (``sqrt(A)``),
    looked for through powers (``(3*x)**2``) and the pieces of ``where``, scaled by
    the exponents that sympy would multiply them out with; not through sums or
    functions, which sympy leaves as they are.
    """
    import sympy as sp

    total = 0.0
    stack = [(expr, 1.0)]
    while stack:
        e, scale = stack.pop()
        if e.is_Rational:
            size = digits(e)
            if size > 0:
                total += scale * size
        elif e.is_Mul:
            stack.extend((a, scale) for a in e.args)
        elif e.is_Pow and e.exp.is_Rational:
            stack.append((e.base, scale * max(1.0, _magnitude(e.exp))))
        elif isinstance(e, sp.Piecewise):
            stack.extend((piece.expr, scale) for piece in e.args)
    return total


def term_digits(expr) -> float:
    """The digits of the numeric coefficients in ``expr``'s terms (what ``Add`` sums)."""
    terms = expr.args if expr.is_Add else (expr,)
    total = 0.0
    for term in terms:
        coefficient = term if term.is_Rational else term.as_coeff_Mul()[0]
        if coefficient.is_Rational:
            total += digits(coefficient)
    return total


def _refuse_huge_product(size, text, span):
    if size > MAX_POWER_DIGITS:
        raise InputError(
            f"this product would multiply numbers of about {size:,.0f} digits in all; gradcli "
            f"refuses numbers of more than {MAX_POWER_DIGITS:,} digits",
            text=text,
            span=span,
        )


def refuse_huge_numbers(expr, text, span, limit, coefficient_only=False, what="this part of the formula"):
    """Refuse ``expr`` if it holds a number of more than ``limit`` digits (``str`` would fail on it).

    With ``coefficient_only``, look only at its own numeric coefficient or
    term (constant time, for checking a tree node by node as it is built).
    """
    import sympy as sp

    if coefficient_only:
        numbers = [expr.as_coeff_Add()[0] if expr.is_Add else expr.as_coeff_Mul()[0]] if expr.is_Number or expr.is_Add or expr.is_Mul else []
    else:
        numbers = expr.atoms(sp.Rational)
    size = max((digits(n) for n in numbers if n.is_Rational), default=0)
    if size > limit:
        raise InputError(
            f"{what} would have a number of about {size:,.0f} digits; gradcli refuses numbers of "
            f"more than {limit:,} digits",
            text=text,
            span=span,
        )


def _refuse_huge_power(base, exponent, text, span):
    """Refuse a constant power that sympy would compute exactly into a huge number."""
    import sympy as sp

    if not exponent.is_Rational or exponent == 0:
        return
    if base.free_symbols:
        # (3*x)**n is 3**n*x**n to sympy: the numbers it would multiply out.
        size = factor_digits(base)
    else:
        # The digits of the rationals inside the base bound those of the power's parts.
        size = sum(digits(r) for r in base.atoms(sp.Rational))
    if size == 0:
        return
    log_size = math.log10(abs(exponent.p)) - math.log10(exponent.q) + math.log10(size)
    if log_size > math.log10(MAX_POWER_DIGITS):
        about = f"about {10**log_size:,.0f}" if log_size < 18 else "more than 10^18"
        raise InputError(
            f"this constant would have {about} digits; gradcli refuses constants of more "
            f"than {MAX_POWER_DIGITS:,} digits",
            text=text,
            span=span,
        )
