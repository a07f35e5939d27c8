"""Arguments that are trees (dicts, lists, tuples, NamedTuples, dataclasses of arrays), as named leaves and back.

A loss like ``loss(params, batch)`` with ``params = {"w1": ..., "b": ...}`` is
checked as a function of its floating-point leaves, each named by its path
(``params.w1``, ``layers.0.w``, a NamedTuple's or dataclass's field by its name); the leaves
that are not floating point (integer labels, flags, strings) are held as
they are. `rebuild` puts the leaves back into the same structure for the
user's function.
"""

from __future__ import annotations

import sys

import numpy as np

from ..autodiff.tree import dataclass_fields, with_fields
from ..autodiff.values import is_float_dtype
from ..errors import InputError


def is_tree(value) -> bool:
    """Whether ``value`` is a container of leaves: a dict, a NamedTuple, or a list or tuple holding a tree or an array
    (NumPy's or a framework's).

    A list of numbers (nested or not) is an array, as it always is in a point.
    """
    if isinstance(value, dict) or getattr(value, "_fields", None) is not None or dataclass_fields(value) is not None:
        return True
    return isinstance(value, (list, tuple)) and any(is_tree(v) or isinstance(v, np.ndarray) or _is_framework_array(v) for v in value)


def _children(node):
    """(key, child) pairs of a tree node, keys as they appear in a path."""
    if isinstance(node, dict):
        return [(str(key), child) for key, child in node.items()]
    names = dataclass_fields(node)
    if names is not None:  # a dataclass: its fields by name
        return [(name, getattr(node, name)) for name in names]
    fields = getattr(node, "_fields", None)  # a NamedTuple: its fields by name
    if fields is not None:
        return list(zip(fields, node))
    return [(str(i), child) for i, child in enumerate(node)]


def leaves(tree, prefix):
    """``[(path, leaf)]`` of ``tree`` in order, each path ``prefix.key.key``."""
    found = []
    todo = [(prefix, tree)]
    while todo:
        path, node = todo.pop()
        if is_tree(node):
            todo += reversed([(f"{path}.{key}", child) for key, child in _children(node)])
        else:
            found.append((path, node))
    return found


def is_variable(leaf) -> bool:
    """Whether a leaf is differentiated: a floating-point number or array, NumPy's or a framework's (ints and the rest are held)."""
    if isinstance(leaf, bool):
        return False
    if isinstance(leaf, (float, list, tuple)):  # a list of numbers is an array: floating if any number is
        return isinstance(leaf, float) or np.issubdtype(np.asarray(leaf).dtype, np.floating)
    if isinstance(leaf, np.ndarray | np.generic):
        return is_float_dtype(leaf.dtype) and leaf.dtype.kind != "c"
    return _is_framework_array(leaf) and _framework_floating(leaf.dtype)


# The packages whose arrays are leaves: a JAX array, a PyTorch tensor, a TensorFlow tensor or Variable.
_FRAMEWORKS = ("jax", "jaxlib", "torch", "tensorflow", "keras")


def _is_framework_array(leaf) -> bool:
    """Whether ``leaf`` is an array of a framework already imported (its type says so: nothing is imported to ask)."""
    package = type(leaf).__module__.partition(".")[0]
    return package in _FRAMEWORKS and package in sys.modules and hasattr(leaf, "dtype") and hasattr(leaf, "shape")


def _framework_floating(dtype) -> bool:
    """Whether a framework's dtype holds real floating-point numbers: NumPy's (JAX), PyTorch's or TensorFlow's."""
    if isinstance(dtype, np.dtype):
        return is_float_dtype(dtype) and dtype.kind != "c"
    if hasattr(dtype, "is_floating_point"):  # torch.dtype
        return bool(dtype.is_floating_point)
    return bool(getattr(dtype, "is_floating", False))  # tf.DType


def as_numbers(value):
    """A framework's array as a NumPy array of the same numbers (floating point widened to float64); anything else as it is.

    The point then enters every dtype from the numbers the user gave, as a
    NumPy point does (a float32 ``jnp.array`` leaf of a float64 check is its
    float32 numbers in float64), and a held leaf (integer labels) reaches the
    framework as NumPy data, as a whole argument of integers does. A tensor
    that requires grad is read detached.
    """
    if not _is_framework_array(value):
        return value
    key = held_key(value)
    if key is not None:
        return key
    floating = _framework_floating(value.dtype)
    if hasattr(value, "detach"):  # a PyTorch tensor: any float dtype, bfloat16 included, widens exactly to float64
        value = value.detach().cpu()
        return (value.double() if floating else value).numpy()
    array = np.asarray(value)
    return array.astype(np.float64) if floating else array


def narrowed_by_default(leaf):
    """The dtype of ``leaf`` where it is a JAX float array narrower than float64 made while JAX's x64 mode is off
    (JAX's default, in which every float array JAX makes is float32 at most, whatever number was written), else
    None: a wider dtype's check starts from those narrower numbers."""
    if not _is_framework_array(leaf) or type(leaf).__module__.partition(".")[0] not in ("jax", "jaxlib"):
        return None
    if sys.modules["jax"].config.jax_enable_x64 or not _framework_floating(leaf.dtype) or leaf.dtype.itemsize >= 8:
        return None
    return np.dtype(leaf.dtype)


class HeldKey:
    """A JAX typed PRNG key (``jax.random.key``) given as an argument: held as its raw key data, uint32 numbers every
    NumPy path takes (as a legacy ``PRNGKey``), and the typed key again wherever JAX traces the user's function.

    It is a pytree node of JAX's whose one leaf is the data: JAX rebuilds it
    around the tracer of that leaf, and the rebuilt node is the key the user gave
    (``jax.random.wrap_key_data`` of the traced data, in the key's own PRNG).
    """

    def __init__(self, data, impl):
        self.data, self.impl = data, impl

    @property
    def dtype(self):
        return np.asarray(self.data).dtype

    @property
    def shape(self):
        return np.shape(self.data)

    def __array__(self, dtype=None, copy=None):
        return np.asarray(self.data, dtype=dtype)

    def __repr__(self):
        return f"jax.random.wrap_key_data({np.asarray(self.data).tolist()}, impl={self.impl!r})"


def held_key(value):
    """``value`` as a `HeldKey` if it is a JAX typed PRNG key, else None (nothing imported to ask)."""
    if type(value) is HeldKey:
        return value
    if not _is_framework_array(value) or type(value).__module__.partition(".")[0] not in ("jax", "jaxlib"):
        return None
    jax = sys.modules["jax"]
    if not jax.dtypes.issubdtype(value.dtype, jax.dtypes.prng_key):
        return None
    _register_held_keys(jax)
    return HeldKey(np.asarray(jax.random.key_data(value)), str(jax.random.key_impl(value)))


_KEYS_REGISTERED = []


def _register_held_keys(jax):
    if _KEYS_REGISTERED:
        return

    def rebuilt(impl, children):
        data = children[0]
        if isinstance(data, jax.Array):  # JAX's tracer (or array) of the data: the user's function is handed the key
            return jax.random.wrap_key_data(data, impl=impl)
        return HeldKey(data, impl)  # a structure's placeholder (shapes, positions): still the node

    jax.tree_util.register_pytree_node(HeldKey, lambda key: ((key.data,), key.impl), rebuilt)
    _KEYS_REGISTERED.append(True)


def _data_array(value, int_held=False, int_list_held=False):
    """An argument given whole that is data, held as it is (labels, masks: integers or booleans) as NumPy; else None.

    A framework's integer tensor (``torch.tensor([0, 2])``) counts: it reaches the
    framework again as an integer tensor. Python numbers and lists stay
    variables, but for ``int_held``: a Python integer (``lax.switch``'s index,
    a label used as an index) or a tuple of them (a pair of indices, a shape)
    reaches the function as the very value given, and for ``int_list_held`` a
    list of integers as an int64 array.
    """
    if int_held and (isinstance(value, (int, np.integer)) or _integer_tuple(value)):
        return value
    if (int_list_held and isinstance(value, list) and _integer_list(value)) or (int_held and type(value) is GivenIntegers):
        return np.array(value, dtype=np.int64)
    key = held_key(value)
    if key is not None:
        return key
    if isinstance(value, (bool, int, float, complex, list, tuple, dict, str)) or not hasattr(value, "dtype"):
        return None
    try:
        array = np.asarray(value)
    except (TypeError, ValueError, RuntimeError):  # a tensor that requires grad, say: not data
        return None
    return array if array.dtype.kind in "iub" else None


class GivenIntegers(list):
    """A list of Python ints the user's own code returned as an argument (``--args``) of a framework's function:
    labels or indices, data handed on as an int64 array, as such a list outside ``--wrt`` is; a list typed in
    ``--at`` may be numbers to differentiate (``x=[1,2]``), so only where the user's code gave it is it data."""

    @classmethod
    def of(cls, value):
        """``value`` marked as given integers where it is a non-empty flat list of Python ints (no bools); else itself."""
        if type(value) is list and value and all(type(v) is int for v in value):
            return cls(value)
        return value


def _integer_tuple(value):
    """Whether ``value`` is a non-empty tuple of Python ints (no bools), or of such tuples: no `--at` types one, so
    it comes from the user's code (``--args``, a point given as arguments), where ``(0, 1)`` is two indices."""
    return (type(value) is tuple and bool(value)
            and all((type(v) is int) or _integer_tuple(v) for v in value))


def _integer_list(value):
    """Whether ``value`` is a rectangular nested list of Python ints that fit int64 (labels typed as a list)."""
    try:
        array = np.array(value)
    except (ValueError, OverflowError):
        return False
    return array.size > 0 and array.dtype.kind == "i" and all(type(v) is int for v in array.ravel().tolist())


def rebuild(template, values, prefix):
    """``template``'s structure with each leaf whose path is in ``values`` replaced by that value."""
    if not is_tree(template):
        return values.get(prefix, template)
    rebuilt = [(key, rebuild(child, values, f"{prefix}.{key}")) for key, child in _children(template)]
    if isinstance(template, dict):
        return dict(zip(template.keys(), (child for _, child in rebuilt)))
    items = [child for _, child in rebuilt]
    if dataclass_fields(template) is not None:
        return with_fields(template, dict(rebuilt))
    if getattr(template, "_fields", None) is not None:
        return type(template)(*items)
    return type(template)(items)


class TreeArguments:
    """How a function's tree arguments are laid out: which paths are variables, which leaves are held."""

    def __init__(self, names, templates, variables, held):
        self.names = names  # the function's parameters, in order
        self.templates = templates  # parameter -> the first point's tree (its structure and held leaves)
        self.variables = variables  # the variables after flattening: leaf paths and plain parameters
        self.held = held  # leaf path -> the value every point holds there

    @classmethod
    def of(cls, names, points, text, ints_held=(), int_lists_held=()):
        """The layout of ``points`` (dicts of parameter -> value); None when no argument is a tree or data
        (``ints_held``, ``int_lists_held``: the parameters whose Python integers, lists of them, are data, see
        `_data_array`)."""
        dicts = [p for p in points if isinstance(p, dict)]
        templates = {n: dicts[0][n] for n in names if dicts and is_tree(dicts[0].get(n))}
        data = {n: _data_array(dicts[0].get(n), n in ints_held, n in int_lists_held)
                for n in names if dicts and n not in templates}
        data = {n: array for n, array in data.items() if array is not None}
        if not templates and not data:
            return None
        variables, held = [], dict(data)
        for name in names:
            if name in data:
                continue
            if name not in templates:
                variables.append(name)
                continue
            for path, leaf in leaves(templates[name], name):
                if is_variable(leaf):
                    variables.append(path)
                else:
                    held[path] = as_numbers(leaf)
        if not variables:
            raise _nothing_to_differentiate(held, text)
        layout = cls(tuple(names), templates, tuple(variables), held)
        for point in dicts[1:]:
            layout.flat_point(point, text)
        return layout

    def flat_point(self, point, text=None):
        """``point`` as ``{variable: value}``; InputError for a point whose trees are shaped otherwise."""
        flat = {}
        for name in self.names:
            if name in self.held:  # an integer array given whole (labels): the same in every point
                if name in point and not np.array_equal(np.asarray(as_numbers(point[name])), np.asarray(self.held[name])):
                    raise _shape_error(name, text)
                continue
            if name not in self.templates:
                if name in point:
                    flat[name] = point[name]
                continue
            found = dict(leaves(point.get(name, {}), name))
            expected = [v for v in self.variables if v.startswith(f"{name}.")] + [p for p in self.held if p.startswith(f"{name}.")]
            if sorted(found) != sorted(expected) or any(
                not np.array_equal(np.asarray(as_numbers(found[path])), np.asarray(value))
                for path, value in self.held.items() if path in found
            ):
                raise _shape_error(name, text)
            flat.update((path, as_numbers(found[path])) for path in self.variables if path in found)
        return flat

    def refuse_keys(self, wrt, text=None):
        """InputError where ``wrt`` (the names asked for) names only JAX random keys: data, never variables."""
        for name in wrt or ():
            def under(path):
                return path == name or path.startswith(f"{name}.")

            keys = [path for path, value in self.held.items() if type(value) is HeldKey and under(path)]
            if keys and not any(under(v) for v in self.variables):
                raise InputError(
                    f"--wrt {name}: {keys[0]} is a JAX random key, which gradcli holds as data (its draws have no "
                    f"derivative); choose among the variables: {', '.join(self.variables)}",
                    text=text,
                )

    def calling(self, function):
        """``function`` of the flat variables, in order, calling ``function`` with the trees rebuilt."""

        def called(*values):
            by_path = dict(zip(self.variables, values))
            by_path.update(self.held)
            arguments = [rebuild(self.templates[n], by_path, n) if n in self.templates else by_path[n] for n in self.names]
            return function(*arguments)

        return called


def _nothing_to_differentiate(held, text):
    """The InputError for a point all of whose arguments are data gradcli holds (integers, booleans, random keys)."""
    described = ", ".join(f"{path} ({_held_kind(value)})" for path, value in held.items())
    return InputError(
        "nothing to differentiate: gradcli holds integer, boolean and random-key arguments as data (labels, masks, "
        f"keys), and every argument here is one: {described}; give the numbers to differentiate as floating point "
        "(np.array([1.0, 2.0]) rather than np.array([1, 2]), or x.astype(float))",
        text=text,
    )


def _held_kind(value):
    if type(value) is HeldKey:
        return "a JAX random key"
    dtype = getattr(value, "dtype", None)
    if dtype is None:
        return type(value).__name__
    return f"{'an' if np.dtype(dtype).name[0] in 'aeiou' else 'a'} {np.dtype(dtype).name} {'array' if np.ndim(value) else 'number'}"


def _shape_error(name, text):
    return InputError(
        f"the points give '{name}' in different structures (other leaves, or a leaf floating point in one point and "
        "not in another): give every point the same tree; the data it holds (integers, labels) may differ from "
        "point to point",
        text=text,
    )
