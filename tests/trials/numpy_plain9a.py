"""A user's NumPy code imported as plain `import numpy`: a spring energy through numpy.einsum."""

import numpy

K = numpy.array([[2.0, -1.0], [-1.0, 2.0]])


def spring_energy(x):
    return 0.5 * numpy.einsum("i,ij,j->", x, K, x) + numpy.sum(numpy.logaddexp(x, -x))
