"""Differentiable SciPy: ``import gradcli.scipy.special``, ``gradcli.scipy.stats.norm``... as SciPy's modules.

An explicit list of functions, as ``gradcli.numpy`` is: each works on plain
values like its SciPy namesake and is recorded when gradcli differentiates.
"""
