"""autograd's differentiable containers: gradcli traces through Python's own lists, tuples and dicts."""

import builtins as _builtins

tuple = _builtins.tuple  # noqa: A001
list = _builtins.list  # noqa: A001
dict = _builtins.dict  # noqa: A001
isinstance = _builtins.isinstance  # noqa: A001
SequenceBox = None  # no box type of its own for a sequence in gradcli
DictBox = None
