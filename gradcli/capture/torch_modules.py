"""``nn.Module`` arguments: a module is checked as the tree of its parameters, put back with ``functional_call``.

``loss(model, x)`` with ``model`` an ``nn.Module`` is checked as a function of
``model.fc1.weight``, ``model.fc1.bias``, ... and ``x``: `ModuleArguments.point`
turns a module in a point into the nested dict of its parameters (NumPy arrays
in their own dtype), which the checker names by path as it names any tree; a
parameter the point leaves out is taken from a module of that name in the
function's own module (``model = Net()`` beside ``def loss(model, x)``). The
function is then called with the module itself, its parameters replaced by the
tensors under test through ``torch.func.functional_call``, so its forward runs
exactly as written. Buffers (running statistics) are held as the module has them.
"""

from __future__ import annotations

import inspect


def parameter_tree(module):
    """The parameters of ``module`` as nested dicts by name (``{"fc1": {"weight": array}}``), detached NumPy copies."""
    tree = {}
    for path, parameter in module.named_parameters():
        node = tree
        *parents, leaf = path.split(".")
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = parameter.detach().cpu().numpy().copy()
    return tree


def _tied_paths(module, name):
    """``{name.other.path: name.first.path}`` for each parameter ``module`` reaches under more than one path (the
    first is the one `parameter_tree` names it by, as ``named_parameters`` does)."""
    first, tied = {}, {}
    for path, parameter in module.named_parameters(remove_duplicate=False):
        named = first.setdefault(id(parameter), path)
        if named != path:
            tied[f"{name}.{path}"] = f"{name}.{named}"
    return tied


def _dotted(tree, prefix=""):
    """``{dotted.path: leaf}`` of a nested dict."""
    flat = {}
    for key, value in tree.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_dotted(value, f"{path}."))
        else:
            flat[path] = value
    return flat


class ModuleArguments:
    """Which arguments of a function are ``nn.Module``s, and how to call it with their parameters replaced."""

    def __init__(self, fun):
        self.fun = fun
        try:
            self.names = list(inspect.signature(fun).parameters)
        except (TypeError, ValueError):
            self.names = []
        self.modules = {}  # argument name -> the module whose parameters stand in for it
        self.states = {}  # argument name -> [(each buffer of its module, its numbers when the module was first seen)]
        self.calling = None
        # a tied parameter's other paths -> the path it is checked under (``model.out.weight`` -> ``model.emb.weight``):
        # one Parameter reachable under two module paths is one variable, its gradient both uses' sum
        self.aliases = {}

    def supplied(self):
        """The arguments a module of the same name in the function's own module stands in for, when a point leaves them out."""
        import torch  # lazy: only a PyTorch target needs it

        found = getattr(inspect.unwrap(self.fun), "__globals__", {})
        return tuple(name for name in self.names if isinstance(found.get(name), torch.nn.Module))

    def point(self, point):
        """``point`` with each module (given, or found by the argument's name in the function's module) as its parameters' tree."""
        import torch  # lazy: only a PyTorch target needs it

        given = dict(point)
        found = getattr(inspect.unwrap(self.fun), "__globals__", {})
        for name in self.names:
            value = given.get(name, found.get(name) if name not in given else None)
            if isinstance(value, torch.nn.Module):
                if self.modules.get(name) is not value:
                    self.modules[name] = value
                    self.states[name] = [(buffer, buffer.detach().clone()) for buffer in value.buffers()]
                    self.calling = None
                    # the aliases are the module's under test: another module's ties are no names of this one
                    for alias in [a for a in self.aliases if a.startswith(f"{name}.")]:
                        del self.aliases[alias]
                    self.aliases.update(_tied_paths(value, name))
                given[name] = parameter_tree(value)
        return given

    def call(self, args):
        """``fun(*args)``, where an argument standing for a module is its tree of parameter tensors, each module's
        buffers first put back as they were when the module was first seen (`restore_buffers`)."""
        self.restore_buffers()
        positions = [i for i, name in enumerate(self.names[: len(args)]) if name in self.modules and isinstance(args[i], dict)]
        if not positions:
            return self._restored_after(self.fun(*args))
        from torch.func import functional_call  # lazy: only a PyTorch target needs it

        parameters, plain = {}, list(args)
        for i in positions:
            name = self.names[i]
            parameters.update({f"held.{name}.{path}": tensor for path, tensor in _dotted(args[i]).items()})
            plain[i] = None
        return self._restored_after(functional_call(self._calling(), parameters, tuple(plain)))

    def _restored_after(self, out):
        """``out``, the buffers put back once more where no backward pass will read them: a result with an autograd
        graph keeps the state its forward saved (PyTorch refuses a backward through a tensor written since), and is
        restored after its gradient (`restore_buffers`, called by the bridge)."""
        import torch  # lazy: only a PyTorch target needs it

        if not (torch.is_grad_enabled() and isinstance(out, torch.Tensor) and out.requires_grad):
            self.restore_buffers()
        return out

    def restore_buffers(self):
        """Each module's buffers put back to their numbers at the point (`states`): a forward that writes its own
        state (spectral_norm's power iteration into u and v in train mode, a batch norm's running statistics) runs
        from the same state at every call, so the function checked is a function of its arguments, and the user's
        module is left as it was given. The writes are no operation of a trace running now (PyTorch's dispatch
        modes are set aside), and a buffer already at its numbers is not written."""
        if not any(self.states.values()):
            return
        import torch  # lazy: only a PyTorch target needs it
        from torch.utils._python_dispatch import _disable_current_modes  # lazy: likewise

        with _disable_current_modes(), torch.no_grad():
            for buffer, saved in (pair for pairs in self.states.values() for pair in pairs):
                if not torch.equal(buffer, saved):
                    buffer.copy_(saved)

    def _calling(self):
        if self.calling is None:
            self.calling = _calling_module(self.fun, self.names, self.modules)
        return self.calling


def _calling_module(fun, names, modules):
    """A module holding the user's modules whose forward calls ``fun`` with them in their argument places."""
    import torch  # lazy: only a PyTorch target needs it

    class Calling(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.held = torch.nn.ModuleDict(modules)

        def forward(self, *args):
            return fun(*[self.held[name] if name in self.held else arg for name, arg in zip(names, args)])

    return Calling()

