"""A float's bits in JAX code (issue 28): ``jnp.frexp`` and ``jnp.ldexp`` (whose primals bit-cast the float and mask
its exponent's field) are exact on exact numbers, a power of two the mantissa's jump; ``bitcast_convert_type``, the
integer shifts around it, ``nextafter`` and ``reduce_precision`` replay as XLA computes them in a working dtype, and
on an exact number only where it is a float of the dtype."""

import math

import numpy as np
import pytest

import gradcli

jax = pytest.importorskip("jax")
import jax.numpy as jnp  # noqa: E402

SOURCE = '''
import jax
import jax.numpy as jnp


def log_by_frexp(x):
    mantissa, e = jnp.frexp(x)
    return jnp.log(mantissa) + e * jnp.log(2.0)


def ldexp_scaled(x):
    return jnp.ldexp(x, 3) ** 2


def squared_by_parts(x):
    mantissa, e = jnp.frexp(x)
    return jnp.ldexp(mantissa * mantissa, 2 * e)


def normalised_by_bits(x):
    wide = x.dtype == jnp.float64
    bits = jax.lax.bitcast_convert_type(x, jnp.int64 if wide else jnp.int32)
    exponent = jax.lax.shift_right_logical(bits, 52 if wide else 23) & (0x7FF if wide else 0xFF)
    unbiased = exponent.astype(x.dtype) - (1023.0 if wide else 127.0)
    return jnp.log(x * jnp.exp2(-unbiased)) + unbiased
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    """The user's file, written once for this file's checks."""
    (path := tmp_path_factory.mktemp("jax59") / "bits59.py").write_text(SOURCE)
    return str(path)


def _checked(module, name, points, dtypes=("float32", "float64")):
    """``{(x as its dtype holds it, dtype): result}`` of one check of the user's function."""
    report = gradcli.check(f"{module}:{name}", [{"x": x} for x in points], dtypes=dtypes, fixes=False)
    return {(float(np.dtype(r.dtype).type(r.point["x"])), r.dtype): r for r in report.results}


def test_frexp_and_ldexp_are_exact_on_exact_numbers(module):
    frexp = _checked(module, "log_by_frexp", [3.7, 4.0])
    for (x, dtype), result in frexp.items():  # log|x| however the parts jump at a power of two
        assert result.status.value == "ok", (x, dtype, result.findings)
        assert float(result.exact_gradient["x"]) == pytest.approx(1 / x, rel=1e-14)
        assert float(result.exact_value) == pytest.approx(math.log(x), rel=1e-14)
    for name, factor in (("ldexp_scaled", 128), ("squared_by_parts", 2)):
        for (x, dtype), result in _checked(module, name, [3.7]).items():
            assert result.status.value == "ok", (name, dtype, result.findings)
            assert float(result.exact_gradient["x"]) == pytest.approx(factor * x, rel=1e-14)


def test_a_users_own_bit_cast_reads_the_floats_bits(module):
    for (x, dtype), result in _checked(module, "normalised_by_bits", [3.7]).items():
        # 3.7 = 1.85 * 2^1: log(1.85) + 1, its slope 1/x (the exponent is data: no slope passes a bit cast)
        assert result.status.value == "ok", (dtype, result.findings)
        assert float(result.exact_value) == pytest.approx(math.log(x / 2) + 1, rel=1e-14)
        assert float(result.exact_gradient["x"]) == pytest.approx(1 / x, rel=1e-14)


def _floats(dtype):
    """Awkward floats of ``dtype``: signed zeros, subnormals, the largest, infinities, NaN, ties and random ones."""
    finfo = np.finfo(dtype)
    special = [0.0, -0.0, finfo.tiny, finfo.tiny / 8, -finfo.smallest_subnormal, finfo.max, -finfo.max, np.inf,
               -np.inf, np.nan, 1.0, 1 + finfo.eps, 3.7, 1 / 3, 65504.0, 65520.0, 1e-5, 6e-8, 3.4e38]
    rng = np.random.default_rng(59)
    wild = rng.standard_normal(64) * np.exp2(rng.integers(-150, 150, 64))
    with np.errstate(over="ignore"):
        return np.concatenate([np.array(special), wild]).astype(dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_the_bit_rules_compute_what_xla_computes(dtype):
    from gradcli.capture import jax_bits

    values = _floats(dtype)
    integer = np.int32 if dtype == np.float32 else np.int64
    with jax.enable_x64(dtype == np.float64):
        for exponent_bits, mantissa_bits in ((8, 7), (5, 10), (4, 3)):
            params = {"exponent_bits": exponent_bits, "mantissa_bits": mantissa_bits}
            theirs = np.asarray(jax.lax.reduce_precision(jnp.asarray(values), exponent_bits, mantissa_bits))
            mine = jax_bits.reduce_precision(params, values)
            assert mine.dtype == values.dtype
            assert np.array_equal(mine.view(integer)[~np.isnan(values)], theirs.view(integer)[~np.isnan(values)])
            assert np.isnan(mine[np.isnan(values)]).all()
        bits = jax_bits.bitcast({"new_dtype": np.dtype(integer)}, values)
        assert np.array_equal(bits, np.asarray(jax.lax.bitcast_convert_type(jnp.asarray(values), integer)))
        assert np.array_equal(jax_bits.bitcast({"new_dtype": np.dtype(dtype)}, bits).view(integer), bits)
        width = 8 * np.dtype(integer).itemsize
        shifts = np.resize(np.array([0, 1, 7, width - 1, width, width + 3, -1], dtype=integer), bits.shape)
        for name in ("shift_left", "shift_right_arithmetic", "shift_right_logical"):
            theirs = np.asarray(getattr(jax.lax, name)(jnp.asarray(bits), jnp.asarray(shifts)))
            assert np.array_equal(getattr(jax_bits, name)({}, bits, shifts), theirs), name
        finite = values[np.isfinite(values) & (np.abs(values) >= np.finfo(dtype).tiny)]  # XLA flushes subnormals
        toward = np.full(finite.shape, np.inf, dtype=dtype)
        theirs = np.asarray(jnp.nextafter(jnp.asarray(finite), jnp.asarray(toward)))
        assert np.array_equal(jax_bits.nextafter({}, finite, toward), theirs)


def test_an_exact_number_has_bits_only_where_it_is_a_float():
    import mpmath

    from gradcli.capture import jax_bits

    params = {"new_dtype": np.dtype(np.int64)}
    assert jax_bits.bitcast(params, np.array([mpmath.mpf(3.7)], dtype=object))[0] == np.float64(3.7).view(np.int64)
    with mpmath.workprec(200):
        beside = mpmath.mpf(3.7) + mpmath.mpf(2) ** -80
    with pytest.raises(jax_bits.FloatBitsOnly, match="no float64 number"):
        jax_bits.bitcast(params, np.array([beside], dtype=object))
    with pytest.raises(jax_bits.FloatBitsOnly, match="no float32 number"):  # 3.7 is a float64, not a float32
        jax_bits.bitcast({"new_dtype": np.dtype(np.int32)}, np.array([mpmath.mpf(3.7)], dtype=object))
    exact = np.array([mpmath.mpf(1.5)], dtype=object)
    assert jax_bits.reduce_precision({"exponent_bits": 8, "mantissa_bits": 7}, exact) is exact  # a cast's counterpart
