"""Where a user's function is written: the line of its ``def``, past its decorators.

A code object's first line is its first decorator's (``@staticmethod``,
``@tf.RegisterGradient("Name")``, ``@f.defjvp``); a finding names the ``def``,
the line a reader looks for.
"""

import linecache


def def_line(path, first_line):
    """The line of the ``def`` of a function whose code starts at ``first_line`` of ``path``.

    Only a decorated function moves: a lambda or a plain ``def`` keeps its
    own line (a later ``def`` in the file is another function).
    """
    if not linecache.getline(path, first_line).lstrip().startswith("@"):
        return first_line
    for number in range(first_line + 1, first_line + 50):
        text = linecache.getline(path, number).lstrip()
        if not text:
            break
        if text.startswith(("def ", "async def ")):
            return number
    return first_line
