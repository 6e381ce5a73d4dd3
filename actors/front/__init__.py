"""The MCP front door: the running mesh served to agents over stdio and Streamable HTTP."""

from actors.front.catalogue import Naming
from actors.front.server import MeshServer

__all__ = ["MeshServer", "Naming"]
