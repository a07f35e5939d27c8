"""The points at which a check computed its exact reference, counted: a question asked once, or once more."""

import gradcli
from gradcli.checker import reference


def asked_references(monkeypatch, target, xs, dtypes=("float64",)):
    """``(points asked, results)``: each point (a tuple of floats) at which ``target``'s check at ``xs`` (values of its
    one variable ``x``) computed an exact reference, in order, and the check's results."""
    asked = []
    original = reference.compute

    def counted(target, args, *rest, **kwargs):
        asked.append(tuple(float(a) for a in args))
        return original(target, args, *rest, **kwargs)

    monkeypatch.setattr(reference, "compute", counted)
    return asked, gradcli.check(target, [{"x": x} for x in xs], dtypes=list(dtypes), fixes=False).results
