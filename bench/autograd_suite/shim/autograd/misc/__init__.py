"""autograd.misc: flatten (on gradcli.numpy), and what gradcli does not offer."""

from .flatten import flatten  # noqa: F401


def const_graph(fun, *args, **kwargs):
    """autograd's cached-graph replay: gradcli records afresh on every call and has no counterpart."""
    raise NotImplementedError("gradcli has no const_graph")
