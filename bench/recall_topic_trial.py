"""Round 22's trial on the largest false-positive class (topic alone): a card reached only through its topic words
needs two of them that are no words of work. Not taken (docs/memory.md, "Twenty-second round"); this file is
removed in the next commit.

    python bench/recall_topic_trial.py   (~10 s)
"""
import contextlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import recall_loho as rl
from actors.memory import recall
import broker.text as text
orig = recall.corroborated
def topic_needs_two(parts, generic=frozenset(), reaching=()):
    parts = list(parts)
    if not orig(parts, generic, reaching):
        return False
    own = [(f, t, w) for f, t, w, _ in parts if t not in generic]
    if own and all(f == "topic" for f, _, _ in own):
        return len({text.stem(w) for _, _, w in own}) >= 2
    return True
def everyday_work(parts, generic=frozenset(), reaching=()):
    parts = list(parts)
    if not orig(parts, generic, reaching):
        return False
    own = [(f, t, w) for f, t, w, _ in parts if t not in generic]
    if own and all(f in ("topic",) for f, _, _ in own) and all(t in recall.everyday_stems() for _, t, _ in own):
        return len({text.stem(w) for _, _, w in own}) >= 2
    return True
with contextlib.ExitStack() as st:
    js = rl.build(st)
    base = rl.ask(js)
    print('base', rl.totals(base)['all'])
    for name, fn in (('topic_needs_two', topic_needs_two), ('everyday_topic_needs_two', everyday_work)):
        with rl.switched(js, [(recall, 'corroborated', fn)]):
            cells = rl.ask(js)
        print(name, rl.totals(cells)['all'])
        for hand, axis, hands in (('set', 0, rl.SETS), ('style', 1, rl.STYLES)):
            res = rl.loho({'main': base, name: cells}, 'main', hands, axis)
            print('  ', hand, {k: res[k] for k in res if k != 'hands'}, [ (h, r['chosen']) for h, r in res['hands'].items()])
