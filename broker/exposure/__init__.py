"""On-demand capability exposure: only the abilities an intent needs, within a token budget.

Offline: no sockets, no actors imports; beyond its inputs it reads only the embedding model and its cache of
tool vectors (broker/exposure/semantic.py). The heart builds a Catalogue once from the organs'
abilities and calls `select` for each new instruction; `actors expose --catalog` does the same from a file.
"""

from broker.exposure.catalogue import (META_NAME, META_TOOL, Catalogue, Tool, address_of, catalogue_from_abilities,
                                       catalogue_from_mcp, load_catalogue, wire_name)
from broker.exposure.learning import Associations
from broker.exposure.selection import Context, Exposure, default_budget, explain, select
from broker.exposure.sources import Source
from broker.tokens import count_tokens

__all__ = [
    "Associations", "Catalogue", "Context", "Exposure", "META_NAME", "META_TOOL", "Tool", "address_of",
    "catalogue_from_abilities", "catalogue_from_mcp", "count_tokens", "default_budget", "explain", "load_catalogue", "select", "Source", "wire_name",
]
