"""Formula text to IR: ``ast.parse`` plus a whitelist walk. Nothing is ever executed.

The text is parsed by Python's own parser in ``eval`` mode, and only these
node kinds are accepted: numbers, names, ``+ - * / ** %``, unary minus and
plus, calls of known function names, and comparisons as the first argument of
``where``. ``^`` means power, as in mathematics. User text never reaches
``eval``, ``exec``, ``compile``, ``sympify``, ``parse_expr`` or ``lambdify``.

Limits keep hostile input cheap: the text's length, the nesting depth, the
number of nodes, and the size of constant powers (``9**9**9**9`` is refused
in microseconds instead of computed).
"""

from __future__ import annotations

import ast
import difflib
import math
import re
from fractions import Fraction

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
    original = text
    text = text.strip()
    if not text:
        raise InputError("the formula is empty", text=original)
    if len(text) > MAX_LENGTH:
        raise InputError(
            f"the formula is {len(text):,} characters long; gradcli reads at most {MAX_LENGTH:,}"
        )
    text = re.sub(r"[\t\r\n\f\v]", " ", text)
    _check_paren_depth(text)
    python_text, to_original = _caret_as_power(text)
    tree = _python_parse(text, python_text, to_original)
    return _Builder(text, to_original, set(treat_as_variables)).build(tree)


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
    try:
        return ast.parse(python_text, mode="eval")
    except SyntaxError as error:
        offset = _char_offset(python_text, (error.offset or 1) - 1) if error.lineno == 1 else 0
        start = to_original[min(max(offset, 0), len(to_original) - 1)]
        implicit = _IMPLICIT_PRODUCT.search(text)
        if implicit and not _is_number(implicit.group(0).replace(" ", "")):
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
        raise InputError(
            f"the formula nests too deeply to read (at most {MAX_DEPTH:,} levels)", text=None
        ) from None
    except ValueError as error:  # e.g. null bytes
        raise InputError(f"the formula is not valid: {error}") from None


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
            results[id(node)] = self.convert(node, [results[id(c)] for c in self.children(node)])
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
            out = Binary(span, op, *args)
            if op == "**":
                self.check_power(out, node)
            return out
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
        if lookup(name) is not None and name not in self.treat_as_variables:
            self.fail(f"'{name}' is a function: call it, as in {name}(x)", node)
        if name in CONSTANTS and name not in self.treat_as_variables:
            return Const(span, name)
        return Var(span, name)

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

    def check_power(self, power, node):
        base, exponent = _constant_value(power.left), _constant_value(power.right)
        if base is None or exponent is None or abs(base) in (0, 1):
            return
        digits = _magnitude(exponent) * abs(_log10(base))
        if digits > MAX_POWER_DIGITS:
            self.fail(
                f"this constant power is about 10^{digits:,.0f}; gradcli refuses constant powers "
                f"beyond 10^{MAX_POWER_DIGITS:,}",
                node,
            )


def _log10(value: Fraction) -> float:
    """log10 of |value| for a fraction of any size (floats would overflow)."""
    return math.log10(abs(value.numerator)) - math.log10(value.denominator)


def _magnitude(value: Fraction) -> float:
    try:
        return abs(float(value))
    except OverflowError:
        return math.inf


def _constant_value(node):
    """The exact value of a small constant subexpression of numbers, or None."""
    if isinstance(node, Num):
        return node.exact
    if isinstance(node, Unary):
        inner = _constant_value(node.operand)
        return None if inner is None else (-inner if node.op == "-" else inner)
    if isinstance(node, Binary) and node.op == "**":
        base, exponent = _constant_value(node.left), _constant_value(node.right)
        if base is None or exponent is None or exponent.denominator != 1:
            return None
        if base == 0 and exponent < 0:
            return None
        # Already checked to be at most 10^MAX_POWER_DIGITS, so this is cheap.
        return base ** int(exponent)
    return None


def _all_vars(root):
    from .ir import postorder

    return [n for n in postorder(root) if isinstance(n, Var)]


def function_names():
    """Every function a formula may call, with aliases (for help texts)."""
    return sorted(FUNCTIONS), known_names()
