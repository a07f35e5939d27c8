"""Views of an `AuditReport`, one module per format: terminal, junit, markdown, html.

Each reads the same results (`gradcli.audit.results`) and computes nothing;
what several views show of a case (its findings, its first finding, its
verdict per dtype) is in `gradcli.audit.views.cases`. No view imports click.
"""
