import numpy as np
def frexp_mant(x):
    m, e = np.frexp(x)
    return m * x
def nextafter_step(x):
    return np.nextafter(x, 2.0) - x + x * x
