"""autograd.tracer's names: gradcli's primitive and its test for a traced value."""

from gradcli.autodiff import Box, primitive


def isbox(x):
    """Whether ``x`` is a value being traced."""
    return isinstance(x, Box)


def getval(x):
    """The value under any traces."""
    from gradcli.autodiff.values import raw

    return raw(x)
