"""What the agent sees: the exposure for the current instruction, kept stable across turns."""

from __future__ import annotations

from collections import OrderedDict

from broker.protocol import Ability

HYSTERESIS_TURNS = 3  # a tool used (or found) stays exposed for this many instructions after its last use
MAX_REMEMBERED = 64


class ExposureState:
    """The heart's exposure: recomputed when the instruction or the organs' abilities change."""

    def __init__(self, budget_tokens: int | None = None) -> None:
        self.budget_tokens = budget_tokens
        self.turn = 0
        self.used: OrderedDict[str, int] = OrderedDict()  # address -> turn of its last use
        self._catalogue = None
        self._catalogue_key: tuple = ()
        self._cached_key: tuple = ()
        self._cached = None

    def new_turn(self) -> None:
        """A new instruction: older uses start to fade."""
        self.turn += 1
        for address, turn in list(self.used.items()):
            if self.turn - turn > HYSTERESIS_TURNS:
                del self.used[address]

    def use(self, address: str) -> None:
        """Keep an ability the agent used (or asked for) exposed for the next turns."""
        self.used[address] = self.turn
        self.used.move_to_end(address)
        while len(self.used) > MAX_REMEMBERED:
            self.used.popitem(last=False)

    def exposure(self, instruction: str, abilities: dict[str, list[Ability]], mentioned: tuple[str, ...] = ()):
        """The Exposure for this instruction over these abilities (cached until something changes)."""
        from broker import exposure  # the index and the tokenizer load on first use, not at heart start-up

        key = tuple((organ, tuple(a.name for a in abilities[organ])) for organ in sorted(abilities))
        if key != self._catalogue_key:
            self._catalogue = exposure.catalogue_from_abilities(abilities)
            self._catalogue_key = key
        recent = tuple(reversed(self.used))  # most recent first
        cache_key = (instruction, key, recent, mentioned)
        if cache_key != self._cached_key:
            context = exposure.Context(recent=recent, mentioned=mentioned)
            self._cached = exposure.select(instruction, self._catalogue, context, budget_tokens=self.budget_tokens)
            self._cached_key = cache_key
        return self._cached
