"""The ``gradcli`` command and ``python -m gradcli``: the command line, with what an audit starts before it and after it."""

import sys


def run():
    """Run the command line (`gradcli.cli.main`); for ``gradcli audit``, start its workers first and end it at once."""
    from .audit import bytecode

    bytecode.install()  # first: what follows is read from cached bytecode where Python keeps none

    audit = sys.argv[1:2] == ["audit"]
    if audit:
        from .audit import preload

        preload.start_for_command_line(sys.argv[1:])  # before the command line's own imports: the two run at once
    from .cli import main

    try:
        main()  # a forkserver started above and not taken (a usage error) is stopped at exit (`gradcli.isolation`)
    except SystemExit as stop:
        if audit:
            preload.exit_now(stop.code)
        # A framework's call left running would abort Python's own exit. Only a bridge starts such calls, and it
        # imports `own_time` first: a run that never did (--help, a formula) has none and imports nothing here.
        own_time = sys.modules.get("gradcli.capture.own_time")
        if own_time is not None:
            own_time.exit_past_calls_left(stop.code)
        raise


if __name__ == "__main__":
    run()
