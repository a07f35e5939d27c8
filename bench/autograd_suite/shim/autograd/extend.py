"""autograd.extend on gradcli: primitives, and rules given autograd's way (curried: ``ans, *args -> g -> cotangent``)."""

from gradcli.autodiff import Box, primitive
from gradcli.autodiff import defjvp as _defjvp
from gradcli.autodiff import defvjp as _defvjp


def _uncurried_vjp(maker):
    if maker is None:
        return None
    return lambda g, ans, *args, **kwargs: maker(ans, *args, **kwargs)(g)


def _uncurried_jvp(rule):
    if rule is None:
        return None
    return lambda t, ans, *args, **kwargs: rule(t, ans, *args, **kwargs)


def _by_position(rules, argnums):
    """The rules one per argument position, None where ``argnums`` gives none."""
    if argnums is None:
        return rules
    ordered = [None] * (max(argnums) + 1)
    for n, rule in zip(argnums, rules):
        ordered[n] = rule
    return ordered


def defvjp(fun, *makers, argnums=None):
    """autograd's ``defvjp(fun, make_vjp_0, make_vjp_1, ...)`` as gradcli rules."""
    _defvjp(fun, *[_uncurried_vjp(m) for m in _by_position(makers, argnums)])


def defjvp(fun, *rules, argnums=None):
    """autograd's ``defjvp(fun, jvp_0, jvp_1, ...)``, rules ``(g, ans, *args)`` as gradcli's."""
    _defjvp(fun, *[_uncurried_jvp(r) for r in _by_position(rules, argnums)])


def defvjp_argnum(fun, maker):
    """autograd's one-maker-for-every-argument form: ``maker(argnum, ans, args, kwargs) -> g -> cotangent``."""
    raise NotImplementedError("gradcli has no per-argnum VJP maker (autograd's defvjp_argnum)")


notrace_primitive = primitive
SparseObject = None
vspace = None
VSpace = None
