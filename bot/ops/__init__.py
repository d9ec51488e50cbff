"""The operator's side: ``python -m bot``'s life (``serve``), worker processes,
the webhook and health servers, backup, migrate and copy-db, the local sandbox,
and structured logs."""
