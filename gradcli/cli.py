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


class _ReportedError(click.ClickException):
    """A gradcli error on its way out through click: its own message and exit code."""

    def __init__(self, error: GradcliError):
        super().__init__(str(error))
        self.error = error
        self.exit_code = error.exit_code

    def show(self, file=None):
        text = self.error.render() if isinstance(self.error, InputError) else f"error: {self.error}"
        click.echo(text, err=True)


class _Group(click.Group):
    """The command group: turns gradcli's own errors into click exits with their codes."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except GradcliError as error:
            raise _ReportedError(error) from None


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
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


_FORMULA_HELP = """

    Formula syntax: numbers (2, 0.5, 1e-8), variables (any name that is not a
    function; e and pi are constants unless listed with --var), + - * / % **,
    ^ as power (x^2 means x**2), unary minus, parentheses, and calls of:
    {functions}.
    log(x, b) is the logarithm to base b. Comparisons (< <= > >= == !=) are
    allowed only as the first argument of where(cond, a, b).
    """


def _function_list():
    from .expr.functions import ALIASES, FUNCTIONS

    aliases = {}
    for alias, name in ALIASES.items():
        aliases.setdefault(name, []).append(alias)
    return ", ".join(
        name + (f" ({'/'.join(sorted(aliases[name]))})" if name in aliases else "")
        for name in sorted(FUNCTIONS)
    )


def _split_names(text):
    return tuple(n.strip() for n in text.split(",") if n.strip()) if text else ()


@cli.command(epilog=None)
@click.argument("expr")
@click.option("--wrt", metavar="X[,Y]", help="Differentiate with respect to these (default: every variable, in order of appearance).")
@click.option("--order", type=click.IntRange(1, 10), default=1, show_default=True, help="Order of the derivative; with several variables, 2 gives the Hessian.")
@click.option("--format", "fmt", type=click.Choice(["text", "latex", "python", "json"]), default="text", show_default=True, help="How to print the derivatives (python: gradcli.numpy code).")
@click.option("--simplify/--no-simplify", default=True, show_default=True, help="Simplify the derivatives (under --timeout).")
@click.option("--timeout", type=click.FloatRange(min=0.0), default=2.0, show_default=True, help="Seconds allowed for simplification; past it the unsimplified form is shown, with a note.")
@click.option("--var", "extra_vars", metavar="NAME[,NAME]", help="Names to treat as variables even if they are constants (e, pi).")
@json_option
def diff(expr, wrt, order, fmt, simplify, timeout, extra_vars, as_json):
    """Differentiate a formula symbolically: every partial derivative, printed exactly.

    EXPR is a formula such as "log(1+exp(x))"; it is parsed safely (never
    evaluated as Python).
    """
    from .expr.diff import differentiate
    from .expr.parse import parse
    from .render import dump_json, print_diff

    formula = parse(expr, treat_as_variables=_split_names(extra_vars))
    result = differentiate(formula, _split_names(wrt) or None, order, simplify, timeout)
    if as_json or fmt == "json":
        dump_json(result)
    else:
        print_diff(result, fmt)


diff.help = (diff.help or "") + _FORMULA_HELP.format(functions=_function_list())


def main(argv=None):
    """Run the command line and exit with its documented code."""
    debug = "--debug" in (sys.argv[1:] if argv is None else argv)
    try:
        code = cli.main(args=argv, prog_name="gradcli", standalone_mode=False)
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except click.ClickException as exc:  # usage errors (exit 2) and gradcli's own errors
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
