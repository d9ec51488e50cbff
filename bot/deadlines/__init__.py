"""Deadlines: the one sweep over due games (``sweep``) and what a passed
deadline or a halfway warning does (``timeouts``)."""
