# Two commands set everything up on a fresh machine with only Python 3.11:
#   make demo   install gradcli into .venv and run the headline example
#   make test   install with the test extras and run the whole suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

demo: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	$(BIN)/gradcli grad "log(1+exp(x))" --at 100

test: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"
	$(BIN)/python -m pytest -q

bench: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[bench]"
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) build *.egg-info
