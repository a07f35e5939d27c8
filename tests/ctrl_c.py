"""Start a process as a terminal does, with Ctrl-C answered: the tests of what gradcli does on Ctrl-C.

A process inherits an ignored or blocked SIGINT from the one that starts it,
and Python then leaves it ignored; a pytest worker's disposition is not the
terminal's (a library may have set it at the C level, where Python's
`signal.getsignal` does not see it), so these tests set the default for the
moment of the start.
"""

import contextlib
import signal


@contextlib.contextmanager
def answering_ctrl_c():
    """While the body starts its process: SIGINT unblocked and at Python's default handler (an exec'd child gets
    the default action), then as it was."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    blocked = signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        signal.signal(signal.SIGINT, previous if previous is not None else signal.default_int_handler)
