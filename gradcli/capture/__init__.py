"""The user's own code as gradcli's graph: plain NumPy modules run on ``gradcli.numpy``, tree arguments as leaves.

A bridge gives the checker what it already understands: a callable computing
the framework's value (and, through gradcli's core, gradient) in a dtype, which
also runs on high-precision numbers for the exact reference, with the user's
own file and lines for provenance and fixes.
"""

from .bridge import BRIDGES, Bridge, as_functions, differentiating, given_arguments, make_bridge, prepare_bridge, replayed_at, replayed_location, without_replay
from .detect import framework_contradicted, framework_of_callable, framework_of_source, framework_of_value
from .lines import imported_names
from .numpy_module import load_module, source_of_module, substituted_function
from .numpy_names import check_names, missing_function
from .trees import TreeArguments, as_numbers

__all__ = [
    "BRIDGES",
    "Bridge",
    "TreeArguments",
    "as_numbers",
    "as_functions",
    "differentiating",
    "given_arguments",
    "make_bridge",
    "prepare_bridge",
    "replayed_at",
    "replayed_location",
    "without_replay",
    "check_names",
    "framework_of_callable",
    "framework_contradicted",
    "framework_of_source",
    "framework_of_value",
    "imported_names",
    "load_module",
    "missing_function",
    "source_of_module",
    "substituted_function",
]
