"""What the mesh offers an MCP client, from the heart's manifest: tool names, prompts and resources. Pure.

Tools are sent as organ__tool (the exposure's wire names); with bare names, a tool whose own name no other
organ uses is sent under that name. Prompts go by their own name (organ__name when two organs share one),
resources by their URI or URI template (RFC 6570 level 1: `{name}` parts are the reader's arguments).
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from broker import protocol
from broker.errors import DecodeError
from broker.exposure.catalogue import SEPARATOR, address_of
from broker.protocol import Ability

MAX_TEMPLATE_VALUE = 1024
NAMES_SHOWN = 6  # of an organ's tools, named in the server's instructions
MAX_INTRODUCTION = 1500  # characters of the mesh's description in the server's instructions
_SHOWN_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")  # a name said to the model is an identifier, never prose


class Naming(StrEnum):
    QUALIFIED = "qualified"  # organ__tool, always
    BARE = "bare"  # the tool's own name when no other organ has a tool by that name


@dataclass(frozen=True, slots=True)
class Template:
    uri: str
    pattern: re.Pattern
    address: str


@dataclass(frozen=True)
class Catalogue:
    """Every ability of the organs that are up, by address, and the prompt and resource tables."""

    abilities: dict[str, Ability] = field(default_factory=dict)  # organ.ability -> Ability
    bare: dict[str, str] = field(default_factory=dict)  # a tool's own name -> address, when unique
    prompts: dict[str, str] = field(default_factory=dict)  # prompt name -> address
    resources: dict[str, str] = field(default_factory=dict)  # uri -> address
    templates: tuple[Template, ...] = ()
    resting: frozenset[str] = frozenset()  # declared organs that are not up now (starting, lost, restarting, ...)

    def tool(self, address: str) -> Ability | None:
        """The tool at an address (None for unknown addresses and non-tools)."""
        ability = self.abilities.get(address)
        return ability if ability is not None and ability.kind == "tool" else None

    def resolve_tool(self, name: str, names: dict[str, str]) -> str | None:
        """The address of a tool name the client sent: a name it was shown, a bare or an organ__tool name."""
        address = names.get(name) or self.bare.get(name)
        if address is None and SEPARATOR in name:
            try:
                address = address_of(name)
            except ValueError:
                return None
            if address.partition(".")[0] in self.resting:
                return address  # the heart answers why it cannot run now (crashed, lost), not "unknown"
        return address if address is not None and self.tool(address) is not None else None

    def wire_name(self, address: str, qualified: str, naming: Naming) -> str:
        """The name a tool is sent under."""
        if naming is Naming.BARE:
            own = address.partition(".")[2]
            if self.bare.get(own) == address:
                return own
        return qualified

    def prompt(self, name: str) -> str | None:
        """The address of a prompt by the name it is listed under, or by `organ__prompt`, which names it whatever
        other organs offer (the listed name is the prompt's own while no other organ has a prompt of that name)."""
        address = self.prompts.get(name)
        if address is None and SEPARATOR in name:
            address = name.replace(SEPARATOR, ".", 1)
            ability = self.abilities.get(address)
            return address if ability is not None and ability.kind == "prompt" else None
        return address

    def read(self, uri: str) -> tuple[str, dict[str, str]] | None:
        """The reader of a resource URI and its arguments, or None when no organ offers it."""
        address = self.resources.get(uri)
        if address is not None:
            return address, {}
        for template in self.templates:
            match = template.pattern.fullmatch(uri)
            if match:
                return template.address, match.groupdict()
        return None

    def digest(self) -> tuple:
        """What a client's prompt and resource lists depend on."""
        return tuple(sorted(self.prompts.items())), tuple(sorted(self.resources.items())), \
            tuple(t.uri for t in self.templates)


def introduction(catalogue: Catalogue) -> str:
    """What the mesh holds now, for the server's instructions: each organ's tools by count and their first names,
    so that an agent shown only find_abilities knows what it reaches. Names only (identifiers), never a tool's
    own text; within MAX_INTRODUCTION characters."""
    tools: dict[str, list[str]] = {}
    for address, ability in catalogue.abilities.items():
        organ = address.partition(".")[0]
        if ability.kind == "tool" and _SHOWN_NAME.match(organ):
            tools.setdefault(organ, []).append(ability.name)
    parts = []
    for organ, names in tools.items():
        shown = [name for name in names if _SHOWN_NAME.match(name)][:NAMES_SHOWN]
        said = ", ".join([*shown, "..."] if len(shown) < len(names) else shown)
        parts.append(f"{organ} ({len(names)} tool{'' if len(names) == 1 else 's'}: {said})")
    text = f"Organs up now: {'; '.join(parts)}." if parts else "No organ offers tools now."
    if len(text) > MAX_INTRODUCTION:
        cut = text.rfind("; ", 0, MAX_INTRODUCTION - 40)
        text = f"{text[:cut]}; and {len(parts) - text[:cut].count('; ') - 1} more organs."
    if resting := ", ".join(sorted(organ for organ in catalogue.resting if _SHOWN_NAME.match(organ))):
        text += f" Not up now: {resting if len(resting) <= 200 else resting[:200] + '...'}."
    return text


def from_manifest(manifest: dict[str, Any]) -> Catalogue:
    """Build the tables from the heart's `manifest` answer (organs that are not up offer nothing)."""
    abilities: dict[str, Ability] = {}
    for organ, entry in sorted(manifest.items()):
        if not isinstance(entry, dict) or entry.get("state") != "up":
            continue
        for plain in entry.get("abilities", ()):
            try:
                ability = protocol.from_plain(Ability, plain)
            except DecodeError:
                continue
            abilities[f"{organ}.{ability.name}"] = ability
    own_names: dict[str, list[str]] = {}
    prompt_names: dict[str, list[str]] = {}
    resources: dict[str, str] = {}
    templates: list[Template] = []
    for address, ability in abilities.items():
        if ability.kind == "tool":
            own_names.setdefault(ability.name, []).append(address)
        elif ability.kind == "prompt":
            prompt_names.setdefault(ability.name, []).append(address)
        elif ability.kind == "resource" and ability.uri:
            if "{" in ability.uri:
                templates.append(Template(ability.uri, template_pattern(ability.uri), address))
            else:
                resources.setdefault(ability.uri, address)  # the first organ (by name) wins a shared URI
    prompts = {}
    for name, addresses in prompt_names.items():
        for address in addresses:
            prompts[name if len(addresses) == 1 else address.replace(".", SEPARATOR, 1)] = address
    bare = {name: addresses[0] for name, addresses in own_names.items() if len(addresses) == 1}
    resting = frozenset(organ for organ, entry in manifest.items()
                        if isinstance(entry, dict) and entry.get("state") != "up")
    return Catalogue(abilities, bare, prompts, resources, tuple(templates), resting)


def template_pattern(uri: str) -> re.Pattern:
    """A pattern matching the URIs of a level-1 URI template; each {name} matches one path segment."""
    parts = re.split(r"{([A-Za-z_][A-Za-z0-9_]*)}", uri)
    regex = "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>[^/?#]{{1,{MAX_TEMPLATE_VALUE}}})"
                    for i, part in enumerate(parts))
    return re.compile(regex)


def prompt_arguments(ability: Ability) -> list[dict]:
    """A prompt ability's parameters as MCP prompt arguments."""
    properties = ability.params.get("properties", {}) if isinstance(ability.params, dict) else {}
    required = set(ability.params.get("required", ())) if isinstance(ability.params, dict) else set()
    return [{"name": name, "description": str(spec.get("description", "")) if isinstance(spec, dict) else "",
             "required": name in required} for name, spec in properties.items()]


def completions(schema: dict, argument: str, typed: str, limit: int = 100) -> list[str]:
    """Values for a prompt argument that start with what was typed: its enum, examples and default."""
    spec = schema.get("properties", {}).get(argument) if isinstance(schema, dict) else None
    if not isinstance(spec, dict):
        return []
    known = [*spec.get("enum", ()), *spec.get("examples", ()), *([spec["default"]] if "default" in spec else [])]
    values = [str(v) for v in dict.fromkeys(known) if isinstance(v, (str, int, float)) and not isinstance(v, bool)]
    typed = typed.casefold()
    return [v for v in values if v.casefold().startswith(typed)][:limit]


# listed to every client whatever the instruction, unless `actors mcp --no-recall`: memory's recall is asked before
# any step, and its `terms` and `judge` are told only in its parameters' descriptions, which a brief listing drops
RECALL_PIN = "memory.recall"


def has_recall(catalogue: Catalogue) -> bool:
    """Whether the organ named memory is up with memory's recall: one that takes the agent's search words (`terms`)
    and judge "agent". A wrapped MCP server named memory may have a `recall` of its own, with other parameters: it
    is neither pinned nor named in the instructions (O57)."""
    ability = catalogue.tool(RECALL_PIN)
    params = ability.params if ability is not None and isinstance(ability.params, dict) else {}
    properties = params.get("properties")
    if not isinstance(properties, dict):
        return False
    judge = properties.get("judge")
    return isinstance(properties.get("terms"), dict) and isinstance(judge, dict) \
        and isinstance(judge.get("enum"), list) and "agent" in judge["enum"]


def recall_hint(catalogue: Catalogue, naming: Naming) -> str:
    """What the server's instructions say of memory's recall while the mesh has it: when and how to ask it."""
    if not has_recall(catalogue):
        return ""
    name = catalogue.wire_name(RECALL_PIN, RECALL_PIN.replace(".", SEPARATOR, 1), naming)
    return (f"Before a step, call {name} with the step as query, your search words for it as terms and judge "
            '"agent": it proposes lessons from past sessions, for you to apply those that fit.')


def pinned(patterns: tuple[str, ...], catalogue: Catalogue, recall: bool, limit: int) -> tuple[str, ...]:
    """The tool addresses listed to every client: memory's recall (with `recall`, while the mesh has it), then those
    the patterns pin, at most `limit` of them (the recall pin takes none of their room, O58)."""
    return tuple(dict.fromkeys(((RECALL_PIN,) if recall and has_recall(catalogue) else ())
                               + expand_pins(patterns, catalogue)[:limit]))


def unmatched_pins(patterns: tuple[str, ...], catalogue: Catalogue) -> tuple[str, ...]:
    """The patterns that pin no tool of the catalogue."""
    return tuple(p for p in patterns if not expand_pins((p,), catalogue))


def expand_pins(patterns: tuple[str, ...], catalogue: Catalogue) -> tuple[str, ...]:
    """The tool addresses pinned by organ.ability patterns (shell-style: `fs.*`), in the patterns' order."""
    found: dict[str, None] = {}
    for pattern in patterns:
        for address in sorted(catalogue.abilities):
            if catalogue.tool(address) is not None and fnmatch.fnmatchcase(address, pattern):
                found[address] = None
    return tuple(found)
