"""The command line: thin glue that parses options, calls the library and renders results.

Exit codes: 0 ok, 1 a check failed, 2 bad usage or bad input, 3 internal error
(with a traceback only under ``--debug``). Heavy libraries are imported inside
the commands, so ``gradcli --help`` loads neither NumPy nor sympy nor mpmath.
"""

from __future__ import annotations

import contextlib
import dataclasses
import operator
import os
import pickle
import re
import sys
import warnings

import click

from ._version import __version__
from .checker.dtypes import NAMES, rtol_help
from .checker.options import FRAMEWORKS, CheckOptions, build_options
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

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Each command's own, not only the group's: click caches a command's help option the first
        # time it is asked for, so a command invoked on its own first (a library caller, a test)
        # would otherwise keep --help alone, and -h would then read as a formula.
        self.context_settings.setdefault("help_option_names", ["-h", "--help"])

    def parse_args(self, ctx, args):
        if self.name in _JSON_SCHEMAS and _asks_for_json(args):
            ctx.meta[_JSON_ASKED] = _JSON_SCHEMAS[self.name]
        return super().parse_args(ctx, _arguments_last(self.get_params(ctx), args))

    def invoke(self, ctx):
        if not ctx.meta.get(_JSON_ASKED):
            return super().invoke(ctx)
        # stdout carries the JSON document alone: what the user's code prints while gradcli imports, runs and
        # traces it (a trace prints a PyTorch fake tensor's placeholder) goes to stderr, as gradcli's own lines do.
        ctx.meta[_JSON_STREAM] = sys.stdout
        with contextlib.redirect_stdout(sys.stderr):
            return super().invoke(ctx)


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
    """The command group: turns gradcli's own errors into click exits with their codes.

    With ``--json``, an error that stops a command (bad input or usage, exit 2;
    an internal error, exit 3) also prints one JSON document on stdout, unless
    the command printed its own: a reader of stdout (``| jq``) always gets JSON.
    """

    command_class = _Command

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except GradcliError as error:
            if error.exit_code in _ERROR_KINDS:
                _print_json_error(ctx, _ERROR_KINDS[error.exit_code], getattr(error, "message", str(error)), error)
            raise _ReportedError(error) from None
        except (click.exceptions.Exit, click.exceptions.Abort):
            raise
        except click.ClickException as error:  # click's own usage errors: a bad option or value, exit 2
            _print_json_error(ctx, "input", error.format_message())
            raise
        except (BrokenPipeError, SystemExit) as exc:
            # The reader of stdout has gone. click's handler and rich's
            # Console.on_broken_pipe would exit 1, which means "a check failed".
            if isinstance(exc, SystemExit) and not isinstance(exc.__context__, BrokenPipeError):
                raise
            raise click.exceptions.Exit(_reader_gone()) from None
        except Exception as error:
            _print_json_error(ctx, "internal", f"{type(error).__name__}: {error}")
            raise


class _Subgroup(click.Group):
    """A group of commands under the command group (``gradcli report``): its commands are `_Command`s too."""

    command_class = _Command


# The JSON each command's --json prints (`--format json` for diff): an error that stops it prints a document of the
# same schema, {"schema": ..., "error": {"kind", "message", "file", "line", "text", "span"}}.
_JSON_SCHEMAS = {
    "grad": "gradcli.check/1", "check": "gradcli.check/1", "sweep": "gradcli.sweep/1", "audit": "gradcli.audit/1",
    "merge": "gradcli.audit/1", "diff": "gradcli.diff/1", "ops": "gradcli.ops/1",
    "cache": "gradcli.cache/1",
}
_ERROR_KINDS = {EXIT_BAD_INPUT: "input", EXIT_INTERNAL: "internal"}
# Keys of click's context `meta`, one dict that a command's context shares with its group's.
_JSON_ASKED, _JSON_PRINTED = "gradcli.json_schema", "gradcli.json_printed"
# The key of the stream the JSON document goes to: stdout as the command started (`_Command.invoke`).
_JSON_STREAM = "gradcli.json_stream"


def _asks_for_json(args):
    """Whether the words of a command line ask for JSON: ``--json``, or ``--format json`` (options come before ``--``)."""
    words = list(args[: args.index("--")] if "--" in args else args)
    return "--json" in words or "--format=json" in words or any(
        word == "--format" and following == "json" for word, following in zip(words, words[1:])
    )


def _print_json(data):
    """Print ``data``, a command's JSON document, on stdout; an error after it prints no second document."""
    from .views.json import dump_json

    ctx = click.get_current_context()
    dump_json(data, ctx.meta.get(_JSON_STREAM))
    ctx.meta[_JSON_PRINTED] = True


def _print_json_error(ctx, kind, message, error=None):
    """Print the JSON document of an error that stopped a command, when the command line asked for JSON."""
    schema = ctx.meta.get(_JSON_ASKED)
    if schema is None or ctx.meta.get(_JSON_PRINTED):
        return
    from .views.json import dump_json

    span = getattr(error, "span", None)
    file, line = _place_of(error, message)
    dump_json({"schema": schema, "error": {
        "kind": kind, "message": message, "file": file, "line": line,
        "text": getattr(error, "text", None), "span": list(span) if span is not None else None,
    }}, ctx.meta.get(_JSON_STREAM))
    ctx.meta[_JSON_PRINTED] = True


# A place in the user's files an error names where it gives none itself: its text "model.py:12", or its message's
# first words "model.py:12: ..." or "model.py, line 12: ...".
_PLACE_TEXT = re.compile(r"(?P<file>[^\s:]+\.py):(?P<line>\d+)")
_PLACE_OPENING = re.compile(r"(?P<file>[^\s:,]+\.py)(?::|, line )(?P<line>\d+)\b")


def _place_of(error, message):
    """``(file, line)`` of ``error``: its own, else the one its text or its message's opening names, else Nones."""
    file, line = getattr(error, "file", None), getattr(error, "line", None)
    if file is not None or line is not None:
        return file, line
    text = getattr(error, "text", None)
    found = _PLACE_TEXT.fullmatch(text) if isinstance(text, str) else None
    found = found or _PLACE_OPENING.match(message or "")
    return (found["file"], int(found["line"])) if found else (None, None)


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
    """List the differentiable ops of gradcli.numpy and gradcli.scipy and how each is differentiated.

    For every op: its arity, whether it is differentiable (or has zero
    gradient, or builds constants), whether it has its own VJP and JVP rules
    (or derives them), and whether it runs on mpmath numbers for the
    high-precision reference.
    """
    from .autodiff.catalog import catalogue
    from .views.terminal import print_ops_table

    rows = [r for r in catalogue(include_scipy=True) if kind is None or r.kind == kind]
    if as_json:
        _print_json({"schema": "gradcli.ops/1", "ops": rows})
    else:
        print_ops_table(rows)


@cli.command()
@json_option
@click.option("--clear", is_flag=True, help="Remove the cached files first.")
def cache(as_json, clear):
    """Show where gradcli keeps its caches, how many files and bytes each holds; --clear empties them.

    \b
    XLA executables of JAX checks: $GRADCLI_XLA_CACHE (off turns it off),
      else $XDG_CACHE_HOME/gradcli/xla, else ~/.cache/gradcli/xla.
    Bytecode of gradcli's modules, kept where Python writes none
      (PYTHONDONTWRITEBYTECODE): $XDG_CACHE_HOME/gradcli/bytecode, else
      ~/.cache/gradcli/bytecode.
    A cache only saves time: clearing one changes no result.
    """
    from .audit import bytecode
    from .capture import jax_cache

    rows = [jax_cache.usage(clear), bytecode.usage(clear)]
    if as_json:
        _print_json({"schema": "gradcli.cache/1", "caches": [dataclasses.asdict(row) for row in rows]})
    else:
        from .views.terminal import print_caches

        print_caches(rows)


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
    from .views.terminal import print_diff

    fmt = "json" if as_json else fmt
    result = differentiate(formula, _split_names(wrt) or None, order, simplify, timeout, max_time, FORMATS[fmt])
    if fmt == "json":
        _print_json(result)
    else:
        print_diff(result, fmt)


diff.help = (diff.help or "") + _FORMULA_HELP.format(functions=_function_list())


_DEFAULTS = {option.name: option.default for option in dataclasses.fields(CheckOptions)}  # the library's, once


# Each check option's CLI flag, click parameter and conversion (tests/test_audit_options.py keeps it whole).
OPTION_FLAGS = {
    "dtypes": ("--dtype", "dtypes", _split_names),
    "wrt": ("--wrt", "wrt", _split_names),
    "order": ("--order", "order", int),
    "rtol": ("--rtol", "rtol", None),
    "atol": ("--atol", "atol", None),
    "full": ("--full", "full", None),
    "seed": ("--seed", "seed", None),
    "fail_on": ("--fail-on", "fail_on", _split_names),
    "fixes": ("--no-fix", "no_fix", operator.not_),
    "treat_as_variables": ("--var", "extra_vars", _split_names),
    "max_time": ("--max-time", "max_time", None),
    "max_digits": ("--max-digits", "max_digits", None),
    "framework": ("--framework", "framework", None),
}


def _options(*options):
    """A decorator that adds ``options`` to a command, in the order given (as --help lists them)."""

    def decorate(fun):
        for option in reversed(options):
            fun = option(fun)
        return fun

    return decorate


def _listed(ctx, param, values):
    """A comma-separated option given more than once, as one list: ``--dtype float32 --dtype float64`` checks both
    (click alone would keep the last and drop the others unsaid)."""
    return ",".join(values) if values else None


def _list_option(*names, default=None, **settings):
    """A comma-separated option that may be repeated, its repeats joined (`_listed`)."""
    return click.option(*names, multiple=True, default=(default,) if default is not None else (), callback=_listed, **settings)


# Options with one meaning wherever they appear (grad, check, sweep): declared once, here.
_SEED = click.option("--seed", type=click.IntRange(min=0), default=_DEFAULTS["seed"], show_default=True, help="Seed for every random choice: the direction of random-direction checks, and --random inputs (grad, check).")
_DTYPE = _list_option("--dtype", "dtypes", default=",".join(_DEFAULTS["dtypes"]), show_default=True, help=f"Working precisions, comma-separated or the option repeated: {', '.join(NAMES)} (bfloat16 with ml_dtypes).")
_WRT = _list_option("--wrt", metavar="X[,Y]", help="Check the gradient with respect to these variables only.")
_TOLERANCES = _options(
    click.option("--rtol", type=click.FloatRange(min=0.0, min_open=True), help=f"Relative tolerance for 'unstable' (default per dtype: {rtol_help()})."),
    click.option("--atol", type=float, default=_DEFAULTS["atol"], show_default=True, help="Absolute tolerance: a result passes where |computed - exact| <= atol + rtol * |exact|, entrywise (numpy's allclose rule)."),
)
_DIGITS = click.option("--digits", type=click.IntRange(1, 17), default=7, show_default=True, help="Significant digits to print.")
_VAR = _list_option("--var", "extra_vars", metavar="NAME[,NAME]", help="Names that are variables even if they are constants (e, pi).")
_NO_FIX = click.option("--no-fix", "no_fix", is_flag=True, help="Do not look for fixes.")

_ORDER = click.option("--order", type=click.Choice(["1", "2"]), default=str(_DEFAULTS["order"]), show_default=True, help="2 also checks the Hessian (scalar variables).")
# The numbers are fd.DIRECTIONAL_ABOVE, precision.MAX_JET_COORDINATES and precision.MAX_FD_COORDINATES, written
# out: `--help` imports neither module's numpy.
_FULL = click.option("--full", is_flag=True, help="Every coordinate, whatever the number of inputs: the float64 finite differences (else along one random direction above 64 inputs) and a Python function's exact gradient (else along one random direction above 64 inputs, or above 16 at a point on a switch). Slower where the point sits on a switch (abs at 0): each input is then tested on both sides.")
_FRAMEWORK = click.option("--framework", type=click.Choice(FRAMEWORKS), help="What a Python function is written for (default: read from its module's imports); numpy runs plain NumPy code on gradcli.numpy.")
_MAX_TIME = click.option("--max-time", type=click.FloatRange(min=0.0, min_open=True), default=_DEFAULTS["max_time"], show_default=True, help="Seconds for the exact reference of the whole check, every point and dtype (inf: no limit); past it a point is 'error'.")

# The default is precision.MAX_DIGITS, written out: `--help` imports no NumPy (tests/test_max_digits.py checks it).
_MAX_DIGITS = click.option("--max-digits", type=int, help="The most digits the exact reference climbs to before it gives up where a 0 is not proven or the function cancels more (default 4000; at least 60): a point past it has no exact reference, 'error'.")


def _timeout(default, each, more):
    """--timeout of grad, check and sweep: wall-clock seconds for ``each``, run in a worker process (an audit's is CPU time)."""
    return click.option(
        "--timeout", type=click.FloatRange(min=0.0, min_open=True), default=default, show_default=default is not None,
        help=f"Seconds of wall time for {each}, run in a worker process of its own; past it, or when the target "
        f"crashes that process, it is stopped and is 'error'. {more}",
    )


_TIMEOUT = _timeout(None, "the check of each target", "Without it: no limit, in this process.")

# The flags of the check options (`CheckOptions`) but --fail-on, which only the failing commands take.
option_flags = _options(_SEED, _DTYPE, _WRT, _ORDER, _TOLERANCES, _FULL, _VAR, _NO_FIX, _MAX_TIME, _MAX_DIGITS, _FRAMEWORK)


def fail_on_option(fun):
    return _list_option("--fail-on", default=",".join(_DEFAULTS["fail_on"]), show_default=True, help="Verdicts that fail the check (exit 1): any of unstable, wrong, domain, error (a result that is an error fails whatever this says).")(fun)


_ARGS = click.option("--args", "args_function", metavar="FILE.py:FUNCTION", help="A function of your code returning the arguments of one point (a tuple, or a dict by name; trees of arrays allowed) or a list of points.")

check_options = _options(
    click.option("--at", "at", multiple=True, metavar="POINT", help='A point: --at 100, --at "x=1.5,y=2", --at "x=[1,2,3]", --at x=@arr.npy. Repeat for more points.'),
    click.option("--random", "random_specs", multiple=True, metavar='"X=(N,)"', help="A standard normal array for a variable, of the given shape (with --seed)."),
    _ARGS,
    option_flags,
    _TIMEOUT,
    _DIGITS,
    json_option,
)
check_options.__doc__ = "The options grad and check share: points, dtypes, what to differentiate, tolerances, --timeout."


def _option_layer(flags, given=None):
    """The check options ``flags`` set, as a layer for `build_options`; with ``given``, only flags the user typed."""
    layer = {}
    for field, (_, param, convert) in OPTION_FLAGS.items():
        if param in flags and (given is None or given(param)):
            layer[field] = convert(flags[param]) if convert else flags[param]
    return layer


def _check_options(flags):
    """The `CheckOptions` that the flags of grad, check, sweep or audit ask for (validated: bad ones exit 2)."""
    return build_options(_option_layer(flags))


def _flag_points(resolved, at, random_specs, seed, wrt=()):
    """The points --at and --random give for the variables of ``resolved`` (integers typed for those outside
    ``wrt`` stay integers)."""
    import numpy as np

    from .checker.points import merge_points, parse_point, random_point
    from .checker.targets import kept_parameters, not_differentiated

    rng = np.random.default_rng(seed)  # one stream: each --random draws fresh numbers
    randoms = [random_point(spec, resolved.variables, seed, rng) for spec in random_specs]
    covered = {name for r in randoms for name in r}
    covered |= set(resolved.bridge.supplied if resolved.bridge is not None else ())  # a module-level nn.Module
    rest = tuple(v for v in resolved.variables if v not in covered)
    if not rest and at:
        raise InputError(
            f"--at {at[0]}: every variable ({', '.join(resolved.variables)}) already comes from --random"
        )
    data = not_differentiated(rest, wrt) if resolved.kind == "function" else ()
    kept = kept_parameters(resolved) if resolved.kind == "function" else ()
    points = [parse_point(text, rest, data=data, kept=kept) for text in at] if rest else []
    if rest and not points:
        raise InputError(
            f"where should gradcli check? give a point with --at (the variables: {', '.join(rest)})"
        )
    return merge_points(points, randoms)


def _sendable(points, args_function):
    """InputError unless ``points`` can go to a --timeout worker (a class of the user's own module cannot)."""
    try:
        pickle.dumps(points)
    except (pickle.PicklingError, TypeError, AttributeError) as error:
        raise InputError(
            f"--args {args_function}: --timeout checks in a worker process, and these points cannot be sent "
            f"to one ({error}); give them as dicts, lists and arrays, or leave out --timeout"
        ) from None


def _run_check(target, at, random_specs, options, timeout=None, args_function=None):
    """The report of one target at the points --at, --random or --args give (with ``timeout``: in a worker, bounded)."""
    from .checker import runner
    from .checker.targets import example_points, import_deadline, resolve

    with import_deadline(timeout):
        resolved = resolve(target, options.treat_as_variables, options.framework)
    if args_function:
        if at or random_specs:
            raise InputError("--args gives the points: leave out --at and --random")
        with import_deadline(timeout):
            points = example_points(args_function, resolved, options.framework)
        if timeout is not None:
            _sendable(points, args_function)
    else:
        points = _flag_points(resolved, at, random_specs, options.seed, options.wrt)
    if timeout is None:
        return runner.check(target, points, options)
    from .isolation import check_within  # only under --timeout: the worker machinery costs imports

    return check_within(resolved, points, options, timeout)


@cli.command()
@click.argument("target")
@check_options
def grad(target, at, random_specs, timeout, digits, as_json, **flags):
    """Value and gradient of TARGET, checked: why is this gradient NaN, wrong or inaccurate?

    TARGET is a formula ("log(1+exp(x))"), path/to/file.py:function or
    package.module:function (functions written with gradcli.numpy). For each
    point and dtype: the value and gradient, the exact ones (mpmath, adaptive
    precision), finite differences, a verdict (ok, unstable, wrong, domain,
    error), the op that broke (underlined in the formula) and fixes that
    gradcli re-checked. Exits 0 whenever it computed, whatever the verdict;
    1 where a result is an error (it has no numbers to judge).
    """
    from .checker.verdict import Verdict
    from .views.terminal_check import print_report

    report = _run_check(target, at, random_specs, _check_options(flags), timeout, flags.get("args_function"))
    if as_json:
        _print_json(report)
    else:
        print_report(report, digits)
    if any(r.status == Verdict.ERROR for r in report.results):
        raise click.exceptions.Exit(EXIT_CHECK_FAILED)


@cli.command(name="check")
@click.argument("targets", nargs=-1, required=True)
@check_options
@click.option("--junit", type=click.Path(dir_okay=False, writable=True), help="Also write JUnit XML here.")
@fail_on_option
def check_command(targets, at, random_specs, timeout, digits, as_json, junit, **flags):
    """Check gradients for CI: exit 1 when any result has a verdict in --fail-on or is an error.

    Same targets and options as grad. With several TARGETs, each is checked at
    the same points. --junit writes one testcase per (target, point, dtype).
    """
    from .files import check_writable, write_atomically
    from .views.junit import junit_xml
    from .views.terminal_check import print_report

    if len(targets) > 1:  # an error that stops the checks of several targets is told under their document's schema
        click.get_current_context().meta[_JSON_ASKED] = "gradcli.checks/1" if as_json else None
    options = _check_options(flags)
    if junit:
        check_writable(junit, "--junit")  # before any check runs, not after
    reports = [_run_check(t, at, random_specs, options, timeout, flags.get("args_function")) for t in targets]
    if junit:
        write_atomically(junit, junit_xml(reports))
    if as_json:
        _print_json(reports[0] if len(reports) == 1 else {"schema": "gradcli.checks/1", "reports": reports})
    else:
        for report in reports:
            print_report(report, digits)
    failed = [r for r in reports if not r.ok]
    count = sum(len(r.results) for r in reports)
    click.echo(
        f"{count} result{'' if count == 1 else 's'}, "
        f"{sum(len(r.failing) for r in reports)} failing "
        f"({', '.join(options.fail_on)}{'' if 'error' in options.fail_on else '; an error always fails'}).",
        err=True,
    )
    if failed:
        raise click.exceptions.Exit(EXIT_CHECK_FAILED)


def _report_files(fun):
    """The report options of audit and report merge: JSON on stdout, and files in other formats."""
    options = [
        json_option,
        click.option("--junit", type=click.Path(dir_okay=False), help="Also write JUnit XML here (one testcase per case)."),
        click.option("--markdown", type=click.Path(dir_okay=False), help="Also write a Markdown report here."),
        click.option("--html", type=click.Path(dir_okay=False), help="Also write a self-contained HTML report here."),
    ]
    for option in reversed(options):
        fun = option(fun)
    return fun


@cli.command()
@click.argument("sources", nargs=-1)
@option_flags
@fail_on_option
@click.option("--jobs", "-j", type=click.IntRange(min=1), help="Worker processes (default: the number of cores).")
@click.option(
    "--timeout", type=click.FloatRange(min=0.0, min_open=True), default=30.0, show_default=True,
    help="Seconds of CPU time for each case (its worker process's, so a loaded machine slows a case without stopping "
    "it), run in a worker process; past it, past ten times it in wall time (a case that sleeps), or when the case "
    "crashes that process, it is stopped and is 'error'. On a Dask cluster: wall time. Typed, it wins over a case's "
    "own timeout in the spec.",
)
@click.option("--shard", metavar="I/N", help="Run the I-th of N shards of the cases (a case's shard comes from a hash of its name, so adding cases moves no other).")
@click.option("--executor", type=click.Choice(["local", "dask"]), default="local", show_default=True, help="Where cases run: local worker processes, or a Dask cluster.")
@click.option("--scheduler", metavar="ADDR", help="The Dask scheduler's address (without it, a local two-worker cluster).")
@_report_files
@click.option("--baseline", type=click.Path(dir_okay=False), help="Compare with this earlier --json report: only regressions and new failing cases fail.")
@click.option("--update-baseline", type=click.Path(dir_okay=False), help="Write this run's JSON report here, as the next baseline, and exit 0 whatever failed.")
@click.option("--resume", is_flag=True, help="Run only the cases a stopped run of the same spec and flags did not finish (from its journal in .gradcli/).")
@click.option("--args", "args_function", metavar="FILE.py:FUNCTION", help="For the cases that name no points (a case's own at or args wins): a function of your code returning their arguments (as check --args); with a case's range and no at, the values of the variables not swept.")
@click.pass_context
def audit(ctx, sources, jobs, timeout, shard, executor, scheduler, as_json, junit, markdown, html, baseline, update_baseline, resume, args_function, **flags):
    """Audit many gradients at once, for CI: a spec's cases, or functions marked @gradcli.audit.

    SOURCES are spec files (gradcli.toml, or pyproject.toml with [tool.gradcli])
    and Python files or folders whose decorated functions are collected;
    without any, the spec is found by walking up from this folder. The check
    options given here win over the spec's and its cases' (--args serves only
    the cases that name no points). Each case runs in a
    worker process with its own timeout: one that raises, hangs or crashes
    its worker is 'error' and the run goes on. Exit 0 when every case passes
    (or --update-baseline recorded the run), 1 when one fails or errors (with
    --baseline: only regressions and new failing cases), 2 for a bad spec or
    input.
    """
    stop_early = _start_workers_early(sources, executor)
    try:
        from .audit.progress import Progress
        from .audit.run import run_audit
        from .isolation import stop_forkserver
        from .views.terminal_audit import summary

        def given(param):
            return ctx.get_parameter_source(param) != click.core.ParameterSource.DEFAULT

        layer = {**_option_layer(flags, given), "timeout": timeout if given("timeout") else None}
        if args_function:
            layer["args"] = _from_here(args_function)
        cases = _audit_cases(sources, layer)
        _check_report_paths(junit=junit, markdown=markdown, html=html, update_baseline=update_baseline)
        old = _load_baseline(baseline)
        shard = _shard(shard)
        journal = _open_journal(cases, shard, resume)
    except BaseException:
        stop_early()  # bad input: no worker will be asked for
        raise
    try:
        with Progress() as progress:
            report = run_audit(cases, jobs, executor, scheduler, shard, progress, journal)
        stop_forkserver()  # no case is left: its exit after ours would keep stdout and stderr open
        if old is not None:
            from .audit.baseline import compare

            compare(report, old, baseline)
        _show_audit(report, as_json, junit, markdown, html)
        if update_baseline:
            from .files import write_atomically

            from .views.audit_cases import as_the_spec_wrote

            write_atomically(update_baseline, _json_text(as_the_spec_wrote(report)))
        journal.close(finished_run=True)  # every report is out: nothing is left to resume
    finally:
        journal.close()  # stopped or failed: the journal stays for --resume
    _echo_summary(summary(report), as_json)
    if not report.ok and not update_baseline:  # recording a baseline is how CI makes one: it succeeds
        raise click.exceptions.Exit(EXIT_CHECK_FAILED)


def _start_workers_early(sources, executor):
    """Start the local workers' forkserver before the spec is read, so its imports and ours overlap; returns its stop.

    Only for specs: a Python file or folder among ``sources`` is imported here
    first and may extend ``sys.path``, which the forkserver copies when it starts.
    """
    from .audit.preload import start_workers_early, stop_unused

    if executor != "local" or not all(source.endswith(".toml") for source in sources):
        stop_unused()  # one started from the raw arguments (`python -m gradcli`) would miss what these import
        return lambda: None
    return start_workers_early()


def _open_journal(cases, shard, resume):
    """The journal this run keeps of its finished cases; with ``resume``, holding what a stopped run finished."""
    from .audit.journal import Journal, journal_path
    from .audit.run import select_shard

    journal = Journal(journal_path(cases, shard), resume)
    if resume:
        total = len(select_shard(list(enumerate(cases)), shard))
        done = len(journal.finished)
        told = f"resuming: {done} of {total} cases finished before; running the other {total - done}" if done else (
            "nothing to resume (no journal of a stopped run of these cases and flags): running every case"
        )
        click.echo(told, err=True)
    return journal


def _from_here(function_text):
    """``file.py:function`` typed on the command line, its file made absolute (a spec's own paths start at the spec)."""
    module, _, name = function_text.strip().rpartition(":")
    if module.endswith(".py") or "/" in module or os.sep in module:
        return f"{os.path.abspath(module)}:{name}"
    return function_text.strip()


def _audit_cases(sources, layer):
    """The cases of the specs and files ``sources`` (a spec found by walking up when there are none)."""
    from .audit.spec import find_spec, load_spec

    cases, files = [], []
    for source in sources or [find_spec()]:
        if source.endswith(".toml"):
            cases += load_spec(source, layer)
        else:
            files.append(source)
    if files:
        from .audit.decorator import discover  # imports the files given: NumPy and the checker, which a spec needs not

        cases += discover(files, layer)
    names = [case.name for case in cases]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise InputError(f"case {twice[0]!r} is declared twice: every case needs its own name")
    if not cases:
        raise InputError(f"no audit cases in {', '.join(sources)}: write [[case]] tables, or mark functions with @gradcli.audit")
    return cases


def _check_report_paths(**paths):
    """Refuse, before any case runs, a report path that cannot be written (its missing folders are made)."""
    from .files import check_writable

    for option, path in paths.items():
        if path:
            check_writable(path, "--" + option.replace("_", "-"))


def _shard(text):
    if text is None:
        return None
    i, sep, n = text.partition("/")
    from .checker.points import whole_number

    if not (sep and i.strip().isdigit() and n.strip().isdigit() and 1 <= whole_number(i, "--shard") <= whole_number(n, "--shard")):
        raise InputError(f"--shard {text}: give I/N with 1 <= I <= N, as in --shard 2/4")
    return int(i), int(n)


def _load_baseline(path):
    if path is None:
        return None
    from .audit.baseline import load_report

    return load_report(path)


def _json_text(report):
    import io

    from .views.json import dump_json

    out = io.StringIO()
    dump_json(report, out)
    return out.getvalue()


def _echo_summary(line, as_json):
    """The summary on stderr, unless the table that ends with it was just printed to the same place.

    The same place: one terminal, or one log that both streams go to (``2>&1``).
    """
    if as_json or not (_same_place(sys.stdout, sys.stderr) or (sys.stdout.isatty() and sys.stderr.isatty())):
        click.echo(line, err=True)


def _same_place(first, second):
    """Whether two streams write to one file, pipe or terminal."""
    try:
        a, b = os.fstat(first.fileno()), os.fstat(second.fileno())
    except (AttributeError, OSError, ValueError):
        return False  # not files (a test's capture): they are kept apart
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _show_audit(report, as_json, junit, markdown, html):
    """The report on stdout (JSON or the terminal table) and in the files asked for, each written atomically."""
    import importlib

    from .files import write_atomically

    from .views.audit_cases import as_the_spec_wrote

    if as_json:  # stdout first: a file that fails to write late still leaves the run on stdout
        _print_json(as_the_spec_wrote(report))
    else:
        from .views.terminal_audit import print_audit

        print_audit(report)
    for path, view in ((junit, "junit"), (markdown, "markdown"), (html, "html")):
        if path:
            write_atomically(path, importlib.import_module(f".views.{view}", __package__).render(report))


@cli.group(cls=_Subgroup)
def report():
    """Work with saved audit reports (gradcli audit --json)."""


@report.command()
@click.argument("reports", nargs=-1, required=True, type=click.Path(dir_okay=False))
@_report_files
@click.option("--partial", is_flag=True, help="Merge even when shards are missing (the report names them).")
def merge(reports, as_json, junit, markdown, html, partial):
    """Merge the JSON reports of audit shards (--shard I/N) into one, in the spec's order.

    A case found in two reports, or a shard missing, is refused (exit 2);
    with --partial the shards given are merged and the missing ones named.
    Exit 1 when a merged case fails or errors, as the whole run would.
    """
    from .audit.baseline import load_report, merge as merge_reports
    from .views.terminal_audit import summary

    _check_report_paths(junit=junit, markdown=markdown, html=html)
    merged = merge_reports([load_report(path) for path in reports], reports, partial)
    _show_audit(merged, as_json, junit, markdown, html)
    _echo_summary(summary(merged), as_json)
    if not merged.ok:
        raise click.exceptions.Exit(EXIT_CHECK_FAILED)


_SCALES = ("linear", "log", "symlog", "float")  # gradcli.checker.ranges.SCALES, spelled here so --help imports no NumPy
_DEFAULT_N = 101  # gradcli.checker.ranges.DEFAULT_N, likewise (tests/test_sweep_cli.py checks both)


@cli.command(name="sweep")
@click.argument("target")
@click.option("--range", "ranges", multiple=True, metavar="VAR=LO:HI[:N]", help=f"Sweep VAR over N points from LO to HI (default N {_DEFAULT_N}). Give it twice for a 2-D grid. Without --range, a target of one variable is swept over -1000:1000 (symlog).")
@click.option("--scale", type=click.Choice(_SCALES), help="How the points are spaced: linear (the default with --range), log, symlog (linear near 0, log away from it), float (evenly over the floats' bit patterns).")
@click.option("--at", metavar='"Y=VALUE[,Z=VALUE]"', help='The value each variable not swept is held at, a number or an array: --at y=2 or --at "z=[1,0.5,-1]"; with --args, the ones it holds otherwise.')
@click.option("--args", "args_function", metavar="FILE.py:FUNCTION", help="A function of your code returning the arguments of one point (as check --args): the variables not swept are held at its values (arrays and trees too).")
@_options(_DTYPE, _WRT, _TOLERANCES, _SEED)
@click.option("--max-time", type=click.FloatRange(min=0.0, min_open=True), default=_DEFAULTS["max_time"], show_default=True, help="Seconds for checking the sweep's points, from the first (loading and tracing the target come before; inf: no limit); points whose exact reference is past it are reported 'out of time'.")
@_options(_MAX_DIGITS, _VAR, _NO_FIX, _TIMEOUT, _DIGITS, json_option)
@click.option("--plot", type=click.Path(dir_okay=False), metavar="FILE.png|FILE.svg", help="Also draw the sweep into this file (needs matplotlib: pip install 'gradcli[plot]').")
def sweep_command(target, ranges, scale, at, timeout, digits, as_json, plot, args_function, **flags):
    """Sweep TARGET over a range: where, in which dtype, does its gradient break?

    Value and gradient are computed at every point in one vectorised run per
    dtype; the verdicts (ok, unstable, wrong, domain, error) are shown as a
    strip of the range, as intervals, and as thresholds between adjacent
    floats, each with the `gradcli grad` command that reproduces it. Fixes
    gradcli finds are swept over the same range. Exits 0 whenever it computed.
    """
    from .checker.points import parse_fixed
    from .checker.ranges import default_ranges, parse_ranges
    from .checker.targets import example_points, held_as_data, import_deadline, resolve
    from .sweep import sweep
    from .views.terminal_sweep import ProgressBar, print_sweep

    if plot:
        from .views.plot import check_path

        check_path(plot)  # a plot that cannot be written fails now, not after the sweep
    options = _check_options(flags)
    with import_deadline(timeout):
        resolved = resolve(target, options.treat_as_variables, options.framework)
    variables = resolved.variables
    swept = parse_ranges(ranges, variables, scale or "linear") if ranges else default_ranges(variables, scale)
    data = held_as_data(resolved, [v for v in variables if v not in swept], options.wrt)
    if args_function:
        with import_deadline(timeout):
            point = example_points(args_function, resolved, options.framework)[0]
        fixed = {name: value for name, value in point.items() if name not in swept}
        fixed.update(parse_fixed(at, variables, swept, some=True, data=data))  # --at holds some at other values
    else:
        fixed = parse_fixed(at, variables, swept, data=data)
    if timeout is None:
        with ProgressBar() as progress:
            result = sweep(target, swept, options, fixed=fixed, progress=progress)
    else:
        from .isolation import sweep_within  # no progress bar: the sweep runs in a worker

        result = sweep_within(resolved, swept, options, fixed, timeout)
    if as_json:
        _print_json(result.to_dict())
    else:
        print_sweep(result, digits)
    if plot:
        from .views.plot import plot_sweep

        plot_sweep(result, plot)
        click.echo(f"plot written to {plot}", err=True)


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
