"""The autodiff core stands in layers: each module imports only modules below it, never in a function to dodge a cycle."""

from __future__ import annotations

import ast
from pathlib import Path

import gradcli.autodiff

import package_sources

PACKAGE = Path(gradcli.autodiff.__file__).parent

# Bottom to top. A module may import modules of lower layers only: the buffer
# pool knows nothing of the rest, values nothing of tracing, the tracer no derivatives, the backward machinery no ops;
# the elementwise ops come before the array ops (whose `unbroadcast` their
# rules use), the rules after both, the transforms built of those ops (numpy.fft) above them, the mpmath support and the catalogue last.
LAYERS = [
    # Anchored balls and proof numbers are arithmetic on flint and NumPy alone, which the ops' own
    # high-precision paths consult (a decomposition on proof numbers): leaves below everything.
    {"fft_steps"},  # the fast Fourier transform's steps on any numbers: arithmetic alone
    {"arb_anchored", "arb_proof_balls", "arb_complex"},  # arb_complex: complex parts and DFTs, which arb binds
    {"arb_identities"},  # the functions' identities as normal forms of proof numbers' atoms (`arb_proof` binds it)
    {"arb_proof_quotients"},  # proof numbers' quotients and their arithmetic, under `arb_proof`'s functions
    {"arb_proof"},
    {"arb_proof_linalg", "arb_proof_series"},  # arb_proof_series: a quotient's limit as its step falls to 0
    {"tree", "values", "buffers"},
    {"tracer"},
    {"core"},
    {"ops"},
    {"ops_array"},
    {"ops_rules", "ops_special", "ops_linalg", "ops_shape", "windows", "ops_vectorize"},
    {"ops_fft", "ops_decompositions", "ops_scipy", "ops_signal"},
    {"ops_scipy_linalg", "ops_numeric", "ops_fitting", "ops_scipy_losses", "ops_ufunc", "ops_float_parts", "ops_qr", "ops_elliptic",
     "ops_scipy_elementary", "ops_bessel_hypergeometric", "ops_series", "scipy_windows"},
    {"ops_normal_integrals", "ops_elliptic_incomplete", "ops_poly1d", "ops_stft", "ops_masked"},  # the incomplete integrals use the complete ones' slopes
    {"ops_stats"},  # the skew-normal's CDF is Owen's T
    {"namespace"},
    {"boxes", "transforms"},
    {"tape", "ops_integrate", "plain"},
    {"custom", "functional", "scipy_namespace"},
    {"mp"},
    {"arb_constants", "arb_eigh"},  # the rules' constants as balls; eigh and svd on balls and jets, which arb binds
    {"arb"},
    {"catalog"},
    {"__init__"},
]
LAYER_OF = {name: i for i, layer in enumerate(LAYERS) for name in layer}

# Imports inside functions that may stay, and why: heavy packages kept off the
# start-up path.
LAZY_ALLOWED = {
    "mpmath": "imported only once mpmath numbers are about",
    "scipy.special": "special functions' extra precision, only when asked",
    "scipy.linalg": "scipy.linalg's functions (sqrtm, expm, solve_sylvester), only when called",
    "scipy.integrate": "odeint's integrator, only when called",
    "scipy.signal": "SciPy's get_window, only when a window is asked for",
    "scipy.signal.windows": "SciPy's windows, only when one is asked for",
    "flint": "imported only once the exact reference asks for balls",
}


def _modules():
    """Each module of the core (not its subpackages) by name: the summary of its source (`package_sources.Module`)."""
    return {path.stem: package_sources.module(path) for path in package_sources.files(PACKAGE, recursive=False)}


def _imported(node):
    """The modules an import statement names, as dotted names (``.ops`` relative ones as ``ops``)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level == 1:
        return [node.module] if node.module else [alias.name for alias in node.names]
    return [node.module]


def _top_level_imports(module):
    return [statement.node for statement in module.imports if statement.top_level]


def _function_imports(module):
    return [statement.node for statement in module.imports if statement.in_function]


def test_every_module_has_a_layer():
    assert set(_modules()) == set(LAYER_OF)


def test_each_module_imports_only_lower_layers():
    wrong = []
    for name, module in _modules().items():
        for node in _top_level_imports(module):
            if not (isinstance(node, ast.ImportFrom) and node.level == 1):
                continue
            for target in _imported(node):
                if LAYER_OF[target] >= LAYER_OF[name]:
                    wrong.append(f"{name} (layer {LAYER_OF[name]}) imports {target} (layer {LAYER_OF[target]})")
    assert wrong == []


def test_no_import_inside_a_function_but_heavy_lazy_ones():
    found = []
    for name, module in _modules().items():
        for node in _function_imports(module):
            if isinstance(node, ast.ImportFrom) and node.level:
                found.append(f"{name}:{node.lineno} from {'.' * node.level}{node.module or ''} import")
            else:
                found.extend(
                    f"{name}:{node.lineno} {target}" for target in _imported(node) if target not in LAZY_ALLOWED
                )
    assert found == []


def test_the_package_imports_nothing_of_gradcli_outside_itself():
    # gradcli.numpy re-exports autodiff/namespace.py: the core reads that, never the public module.
    outside = {
        (name, target)
        for name, module in _modules().items()
        for node in _top_level_imports(module)
        if not (isinstance(node, ast.ImportFrom) and node.level)
        for target in _imported(node)
        if target.split(".")[0] == "gradcli"
    }
    assert outside == set()
