"""The command line: thin glue that parses options, calls the library and renders results.

Exit codes: 0 ok, 1 a check failed, 2 bad usage or bad input, 3 internal error
(with a traceback only under ``--debug``). Heavy libraries are imported inside
the commands, so ``gradcli --help`` loads neither NumPy nor sympy nor mpmath.
"""

from __future__ import annotations

import sys

import click

from ._version import __version__
from .errors import EXIT_BAD_INPUT, EXIT_INTERNAL, GradcliError, InputError


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", "-V", prog_name="gradcli")
@click.option("--debug", is_flag=True, help="Show the traceback of an internal error.")
@click.pass_context
def cli(ctx, debug):
    """Find out why a gradient is NaN, wrong, or quietly inaccurate.

    \b
    Exit codes: 0 ok, 1 a check failed, 2 bad usage or input, 3 internal error.
    """
    ctx.ensure_object(dict)
    ctx.obj["debug"] = debug


def json_option(fun):
    return click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")(fun)


@cli.command()
@json_option
@click.option(
    "--kind",
    type=click.Choice(
        ["elementwise", "comparison", "reduction", "shape", "indexing", "linalg", "composite", "constructor"]
    ),
    help="Only ops of this kind.",
)
def ops(as_json, kind):
    """List the differentiable ops of gradcli.numpy and how each is differentiated.

    For every op: its arity, whether it is differentiable (or has zero
    gradient, or builds constants), whether it has its own VJP and JVP rules
    (or derives them), and whether it runs on mpmath numbers for the
    high-precision reference.
    """
    from .autodiff.catalog import catalogue
    from .render import dump_json, print_ops_table

    rows = [r for r in catalogue() if kind is None or r.kind == kind]
    if as_json:
        dump_json({"schema": "gradcli.ops/1", "ops": rows})
    else:
        print_ops_table(rows)


def main(argv=None):
    """Run the command line and exit with its documented code."""
    debug = "--debug" in (sys.argv[1:] if argv is None else argv)
    try:
        code = cli.main(args=argv, prog_name="gradcli", standalone_mode=False)
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except click.ClickException as exc:  # usage errors: click says exit 2
        exc.show()
        code = EXIT_BAD_INPUT if isinstance(exc, click.UsageError) else exc.exit_code
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        code = 130
    except InputError as exc:
        click.echo(exc.render(), err=True)
        code = exc.exit_code
    except GradcliError as exc:
        click.echo(f"error: {exc}", err=True)
        code = exc.exit_code
    except Exception as exc:  # noqa: BLE001 - the one exit path for internal errors
        if debug:
            import traceback

            traceback.print_exc()
        click.echo(
            f"internal error: {type(exc).__name__}: {exc}\n"
            "This is a bug in gradcli; run again with --debug for the traceback.",
            err=True,
        )
        code = EXIT_INTERNAL
    sys.exit(code or 0)


if __name__ == "__main__":
    main()
