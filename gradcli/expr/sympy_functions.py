"""sympy functions of the formula language that sympy itself gets wrong; imported only with sympy.

They live in a module of their own so that expressions holding them pickle (a
forked child hands derivatives back pickled) and so that the parser never loads
sympy.
"""

from __future__ import annotations

import sympy
from sympy.core.symbol import Str
from sympy.codegen import cfunctions
from sympy.ntheory import factor_, isprime


def _cache_primes_only(cache):
    """Make sympy's cache of prime factors keep the prime factors it is given and pass over the others.

    sympy 1.14's ``factorint`` hands its cache the factors of a bounded search (``limit=2**15``, which
    ``Integer**Rational`` uses to take roots), some of them composite, and the cache raises ValueError on
    those (sympy issue 28621): sqrt(1 + r**2) of a rational r of 600 digits, as in
    sin(arctan2(-2, 1e-300)), failed so. A composite factor is a fact the cache cannot use, not an error.
    """

    def add(n, factors):
        for factor in sorted(factors, reverse=True):
            if isprime(factor):
                cache[n] = factor
            while n % factor == 0:
                n //= factor

    cache.add = add


_cache_primes_only(factor_.factor_cache)


class log2(cfunctions.log2):  # noqa: N801 - sympy's name, which the printers go by
    """sympy's ``log2``, evaluated numerically as ``log(x)/log(2)``.

    sympy's own evaluates ``rewrite(log)``, which rewrites an ``atan`` inside
    into complex logarithms too: ``log2(atan(1/2))`` came out with an imaginary
    part of 1e-38, so Max, Min and comparisons refused it as "not comparable".
    """

    def _eval_evalf(self, prec):
        return (sympy.log(self.args[0]) / sympy.log(2))._eval_evalf(prec)


class Written(sympy.Expr):
    """A real constant part of a formula that sympy cannot evaluate (``sigmoid(sinh(1e38))``), kept as written.

    Its arguments are the part as formula text, as ``gradcli.numpy`` code and as
    LaTeX (sympy `Str`), its value to 20 digits (a `sympy.Float`, from ball
    arithmetic) and whether that value's sign is known (sympy's true or false;
    not for ``erfc(sinh(1e38))``, 0 to any float). The value answers sympy's
    questions of sign and size, which sympy's own evaluation overflows on. It is
    real and finite, and constant: its derivative is 0.
    """

    is_commutative = True
    is_extended_real = True
    is_finite = True
    is_number = True

    def __new__(cls, text, code, latex, value, signed=True):
        args = [a if isinstance(a, sympy.Basic) else Str(a) for a in (text, code, latex)]
        return sympy.Expr.__new__(cls, *args, sympy.Float(value, 20), sympy.true if signed else sympy.false)

    @property
    def value(self):
        return self.args[3]

    def _sign(self, question):
        return getattr(self.value, question) if self.args[4] else None

    def _eval_is_zero(self):
        return self._sign("is_zero")

    def _eval_is_extended_positive(self):
        return self._sign("is_extended_positive")

    def _eval_is_extended_negative(self):
        return self._sign("is_extended_negative")

    def _eval_evalf(self, prec):
        return self.value._eval_evalf(prec)

    def _eval_derivative(self, symbol):
        return sympy.Integer(0)

    def _sympystr(self, printer):
        return self.args[0].name

    def _pythoncode(self, printer):
        return self.args[1].name

    def _latex(self, printer):
        return self.args[2].name


class cbrt(sympy.Function):  # noqa: N801 - the formula language's name, which the printers go by
    """The real cube root, negative below 0 as NumPy's, kept as a function of a symbol.

    sympy's own ``cbrt(x)`` is ``x**(1/3)``, the principal root, complex for
    x < 0: its derivative printed as ``1/(3*x**(2/3))`` is NaN on half the line.
    On a number this is the number's real root; on a symbol it stays ``cbrt(x)``,
    with derivative ``1/(3*cbrt(x)**2)``.
    """

    @classmethod
    def eval(cls, x):
        if x.is_number and x.is_extended_negative:
            return -sympy.cbrt(-x)
        if x.is_number and x.is_extended_nonnegative:
            return sympy.cbrt(x)
        return None

    def fdiff(self, argindex=1):
        return 1 / (3 * self**2)

    def _eval_is_extended_real(self):
        return self.args[0].is_extended_real

    def _eval_is_extended_positive(self):
        return self.args[0].is_extended_positive

    def _eval_is_extended_negative(self):
        return self.args[0].is_extended_negative

    def _eval_is_zero(self):
        return self.args[0].is_zero

    def _latex(self, printer, exp=None):
        root = rf"\sqrt[3]{{{printer._print(self.args[0])}}}"
        return root if exp is None else rf"\left({root}\right)^{{{exp}}}"


class _Stable(sympy.Function):
    """A function the formula language has as a stable op, kept as itself on symbols so that its derivative
    is printed with stable ops too; on numbers it is its closed form (`closed`), which sympy evaluates.

    sympy's closed forms overflow in float64 code: the derivative of log1p(exp(x)) is exp(x)/(exp(x) + 1),
    NaN past x = 709, where sigmoid(x) is 1.
    """

    @classmethod
    def closed(cls, *args):  # pragma: no cover - each function says its own
        raise NotImplementedError

    @classmethod
    def eval(cls, *args):
        if all(a.is_number for a in args):
            return cls.closed(*args)
        return None

    def _eval_evalf(self, prec):
        return self.closed(*self.args)._eval_evalf(prec)

    def _eval_rewrite_as_exp(self, *args, **hints):
        return self.closed(*args)

    def _eval_is_extended_real(self):
        return all(a.is_extended_real for a in self.args) or None


class sigmoid(_Stable):  # noqa: N801 - the formula language's name, which the printers go by
    """The logistic function 1/(1 + exp(-x)); its derivative sigmoid(x)*sigmoid(-x), each factor in [0, 1]
    (sigmoid(x)*(1 - sigmoid(x)) is 0 in float64 past x = 37, where the derivative is 1e-16)."""

    nargs = 1

    @classmethod
    def closed(cls, x):
        return 1 / (1 + sympy.exp(-x))

    def fdiff(self, argindex=1):
        (x,) = self.args
        return sigmoid(x) * sigmoid(-x)

    def _eval_is_extended_positive(self):
        return self.args[0].is_extended_real or None


class softplus(_Stable):  # noqa: N801 - the formula language's name, which the printers go by
    """log(1 + exp(x)), whose derivative is sigmoid(x)."""

    nargs = 1

    @classmethod
    def closed(cls, x):
        return cfunctions.log1p(sympy.exp(x))

    def fdiff(self, argindex=1):
        return sigmoid(self.args[0])

    def _eval_is_extended_positive(self):
        return self.args[0].is_extended_real or None


class logaddexp(_Stable):  # noqa: N801 - the formula language's name, which the printers go by
    """log(exp(x) + exp(y)), whose partial derivatives are sigmoid(x - y) and sigmoid(y - x)."""

    nargs = 2

    @classmethod
    def closed(cls, x, y):
        return sympy.log(sympy.exp(x) + sympy.exp(y))

    def fdiff(self, argindex=1):
        x, y = self.args
        return sigmoid(x - y) if argindex == 1 else sigmoid(y - x)


class _TimesLog(_Stable):
    """x times a logarithm of y (`logarithm`, of y + `shift`), 0 where x is 0 as NumPy's is, where the logarithm is
    -inf too; its partial derivatives the logarithm and x/(y + shift)."""

    nargs = 2
    shift = 0

    @staticmethod
    def logarithm(y):  # pragma: no cover - each function says its own
        raise NotImplementedError

    @classmethod
    def closed(cls, x, y):
        return sympy.Integer(0) if x.is_zero else x * cls.logarithm(y)

    def fdiff(self, argindex=1):
        x, y = self.args
        return self.logarithm(y) if argindex == 1 else x / (y + self.shift)


class xlogy(_TimesLog):  # noqa: N801 - the formula language's name, which the printers go by
    """x*log(y)."""

    logarithm = staticmethod(sympy.log)


class xlog1py(_TimesLog):  # noqa: N801 - the formula language's name, which the printers go by
    """x*log1p(y)."""

    shift = 1
    logarithm = staticmethod(cfunctions.log1p)


class ndtr(_Stable):  # noqa: N801 - the formula language's name, which the printers go by
    """The standard normal CDF erfc(-x/sqrt(2))/2, kept as itself: sympy writes erfc(-u) as 2 - erfc(u), which
    cancels in float64 far left. Its derivative is exp(-x**2/2)/sqrt(2*pi)."""

    nargs = 1

    @classmethod
    def closed(cls, x):
        return sympy.erfc(-x / sympy.sqrt(2)) / 2

    def fdiff(self, argindex=1):
        (x,) = self.args
        return sympy.exp(-(x**2) / 2) / sympy.sqrt(2 * sympy.pi)

    def _eval_is_extended_positive(self):
        return self.args[0].is_extended_real or None


class _KeptOnNumbers(_Stable):
    """A stable function kept as itself on numbers too, valued by its closed form only when sympy evaluates it: the
    closed form of a constant is unstable in float64 code as it is on symbols (erfcx(-1e38) is
    (2 - erfc(1e38))*exp(1e76), inf; log_ndtr(-1e38) is log(0))."""

    @classmethod
    def eval(cls, *args):
        return None


class erfcx(_KeptOnNumbers):  # noqa: N801 - the formula language's name, which the printers go by
    """The scaled complementary error function exp(x**2)*erfc(x), kept as itself: the product overflows times
    underflows in float64 past x = 26. Its derivative is 2*x*erfcx(x) - 2/sqrt(pi)."""

    nargs = 1

    @classmethod
    def closed(cls, x):
        return sympy.exp(x**2) * sympy.erfc(x)

    def fdiff(self, argindex=1):
        (x,) = self.args
        return 2 * x * erfcx(x) - 2 / sympy.sqrt(sympy.pi)

    def _eval_is_extended_positive(self):
        return self.args[0].is_extended_real or None


class log_ndtr(_KeptOnNumbers):  # noqa: N801 - the formula language's name, which the printers go by
    """The log of the standard normal CDF, kept as itself: log(ndtr(x)) is -inf in float64 left of x = -38.
    Its derivative, the normal density over the CDF, is written sqrt(2/pi)/erfcx(-x/sqrt(2)), which neither
    underflows to 0/0 far left nor overflows far right."""

    nargs = 1

    @classmethod
    def closed(cls, x):
        return sympy.log(ndtr.closed(x))

    def fdiff(self, argindex=1):
        (x,) = self.args
        return sympy.sqrt(2) / (sympy.sqrt(sympy.pi) * erfcx(-x / sympy.sqrt(2)))

    def _eval_is_extended_negative(self):
        return self.args[0].is_extended_real or None

    def _latex(self, printer, exp=None):
        # sympy reads the underscore as a subscript: \operatorname{log}_{ndtr}
        name = rf"\operatorname{{log\_ndtr}}{{\left({printer._print(self.args[0])} \right)}}"
        return name if exp is None else rf"{name}^{{{exp}}}"


class _ScaledBessel(_KeptOnNumbers):
    """exp(-|x|)*I_order(x), kept as itself: I_order overflows in float64 past x = 713, where the scaled one is
    finite."""

    nargs = 1
    order = 0

    @classmethod
    def closed(cls, x):
        return sympy.exp(-sympy.Abs(x)) * sympy.besseli(cls.order, x)


class i0e(_ScaledBessel):  # noqa: N801 - the formula language's name, which the printers go by
    """exp(-|x|)*I0(x), positive; its derivative is i1e(x) - sign(x)*i0e(x), with a corner at 0."""

    def fdiff(self, argindex=1):
        (x,) = self.args
        return i1e(x) - sympy.sign(x) * i0e(x)

    def _eval_is_extended_positive(self):
        return self.args[0].is_extended_real or None


class i1e(_ScaledBessel):  # noqa: N801 - the formula language's name, which the printers go by
    """exp(-|x|)*I1(x), odd; its derivative is i0e(x) - i1e(x)/x - sign(x)*i1e(x), and 1/2 at x = 0."""

    order = 1

    def fdiff(self, argindex=1):
        (x,) = self.args
        slope = i0e(x) - i1e(x) / x - sympy.sign(x) * i1e(x)
        return sympy.Piecewise((sympy.Rational(1, 2), sympy.Eq(x, 0)), (slope, True))


class lambertw(_KeptOnNumbers):  # noqa: N801 - the formula language's name, which the printers go by
    """Lambert's W on its principal real branch (W(x) e^W(x) = x, W >= -1), as gradcli.scipy.special's lambertw(x),
    NaN left of -1/e: sympy's LambertW is complex there. Its derivative is 1/(x + exp(W(x)))."""

    nargs = 1

    @classmethod
    def closed(cls, x):
        return sympy.LambertW(x)

    def fdiff(self, argindex=1):
        (x,) = self.args
        return 1 / (x + sympy.exp(lambertw(x)))

    def _eval_is_extended_real(self):
        (x,) = self.args
        if x.is_extended_real is not True:
            return None
        return (x + sympy.exp(-1)).is_extended_nonnegative  # the principal real branch starts at -1/e


class _CompleteElliptic(_KeptOnNumbers):
    """A complete elliptic integral of the parameter m = k**2 (of the first kind K, or the second E), as SciPy's, kept
    as itself (NaN right of m = 1, where sympy's elliptic_k and elliptic_e are complex)."""

    nargs = 1
    second_kind = False
    of_complement = False  # its argument is p = 1 - m (SciPy's ellipkm1), held whole where 1 - p would round

    @classmethod
    def closed(cls, x):
        m = 1 - x if cls.of_complement else x
        return sympy.elliptic_e(m) if cls.second_kind else sympy.elliptic_k(m)

    def _eval_is_extended_real(self):
        (x,) = self.args
        if x.is_extended_real is not True:
            return None
        return (x if self.of_complement else 1 - x).is_extended_nonnegative  # real for m <= 1, NaN right of it

    def _eval_is_finite(self):
        (x,) = self.args
        if not self.second_kind and (x if self.of_complement else 1 - x).is_zero:
            return False  # K's pole at m = 1, where SciPy's ellipk is inf
        return None


class ellipk(_CompleteElliptic):  # noqa: N801 - the formula language's name, which the printers go by
    """K(m); its derivative is (ellipe(m)/(1 - m) - ellipk(m))/(2*m) (Legendre's relation), pi/8 at 0."""

    def fdiff(self, argindex=1):
        (m,) = self.args
        slope = (ellipe(m) / (1 - m) - ellipk(m)) / (2 * m)
        return sympy.Piecewise((sympy.pi / 8, sympy.Eq(m, 0)), (slope, True))


class ellipkm1(_CompleteElliptic):  # noqa: N801 - the formula language's name, which the printers go by
    """K(1 - p); its derivative is (ellipkm1(p) - ellipe(1 - p)/p)/(2*(1 - p)), -pi/8 at p = 1."""

    of_complement = True

    def fdiff(self, argindex=1):
        (p,) = self.args
        slope = (ellipkm1(p) - ellipe(1 - p) / p) / (2 * (1 - p))
        return sympy.Piecewise((-sympy.pi / 8, sympy.Eq(p, 1)), (slope, True))


class ellipe(_CompleteElliptic):  # noqa: N801 - the formula language's name, which the printers go by
    """E(m); its derivative is (ellipe(m) - ellipk(m))/(2*m) (Legendre's relation), -pi/8 at 0."""

    second_kind = True

    def fdiff(self, argindex=1):
        (m,) = self.args
        return sympy.Piecewise((-sympy.pi / 8, sympy.Eq(m, 0)), ((ellipe(m) - ellipk(m)) / (2 * m), True))


def _outside(x, low, high):
    """Whether ``x`` is a real number outside [low, high] (None where sympy cannot tell)."""
    if not x.is_number or not x.is_extended_real:
        return None
    below, above = (x < low), (x > high)
    if below.is_Relational or above.is_Relational:
        return None
    return bool(below) or bool(above)


class erfinv(sympy.erfinv):  # noqa: N801 - the formula language's name, which the printers go by
    """sympy's inverse error function, not real outside [-1, 1] (where sympy leaves it unknown, and its evaluation
    raises)."""

    def _eval_is_extended_real(self):
        outside = _outside(self.args[0], -1, 1)
        return None if outside is None else not outside


class ndtri(_KeptOnNumbers):  # noqa: N801 - the formula language's name, which the printers go by
    """The inverse of the standard normal CDF, sqrt(2)*erfinv(2*p - 1), kept as itself: 2*p - 1 rounds to -1 in
    float64 below p = 1e-17. Its derivative is sqrt(2*pi)*exp(ndtri(p)**2/2); -oo at 0, oo at 1, not real
    outside [0, 1]."""

    nargs = 1

    @classmethod
    def eval(cls, p):
        ends = {sympy.Integer(0): -sympy.oo, sympy.Rational(1, 2): sympy.Integer(0), sympy.Integer(1): sympy.oo}
        return ends.get(p)

    def _eval_is_extended_real(self):
        outside = _outside(self.args[0], 0, 1)
        return None if outside is None else not outside

    @classmethod
    def closed(cls, p):
        return sympy.sqrt(2) * erfinv(2 * p - 1)

    def fdiff(self, argindex=1):
        return sympy.sqrt(2 * sympy.pi) * sympy.exp(self**2 / 2)


class sinc(_Stable):  # noqa: N801 - the formula language's name, which the printers go by
    """NumPy's normalised sinc, sin(pi*x)/(pi*x) and 1 at 0 (sympy's own ``sinc`` is sin(x)/x). Its derivative
    is (cos(pi*x) - sinc(x))/x, and 0 at x = 0."""

    nargs = 1

    @classmethod
    def closed(cls, x):
        return sympy.Integer(1) if x.is_zero else sympy.sin(sympy.pi * x) / (sympy.pi * x)

    def fdiff(self, argindex=1):
        (x,) = self.args
        return sympy.Piecewise((0, sympy.Eq(x, 0)), ((sympy.cos(sympy.pi * x) - sinc(x)) / x, True))
