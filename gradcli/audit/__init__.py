"""Audits: many gradient checks and sweeps in one run, for CI and for reports (DESIGN.md, "Audits").

A case comes from a TOML spec, from a function decorated with
`gradcli.audit`, or from a test; the runner checks each in a worker of its
own and gathers an `AuditReport`, of which every report format is a view.
"""
