"""Memory: the journal, sleep, deterministic distillation into cards, recall and injection.

No model is called and no raw text leaves the machine: every rule is a pure function over the journal.
The organ is `actors.memory.organ`; the CLI (`actors memory`, `actors recall`, `actors cards`) and the
organ both work through `actors.memory.service.Memory` on HOME/memory.db. See docs/memory.md.
"""
