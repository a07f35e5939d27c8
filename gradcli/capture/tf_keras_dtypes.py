"""Keras losses and layers that compute in a narrower dtype than the numbers handed to them: a ``keras.losses.Loss``,
its ``dtype`` float32 by Keras's default policy, or a ``keras.layers.Layer`` whose dtype policy computes in float32,
casts float64 inputs to float32 and computes there, so a float64 run of the user's function keeps float32's digits.

gradcli notes each such call while TensorFlow runs the function (`narrower_keras_calls`); the run is judged as the
numbers it returned, and `narrower_said` words the finding that names the object, its dtype, the user's line and how
to ask for the wider dtype: the cause where that run is unstable, a note where it is still right. A Keras function
whose TensorFlow backend casts float64 to float32 inside whatever it is handed (``keras.losses.ctc``: tf.nn.ctc_loss
refuses float64) is found in the traced graph by that cast (`keras_function_casting`) and named the same way, with
what the user can do instead (`narrower_function_said`): no dtype= asks it for float64.
"""

from __future__ import annotations

import functools
import os
import sys
import threading
from contextlib import contextmanager

import numpy as np

from .lines import innermost_users
from .tf_errors import is_users_file

_NOTING = {"depth": 0, "originals": None, "noted": None}  # nested and concurrent runs share one replacement
_NOTING_LOCK = threading.Lock()


def narrower_said(what, own, wide):
    """Why a ``wide`` run of the user's function keeps ``own``'s digits where the Keras loss ``what`` computes in
    ``own``, and how to ask for ``wide``: a finding's or a note's words."""
    return (f"{what} computes in {own}, its dtype, and casts the {wide} numbers handed to it to {own}, so the {wide} "
            f"run keeps {own}'s digits from there; ask for {wide} with dtype=\"{wide}\" where it is made, or "
            f"keras.config.set_dtype_policy(\"{wide}\") before it is made")


def narrower_function_said(what, own, wide):
    """Why a ``wide`` run keeps ``own``'s digits where the Keras function ``what`` (``keras.losses.ctc``) casts its
    numbers to ``own`` inside, whatever it is handed, and what the user can do: a finding's or a note's words."""
    return (f"{what} computes in {own} whatever it is handed: Keras' TensorFlow backend casts the {wide} numbers to "
            f"{own} inside it (the TensorFlow operation it calls does not take {wide}), so the {wide} run keeps "
            f"{own}'s digits from there, and no dtype= or dtype policy asks it for {wide}; check the function in {own} "
            f"(--dtype {own}), where those digits are its own, or write that part with TensorFlow operations that "
            f"compute in {wide}")


def keras_function_casting(op, traceback, user_frame):
    """``(the Keras function, its own dtype, the wide dtype)`` where ``op`` is a cast to a narrower float inside a
    function Keras exports (``keras.losses.ctc``) that the user's line at ``user_frame`` called, else None."""
    if op.type != "Cast" or "keras" not in sys.modules:
        return None
    wide, own = op.get_attr("SrcT"), op.get_attr("DstT")
    if not (wide.is_floating and own.is_floating and own.size < wide.size):
        return None
    frames = list(traceback)  # outermost first
    mark = (user_frame.filename, user_frame.lineno, user_frame.name)
    past = next((i + 1 for i, frame in enumerate(frames) if (frame.filename, frame.lineno, frame.name) == mark), None)
    if past is None or past >= len(frames):
        return None
    # the function the user's line called itself: one a Keras object's call reaches (a layer's) is the object's work
    name = _keras_functions().get((os.path.abspath(frames[past].filename), frames[past].name))
    return None if name is None else (name, own.name, wide.name)


@functools.lru_cache(maxsize=1)
def _keras_functions():
    """``{(file, function name): "keras.losses.ctc"}`` of the functions Keras exports, from its table of exported names
    (a class's methods are not among them: a Keras loss object is watched by its call, `narrower_keras_calls`)."""
    import inspect

    from keras.src import api_export  # lazy: asked only while a graph that uses Keras is walked

    found = {}
    for symbol, name in api_export.REGISTERED_OBJS_TO_NAMES.items():
        code = getattr(inspect.unwrap(symbol), "__code__", None) if inspect.isfunction(symbol) else None
        if code is not None:
            found.setdefault((os.path.abspath(code.co_filename), code.co_name), name)
    return found


@contextmanager
def narrower_keras_calls(wide):
    """While TensorFlow runs the user's function on ``wide`` numbers (a NumPy dtype): yields a list that ends holding
    ``(what, its dtype, the wide dtype, the user's (file, line))`` for each Keras loss called on ``wide`` floats that computes in a
    narrower dtype. Without Keras imported, nothing is watched."""
    keras = sys.modules.get("keras")
    if keras is None or np.dtype(wide).itemsize <= 4:
        yield []
        return
    noted = []
    with _NOTING_LOCK:
        if _NOTING["depth"] == 0:
            # a loss's dtype; a layer's dtype policy's, to which its call converts its float inputs
            watched = [(keras.losses.Loss, "dtype"), (keras.layers.Layer, "input_dtype")]
            _NOTING["originals"] = [(cls, cls.__dict__["__call__"]) for cls, _ in watched]
            _NOTING["noted"] = {}
            for cls, attribute in watched:
                cls.__call__ = _noting(cls.__dict__["__call__"], attribute)
        _NOTING["depth"] += 1
        _NOTING["noted"][threading.get_ident()] = (np.dtype(wide), noted)
    try:
        yield noted
    finally:
        with _NOTING_LOCK:
            _NOTING["noted"].pop(threading.get_ident(), None)
            _NOTING["depth"] -= 1
            if _NOTING["depth"] == 0:
                for cls, original in _NOTING["originals"]:
                    cls.__call__ = original


def _noting(original, attribute):
    """``__call__`` of a Keras class noting a call on wider floats than the object's ``attribute`` dtype."""

    def call(self, *args, **kwargs):
        watching = (_NOTING["noted"] or {}).get(threading.get_ident())
        if watching is not None:
            wide, noted = watching
            own = _float_dtype(getattr(self, attribute, None)) if getattr(self, "_convert_input_args", True) else None
            if own is not None and own.itemsize < wide.itemsize and _holds_floats_of(args, wide) \
                    and not any(entry[0] == _named(self) for entry in noted):
                found = innermost_users(sys._getframe(1), is_users_file)
                location = None if found is None else (found[0].f_code.co_filename, found[1])
                noted.append((_named(self), own.name, wide.name, location))
        return original(self, *args, **kwargs)

    return call


def _float_dtype(dtype):
    """A Keras dtype (a name) as a NumPy float dtype, or None where it is no float's."""
    try:
        found = np.dtype(str(dtype))
    except TypeError:
        return None
    return found if found.kind == "f" else None


def _holds_floats_of(args, dtype):
    """Whether a tensor or array among ``args`` (lists, tuples and dicts of them too) holds floats of ``dtype``."""
    pending = list(args)
    while pending:
        value = pending.pop()
        if isinstance(value, (list, tuple)):
            pending.extend(value)
        elif isinstance(value, dict):
            pending.extend(value.values())
        else:
            found = getattr(value, "dtype", None)
            if found is not None and _float_dtype(getattr(found, "name", found)) == dtype:
                return True
    return False


def _named(obj):
    """A Keras loss or layer as the user wrote it: ``keras.losses.MeanSquaredError`` for Keras's own class (by the name
    Keras exports it by), else its class; a layer with its name too (``keras.layers.Dense "dense"``), as one model
    holds several of a class."""
    from keras.src import api_export  # lazy: Keras is imported already where one of its objects is called

    cls = type(obj)
    named = api_export.get_name_from_symbol(cls) if cls.__module__.startswith("keras.") else None
    named = named or f"{cls.__module__}.{cls.__qualname__}"
    layer = sys.modules["keras"].layers.Layer
    return f'{named} "{obj.name}"' if isinstance(obj, layer) else named
