"""The command line: thin glue that parses options, calls the library and renders results.

Exit codes: 0 ok, 1 a check failed, 2 bad usage or bad input, 3 internal error
(with a traceback only under ``--debug``). Heavy libraries are imported inside
the commands, so ``gradcli --help`` loads neither NumPy nor sympy nor mpmath.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import warnings

import click

from ._version import __version__
from .checker.dtypes import NAMES, rtol_help
from .checker.options import CheckOptions
from .errors import EXIT_BAD_INPUT, EXIT_CHECK_FAILED, EXIT_INTERNAL, GradcliError, InputError


class _ReportedError(click.ClickException):
    """A gradcli error on its way out through click: its own rendering and exit code."""

    def __init__(self, error: GradcliError):
        super().__init__(str(error))
        self.error = error
        self.exit_code = error.exit_code

    def show(self, file=None):
        click.echo(self.error.render(), err=True)


class _Command(click.Command):
    """A command whose arguments may start with a minus: ``gradcli grad "-log(x)" --at 2``.

    click reads any word that starts with ``-`` as an option, so ``-log(x)``
    would be "No such option: -l". Here a word that is neither an option of
    the command (``--at``, ``-h``, a cluster of its short flags) nor an
    option's value is an argument. click then gets the options first and the
    arguments, in their order, after ``--``. An unknown ``--long`` option stays
    click's error; a lone ``-`` and numbers such as ``-1e-3`` are arguments.
    """

    def parse_args(self, ctx, args):
        return super().parse_args(ctx, _arguments_last(self.get_params(ctx), args))


def _arguments_last(params, args):
    """``args`` with the arguments moved after ``--`` when one starts with a minus (else unchanged)."""
    options = {opt: param for param in params if isinstance(param, click.Option) for opt in param.opts + param.secondary_opts}
    takes_value = {opt for opt, param in options.items() if not (param.is_flag or param.count)}
    flags = {opt[1] for opt in options if len(opt) == 2 and opt[0] == "-" and opt not in takes_value}
    kept, arguments, words = [], [], iter(args)
    for word in words:
        if word == "--":
            arguments.extend(words)
        elif word.startswith("--") or word in options or (len(word) > 1 and word[0] == "-" and set(word[1:]) <= flags):
            kept.append(word)
            if word in takes_value:  # its values follow, whatever they look like (--at -3)
                kept.extend(value for _, value in zip(range(options[word].nargs), words))
        elif word[:2] in takes_value and word[2:]:  # a short option with its value attached (-n3)
            kept.append(word)
        else:
            arguments.append(word)
    if not any(a.startswith("-") for a in arguments):
        return args
    return kept + ["--"] + arguments


class _Group(click.Group):
    """The command group: turns gradcli's own errors into click exits with their codes."""

    command_class = _Command

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except GradcliError as error:
            raise _ReportedError(error) from None
        except (BrokenPipeError, SystemExit) as exc:
            # The reader of stdout has gone. click's handler and rich's
            # Console.on_broken_pipe would exit 1, which means "a check failed".
            if isinstance(exc, SystemExit) and not isinstance(exc.__context__, BrokenPipeError):
                raise
            raise click.exceptions.Exit(_reader_gone()) from None


def _reader_gone():
    """Stop quietly when stdout's reader has gone (``gradcli ops | head -1``); exit 0, as git does.

    stdout is pointed at devnull, so flushing it at exit cannot fail again.
    """
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):
        pass  # stdout is not a file (a test's capture): nothing will flush to a pipe
    return 0


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
@click.option("--timeout", type=click.FloatRange(min=0.0), default=2.0, show_default=True, help="Seconds of CPU time allowed for simplification (inf: no limit); past it the unsimplified form is shown, with a note.")
@click.option("--max-time", type=click.FloatRange(min=0.0, min_open=True), default=60.0, show_default=True, help="Seconds allowed for differentiating and writing out the derivatives (inf: no limit); past it gradcli stops with exit 2 (a high --order can take sympy minutes).")
@click.option("--var", "extra_vars", metavar="NAME[,NAME]", help="Names to treat as variables even if they are constants (e, pi).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (the same as --format json).")
def diff(expr, wrt, order, fmt, simplify, timeout, max_time, extra_vars, as_json):
    """Differentiate a formula symbolically: every partial derivative, printed exactly.

    EXPR is a formula such as "log(1+exp(x))"; it is parsed safely (never
    evaluated as Python). It may start with a minus: gradcli diff "-x^2".
    """
    from .expr.parse import parse

    formula = parse(expr, treat_as_variables=_split_names(extra_vars))  # bad input fails fast

    from .expr.diff import FORMATS, differentiate
    from .render import dump_json, print_diff

    fmt = "json" if as_json else fmt
    result = differentiate(formula, _split_names(wrt) or None, order, simplify, timeout, max_time, FORMATS[fmt])
    if fmt == "json":
        dump_json(result)
    else:
        print_diff(result, fmt)


diff.help = (diff.help or "") + _FORMULA_HELP.format(functions=_function_list())


_DEFAULTS = {option.name: option.default for option in dataclasses.fields(CheckOptions)}  # the library's, once


def check_options(fun):
    """The options grad and check share: points, dtypes, what to differentiate, tolerances."""
    options = [
        click.option("--at", "at", multiple=True, metavar="POINT", help='A point: --at 100, --at "x=1.5,y=2", --at "x=[1,2,3]", --at x=@arr.npy. Repeat for more points.'),
        click.option("--random", "random_specs", multiple=True, metavar='"X=(N,)"', help="A standard normal array for a variable, of the given shape (with --seed)."),
        click.option("--seed", type=click.IntRange(min=0), default=_DEFAULTS["seed"], show_default=True, help="Seed for --random and for random-direction checks."),
        click.option("--dtype", "dtypes", default=",".join(_DEFAULTS["dtypes"]), show_default=True, help=f"Working precisions, comma-separated: {', '.join(NAMES)} (bfloat16 with ml_dtypes)."),
        click.option("--wrt", metavar="X[,Y]", help="Check the gradient with respect to these variables only."),
        click.option("--order", type=click.Choice(["1", "2"]), default=str(_DEFAULTS["order"]), show_default=True, help="2 also checks the Hessian (scalar variables)."),
        click.option("--rtol", type=click.FloatRange(min=0.0, min_open=True), help=f"Relative tolerance for 'unstable' (default per dtype: {rtol_help()})."),
        click.option("--atol", type=float, default=_DEFAULTS["atol"], show_default=True, help="Absolute tolerance: a result passes where |computed - exact| <= atol + rtol * |exact|, entrywise (numpy's allclose rule)."),
        click.option("--digits", type=click.IntRange(1, 17), default=7, show_default=True, help="Significant digits to print."),
        click.option("--full", is_flag=True, help="Finite differences on every coordinate, even above 64 inputs."),
        click.option("--var", "extra_vars", metavar="NAME[,NAME]", help="Names that are variables even if they are constants (e, pi)."),
        click.option("--no-fix", "no_fix", is_flag=True, help="Do not look for fixes."),
        click.option("--max-time", type=click.FloatRange(min=0.0, min_open=True), default=_DEFAULTS["max_time"], show_default=True, help="Seconds for the exact reference of the whole check, every point and dtype (inf: no limit); past it a point is 'error'."),
        json_option,
    ]
    for option in reversed(options):
        fun = option(fun)
    return fun


def _check_options(flags):
    """The `CheckOptions` that grad's and check's flags ask for (validated: bad ones exit 2)."""
    chosen = dict(
        dtypes=_split_names(flags["dtypes"]),
        wrt=_split_names(flags["wrt"]),
        order=int(flags["order"]),
        rtol=flags["rtol"],
        atol=flags["atol"],
        full=flags["full"],
        seed=flags["seed"],
        fixes=not flags["no_fix"],
        treat_as_variables=_split_names(flags["extra_vars"]),
        max_time=flags["max_time"],
    )
    if "fail_on" in flags:
        chosen["fail_on"] = _split_names(flags["fail_on"])
    return CheckOptions(**chosen)


def _run_check(target, at, random_specs, options):
    """The report of one target at the points --at and --random give."""
    import numpy as np

    from .checker import runner
    from .checker.points import merge_points, parse_point, random_point
    from .checker.targets import resolve

    resolved = resolve(target, options.treat_as_variables)
    rng = np.random.default_rng(options.seed)  # one stream: each --random draws fresh numbers
    randoms = [random_point(spec, resolved.variables, options.seed, rng) for spec in random_specs]
    covered = {name for r in randoms for name in r}
    rest = tuple(v for v in resolved.variables if v not in covered)
    if not rest and at:
        raise InputError(
            f"--at {at[0]}: every variable ({', '.join(resolved.variables)}) already comes from --random"
        )
    points = [parse_point(text, rest) for text in at] if rest else []
    if rest and not points:
        raise InputError(
            f"where should gradcli check? give a point with --at (the variables: {', '.join(rest)})"
        )
    return runner.check(target, merge_points(points, randoms), options)


@cli.command()
@click.argument("target")
@check_options
def grad(target, at, random_specs, digits, as_json, **flags):
    """Value and gradient of TARGET, checked: why is this gradient NaN, wrong or inaccurate?

    TARGET is a formula ("log(1+exp(x))"), path/to/file.py:function or
    package.module:function (functions written with gradcli.numpy). For each
    point and dtype: the value and gradient, the exact ones (mpmath, adaptive
    precision), finite differences, a verdict (ok, unstable, wrong, domain,
    error), the op that broke (underlined in the formula) and fixes that
    gradcli re-checked. Exits 0 whenever it computed, whatever the verdict.
    """
    from .render import dump_json, print_report

    report = _run_check(target, at, random_specs, _check_options(flags))
    if as_json:
        dump_json(report)
    else:
        print_report(report, digits)


@cli.command(name="check")
@click.argument("targets", nargs=-1, required=True)
@check_options
@click.option("--junit", type=click.Path(dir_okay=False, writable=True), help="Also write JUnit XML here.")
@click.option("--fail-on", default=",".join(_DEFAULTS["fail_on"]), show_default=True, help="Verdicts that fail the check (exit 1): any of unstable, wrong, domain, error.")
def check_command(targets, at, random_specs, digits, as_json, junit, **flags):
    """Check gradients for CI: exit 1 when any result has a failing verdict.

    Same targets and options as grad. With several TARGETs, each is checked at
    the same points. --junit writes one testcase per (target, point, dtype).
    """
    from .files import write_atomically
    from .render import dump_json, junit_xml, print_report

    options = _check_options(flags)
    reports = [_run_check(t, at, random_specs, options) for t in targets]
    if junit:
        write_atomically(junit, junit_xml(reports))
    if as_json:
        dump_json(reports[0] if len(reports) == 1 else {"schema": "gradcli.checks/1", "reports": reports})
    else:
        for report in reports:
            print_report(report, digits)
    failed = [r for r in reports if not r.ok]
    count = sum(len(r.results) for r in reports)
    click.echo(
        f"{count} result{'' if count == 1 else 's'}, "
        f"{sum(1 for r in reports for x in r.results if x.status in r.fail_on)} failing "
        f"({', '.join(options.fail_on)}).",
        err=True,
    )
    if failed:
        raise click.exceptions.Exit(EXIT_CHECK_FAILED)


def main(argv=None):
    """Run the command line and exit with its documented code."""
    debug = "--debug" in (sys.argv[1:] if argv is None else argv)
    try:
        with warnings.catch_warnings(record=True) as caught:  # never on the user's terminal; --debug shows them
            warnings.simplefilter("always")
            code = cli.main(args=argv, prog_name="gradcli", standalone_mode=False)
        for warning in caught if debug else ():
            click.echo(f"debug: a Python warning: {warning.category.__name__}: {warning.message}", err=True)
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except click.ClickException as exc:  # usage errors (exit 2) and gradcli's own errors
        exc.show()
        code = EXIT_BAD_INPUT if isinstance(exc, click.UsageError) else exc.exit_code
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        code = 130
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
    try:
        sys.stdout.flush()  # here, not at exit, where a broken pipe would be reported
    except BrokenPipeError:
        code = _reader_gone()
    sys.exit(code or 0)


if __name__ == "__main__":
    main()
