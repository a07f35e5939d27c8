"""Every view of every result: checks, sweeps and audits in the terminal, JSON, JUnit, Markdown, HTML, plots and notebooks.

Each view reads result objects (or their ``to_dict()`` JSON) and computes
nothing; the checker, sweeps and audits import no view. How numbers, points
and verdicts are written is defined once, in `formatting`:

- `formatting`: numbers, points, gradients, findings underlined; verdict and case-status looks
- `terminal`: the rich console; ``gradcli ops`` and ``gradcli diff``
- `terminal_check`, `terminal_sweep`, `terminal_audit`: checks, sweeps (the strip), audits
- `json`: ``--json`` of every result
- `junit`: checks and audits as JUnit XML
- `markdown`: the audit for CI job summaries
- `html`: the audit as one self-contained page; checks, sweeps and audits as fragments
- `notebook`: what Jupyter shows for a result (registered with the checker by ``gradcli/__init__.py``)
- `plot`: a sweep drawn by matplotlib (``--plot``)
- `audit_cases`: what every audit view shows of a case

No view imports click.
"""
