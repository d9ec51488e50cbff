"""A browser chat view of the stand-in: the page and its JSON/SSE API, on 127.0.0.1.

    view = ChatView(stand_in)          # any StandIn; nothing of the bot is imported
    await view.start(port=8080)        # port=0: a free port
    print(view.url)
    await view.stop()

``make_app(stand_in)`` gives the aiohttp application alone (for aiohttp's test
client). The routes are described in ``sandbox.web.routes``; the page itself is
``sandbox/static/`` (vanilla JS and CSS, no build step, nothing from the internet).
"""

from sandbox.web.routes import make_app
from sandbox.web.server import ChatView

__all__ = ["ChatView", "make_app"]
