"""Last in the audit forkserver's preload list: garbage collection on again, its imports set aside for good.

What the forkserver imported lives as long as it and its workers do:
``gc.freeze`` leaves it out of every later collection in the forkserver and
in each worker forked from it (which then also leave those pages of memory
shared), and the collector runs again, on what the cases make
(`preload_begins` turned it off).
"""

import gc

gc.freeze()
gc.enable()
