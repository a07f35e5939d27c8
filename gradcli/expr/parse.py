"""Formula text to IR: ``ast.parse`` plus a whitelist walk. Nothing is ever executed.

The text is parsed by Python's own parser in ``eval`` mode, and only these
node kinds are accepted: numbers, names, ``+ - * / ** %``, unary minus and
plus, calls of known function names, and comparisons as the first argument of
``where``. ``^`` means power, as in mathematics. User text never reaches
``eval``, ``exec``, ``compile``, ``sympify``, ``parse_expr`` or ``lambdify``.
Comments (``#``) are refused, as they would hide the rest of the text;
so are invisible and control characters (NUL, ESC, zero-width spaces,
bidirectional overrides: an error echoes them as U+FFFD, never raw to the
terminal) and names Python would read as another name (``ｘ``, ``𝑥``).

Limits keep hostile input cheap: the text's length, the nesting depth, the
number of nodes, and the size of constants (``9**9**9**9``, ``(1/2)**9**9``
and ``9**9**9.5`` are refused in microseconds, never computed): the parser
bounds the digits of every constant subexpression, so sympy, which computes
constant powers exactly, is never asked for a huge one.
"""

from __future__ import annotations

import ast
import difflib
import keyword
import math
import re
import sys
import unicodedata
from fractions import Fraction
from typing import NamedTuple, Optional

from ..errors import InputError
from .functions import CONSTANTS, FUNCTIONS, known_names, lookup
from .ir import Binary, Call, Compare, Const, Formula, Num, Unary, Var

MAX_LENGTH = 20_000
MAX_PAREN_DEPTH = 100
MAX_DEPTH = 10_000
MAX_NODES = 20_000
MAX_POWER_DIGITS = 1_000

_BINARY = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.Pow: "**",
    ast.Mod: "%",
}
_UNARY = {ast.USub: "-", ast.UAdd: "+"}
_COMPARE = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!="}

_UNSUPPORTED = {
    ast.Attribute: "attribute access (x.y) is not allowed",
    ast.Subscript: "indexing (x[i]) is not allowed",
    ast.Lambda: "lambda is not allowed",
    ast.ListComp: "comprehensions are not allowed",
    ast.SetComp: "comprehensions are not allowed",
    ast.DictComp: "comprehensions are not allowed",
    ast.GeneratorExp: "comprehensions are not allowed",
    ast.JoinedStr: "strings are not allowed",
    ast.FormattedValue: "strings are not allowed",
    ast.Dict: "dictionaries are not allowed",
    ast.Set: "sets are not allowed",
    ast.List: "lists are not allowed",
    ast.Tuple: "tuples are not allowed (did a comma slip in?)",
    ast.BoolOp: "'and'/'or' are not allowed; use where(cond, a, b)",
    ast.IfExp: "'a if c else b' is not allowed; use where(c, a, b)",
    ast.NamedExpr: "':=' is not allowed",
    ast.Starred: "'*' unpacking is not allowed",
    ast.Await: "'await' is not allowed",
    ast.Yield: "'yield' is not allowed",
    ast.YieldFrom: "'yield' is not allowed",
    ast.Slice: "slices are not allowed",
}


def parse(text, treat_as_variables=()):
    """Parse a formula into a `Formula` (IR + variables), or raise `InputError` (exit 2).

    ``treat_as_variables`` names that are variables even though they would
    otherwise be constants (``e``, ``pi``).
    """
    if not isinstance(text, str):
        raise InputError(f"a formula must be text, not {type(text).__name__}")
    text = text.strip()
    if not text:
        raise InputError("the formula is empty")  # nothing to show (and blanks may be controls)
    if len(text) > MAX_LENGTH:
        raise InputError(
            f"the formula is {len(text):,} characters long; gradcli reads at most {MAX_LENGTH:,}"
        )
    text = re.sub(r"[\t\r\n\f\v]", " ", text)
    _check_characters(text)
    _check_paren_depth(text)
    python_text, to_original = _caret_as_power(text)
    tree = _python_parse(text, python_text, to_original)
    formula = _Builder(text, to_original, set(treat_as_variables)).build(tree)
    if "#" in text:  # no strings got through, so this starts a comment
        start = text.index("#")
        raise InputError(
            "comments ('#') are not allowed: gradcli would silently ignore the rest of the formula",
            text=text,
            span=(start, len(text)),
        )
    return formula


# Characters that show as nothing, or as something else, or that drive the terminal:
# controls (NUL, ESC), format characters (zero-width space, bidirectional overrides),
# lone surrogates (bytes that were not UTF-8), private-use and unassigned code points,
# line and paragraph separators. Echoing them in an error would hide what is wrong.
_INVISIBLE = {
    "Cc": "a control character",
    "Cf": "an invisible formatting character",
    "Cs": "a byte that is not valid UTF-8",
    "Co": "a private-use character",
    "Cn": "an unassigned character",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}


def _check_characters(text):
    """Refuse invisible and control characters, echoing the text with each shown as U+FFFD."""
    bad = [i for i, ch in enumerate(text) if unicodedata.category(ch) in _INVISIBLE]
    if not bad:
        return
    first = text[bad[0]]
    name = unicodedata.name(first, "")
    shown = "".join("\ufffd" if unicodedata.category(ch) in _INVISIBLE else ch for ch in text)
    raise InputError(
        f"the formula contains {_INVISIBLE[unicodedata.category(first)]} "
        f"(U+{ord(first):04X}{' ' + name if name else ''}); type the formula again without it",
        text=shown,
        span=(bad[0], bad[0] + 1),
    )


def _check_paren_depth(text):
    depth = 0
    for i, ch in enumerate(text):
        if ch in "([{":
            depth += 1
            if depth > MAX_PAREN_DEPTH:
                raise InputError(
                    f"the formula nests parentheses more than {MAX_PAREN_DEPTH} deep",
                    text=text,
                    span=(i, i + 1),
                )
        elif ch in ")]}":
            depth -= 1


def _caret_as_power(text):
    """Replace ``^`` by ``**``; return the new text and a map of its offsets to the original's."""
    out = []
    to_original = []
    for i, ch in enumerate(text):
        if ch == "^":
            out.append("**")
            to_original.extend((i, i))
        else:
            out.append(ch)
            to_original.append(i)
    to_original.append(len(text))
    return "".join(out), to_original


_IMPLICIT_PRODUCT = re.compile(r"(?<![\w.])(\d+\.?\d*(?:[eE][+-]?\d+)?)\s*([A-Za-z_]\w*|\()")


def _python_parse(text, python_text, to_original):
    # Python 3.11 builds the AST under the interpreter's recursion limit (3
    # levels per frame), which a 3,000-term sum x+x+...+x exceeds; lift it for
    # the parse only. The text's length bounds the depth.
    limit = sys.getrecursionlimit()
    try:
        sys.setrecursionlimit(max(limit, MAX_DEPTH // 3 + 1_000))
        return ast.parse(python_text, mode="eval")
    except SyntaxError as error:
        if "integer string conversion" in (error.msg or ""):
            _refuse_long_integer(text)
        offset = _char_offset(python_text, (error.offset or 1) - 1) if error.lineno == 1 else 0
        start = to_original[min(max(offset, 0), len(to_original) - 1)]
        implicit = next(
            (
                match
                for match in _IMPLICIT_PRODUCT.finditer(text)
                if not keyword.iskeyword(match.group(2)) and not _is_number(match.group(0).replace(" ", ""))
            ),
            None,
        )
        if implicit:
            number, rest = implicit.group(1), implicit.group(2)
            raise InputError(
                f"'{number}{rest}' is not a product: write the multiplication, as in "
                f"{number}*{rest}",
                text=text,
                span=implicit.span(),
            ) from None
        message = (error.msg or "invalid syntax").rstrip(".")
        if "never closed" in message or "unexpected EOF" in message:
            message = f"{message}: a parenthesis is missing"
        raise InputError(f"the formula is not valid: {message}", text=text, span=(start, start + 1)) from None
    except (RecursionError, MemoryError):
        # Python's own parser gives up at a few thousand levels (fewer than MAX_DEPTH).
        raise InputError(
            "the formula nests too deeply for Python's parser to read (thousands of levels of "
            "operators or calls inside each other)",
            text=None,
        ) from None
    except ValueError as error:  # e.g. null bytes
        raise InputError(f"the formula is not valid: {error}") from None
    finally:
        sys.setrecursionlimit(limit)


def _refuse_long_integer(text):
    """Python refuses decimal literals of more than 4,300 digits; say it as gradcli's own limit."""
    for match in re.finditer(r"(?<![\w.])\d[\d_]*", text):
        digits = len(match.group(0).replace("_", ""))
        if digits > MAX_POWER_DIGITS:
            raise InputError(
                f"this constant would have {digits:,} digits; gradcli refuses constants of more "
                f"than {MAX_POWER_DIGITS:,} digits",
                text=text,
                span=match.span(),
            ) from None


def _is_number(token):
    try:
        float(token)
        return True
    except ValueError:
        return False


def _char_offset(text, utf8_offset):
    """A character offset from a UTF-8 byte offset (ast reports bytes)."""
    return len(text.encode("utf-8")[:utf8_offset].decode("utf-8", errors="ignore"))


class _Builder:
    """The whitelist walk from Python's AST to the IR, iterative and counting as it goes."""

    def __init__(self, text, to_original, treat_as_variables):
        self.text = text
        self.python_text = None
        self.to_original = to_original
        self.treat_as_variables = treat_as_variables
        self.nodes = 0
        self.constants = {}  # id(IR node) -> _Constant, for the variable-free ones

    def span(self, node):
        start = _char_offset(self._python(), node.col_offset)
        end = _char_offset(self._python(), node.end_col_offset)
        return (self.to_original[start], self.to_original[max(end - 1, start)] + 1)

    def _python(self):
        if self.python_text is None:
            self.python_text = self.text.replace("^", "**")
        return self.python_text

    def fail(self, message, node):
        raise InputError(message, text=self.text, span=self.span(node))

    def build(self, tree):
        # Post-order over the Python AST with an explicit stack: deep formulas
        # (x+x+...+x, 10,000 terms) need no recursion.
        results = {}
        stack = [(tree.body, 0, False)]
        while stack:
            node, depth, expanded = stack.pop()
            if not expanded:
                if depth > MAX_DEPTH:
                    self.fail(f"the formula nests more than {MAX_DEPTH:,} levels deep", node)
                self.nodes += 1
                if self.nodes > MAX_NODES:
                    raise InputError(
                        f"the formula has more than {MAX_NODES:,} parts; gradcli reads at most that many"
                    )
                children = self.children(node)
                stack.append((node, depth, True))
                for child in reversed(children):
                    stack.append((child, depth + 1, False))
                continue
            out = self.convert(node, [results[id(c)] for c in self.children(node)])
            self.track(out, node)
            results[id(node)] = out
        root = results[id(tree.body)]
        if isinstance(root, Compare):
            self.fail("a comparison is only allowed as the first argument of where(...)", tree.body)
        variables = sorted(
            {(n.span[0], n.name) for n in _all_vars(root)}, key=lambda pair: pair[0]
        )
        ordered = tuple(dict.fromkeys(name for _, name in variables))
        return Formula(self.text, root, ordered, self.nodes)

    def children(self, node):
        if isinstance(node, ast.BinOp):
            return [node.left, node.right]
        if isinstance(node, ast.UnaryOp):
            return [node.operand]
        if isinstance(node, ast.Call):
            return list(node.args)
        if isinstance(node, ast.Compare):
            return [node.left, *node.comparators]
        return []

    def convert(self, node, args):
        span = self.span(node)
        if isinstance(node, ast.Constant):
            return self.number(node, span)
        if isinstance(node, ast.Name):
            return self.name(node, span)
        if isinstance(node, ast.BinOp):
            op = _BINARY.get(type(node.op))
            if op is None:
                symbol = self.text[span[0] : span[1]]
                self.fail(f"the operator in '{symbol}' is not allowed (use + - * / ** % ^)", node)
            self.reject_comparisons(node, args)
            return Binary(span, op, *args)
        if isinstance(node, ast.UnaryOp):
            op = _UNARY.get(type(node.op))
            if op is None:
                self.fail("only unary minus and plus are allowed ('not' and '~' are not)", node)
            self.reject_comparisons(node, args)
            return Unary(span, op, args[0])
        if isinstance(node, ast.Compare):
            if len(node.ops) != 1:
                self.fail("chained comparisons (a < b < c) are not allowed", node)
            op = _COMPARE.get(type(node.ops[0]))
            if op is None:
                self.fail("only < <= > >= == != are allowed in comparisons", node)
            return Compare(span, op, *args)
        if isinstance(node, ast.Call):
            return self.call(node, span, args)
        for kind, message in _UNSUPPORTED.items():
            if isinstance(node, kind):
                self.fail(message, node)
        self.fail(f"'{self.text[span[0]:span[1]]}' is not allowed in a formula", node)

    def reject_comparisons(self, node, args):
        for arg in args:
            if isinstance(arg, Compare):
                raise InputError(
                    "a comparison is only allowed as the first argument of where(...)",
                    text=self.text,
                    span=arg.span,
                )

    def number(self, node, span):
        value = node.value
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            kind = "strings" if isinstance(value, (str, bytes)) else f"{type(value).__name__} values"
            if isinstance(value, complex):
                kind = "complex numbers"
            self.fail(f"{kind} are not allowed in a formula", node)
        literal = self.text[span[0] : span[1]].replace("_", "")
        try:
            exact = Fraction(literal)
        except (ValueError, ZeroDivisionError):
            exact = Fraction(value)
        return Num(span, literal, exact)

    def name(self, node, span):
        name = node.id
        if name.startswith("__"):
            self.fail(f"names starting with '__' are not allowed ('{name}')", node)
        self.check_spelling(node, span)
        if lookup(name) is not None and name not in self.treat_as_variables:
            self.fail(f"'{name}' is a function: call it, as in {name}(x)", node)
        if name in CONSTANTS and name not in self.treat_as_variables:
            return Const(span, name)
        return Var(span, name)

    def check_spelling(self, node, span):
        """Refuse a name Python read differently from how it is written (NFKC: 'ｘ', '𝑥', 'µ')."""
        written = self.text[span[0] : span[1]]
        if written != node.id:
            raise InputError(
                f"'{written}' is written with look-alike characters that Python reads as "
                f"'{node.id}'; type {node.id} in plain letters",
                text=self.text,
                span=span,
            )

    def call(self, node, span, args):
        if not isinstance(node.func, ast.Name):
            callee = self.text[span[0] : self.span(node.func)[1]]
            if callee.startswith("(") and not callee.endswith(")"):
                callee += ")"
            if isinstance(node.func, (ast.Constant, ast.BinOp, ast.UnaryOp, ast.Call)):
                self.fail(
                    f"'{callee}(...)' is not a call: write the multiplication, as in {callee}*(...)",
                    node,
                )
            self.fail("only known functions can be called, by name", node)
        self.check_spelling(node.func, self.span(node.func))
        if node.keywords:
            self.fail(f"{node.func.id}() takes no keyword arguments", node)
        spec = lookup(node.func.id)
        if spec is None:
            self.unknown_function(node)
        if len(args) not in spec.arities:
            counts = " or ".join(str(a) for a in spec.arities)
            plural = "s" if spec.arities[-1] != 1 else ""
            self.fail(f"{node.func.id}() takes {counts} argument{plural}, got {len(args)}", node)
        for position, arg in enumerate(args):
            if isinstance(arg, Compare) and not (spec.name == "where" and position == 0):
                raise InputError(
                    "a comparison is only allowed as the first argument of where(...)",
                    text=self.text,
                    span=arg.span,
                )
        if spec.name == "where" and not isinstance(args[0], Compare):
            raise InputError(
                "the first argument of where(...) must be a comparison, as in where(x > 0, a, b)",
                text=self.text,
                span=args[0].span,
            )
        return Call(span, spec.name, tuple(args))

    def unknown_function(self, node):
        name = node.func.id
        close = difflib.get_close_matches(name, known_names(), n=1, cutoff=0.6)
        if close:
            hint = f"; did you mean {close[0]}?"
        elif len(name) <= 2:
            hint = f"; for a product write {name}*(...)"
        else:
            hint = "; `gradcli diff --help` lists the functions"
        raise InputError(
            f"unknown function '{name}'{hint}",
            text=self.text,
            span=self.span(node.func),
        )

    def track(self, out, node):
        """Bound the size of a constant subexpression; refuse one too big to compute exactly."""
        if isinstance(out, Var):
            return
        parts = [self.constants.get(id(child)) for child in out.children()]
        if None in parts:
            return  # it depends on a variable
        if isinstance(out, Num):
            info = _Constant.of(out.exact)
        elif isinstance(out, Const):
            info = _Constant(None, math.log10(math.pi if out.name == "pi" else math.e))
        elif isinstance(out, Unary):
            info = parts[0] if out.op == "+" else parts[0].negated()
        elif isinstance(out, Binary):
            info = _binary_constant(out.op, *parts)
        elif isinstance(out, Call):
            info = _call_constant(out.name, parts)
        else:  # a comparison: a boolean
            info = _Constant(None, 0.0, any(p.has_log for p in parts))
        if not info.digits <= MAX_POWER_DIGITS:
            size = f"about {info.digits:,.0f}" if info.digits < 1e18 else "more than 10^18"
            self.fail(
                f"this constant would have {size} digits; gradcli refuses constants of more "
                f"than {MAX_POWER_DIGITS:,} digits",
                node,
            )
        self.constants[id(out)] = info


class _Constant(NamedTuple):
    """What the parser knows of a constant subexpression, so that no constant is ever computed big.

    ``exact`` is its value when it is a known, small rational; ``digits`` bounds
    the decimal digits of the numerator and denominator of any exact value sympy
    could make of it (for pi and e, the digits of their magnitude); ``has_log``
    says a logarithm is inside (``exp(n*log(3))`` is ``3**n`` to sympy).
    """

    exact: Optional[Fraction]
    digits: float
    has_log: bool = False

    @classmethod
    def of(cls, value: Fraction):
        digits = _digits(value)
        return cls(value if digits <= MAX_POWER_DIGITS else None, digits)

    def negated(self):
        return self._replace(exact=None if self.exact is None else -self.exact)


# Functions sympy may turn into a power when a logarithm is inside, and the logarithms.
_EXP_LIKE = {"exp", "exp2", "expm1", "sinh", "cosh", "tanh", "sigmoid", "softplus", "logaddexp"}
_LOG_LIKE = {"log", "log2", "log10", "log1p", "logaddexp", "softplus", "arcsinh", "arccosh", "arctanh"}


def _binary_constant(op, a, b):
    has_log = a.has_log or b.has_log
    if op == "**":
        if a.exact is not None and abs(a.exact) <= 1 and a.exact.denominator == 1:
            return _Constant(None, 0.0, has_log)  # 0, 1 and -1 to any power
        # |p/q| <= |p|: an exponent known only by its digits is at most 10**digits.
        exponent = _exp10(b.digits) if b.exact is None else _magnitude(b.exact)
        digits = _times(exponent, a.digits)
        if a.exact is not None and b.exact is not None and b.exact.denominator == 1 and digits <= MAX_POWER_DIGITS:
            if not (a.exact == 0 and b.exact < 0):
                return _Constant.of(a.exact ** int(b.exact))._replace(has_log=has_log)
        return _Constant(None, digits, has_log)
    if a.exact is not None and b.exact is not None and (op in "+-*" or b.exact != 0):
        exact = {"+": a.exact + b.exact, "-": a.exact - b.exact, "*": a.exact * b.exact}.get(op)
        if exact is None:
            exact = a.exact / b.exact if op == "/" else a.exact % b.exact
        return _Constant.of(exact)._replace(has_log=has_log)
    # p1/q1 + p2/q2 = (p1*q2 + p2*q1)/(q1*q2); a % b = a - b*floor(a/b).
    bound = {"+": 0.302, "-": 0.302, "*": 0.0, "/": 0.0, "%": b.digits}[op]
    return _Constant(None, a.digits + b.digits + bound, has_log)


def _call_constant(name, parts):
    has_log = any(p.has_log for p in parts) or name in _LOG_LIKE
    if name in _EXP_LIKE and has_log:
        # exp(c*log(a)) is a**c, of up to |c|*digits(a) <= 10**digits(c*log(a)) digits.
        return _Constant(None, _exp10(max(p.digits for p in parts)), True)
    if name == "hypot":
        return _Constant(None, sum(p.digits for p in parts) + 1, has_log)
    return _Constant(None, max(p.digits for p in parts) + (1 if name in ("floor", "ceil") else 0), has_log)


def _digits(value: Fraction) -> float:
    """log10 of the larger of |numerator| and denominator (cheap for integers of any size)."""
    return math.log10(max(abs(value.numerator), value.denominator))


def _magnitude(value: Fraction) -> float:
    try:
        return abs(float(value))
    except OverflowError:
        return math.inf


def _exp10(digits: float) -> float:
    return math.inf if digits > 300 else 10.0**digits


def _times(a: float, b: float) -> float:
    return 0.0 if b == 0 else a * b


def _all_vars(root):
    from .ir import postorder

    return [n for n in postorder(root) if isinstance(n, Var)]


def function_names():
    """Every function a formula may call, with aliases (for help texts)."""
    return sorted(FUNCTIONS), known_names()
