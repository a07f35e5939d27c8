"""Keras model arguments: a model is checked as the tree of its trainable variables, read through a stateless scope.

``loss(model, x)`` with ``model`` a Keras model (any Keras layer) is checked as
a function of ``model.head.kernel``, ``model.head.bias``, ... and ``x``:
`ModelArguments.point` turns a model in a point into the nested dict of its
trainable variables' values by their paths (the model's own name left out),
which the checker names as it names any tree; a model the point leaves out is
taken from one of the argument's name in the function's own module. The
function is then called with the model itself, each trainable variable read as
the tensor under test inside ``keras.StatelessScope``, so its call runs as
written. Variables that are not trainable (a batch norm's moving statistics)
are held as the model has them, and nothing the call assigns is kept.
"""

from __future__ import annotations

import inspect
import sys


def _is_model(value):
    """Whether ``value`` is a Keras layer or model (Keras is loaded by whoever made one)."""
    keras = sys.modules.get("keras")
    return keras is not None and isinstance(value, keras.Layer)


def _variables_by_path(model):
    """``{(part, ...): variable}`` of ``model``'s trainable variables, by their Keras paths past the model's own name."""
    named = {}
    for variable in model.trainable_variables:
        parts = tuple(variable.path.split("/"))
        if len(parts) > 1 and parts[0] == model.name:
            parts = parts[1:]
        while parts in named:  # two variables of one path (layers built outside the model): the later one numbered
            parts = parts[:-1] + (parts[-1] + "_",)
        named[parts] = variable
    return named


def variable_tree(model):
    """The trainable variables of ``model`` as nested dicts by path (``{"head": {"kernel": array}}``), NumPy copies."""
    import numpy as np

    tree = {}
    for (*parents, leaf), variable in _variables_by_path(model).items():
        node = tree
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = np.array(variable.numpy())
    return tree


class ModelArguments:
    """Which arguments of a function are Keras models, and how to call it with their variables read as given tensors."""

    def __init__(self, fun):
        self.fun = fun
        python = inspect.unwrap(getattr(fun, "python_function", fun))  # a tf.function's own Python function
        try:
            self.names = list(inspect.signature(python).parameters)
        except (TypeError, ValueError):
            self.names = []
        self.globals = getattr(python, "__globals__", {})
        self.models = {}  # argument name -> (the model, its variables by path)

    def supplied(self):
        """The arguments a Keras model of the same name in the function's own module stands in for."""
        return tuple(name for name in self.names if _is_model(self.globals.get(name)))

    def point(self, point):
        """``point`` with each Keras model (given, or found by the argument's name in the function's module) as its tree."""
        given = dict(point)
        for name in self.names:
            value = given[name] if name in given else self.globals.get(name)
            if _is_model(value):
                if name not in self.models or self.models[name][0] is not value:
                    self.models[name] = (value, _variables_by_path(value))
                given[name] = variable_tree(value)
        return given

    def call(self, *args):
        """``fun(*args)``, where an argument standing for a model is its tree of variable values (tensors)."""
        positions = [i for i, name in enumerate(self.names[: len(args)]) if name in self.models and isinstance(args[i], dict)]
        if not positions:
            return self.fun(*args)
        import keras  # lazy: loaded already by whoever made the model

        # A tf.function would keep the first call's tensors, which the scope hands its trace from outside its
        # arguments: its Python function runs the same operations, traced by the bridge's own graph.
        fun = getattr(self.fun, "python_function", self.fun)
        mapping, plain = [], list(args)
        for i in positions:
            model, variables = self.models[self.names[i]]
            for parts, variable in variables.items():
                node = args[i]
                for part in parts:
                    node = node[part]
                mapping.append((variable, node))
            plain[i] = model
        with keras.StatelessScope(state_mapping=mapping):
            return fun(*plain)
