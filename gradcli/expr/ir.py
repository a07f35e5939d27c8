"""The formula IR: small frozen dataclasses, every node with its source span.

A span is ``(start, end)``: character offsets into the formula text, so a
diagnosis can underline ``exp(x)`` inside ``log(1+exp(x))``. Trees are walked
iteratively (`postorder`), so a 10,000-deep formula needs no recursion.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Tuple

Span = Tuple[int, int]


@dataclass(frozen=True)
class Node:
    span: Span

    def children(self) -> tuple:
        return ()


@dataclass(frozen=True)
class Num(Node):
    """A number literal, kept as written: ``exact`` is its exact rational value."""

    text: str
    exact: Fraction

    @property
    def is_integer(self) -> bool:
        """Written as an integer: ``2`` and ``0x1E`` are, ``2.0`` and ``2e0`` are not."""
        text = self.text.lower()
        hexadecimal = text.startswith(("0x", "0o", "0b"))
        return self.exact.denominator == 1 and (hexadecimal or not any(c in text for c in ".e"))


@dataclass(frozen=True)
class Const(Node):
    """A named mathematical constant: ``pi`` or ``e``."""

    name: str


@dataclass(frozen=True)
class Var(Node):
    name: str


@dataclass(frozen=True)
class Unary(Node):
    op: str  # "-" or "+"
    operand: Node

    def children(self):
        return (self.operand,)


@dataclass(frozen=True)
class Binary(Node):
    op: str  # "+", "-", "*", "/", "**", "%"
    left: Node
    right: Node

    def children(self):
        return (self.left, self.right)


@dataclass(frozen=True)
class Compare(Node):
    """A comparison; only allowed as the condition of ``where``."""

    op: str  # "<", "<=", ">", ">=", "==", "!="
    left: Node
    right: Node

    def children(self):
        return (self.left, self.right)


@dataclass(frozen=True)
class Call(Node):
    """A call of a known function, by its canonical name (``asin`` becomes ``arcsin``)."""

    name: str
    args: tuple

    def children(self):
        return self.args


@dataclass(frozen=True)
class Formula:
    """A parsed formula: its text, its IR, and its variables in order of appearance."""

    text: str
    root: Node
    variables: tuple
    size: int = field(default=0, compare=False)

    def __str__(self):
        return self.text


def postorder(root: Node):
    """Every node after its children (an iterative walk; each node once per occurrence)."""
    stack = [(root, False)]
    while stack:
        node, expanded = stack.pop()
        if expanded:
            yield node
            continue
        stack.append((node, True))
        for child in reversed(node.children()):
            stack.append((child, False))


def fold(root: Node, combine):
    """Bottom-up evaluation without recursion: ``combine(node, child_results) -> result``."""
    results = {}
    for node in postorder(root):
        key = id(node)
        if key in results:
            continue
        results[key] = combine(node, [results[id(c)] for c in node.children()])
    return results[id(root)]
