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

Limits keep hostile input cheap, each reachable with its own message: the
text's length (20,000 characters), the number of nodes (10,000: a sum of 5,000
terms), the nesting depth (200 levels, a chain a + b + c counting as one), and
the size of constants (``9**9**9**9``, ``(1/2)**9**9``, ``9**9**9.5`` and
``floor(exp(1000))`` are refused in microseconds, never computed): the parser
estimates every constant subexpression (`sizes`), so sympy, which computes
constant powers and integer parts exactly, is never asked for a huge one.
Decimal literals that float64 cannot hold (``1e400``) are refused too: NumPy
would read them as inf or 0, sympy exactly.

Syntax errors are said in a formula's terms, at the place where something is
wrong: the end of ``x +``, the two operands of ``x y``, a statement
(``x = 1``) that is no formula.
"""

from __future__ import annotations

import ast
import difflib
import keyword
import math
import re
import sys
import unicodedata
import warnings
from fractions import Fraction

from ..errors import InputError
from . import sizes
from .functions import CONSTANTS, FUNCTIONS, known_names, lookup
from .ir import Binary, Call, Compare, Const, Formula, Num, Unary, Var
from .operators import BINARY, COMPARISONS, UNARY

MAX_LENGTH = 20_000
MAX_PAREN_DEPTH = 100
# Operators and calls inside each other, not counting the links of a chain a + b - c + ...
# or a * b / c * ... (so that a 5,000-term sum is 2 levels deep); Python's own parser
# gives up at about 2,000 levels, and sympy recurses once per level.
MAX_DEPTH = 200
# A sum x+x+...+x makes a node of every character: the limit is below what MAX_LENGTH allows.
MAX_NODES = 10_000
MAX_POWER_DIGITS = sizes.MAX_EXACT_DIGITS

_BINARY = {op.node: op.symbol for op in BINARY}
_UNARY = {op.node: op.symbol for op in UNARY}
_COMPARE = {op.node: op.symbol for op in COMPARISONS}
# Left-nested chains of operators of one precedence (a + b - c, a * b / c) count as one level of
# depth; ** nests to the right.
_CHAIN_LEVEL = {op.node: op.precedence for op in BINARY if op.symbol != "**"}

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


# A number then a name or a parenthesis: ``2x``, ``3 (x+1)``. Each part can end in only one
# place (a digit never follows where a part may stop), so a failed match is linear: ``\d+\.?\d*``
# backtracked quadratically over 20,000 digits followed by ".+".
_IMPLICIT_PRODUCT = re.compile(r"(?<![\w.])(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?)\s*([A-Za-z_]\w*|\()")


def _python_parse(text, python_text, to_original):
    # Python 3.11 builds the AST under the interpreter's recursion limit (3
    # levels per frame), which a 3,000-term sum x+x+...+x exceeds; lift it for
    # the parse only. The text's length bounds the depth (a sum of MAX_LENGTH / 2 terms).
    limit = sys.getrecursionlimit()
    try:
        sys.setrecursionlimit(max(limit, MAX_LENGTH // 6 + 1_000))
        return _quiet_parse(python_text, "eval")
    except SyntaxError as error:
        raise _syntax_error(text, python_text, to_original, error) from None
    except (RecursionError, MemoryError):
        # Python's own parser gives up at a few thousand levels of unary minus or powers.
        raise InputError(
            "the formula nests too deeply for Python's parser to read (thousands of levels of "
            "operators or calls inside each other)",
            text=None,
        ) from None
    except ValueError as error:  # e.g. null bytes
        raise InputError(f"the formula is not valid: {error}") from None
    finally:
        sys.setrecursionlimit(limit)


def _quiet_parse(python_text, mode):
    """``ast.parse`` without its warnings: "1is n" warns of an invalid decimal literal before failing.

    Every such text (a digit run into ``if``, ``is``, ``or`` ...) is refused anyway, with a message
    in a formula's terms; a Python warning on the user's terminal would only confuse it.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return ast.parse(python_text, mode=mode)


# What a formula can end with that needs something after it.
_TRAILING = re.compile(r"(\*\*|//|[<>=!]=|[-+*/%^<>=,(@&|~]|\b(?:if|else|and|or|not|in|is|lambda)\b)\s*$")
# The start of an operand: a name or number, and the arguments of a call.
_OPERAND_START = re.compile(r"[\w.]+(\([^()]*\))?")
_STATEMENTS = {
    ast.Assign: "an assignment",
    ast.AugAssign: "an assignment",
    ast.AnnAssign: "an assignment",
    ast.Import: "an import",
    ast.ImportFrom: "an import",
}


def _syntax_error(text, python_text, to_original, error):
    """The `InputError` for Python's SyntaxError: what is wrong, said in a formula's terms."""
    if "integer string conversion" in (error.msg or ""):
        _refuse_long_integer(text)
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
        return InputError(
            f"'{number}{rest}' is not a product: write the multiplication, as in {number}*{rest}",
            text=text,
            span=implicit.span(),
        )
    statement = _statement_error(text, python_text, to_original)
    if statement:
        return statement
    message = (error.msg or "invalid syntax").rstrip(".")
    if "never closed" in message or "unexpected EOF" in message:
        message = f"{message}: a parenthesis is missing"
    elif "'if' expression" in message:
        return InputError(_UNSUPPORTED[ast.IfExp], text=text, span=(0, len(text)))
    # Python reports a text that stops too early at offset 0: the place is its end.
    at_end = not error.offset
    offset = len(python_text) if at_end else _char_offset(python_text, error.offset - 1) if error.lineno == 1 else 0
    start = to_original[min(max(offset, 0), len(to_original) - 1)]
    if message == "invalid syntax":
        missing = _missing_operand(text, start, at_end) or _side_by_side(text, start)
        if missing:
            return missing
    return InputError(f"the formula is not valid: {message}", text=text, span=(start, start + 1))


def _missing_operand(text, start, at_end):
    """An error for an operator with nothing after it (``x +``, ``f(x +)``), or None."""
    trailing = _TRAILING.search(text[:start])
    if not trailing or not (at_end or text[start] in "),"):
        return None
    what = f"'{trailing.group(1)}'"
    if not trailing.group(1).isalpha():
        what = f"an operator ({what})"
    if at_end:
        return InputError(
            f"the formula ends after {what}: something is missing at the end", text=text, span=(start, start + 1)
        )
    return InputError(
        f"{what} has nothing after it, before '{text[start]}'", text=text, span=(start, start + 1)
    )


def _side_by_side(text, start):
    """An error for two operands with nothing between them (``x y``, ``sin x``), or None."""
    before = text[:start].rstrip()
    right = _OPERAND_START.match(text, start)
    if not (right and before) or len(before) == start:
        return None  # nothing, or no blank, before the second operand
    # Scanned by hand, not by a regular expression: one that backtracks costs n**2 on 20,000 letters.
    end = len(before)
    if before[-1] == ")":
        begin = _group_start(text, end - 1)
    else:
        begin = end
        while begin > 0 and (before[begin - 1].isalnum() or before[begin - 1] in "_."):
            begin -= 1
        if begin == end:
            return None
    a, b = _short(text[begin:end]), _short(right.group(0))
    if lookup(a) is not None:
        hint = f"to call {a}, write {a}({b})"
    else:
        hint = f"write the operation between them, as in {a}*{b}"
    return InputError(
        f"'{a}' and '{b}' stand side by side with no operator between them: {hint}",
        text=text,
        span=(begin, right.end()),
    )


def _short(part: str) -> str:
    """``part`` for a message: a long one shortened (the formula itself is shown in full below it)."""
    return part if len(part) <= 24 else f"{part[:10]}...{part[-10:]}"


def _group_start(text, close):
    """Where the parenthesised group (or call) that ends at ``text[close] == ')'`` starts."""
    depth = 0
    for i in range(close, -1, -1):
        depth += {")": 1, "(": -1}.get(text[i], 0)
        if depth == 0:
            while i > 0 and (text[i - 1].isalnum() or text[i - 1] == "_"):
                i -= 1  # the name of a call: sin(x)
            return i
    return close


def _statement_error(text, python_text, to_original):
    """An error for Python statements (``x = 1``, ``import os``, ``x; y``), or None.

    Parsing as statements runs nothing: ``ast.parse`` only reads.
    """
    try:
        body = _quiet_parse(python_text, "exec").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    if len(body) > 1:
        semicolon = python_text.find(";")
        start = to_original[semicolon] if semicolon >= 0 else 0
        return InputError(
            "the formula is not valid: ';' separates Python statements; gradcli reads one formula",
            text=text,
            span=(start, start + 1),
        )
    if not body or isinstance(body[0], ast.Expr):
        return None
    kind = _STATEMENTS.get(type(body[0]))
    return InputError(
        f"the formula is not valid: this is a Python statement{f' ({kind})' if kind else ''}, not a formula; "
        "write only the expression, as in x**2 + 1",
        text=text,
        span=(0, len(text)),
    )


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


# Functions people reach for that a formula spells differently (or cannot have).
_INSTEAD = {
    "exp10": "for 10 to the power x write 10**x",
    "pow": "for x to the power y write x**y (or x^y)",
    "power": "for x to the power y write x**y (or x^y)",
    "square": "for the square write x**2",
    "relu": "for a ReLU write maximum(x, 0)",
    "mod": "for the remainder write x % y",
    "softmax": "a formula is one number, and softmax makes a vector: for one of its entries write "
    "exp(x)/(exp(x) + exp(y) + ...)",
    "logsumexp": "a formula takes no vectors: for two terms write logaddexp(x, y)",
    "sum": "a formula takes no vectors: write the terms out, as in x + y",
    "sec": "write 1/cos(x)",
    "csc": "write 1/sin(x)",
    "cot": "write 1/tan(x)",
}


def _continues_chain(node, child):
    """Whether ``child`` is the left operand of ``node`` in a chain like a + b - c (one level, however long)."""
    if not (isinstance(node, ast.BinOp) and isinstance(child, ast.BinOp) and child is node.left):
        return False
    level = _CHAIN_LEVEL.get(type(node.op))
    return level is not None and _CHAIN_LEVEL.get(type(child.op)) == level


class _Builder:
    """The whitelist walk from Python's AST to the IR, iterative and counting as it goes."""

    def __init__(self, text, to_original, treat_as_variables):
        self.text = text
        self.python_text = None
        self.to_original = to_original
        self.treat_as_variables = treat_as_variables
        self.nodes = 0
        self.constants = {}  # id(IR node) -> sizes.Size, for the variable-free ones

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
                    self.fail(
                        f"the formula nests operators or calls more than {MAX_DEPTH} levels deep "
                        "(the part underlined is deeper); gradcli reads at most that many levels",
                        node,
                    )
                self.nodes += 1
                if self.nodes > MAX_NODES:
                    raise InputError(
                        f"the formula has more than {MAX_NODES:,} parts; gradcli reads at most that many"
                    )
                children = self.children(node)
                stack.append((node, depth, True))
                for child in reversed(children):
                    stack.append((child, depth + (0 if _continues_chain(node, child) else 1), False))
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
                self.fail(f"the operator in '{symbol}' is not allowed (use {' '.join(_BINARY.values())} ^)", node)
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
                self.fail(f"only {' '.join(_COMPARE.values())} are allowed in comparisons", node)
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
        if not isinstance(value, float):
            return Num(span, literal, Fraction(value))  # an integer (0x1f too): Python has read it exactly
        digits, exponent = _decimal(literal)
        if digits and value in (0.0, math.inf):
            self.beyond_doubles(literal, value, node)
        if len(digits) > MAX_POWER_DIGITS:
            self.fail(
                f"this constant has {len(digits):,} significant digits; gradcli refuses constants of more "
                f"than {MAX_POWER_DIGITS:,} digits",
                node,
            )
        # float64 holds it, so the exponent is within a few hundred of the digits' count: 10**exponent is small.
        exact = Fraction(int(digits or "0")) * Fraction(10) ** exponent if digits else Fraction(0)
        return Num(span, literal, exact)

    def beyond_doubles(self, literal, value, node):
        """Refuse a decimal literal that float64 reads as inf or 0, unlike sympy's exact reading."""
        mantissa, _, exponent = literal.lower().partition("e")
        small = exponent and len(exponent.lstrip("+-").lstrip("0")) <= len(str(MAX_POWER_DIGITS))
        exact = f"{'' if mantissa in ('1', '1.') else mantissa + '*'}10**{int(exponent)}" if small else None
        self.fail(
            f"{_short(literal)} is {'larger than the largest' if value else 'smaller than the smallest positive'} "
            f"float64, so NumPy would read it as {value:g} while sympy reads it exactly"
            + (f"; write {exact} for the exact number" if exact else ""),
            node,
        )

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
        lower = {known.lower(): known for known in known_names()}  # SIN(x) means sin(x)
        close = difflib.get_close_matches(name.lower(), lower, n=1, cutoff=0.6)
        if name.lower() in _INSTEAD:
            hint = f"; {_INSTEAD[name.lower()]}"
        elif close:
            hint = f"; did you mean {lower[close[0]]}?"
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
        """Estimate the size of a constant part; refuse one too big for sympy to compute exactly."""
        if isinstance(out, Var):
            return
        parts = [self.constants.get(id(child)) for child in out.children()]
        if None in parts:
            return  # it depends on a variable
        if isinstance(out, Num):
            info = sizes.of_number(out.exact)
        elif isinstance(out, Const):
            info = sizes.of_constant(out.name)
        elif isinstance(out, Unary):
            info = parts[0] if out.op == "+" else sizes.negated(parts[0])
        elif isinstance(out, Binary):
            info = sizes.of_binary(out.op, *parts)
        elif isinstance(out, Call):
            info = sizes.of_call(out.name, parts)
        else:
            info = sizes.of_comparison(out.op, parts)
        kind = out.op if isinstance(out, Binary) else out.name if isinstance(out, Call) else None
        integer = sizes.integer_part_digits(kind, parts)
        if not integer <= sizes.MAX_INTEGER_PART_DIGITS:
            self.fail(
                f"the integer part of this constant would have {_about(integer)} digits, which sympy "
                f"would compute exactly; gradcli takes integer parts (floor, ceil, %) of irrational "
                f"constants of at most {sizes.MAX_INTEGER_PART_DIGITS} digits",
                node,
            )
        if not info.digits <= MAX_POWER_DIGITS:
            self.fail(
                f"this constant would have {_about(info.digits)} digits; gradcli refuses constants of more "
                f"than {MAX_POWER_DIGITS:,} digits",
                node,
            )
        self.constants[id(out)] = info


def _decimal(literal):
    """A float literal's significant digits and the power of ten they are scaled by, read without arithmetic.

    ``"0.0012e5"`` is ``("12", 1)``. An exponent too long to be an int (``1e`` and 19,000 digits)
    is a huge one; the caller refuses it, as float64 reads it as inf or 0 whatever its digits.
    """
    mantissa, _, exponent = literal.lower().partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = (whole + fraction).lstrip("0")
    exponent = exponent.lstrip("+")
    sign = -1 if exponent.startswith("-") else 1
    magnitude = exponent.lstrip("-").lstrip("0")
    if len(magnitude) > 2 * len(str(MAX_LENGTH)):
        scale = sign * 10 ** (2 * len(str(MAX_LENGTH)))  # beyond any literal the text could balance
    else:
        scale = sign * int(magnitude or "0")
    trailing = len(digits) - len(digits.rstrip("0"))
    return digits.rstrip("0"), scale - len(fraction) + trailing


def _about(digits: float) -> str:
    return f"about {digits:,.0f}" if digits < 1e18 else "more than 10^18"


def _all_vars(root):
    from .ir import postorder

    return [n for n in postorder(root) if isinstance(n, Var)]


def function_names():
    """Every function a formula may call, with aliases (for help texts)."""
    return sorted(FUNCTIONS), known_names()
