"""Nested structures of values (lists, tuples, dicts): flatten them and build them again."""

from __future__ import annotations


def _only(values):
    return values[0]


def flatten(structure):
    """Flatten nested lists/tuples/dicts of leaves; return leaves and a rebuilder."""
    if not isinstance(structure, (list, tuple, dict)):
        return [structure], _only  # a leaf, the usual input: no closure made per call
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
