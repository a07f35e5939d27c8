# Two commands set everything up on a fresh machine with only Python 3.11:
#   make demo   install gradcli into .venv and run the headline example
#   make test   install with the test extras and run the whole suite
#   make fuzz   the fuzz targets for MINUTES (30) under atheris (or hypothesis, where atheris cannot install)
#   make autograd-suite   HIPS autograd's own tests (from its sdist, via pip) against gradcli through a shim
#   make fuzz-reference   the exact reference against an independent mpmath oracle, for MINUTES (30), then its wide ops,
#                         SciPy's special functions, those in plain NumPy, and in JAX, PyTorch and TensorFlow, each as long
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# setuptools announces every editable install with a warning ("Editable installation. Please be
# careful with folders ..."): information, not a problem, and it is all `make demo` would print.
INSTALL := PYTHONWARNINGS="ignore:Editable installation" $(BIN)/python -m pip install --quiet

MINUTES ?= 30

.PHONY: demo test trials bench fuzz fuzz-reference autograd-suite clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

demo: $(BIN)/python
	$(INSTALL) -e .
	$(BIN)/gradcli grad "log(1+exp(x))" --at 100

# The suite starts hundreds of Python processes that import gradcli, and each pytest worker rewrites every
# test file's asserts: where the environment says PYTHONDONTWRITEBYTECODE, each of them would compile all of
# it afresh. The test run keeps bytecode (in the checkout's __pycache__ folders, which git ignores).
test: export PYTHONDONTWRITEBYTECODE =
test: $(BIN)/python
	@# The framework bridges are tested on every machine: JAX from its extra; PyTorch pinned to the
	@# CPU build these machines keep on disk (a bare `torch` would download a CUDA build of several GB);
	@# TensorFlow as tensorflow-cpu, for the same reason. Users' extras keep open ranges.
	$(INSTALL) -e ".[test,jax]" "torch==2.13.0" "tensorflow-cpu>=2.16"
	@# The HTML report is tested in headless Chromium: install Debian's package where it can be (root, apt-get).
	@command -v chromium >/dev/null || ! command -v apt-get >/dev/null || \
		apt-get install -y --no-install-recommends chromium >/dev/null 2>&1 || \
		echo "chromium could not be installed: the HTML report's browser test will be skipped"
	@# gradcli's modules and the tests' helpers compiled once, on every core, before the workers start: each worker
	@# would compile all of gradcli again as it imports it (the test files are compiled by pytest's rewriting).
	$(BIN)/python -m compileall -q -j 0 -x '/test_[^/]*\.py$$' gradcli tests
	@# Across the CPU's cores, a test file to a worker (a module's shared set-up then runs once),
	@# the longest files first as conftest.py orders them (tests/file_costs.py), so the workers end together.
	$(BIN)/python -m pytest -q -n auto --dist loadfile --no-loadscope-reorder
	@# NumPy picks SIMD kernels by CPU at run time: the tests that assert what two code paths
	@# share run once more under each other set of kernels this CPU has (without AVX-512, baseline).
	$(BIN)/python tests/kernel_paths.py -q -n auto

bench: $(BIN)/python
	@# The bridges' benchmarks need the frameworks, pinned as `make test` pins them.
	$(INSTALL) -e ".[bench,test,jax]" "torch==2.13.0" "tensorflow-cpu>=2.16"
	@# Each benchmark script at a tiny size first (tests/test_bench_smoke.py), then the measured runs.
	$(BIN)/python -m pytest -q tests/test_bench_smoke.py
	$(BIN)/python bench/run.py

fuzz: $(BIN)/python
	@# atheris ships wheels for Linux and macOS; where none fits, run.py says so and uses hypothesis.
	$(INSTALL) -e ".[test,fuzz]" || $(INSTALL) -e ".[test]"
	$(BIN)/python tests/fuzz/run.py --minutes $(MINUTES)

# The trial rounds `make trials` runs, each a pattern of a round's name: ROUNDS="3 4 5", ROUNDS="1*" (10a to 19b).
ROUNDS ?= *

trials: $(BIN)/python
	$(INSTALL) -e ".[test,jax]" "torch==2.13.0" "tensorflow-cpu>=2.16"
	@# The earlier new-user trial rounds' regression files (each re-runs whole user programs), beside the suite.
	$(BIN)/python -m pytest -q -n auto --dist loadfile $(sort $(wildcard $(foreach round,$(ROUNDS),tests/test_user_trials$(round).py)))

autograd-suite: $(BIN)/python
	$(INSTALL) -e ".[test]"
	@# A yardstick, not part of `make test`: it downloads autograd's tests at run time and reports the count.
	$(BIN)/python bench/autograd_suite/run.py -n auto

fuzz-reference: $(BIN)/python
	$(INSTALL) -e ".[test,jax]" "torch==2.13.0" "tensorflow-cpu>=2.16"
	$(BIN)/python tests/test_reference_property.py --minutes $(MINUTES)
	$(BIN)/python tests/test_reference_property.py --wide --depth 4 --minutes $(MINUTES)
	$(BIN)/python tests/test_reference_property.py --special --minutes $(MINUTES)
	$(BIN)/python tests/test_reference_property.py --special --numpy --minutes $(MINUTES)
	$(BIN)/python tests/test_reference_property.py --framework jax --minutes $(MINUTES)
	$(BIN)/python tests/test_reference_property.py --framework torch --minutes $(MINUTES)
	$(BIN)/python tests/test_reference_property.py --framework tf --minutes $(MINUTES)

clean:
	rm -rf $(VENV) build *.egg-info
