"""What every location-scale density shares: the standardized point and the log of the scale."""

from ...autodiff.ops import log


def standardized(x, loc, scale):
    """((x - loc) / scale, log(scale)): a location-scale family's density is f(z) / scale."""
    return (x - loc) / scale, log(scale)
