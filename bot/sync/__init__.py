"""The message sync: the outbox marks, the per-chat sender within Telegram's limits,
the reconciler that renders what a marked message must show now, and the
messages only the sender posts (nudges, ``/notify`` notices)."""
