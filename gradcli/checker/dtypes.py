"""The working dtypes a check runs in, and what gradcli knows of each: the one home of these facts.

Importing this module imports no NumPy (``gradcli --help`` reads the default
tolerances from here); the functions import it when they need it.
"""

from __future__ import annotations

from ..errors import InputError

# The default relative tolerance for "unstable", per dtype: a few bits above each dtype's eps.
DEFAULT_RTOL = {"float16": 1e-2, "bfloat16": 5e-2, "float32": 1e-4, "float64": 1e-10}
NAMES = tuple(DEFAULT_RTOL)
_NAMES_TEXT = ", ".join(NAMES[:-1]) + " or " + NAMES[-1]


def dtype_named(name):
    """The NumPy dtype for a name (bfloat16 through ml_dtypes when installed)."""
    import numpy as np

    if name == "bfloat16":
        try:
            import ml_dtypes
        except ImportError:
            raise InputError("bfloat16 needs the ml_dtypes package: pip install ml_dtypes") from None
        return np.dtype(ml_dtypes.bfloat16)
    try:
        dtype = np.dtype(name)
    except (TypeError, ValueError, SyntaxError):  # NumPy parses "3)" as a comma-separated dtype string, and raises so
        raise InputError(f"unknown dtype '{name}' (use {_NAMES_TEXT})") from None
    if dtype.kind != "f":
        raise InputError(f"'{name}' is not a floating-point dtype; gradients need {_NAMES_TEXT}")
    return dtype


def canonical_names(names):
    """``names`` as NumPy spells them ("f4" is float32), each once; InputError for an unknown or missing one."""
    canonical = []
    for name in names:
        # A name already canonical needs no NumPy (the audit's process reads specs without it).
        spelled = name if name in NAMES and name != "bfloat16" else dtype_named(name).name
        if spelled not in NAMES:
            raise InputError(f"--dtype {name}: unknown dtype (use {_NAMES_TEXT})")
        if spelled not in canonical:
            canonical.append(spelled)
    if not canonical:
        raise InputError(f"--dtype needs at least one dtype: {_NAMES_TEXT}")
    return tuple(canonical)


def finfo(dtype):
    """The limits of a float dtype: np.finfo, or ml_dtypes.finfo for bfloat16 (which NumPy does not know)."""
    import numpy as np

    if dtype.kind == "f":
        return np.finfo(dtype)
    import ml_dtypes

    return ml_dtypes.finfo(dtype)


def mantissa_bits(dtype):
    """The significant bits of a float dtype (a name or a dtype), the implicit leading bit included."""
    return finfo(dtype_named(dtype) if isinstance(dtype, str) else dtype).nmant + 1


def rtol_help():
    """The default tolerances as --rtol's help shows them: ``float16 1e-2, ..., float64 1e-10``."""
    return ", ".join(f"{name} {rtol:.0e}".replace("e-0", "e-") for name, rtol in DEFAULT_RTOL.items())
