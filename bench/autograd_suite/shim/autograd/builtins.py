"""autograd's differentiable containers: gradcli traces through Python's own lists, tuples and dicts."""

import builtins as _builtins

from gradcli.autodiff.values import raw as _raw

tuple = _builtins.tuple  # noqa: A001
list = _builtins.list  # noqa: A001
dict = _builtins.dict  # noqa: A001


def isinstance(obj, classinfo):  # noqa: A001
    """autograd's isinstance: a traced value is an instance of what the value under it is."""
    return _builtins.isinstance(_raw(obj), classinfo)

SequenceBox = None  # no box type of its own for a sequence in gradcli
DictBox = None
