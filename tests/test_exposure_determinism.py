"""Selection gives the same bytes in every process: tools and scores do not follow Python's string hashing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REAL_MCP = ROOT.parent / "shared" / "data" / "catalogs" / "real-mcp.json"
SEEDS = ("0", "1", "2", "12345")
TIMEOUT_S = 60.0  # for all four processes together; they run side by side


def tool(name: str, description: str, required: tuple[str, ...] = (), **params: str) -> dict:
    """An MCP tool object with string parameters described by params."""
    return {"name": name, "description": description,
            "inputSchema": {"type": "object", "required": list(required),
                            "properties": {p: {"type": "string", "description": d} for p, d in params.items()}}}


FILLER = " ".join(f"lorem{n} ipsum{n}" for n in range(40))
# organs whose tools share object words of several rarities (companions.object sums their weights) and a
# currency tool (CLDR's currency words decide whether "500 Hong Kong dollars" is an amount of money)
ORGANS = {
    "shop": [tool("get_order_item_status", "Status of one item of an order", ("order_id", "item_sku"),
                  order_id="The order", item_sku="The item's SKU"),
             tool("update_order_item_status", "Change the status of an order item", ("order_id", "item_sku", "status"),
                  order_id="The order", item_sku="The item's SKU", status="New status"),
             tool("list_order_items", "Items of an order", ("order_id",), order_id="The order"),
             tool("cancel_order_item_shipment", "Cancel the shipment of an item", ("order_id", "shipment_ref"),
                  order_id="The order", shipment_ref="The shipment"),
             tool("track_shipment_parcel_route", "Where a parcel of a shipment is", ("shipment_ref", "parcel_no"),
                  shipment_ref="The shipment", parcel_no="The parcel"),
             tool("refund_order_payment_item", "Refund the payment of an item", ("order_id", "payment_ref"),
                  order_id="The order", payment_ref="The payment")],
    "money": [tool("convert_currency", "Convert an amount of money between currencies at the exchange rate",
                   ("amount", "source", "target"), amount="How much", source="Currency code", target="Currency code"),
              tool("exchange_rate_history", "Past exchange rates of a currency pair", ("pair",), pair="EUR/USD")],
    # object words of four rarities in one organ: their weights add up differently in different orders
    # (each described by a word of its own, so that a request names one and its companions follow; the filler
    # makes the organ too big to be sent whole, which would lift every sibling above what its companions give)
    "books": [tool(f"get_{name}", f"{word}. {FILLER}") for name, word in (
        ("quarter_receipt", "harbour"), ("quarter_account_balance_budget", "meadow"),
        ("receipt_ledger_budget_quarter", "glacier"), ("account_ledger_balance", "lantern"),
        ("balance_budget_entry_account", "orchard"), ("invoice_ledger_tax_receipt", "compass"),
        ("invoice_vendor_tax", "sunrise"))],
    "git": [tool("git_status", "Shows the working tree status", ("repo_path",), repo_path="Path of the repository"),
            tool("git_commit", "Records changes", ("repo_path", "message"), repo_path="Path", message="Message"),
            tool("git_log", "Shows the commit logs", ("repo_path",), repo_path="Path", max_count="How many")],
}
INTENTS = ["convert 500 Hong Kong dollars to euros", "what is 20 USD in yen", "cancel the shipment of item 4411",
           "where is my parcel", "refund order 881 and update its status", "commit my changes, then show the log",
           "track shipment SH-19 and list the order items", "status of order 42 item sku AB-7",
           "exchange rate history for EUR/USD", "show me the meadow",
           "the lantern please", "orchard for May", "nothing to do with any tool"]

CHILD = """
import json, sys
from broker.exposure import Associations, Context, catalogue_from_mcp, load_catalogue, select
from broker.exposure.learning import episodes
from broker.exposure.selection import relevance
spec = json.loads(sys.stdin.read())
catalogues = [catalogue_from_mcp(spec["organs"])] + [load_catalogue(p) for p in spec["files"]]
for catalogue in catalogues:
    # what the catalogue's structure offers (a last bit here is often, not always, lost in a later addition)
    print(json.dumps([sorted((j, w.hex()) for j, w in edges.items()) for edges in catalogue.companions]))
    events = []
    for n, intent in enumerate(spec["intents"]):  # a journal: each intent, then the first tools it exposed
        events.append({"ts": float(n), "session": str(n), "kind": "progress", "text": intent})
        for address in select(intent, catalogue).exposed[:2]:
            organ, _, name = address.partition(".")
            events.append({"ts": n + 0.5, "session": str(n), "kind": "call", "organ": organ, "ability": name})
    for context in (Context(), Context(learned=Associations(episodes(events)))):
        for intent in spec["intents"]:
            exposure = select(intent, catalogue, context)
            scores = relevance(intent, catalogue, context)
            print(json.dumps([exposure.exposed, exposure.tokens, sorted((i, s.hex()) for i, s in scores.items())]))
"""


def selections_with_hash_seed(seeds: tuple[str, ...], spec: dict) -> dict[str, str]:
    """What the child prints in one process per PYTHONHASHSEED value, the processes side by side."""
    return selections({seed: {"PYTHONHASHSEED": seed} for seed in seeds}, spec)


def selections(runs: dict[str, dict[str, str]], spec: dict) -> dict[str, str]:
    """What the child prints in one process per run (its environment's changes), the processes side by side."""
    procs = {}
    for name, changes in runs.items():
        env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(ROOT), "ACTORS_EMBEDDING": "off", **changes}
        procs[name] = subprocess.Popen([sys.executable, "-c", CHILD], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    out = {}
    try:
        for name, proc in procs.items():
            stdout, stderr = proc.communicate(json.dumps(spec), timeout=TIMEOUT_S)
            assert proc.returncode == 0, stderr
            out[name] = stdout
    finally:
        for proc in procs.values():
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    return out


def test_tools_and_scores_are_byte_identical_under_every_hash_seed():
    # the shared real-MCP catalogue as well when it is there: its companions are where sums followed hashing
    files = [str(REAL_MCP)] if REAL_MCP.exists() else []
    out = selections_with_hash_seed(SEEDS, {"organs": ORGANS, "files": files, "intents": INTENTS})
    first = out[SEEDS[0]]
    assert first.count("\n") == (1 + 2 * len(INTENTS)) * (1 + len(files))
    assert json.loads(first.splitlines()[1])[0][0] == "money.convert_currency"
    for seed in SEEDS[1:]:
        assert out[seed] == first, f"PYTHONHASHSEED={seed} gave other tools or scores than {SEEDS[0]}"


def test_tools_and_scores_are_byte_identical_with_the_cache_off_cold_and_warm(tmp_path):
    # the knowledge tables and token counts read back from the user's cache (broker/usercache.py) give the
    # selections computing them gives: off, then a cold cache filled, then that cache read by another process
    files = [str(REAL_MCP)] if REAL_MCP.exists() else []
    spec = {"organs": ORGANS, "files": files, "intents": INTENTS}
    first = selections({"off": {"ACTORS_CACHE": "off"}, "cold": {"ACTORS_CACHE": str(tmp_path)}}, spec)
    assert "cldr.marshal" in {p.name for p in (tmp_path / "knowledge").iterdir()}  # the rest: what the catalogue needs
    assert (tmp_path / "tokens" / "o200k.marshal").exists()
    warm = selections({"warm": {"ACTORS_CACHE": str(tmp_path)}}, spec)["warm"]
    assert first["cold"] == first["off"], "a cold cache changed the selections"
    assert warm == first["off"], "tables read back from the cache changed the selections"
