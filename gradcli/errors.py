"""Errors that reach the user, each with its exit code (no NumPy import here).

Exit codes: 0 ok, 1 a check failed, 2 bad usage or bad input, 3 internal error.
"""

from __future__ import annotations

import difflib

EXIT_OK = 0
EXIT_CHECK_FAILED = 1
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 3


class GradcliError(Exception):
    """Base of the errors gradcli reports to the user as a message, not a traceback."""

    exit_code = EXIT_INTERNAL

    def render(self) -> str:
        """The message as the terminal shows it."""
        return f"error: {self}"


class InputError(GradcliError, ValueError):
    """Bad usage or bad input: a one-paragraph message, the bad part underlined, exit 2.

    ``text`` and ``span`` (start, end offsets into ``text``) say what to
    underline, for instance a formula and the part of it that is wrong;
    ``file`` and ``line``, where known, the place in the user's files (a
    spec's line, an ``--args`` function's ``def``) that a JSON error names.
    """

    exit_code = EXIT_BAD_INPUT

    def __init__(self, message, text=None, span=None, file=None, line=None):
        super().__init__(message)
        self.message = message
        self.text = text
        self.span = span
        self.file = file
        self.line = line

    def render(self) -> str:
        """The message, followed by the text with its bad part underlined."""
        lines = [f"error: {self.message}"]
        if self.text is not None:
            lines.append("  " + self.text)
            if self.span is not None:
                start, end = self.span
                start = max(0, min(start, len(self.text)))
                end = max(start, min(end, len(self.text)))
                # Carets go by terminal columns: 变 takes two, a combining accent none.
                carets = max(1, display_width(self.text[start:end]))
                lines.append("  " + " " * display_width(self.text[:start]) + "^" * carets)
        return "\n".join(lines)


def display_width(text: str) -> int:
    """How many terminal columns ``text`` takes: 2 for wide (CJK) characters, 0 for combining ones."""
    import unicodedata

    return sum(
        0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
        for ch in text
    )


class CheckFailed(GradcliError):
    """A check ran and found a gradient that is wrong or unstable: exit 1."""

    exit_code = EXIT_CHECK_FAILED


def did_you_mean(word: str, known) -> str:
    """`` (did you mean 'x'?)`` for the known word closest to a misspelt one, else an empty string."""
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""
