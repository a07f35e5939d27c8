"""A ufunc's out= in plain NumPy code by every spelling NumPy takes (a bare name, out given positionally), and
gradcli.numpy's ufuncs given out= or where= refused with what to write instead."""

import numpy as np
import pytest

import gradcli

CODE = '''
import numpy as np
from numpy import log, multiply


def bare(x):
    y = np.zeros_like(x)
    log(x, out=y, where=x > 0)
    return np.sum(y)


def positional(x):
    y = np.zeros_like(x)
    np.log(x, y)
    return np.sum(y * y)


def bare_positional(x):
    y = np.ones_like(x)
    z = multiply(x, x, y)
    return np.sum(z) + np.sum(y)


def own(x):
    def log(v, scale):
        return scale * v
    y = np.zeros_like(x)
    log(x, y)
    return np.sum(log(x, 3.0)) + np.sum(y)
'''

DIRECT = '''
import gradcli.numpy as gnp


def direct(x):
    y = gnp.zeros_like(x)
    z = gnp.log(x, out=y)
    return gnp.sum(z)
'''


def _checked(path, name, x):
    (r,) = gradcli.check(f"{path}:{name}", [{"x": np.array(x)}], dtypes=["float64"], fixes=False).results
    return r


@pytest.mark.parametrize("name, x, value, slopes", [
    # log only where x > 0 through `from numpy import log` (TypeError "unexpected keyword argument 'out'" before)
    ("bare", [-1.0, 0.5, 2.0], float(np.log(0.5) + np.log(2.0)), [0.0, 2.0, 0.5]),
    # np.log(x, y): y is the array NumPy leaves in out ("takes 1 positional argument but 2 were given" before)
    ("positional", [0.5, 2.0], 2 * float(np.log(2.0)) ** 2, [-4 * float(np.log(2.0)), float(np.log(2.0))]),
    ("bare_positional", [1.0, 3.0], 20.0, [4.0, 12.0]),
    # a function of the user's named like a ufunc is called as written, its second argument no out
    ("own", [1.0, 2.0], 9.0, [3.0, 3.0]),
])
def test_out_by_every_spelling_is_what_numpy_leaves_in_out(tmp_path, name, x, value, slopes):
    path = tmp_path / "outs.py"
    path.write_text(CODE)
    r = _checked(path, name, x)
    assert r.status == "ok" and r.value == pytest.approx(value, rel=1e-14)
    assert np.allclose(r.exact_gradient["x"], slopes, rtol=1e-14, atol=0)
    assert np.allclose(r.gradient["x"], slopes, rtol=1e-14, atol=0)


def test_gradcli_numpy_ufunc_given_out_is_refused_with_what_to_write(tmp_path):
    path = tmp_path / "direct.py"
    path.write_text(DIRECT)
    r = _checked(path, "direct", [0.5, 2.0])
    assert r.status == "error" and "gradcli.numpy.log takes no out= or where=" in r.error
    assert "gnp.where(mask, gnp.log(x), y)" in r.error
    import gradcli.numpy as gnp
    with pytest.raises(gradcli.autodiff.tracer.TracedValueError, match="takes no out="):
        gnp.log(np.ones(2), out=np.zeros(2))
