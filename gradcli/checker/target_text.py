"""How a target's text names a function (``path/file.py:function``, ``package.module:function``), not a formula.

Apart from `gradcli.checker.targets`, which loads NumPy and the framework
bridges to resolve a target, so that reading an audit spec loads neither.
"""

from __future__ import annotations

import re

FUNCTION_TARGET = re.compile(r"^(?P<module>[^:\s]+):(?P<name>[A-Za-z_]\w*)$")
