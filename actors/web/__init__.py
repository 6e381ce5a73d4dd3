"""`actors web`: a local console for the running mesh (body, memory, exposure, what it saved).

Its own process, like `actors mcp`: a Starlette app under uvicorn, loopback by default, opened by a URL
that carries a random token printed once per start. The page is plain HTML, CSS and JavaScript served
from this package (no build step, nothing from the network).
"""
