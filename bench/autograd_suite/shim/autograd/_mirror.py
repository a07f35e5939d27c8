"""A shim module's missing names looked up in a gradcli module, when gradcli has that module."""

import importlib


def mirror(gradcli_module, shim_name):
    """A module ``__getattr__`` for ``shim_name`` that answers from ``gradcli_module`` (a dotted path).

    A name gradcli lacks is an AttributeError at its use, so one missing function
    fails the tests that call it, not every test of the file that imports it.
    """

    def lookup(name):
        try:
            module = importlib.import_module(gradcli_module)
        except ImportError:
            module = None
        if module is not None and hasattr(module, name):
            return getattr(module, name)
        raise AttributeError(f"{shim_name}.{name}: gradcli has no {gradcli_module}.{name}")

    return lookup
