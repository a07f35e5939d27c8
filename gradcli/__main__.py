from .audit import bytecode  # noqa: F401 - first: the modules below are read from cached bytecode where Python keeps none

from .cli import main

main()
