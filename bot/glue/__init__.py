"""The Telegram glue: the Application and its routing (``app``), update ordering
(``processor``), and the chat commands that are not a game's buttons."""
