"""Nested structures of values (lists, tuples, dicts, dataclasses): flatten them and build them again."""

from __future__ import annotations

import copy
import dataclasses


def dataclass_fields(value):
    """The field names of a dataclass instance (a JAX pytree by ``register_dataclass``, a flax.struct or equinox
    module, a plain dataclass of parameters), in order; None for anything else."""
    if isinstance(value, type) or not dataclasses.is_dataclass(value):
        return None
    return [field.name for field in dataclasses.fields(value)]


def with_fields(template, values):
    """A copy of the dataclass instance ``template`` with its fields set to ``values`` ({name: value}), as JAX
    rebuilds a registered dataclass: frozen ones and fields outside ``__init__`` too."""
    made = copy.copy(template)
    for name, value in values.items():
        object.__setattr__(made, name, value)
    return made


def _only(values):
    return values[0]


def flatten(structure):
    """Flatten nested lists/tuples/dicts of leaves; return leaves and a rebuilder."""
    if not isinstance(structure, (list, tuple, dict)):
        names = dataclass_fields(structure)
        if names is None:
            return [structure], _only  # a leaf, the usual input: no closure made per call
        leaves, rebuild_list = flatten([getattr(structure, name) for name in names])
        return leaves, lambda values: with_fields(structure, dict(zip(names, rebuild_list(values))))
    if isinstance(structure, (list, tuple)):
        parts = [flatten(item) for item in structure]
        leaves = [leaf for p in parts for leaf in p[0]]

        def rebuild(values):
            out, start = [], 0
            for (part_leaves, part_rebuild) in parts:
                out.append(part_rebuild(values[start : start + len(part_leaves)]))
                start += len(part_leaves)
            return type(structure)(*out) if hasattr(structure, "_fields") else type(structure)(out)  # a namedtuple

        return leaves, rebuild
    keys = list(structure)  # a dict: the leaves of its values, in its order
    leaves, rebuild_list = flatten([structure[k] for k in keys])
    return leaves, lambda values: dict(zip(keys, rebuild_list(values)))
