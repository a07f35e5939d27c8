# Two commands set everything up on a fresh machine with only Python 3.11:
#   make demo   install gradcli into .venv and run the headline example
#   make test   install with the test extras and run the whole suite
#   make fuzz   the fuzz targets for MINUTES (30) under atheris (or hypothesis, where atheris cannot install)
#   make fuzz-reference   the exact reference against an independent mpmath oracle, for MINUTES (30)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# setuptools announces every editable install with a warning ("Editable installation. Please be
# careful with folders ..."): information, not a problem, and it is all `make demo` would print.
INSTALL := PYTHONWARNINGS="ignore:Editable installation" $(BIN)/python -m pip install --quiet

MINUTES ?= 30

.PHONY: demo test bench fuzz fuzz-reference clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

demo: $(BIN)/python
	$(INSTALL) -e .
	$(BIN)/gradcli grad "log(1+exp(x))" --at 100

test: $(BIN)/python
	$(INSTALL) -e ".[test]"
	@# The HTML report is tested in headless Chromium: install Debian's package where it can be (root, apt-get).
	@command -v chromium >/dev/null || ! command -v apt-get >/dev/null || \
		apt-get install -y --no-install-recommends chromium >/dev/null 2>&1 || \
		echo "chromium could not be installed: the HTML report's browser test will be skipped"
	$(BIN)/python -m pytest -q

bench: $(BIN)/python
	$(INSTALL) -e ".[bench]"
	$(BIN)/python bench/run.py

fuzz: $(BIN)/python
	@# atheris ships wheels for Linux and macOS; where none fits, run.py says so and uses hypothesis.
	$(INSTALL) -e ".[test,fuzz]" || $(INSTALL) -e ".[test]"
	$(BIN)/python tests/fuzz/run.py --minutes $(MINUTES)

fuzz-reference: $(BIN)/python
	$(INSTALL) -e ".[test]"
	$(BIN)/python tests/test_reference_property.py --minutes $(MINUTES)

clean:
	rm -rf $(VENV) build *.egg-info
