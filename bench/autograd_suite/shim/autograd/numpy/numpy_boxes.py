"""autograd's array box: gradcli's traced value."""

from gradcli.autodiff import Box as ArrayBox  # noqa: F401
