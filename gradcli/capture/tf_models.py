"""Keras models and ``tf.Module``s as arguments: checked as the tree of their trainable variables, by path.

``loss(model, x)`` with ``model`` a Keras model (any Keras layer) or a
``tf.Module`` is checked as a function of its trainable variables and ``x``:
`ModelArguments.point` turns a model in a point into the nested dict of its
trainable variables' values by their paths, which the checker names as it
names any tree; a model the point leaves out is taken from one of the
argument's name in the function's own module. A Keras model's paths are the
attributes of the user's layers that lead to each layer (``self.hidden``,
``self.blocks[0]``: ``model.hidden.kernel``, ``model.blocks.0.kernel``), Keras'
names where no attribute of a user's layer holds it (inside ``Sequential``:
`_layer_names`), then the weight's name; Keras' own path of each
(``model.dense.kernel``), and the path through a public attribute of Keras'
own layer (an LSTM's ``cell``: ``model.lstm.cell.kernel``), are other names
for it that ``--wrt`` accepts, unless an attribute path is that same text or
the name leads to two variables (`_keras_aliases`). A ``tf.Module``'s are
the attributes that lead to each variable, as an ``nn.Module``'s parameters are
named (``model.layers.0.w``), with a Keras layer held in such an attribute named
as above below it. A weight ``add_weight`` was given no name, which Keras calls
``variable``, ``variable_1``, is named by the attribute its layer holds it under
(``model.scale.w``: `_weight_names`). A plain
``tf.Variable`` a Keras layer holds as an attribute (Keras tracks only what
``add_weight`` made) is named by the layer's path and the attribute.

The function is then called with the model itself, each trainable variable
read as the tensor under test: a Keras variable inside ``keras.StatelessScope``,
a ``tf.Variable`` of a ``tf.Module`` (or a Keras layer's attribute) by putting
the tensor in its place for the call's length (what ``torch.func.functional_call``
does for a module's parameters), so the call runs as written. Variables that are not trainable (a
batch norm's moving statistics) are held as the model has them, and nothing
the call assigns is kept; a module's held variable in another float dtype
than the check's refuses that dtype (`ModelArguments.refused`).

A ``tf.custom_gradient`` rule returning its variables' gradients
(``variables=``) needs its variables read as variables: TensorFlow refuses the
rule's variable gradients where it read tensors (`ModelArguments.explained`).
From then on each variable is assigned the tensor under test instead, the
gradient is taken with respect to the variable, and the bridge puts the
variables' values back after each of TensorFlow's own calls
(`ModelArguments.restoring`); in a traced graph the assignment is an
operation whose later reads the walker replays as the assigned value.
"""

from __future__ import annotations

import collections.abc
import contextlib
import inspect
import re
import sys

from .tf_draws import call_begins


class AssignInstead(Exception):  # noqa: N818 - a signal to try again, not an error the user sees
    """The call met a ``variables=`` rule with its variables read as tensors: call again, the variables assigned."""


def _is_keras(value):
    """Whether ``value`` is a Keras layer or model (Keras is loaded by whoever made one)."""
    keras = sys.modules.get("keras")
    return keras is not None and isinstance(value, keras.Layer)


def _is_model(value):
    """Whether ``value`` is a Keras layer or model, or a ``tf.Module`` (each loaded by whoever made one)."""
    tf = sys.modules.get("tensorflow")
    return _is_keras(value) or (tf is not None and isinstance(value, tf.Module))


def _keras_variables(model, prefix=()):
    """``({(part, ...): variable}, places, aliases)`` of a Keras model's trainable variables, named as the user's code
    reaches them (`_layer_names`, `_weight_names`), and of the trainable ``tf.Variable``s its layers hold as
    attributes (`_raw_variables`); ``aliases`` gives each name's Keras path past the model's own name (a layer's too)
    where it differs (`_keras_aliases`)."""
    layers, others = _layer_names(model)
    owners = {}  # id(variable) -> the layer whose own weight it is
    for layer in model._flatten_layers():  # the model and every layer below it: Keras has no public door for this
        for variable in layer._trainable_variables:
            owners.setdefault(id(variable), layer)
    variables = list(model.trainable_variables)
    weights = _weight_names([(variable, owners.get(id(variable))) for variable in variables])
    named, places, by_keras = {}, {}, {}

    def name(parts, variable):
        parts = prefix + parts
        while parts in named:  # two variables of one path (layers built outside the model): the later one numbered
            parts = parts[:-1] + (parts[-1] + "_",)
        named[parts] = variable
        return parts

    for variable in variables:
        keras_path = _keras_parts(model, variable.path)
        owner = owners.get(id(variable))
        if owner is None or id(owner) not in layers:  # a weight no layer below the model made: its Keras path
            name(keras_path, variable)
            continue
        parts = name(layers[id(owner)] + weights.get(id(variable), keras_path[-1:]), variable)
        if not _MADE_UP.fullmatch(keras_path[-1]):  # a made-up name (variable_1) names nothing the user wrote
            by_keras.setdefault(prefix + keras_path, set()).add(parts)
    for layer, attribute, variable in _raw_variables(model):
        places[name(layers.get(id(layer), _keras_parts(model, layer.path or layer.name)) + (attribute,), variable)] = [
            (layer, (attribute,))]
    for layer in model._flatten_layers(include_self=False):
        if layer.path is not None and id(layer) in layers:
            by_keras.setdefault(prefix + _keras_parts(model, layer.path), set()).add(prefix + layers[id(layer)])
    for other, first in others:  # a layer held twice: its other attribute path names it and its variables too
        for parts in [prefix + first] + [parts for parts in named if parts[len(prefix):len(prefix) + len(first)] == first]:
            by_keras.setdefault(prefix + other + parts[len(prefix) + len(first):], set()).add(parts)
    return named, places, _keras_aliases(by_keras, named)


def _keras_parts(model, path):
    """A Keras path (``model/dense/kernel``) as its parts past the model's own name."""
    parts = tuple(path.split("/"))
    return parts[1:] if len(parts) > 1 and parts[0] == model.name else parts


def _keras_aliases(by_keras, named):
    """``{Keras path: name}`` for each Keras path (of a variable or a layer) that leads to one name other than
    itself and is neither a name nor a layer's name: a name the user's attributes give wins over a Keras path."""
    prefixes = {parts[:i] for parts in named for i in range(1, len(parts) + 1)}
    return {keras_path: next(iter(parts)) for keras_path, parts in by_keras.items()
            if len(parts) == 1 and keras_path not in parts and keras_path not in prefixes}


def _layer_names(model):
    """``{id(layer): (part, ...)}``: the name of each layer below a Keras model (the model's own is ``()``), part
    after part from the model down, each part the attribute of the layer above that holds it, as the user's code
    reaches it (``self.hidden``: ``hidden``; an entry of a list or dict attribute ``self.blocks[0]``: ``blocks/0``).

    Only a layer class of the user's is read for attributes (`_held_layers`);
    below one of Keras' own (``Sequential``, ``MultiHeadAttention``) and where
    no attribute holds a layer, a part is the layer's Keras name, followed by
    ``_`` as often as needed to differ from its siblings' attributes, and the
    public attribute of Keras' layer that holds it (an LSTM's ``cell``) is
    another name for it. A layer reached twice keeps the first name met, the
    model's nearest layers first; its other attribute paths are given in
    ``others`` as ``(other, name)``.
    """
    names, others, pending = {id(model): ()}, [], collections.deque([model])
    while pending:
        layer = pending.popleft()
        held = _held_layers(layer)
        if type(layer).__module__.startswith("keras."):  # Keras' own attributes (an LSTM's cell) only as other names
            spelled = {key: [parts for parts in paths if not parts[0].startswith("_")] for key, paths in held.items()}
            held = {}
        else:
            spelled = {key: paths[1:] for key, paths in held.items()}
        children = []
        for child in layer._flatten_layers(include_self=False, recursive=False):
            if id(child) in names:  # a layer shared with a layer named before
                others += [(names[id(layer)] + parts, names[id(child)]) for parts in held.get(id(child), [])]
            else:
                children.append(child)
        taken = {held[id(child)][0][0] for child in children if id(child) in held}
        for child in children:
            own = held[id(child)][0] if id(child) in held else None
            if own is None:
                own = (child.name,)
                while own[0] in taken:
                    own = (own[0] + "_",)
                taken.add(own[0])
            names[id(child)] = names[id(layer)] + own
            others += [(names[id(layer)] + parts, names[id(child)]) for parts in spelled.get(id(child), [])]
            pending.append(child)
    return names, others


def _held_layers(layer):
    """``{id(sublayer): [(part, ...), ...]}``: the attributes of ``layer`` that hold each Keras layer it holds, public
    ones first (an entry of a list, tuple or dict attribute: ``("blocks", "0")``), then a private attribute holding
    the layer itself (Keras' own private lists, ``_layers``, hold every sublayer: no part of a name)."""
    keras = sys.modules["keras"]  # loaded by whoever made the layer
    found = {}

    def visit(value, parts, depth):
        if isinstance(value, keras.Layer):
            found.setdefault(id(value), []).append(parts)
        elif depth < 4 and isinstance(value, (list, tuple)):
            for i, entry in enumerate(value):
                visit(entry, parts + (str(i),), depth + 1)
        elif depth < 4 and isinstance(value, dict):
            for key, entry in value.items():
                if isinstance(key, (str, int)) and not any(mark in str(key) for mark in "./"):  # a part of one name
                    visit(entry, parts + (str(key),), depth + 1)

    held = list(vars(layer).items())
    for attribute, value in held:
        if not attribute.startswith("_"):
            visit(value, (attribute,), 0)
    for attribute, value in held:
        if attribute.startswith("_") and isinstance(value, keras.Layer):
            found.setdefault(id(value), []).append((attribute,))
    return found


# The names Keras makes up for a weight ``add_weight`` was given no name for.
_MADE_UP = re.compile(r"variable(_[0-9]+)?")


def _weight_names(owned):
    """``{id(variable): (part, ...)}`` for each ``(variable, its layer)`` of ``owned`` whose name Keras made up
    (``add_weight`` without a name: ``variable``, ``variable_1``): the attribute its layer holds it under (``self.w``:
    ``("w",)``; an entry of a list attribute ``self.ws``: ``("ws", "0")``), as the user's code reads it.

    A public attribute goes before a private one. Where the layer holds it
    under no attribute, or the attribute's name is the name of another of
    the layer's variables (a weight named so, or one named by an attribute
    before it), the name Keras made up stays.
    """
    taken = {}  # id(layer) -> the names its variables have
    for variable, layer in owned:
        taken.setdefault(id(layer), set()).add(variable.path.rpartition("/")[2])
    renamed = {}
    for variable, layer in owned:
        own = variable.path.rpartition("/")[2]
        attribute = _attribute_of(layer, variable) if layer is not None and _MADE_UP.fullmatch(own) else None
        if attribute is not None and attribute not in taken[id(layer)]:
            taken[id(layer)].add(attribute)
            renamed[id(variable)] = tuple(attribute.split("/"))
    return renamed


def _attribute_of(layer, variable):
    """The attribute of ``layer`` holding ``variable`` (``w``, or ``ws/0`` for an entry of a public list), public
    ones first; None where none does."""
    held = sorted(vars(layer).items(), key=lambda item: item[0].startswith("_"))
    for attribute, value in held:
        if value is variable:
            return attribute
    for attribute, value in held:
        if isinstance(value, (list, tuple)) and not attribute.startswith("_"):  # Keras' own _trainable_variables too
            for i, entry in enumerate(value):
                if entry is variable:
                    return f"{attribute}/{i}"
    return None


def _raw_variables(model):
    """``(layer, attribute, variable)`` of each trainable ``tf.Variable`` a layer of a Keras model holds as an
    attribute: Keras tracks only the variables it made (``add_weight``), so these are found by the attributes."""
    import tensorflow as tf  # lazy: loaded already by whoever made the model

    found = []
    for layer in model._flatten_layers():  # the model and every layer below it: Keras has no public door for this
        for attribute, value in vars(layer).items():
            if isinstance(value, tf.Variable) and value.trainable:
                found.append((layer, attribute, value))
    return found


def _module_variables(module):
    """``({(part, ...): variable}, {(part, ...): [path, ...]}, aliases)`` of a ``tf.Module``'s trainable variables, by
    attribute path (the aliases are the Keras paths of a Keras layer's variables below it: `_keras_variables`).

    The second dict gives, for each ``tf.Variable`` (not for a Keras layer's
    own variables), every ``(owner, path)`` that holds it, the path as
    ``tf.Module._flatten`` spells it (list indices as ints): a variable held
    twice is named by its first path and given the same tensor in both places.
    """
    import tensorflow as tf  # lazy: loaded already by whoever made the module

    keras = sys.modules.get("keras")
    kinds = (tf.Variable, keras.Layer) if keras is not None else (tf.Variable,)
    named, places, aliases, first = {}, {}, {}, {}
    for path, value in module._flatten(predicate=lambda value: isinstance(value, kinds), with_path=True):
        parts = tuple(str(part) for part in path)
        if not isinstance(value, tf.Variable):
            in_keras, held, keras_paths = _keras_variables(value, parts)
            named.update(in_keras)
            places.update(held)
            aliases.update(keras_paths)
        elif value.trainable:
            parts = first.setdefault(id(value), parts)
            named[parts] = value
            places.setdefault(parts, []).append((module, path))
    return named, places, aliases


def _variables_by_path(model):
    """``({(part, ...): variable}, places, aliases)`` of ``model``'s trainable variables (`_keras_variables`,
    `_module_variables`)."""
    return _keras_variables(model) if _is_keras(model) else _module_variables(model)


def variable_tree(model):
    """The trainable variables of ``model`` as nested dicts by path (``{"head": {"kernel": array}}``), NumPy copies."""
    import numpy as np

    tree = {}
    for (*parents, leaf), variable in _variables_by_path(model)[0].items():
        node = tree
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = np.array(variable.numpy())
    return tree


def _get(root, path):
    """What ``path`` (attribute names, keys and indices, as ``tf.Module._flatten`` gives them) leads to from ``root``."""
    node = root
    for part in path:
        node = node[part] if isinstance(node, (collections.abc.Mapping, collections.abc.Sequence)) else getattr(node, part)
    return node


def _put(root, path, value):
    """Put ``value`` at ``path`` below ``root``; the function that puts back what was there."""
    *up, last = path
    parent = _get(root, up)
    old = _get(parent, [last])
    if isinstance(parent, collections.abc.MutableMapping | collections.abc.MutableSequence):
        parent[last] = value
    elif isinstance(parent, tuple):  # a tuple is rebuilt with the entry replaced, and put in the tuple's place
        return _put(root, up, tuple(value if i == last else entry for i, entry in enumerate(parent)))
    else:
        setattr(parent, last, value)

    def put_back():
        _put(root, path, old)

    return put_back


# custom_gradient's own wrappers around a rule (graph and eager): an error raised below one was raised by a rule
_RULE_WRAPPERS = frozenset({"tape_grad_fn", "actual_grad_fn"})


def _in_custom_rule(error):
    """Whether ``error`` was raised inside a ``tf.custom_gradient`` rule (its traceback passes custom_gradient's wrapper)."""
    trace = error.__traceback__
    while trace is not None:
        if trace.tb_frame.f_code.co_name in _RULE_WRAPPERS:
            return True
        trace = trace.tb_next
    return False


class ModelArguments:
    """Which arguments of a function are Keras models or ``tf.Module``s, and how to call it with their variables read as given tensors."""

    def __init__(self, fun):
        self.fun = fun
        python = inspect.unwrap(getattr(fun, "python_function", fun))  # a tf.function's own Python function
        try:
            self.names = list(inspect.signature(python).parameters)
        except (TypeError, ValueError):
            self.names = []
        self.globals = getattr(python, "__globals__", {})
        self.models = {}  # argument name -> (the model, its variables by path, the places of the tf.Variables held as attributes)
        self.read_as_tensors = ()  # the paths (model.layer.kernel) of the variables the last call read as tensors
        self.assigning = False  # whether each variable is assigned the tensor under test (a variables= rule met)
        self.assigned = {}  # id of a tensor under test -> the variable the last call assigned it to
        # a Keras path -> the name its variable is checked under (model.dense.kernel -> model.hidden.kernel), for --wrt
        self.aliases = {}
        self._build_tried = set()  # ids of the Keras layers `_build_unbuilt_layers` called the function to build

    def supplied(self):
        """The arguments a model of the same name in the function's own module stands in for."""
        return tuple(name for name in self.names if _is_model(self.globals.get(name)))

    def point(self, point):
        """``point`` with each model (given, or found by the argument's name in the function's module) as its tree."""
        given = dict(point)
        self._build_unbuilt_layers(given)
        for name in self.names:
            value = given[name] if name in given else self.globals.get(name)
            if _is_model(value):
                if name not in self.models or self.models[name][0] is not value:
                    named, places, aliases = _variables_by_path(value)
                    self.models[name] = (value, named, places)
                    for alias in [a for a in self.aliases if a.startswith(f"{name}.")]:  # the model under test's alone
                        del self.aliases[alias]
                    self.aliases.update({".".join((name, *keras_path)): ".".join((name, *parts))
                                         for keras_path, parts in aliases.items()})
                given[name] = variable_tree(value)
        return given

    def _build_unbuilt_layers(self, given):
        """Makes the weights of the Keras layers among the arguments ``given`` (or in the function's module by an
        argument's name) that are not built yet, by one call of the function on the arguments given, as the layer's
        first call in the user's own code would: a layer as constructed has no weights to check or to name in --wrt
        until then. Each layer is tried once; an error of that call is left to the check's own runs to report."""
        models = {name: self.globals.get(name) for name in self.names if name not in given}
        unbuilt = [value for value in [*given.values(), *models.values()]
                   if _is_keras(value) and not getattr(value, "built", True) and id(value) not in self._build_tried]
        if not unbuilt:
            return
        self._build_tried.update(id(value) for value in unbuilt)
        arguments = {**{name: value for name, value in models.items() if _is_model(value)},
                     **{name: value for name, value in given.items() if name in self.names}}
        call_begins()  # its draws are its own, not the first checked call's (`tf_draws`)
        try:
            getattr(self.fun, "python_function", self.fun)(**arguments)
        except Exception:  # noqa: BLE001 - the user's function failing here fails in the check too, which says why
            pass

    def refused(self, dtype):
        """Why the function cannot run in ``dtype``: a ``tf.Module`` argument holds a variable that is not trainable
        (so not given in ``dtype``) in another float dtype, which TensorFlow will not compute with; None otherwise.

        A Keras layer casts what it computes with to its own dtype, so only a
        module's own ``tf.Variable``s are asked about.
        """
        import numpy as np

        tf = sys.modules["tensorflow"]  # loaded by whoever made the models
        for name, (model, _, _) in self.models.items():
            if _is_keras(model):
                continue
            for path, variable in model._flatten(predicate=lambda value: isinstance(value, tf.Variable), with_path=True):
                held = np.dtype(variable.dtype.as_numpy_dtype)
                if not variable.trainable and held.kind == "f" and held != np.dtype(dtype):
                    where = ".".join((name, *map(str, path)))
                    return (f"{where} is a {held.name} variable held as it is (not trainable), and TensorFlow does not "
                            f"compute {held.name} with {np.dtype(dtype).name}")
        return None

    def explained(self, error):
        """TensorFlow's ``error`` from a gradient of the last call: `AssignInstead` where assigning the variables
        answers it (from then on), else the error itself.

        A ``tf.custom_gradient`` rule returning gradients for the variables it
        read (``variables=``) cannot meet a variable read as a tensor (inside
        ``keras.StatelessScope``, or put in a module's attribute): TensorFlow
        recorded its op with no variables, and the rule's gradients are one
        list too many for it, whichever arguments the check differentiates in.
        A rule that reads its ``variables`` (TensorFlow's own example asserts
        they are given) raises inside it instead: any error a rule raised is
        met again with the variables assigned, where it is the rule's own.
        """
        if self.assigning or not (self.read_as_tensors and ("returned too few gradients" in str(error) or getattr(error, "miscounted", False)
                                                   or _in_custom_rule(error))):
            return error
        self.assigning = True
        return AssignInstead()

    def watched(self, watched):
        """``watched`` (the tensors a tape differentiates in) with each tensor the last call assigned to a variable
        given as that variable: the gradient reaches it through the variable's reads."""
        if not self.assigned:
            return watched
        return [self.assigned.get(id(tensor), tensor) for tensor in watched]

    @contextlib.contextmanager
    def restoring(self):
        """Around eager calls of TensorFlow's: every model variable given its own value back at the end, where the
        calls assign them (`assigning`); nothing otherwise."""
        if not self.assigning:
            yield
            return
        kept = [(variable, variable.numpy()) for _, variables, _ in self.models.values() for variable in variables.values()]
        try:
            yield
        finally:
            for variable, value in kept:
                variable.assign(value)

    def call(self, *args):
        """``fun(*args)``, where an argument standing for a model is its tree of variable values (tensors)."""
        call_begins()  # a recorded run's draws are this call's (`tf_draws`)
        positions = [i for i, name in enumerate(self.names[: len(args)]) if name in self.models and isinstance(args[i], dict)]
        if not positions:
            return self.fun(*args)
        # A tf.function would keep the first call's tensors, which the scope or the attributes hand its trace from
        # outside its arguments: its Python function runs the same operations, traced by the bridge's own graph.
        fun = getattr(self.fun, "python_function", self.fun)
        mapping, put_backs, plain, as_tensors, self.assigned = [], [], list(args), [], {}
        try:
            for i in positions:
                model, variables, places = self.models[self.names[i]]
                for parts, variable in variables.items():
                    node = args[i]
                    for part in parts:
                        node = node[part]
                    if self.assigning:
                        self._assign(variable, node)
                        continue
                    if parts in places:
                        put_backs += [_put(owner, path, node) for owner, path in places[parts]]
                    else:
                        mapping.append((variable, node))
                    as_tensors.append(".".join((self.names[i], *parts)))
                plain[i] = model
            if put_backs:
                # A module's own tf.function methods would keep the first call's tensors too: they run as Python.
                import tensorflow as tf  # lazy: loaded already by whoever made the module

                eagerly = tf.config.functions_run_eagerly()
                tf.config.run_functions_eagerly(True)
                put_backs.append(lambda: tf.config.run_functions_eagerly(eagerly))
            self.read_as_tensors = tuple(as_tensors)
            if not mapping:
                return fun(*plain)
            import keras  # lazy: loaded already by whoever made the model

            with keras.StatelessScope(state_mapping=mapping):
                return fun(*plain)
        finally:
            for put_back in reversed(put_backs):
                put_back()

    def _assign(self, variable, tensor):
        """``variable`` given the value of ``tensor`` (in the variable's dtype), noted for `watched`."""
        import tensorflow as tf  # lazy: loaded already by whoever made the model

        variable.assign(tf.cast(tensor, variable.dtype))
        self.assigned[id(tensor)] = variable
