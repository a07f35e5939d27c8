"""First in the audit forkserver's preload list: no cyclic garbage collection while it imports, and gradcli's bytecode cached.

Importing NumPy, SciPy, mpmath and the checker makes a hundred thousand objects that
live as long as the process, and the collector ran over them again and again
as they were made: about a tenth of the forkserver's imports, before any case
can run. `preload_ends`, last in the list, turns it back on. Imported by the
forkserver only (its preload can only import), which is why it also installs
`bytecode`'s hook: the rest of gradcli's modules are then read from bytecode
where Python is told to keep none beside them.
"""

import gc

from . import bytecode

gc.disable()
bytecode.install()
