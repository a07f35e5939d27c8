"""autograd.scipy.stats.chi2: gradcli.scipy.stats.chi2's functions."""

from ..._mirror import mirror

__getattr__ = mirror("gradcli.scipy.stats.chi2", __name__)
