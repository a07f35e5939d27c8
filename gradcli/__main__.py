from .audit import bytecode  # noqa: F401 - first: the modules below are read from cached bytecode where Python keeps none

import sys

from .audit import preload

preload.start_for_command_line(sys.argv[1:])  # before the command line's own imports: the two run at once

from .cli import main  # noqa: E402

main()  # a forkserver started here and not taken (a usage error) is stopped at exit (`gradcli.isolation`)
