"""Write broker/text/data/derivations.tsv.gz and opposites.tsv.gz: WordNet's derivationally related forms and
its antonyms, for exposure's words.

Each line is `word<TAB>related related …`: the words WordNet 3.0 links to the word by a derivation pointer
(`+`: remember -> remembering, remembrance; store -> storage; delete -> deletion) and the head word of the
derived word's sense (remembering is a sense of *memory*), single words of letters only,
lower-cased, leaving out the pairs the Snowball stemmer already joins (delete, deleted). opposites.tsv.gz has
the same form: the words WordNet links to the word by an antonym pointer (`!`: forget -> remember, unlock -> lock),
single words of letters only, lower-cased. Read from the files
of Debian's `wordnet-base` (WordNet 3.0, Princeton's permissive licence, /usr/share/wordnet); rebuild with
`apt-get install wordnet-base && python scripts/make_derivations.py`. Only this script needs the package.
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from broker.text import stem  # noqa: E402  (the stems exposure indexes)

WORDNET = Path("/usr/share/wordnet")
OUT = ROOT / "broker" / "text" / "data" / "derivations.tsv.gz"
OPPOSITES = ROOT / "broker" / "text" / "data" / "opposites.tsv.gz"
PARTS = ("noun", "verb", "adj", "adv")


def _synsets(part: str) -> dict[str, list[str]]:
    # offset -> the synset's words, from one data file
    found: dict[str, list[str]] = {}
    for line in (WORDNET / f"data.{part}").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue  # the licence at the head of the file
        fields = line.split(" ")
        count = int(fields[3], 16)
        found[fields[0] + fields[2][0]] = [fields[4 + 2 * k].lower() for k in range(count)]
    return found


def _word(w: str) -> bool:
    return w.isalpha() and w.isascii()


def _pointers(part: str, symbol: str):
    """(words of a synset, its word the pointer leaves, the target synset's offset and part, the word it reaches)
    for every lexical pointer of one kind (`+`, `!`) in one data file; a word 0 means the whole synset."""
    for line in (WORDNET / f"data.{part}").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        fields = line.split(" ")
        count = int(fields[3], 16)
        words = [fields[4 + 2 * k].lower() for k in range(count)]
        at = 4 + 2 * count
        for k in range(int(fields[at])):
            kind, offset, pos, link = fields[at + 1 + 4 * k:at + 5 + 4 * k]
            if kind == symbol:
                yield words, int(link[:2], 16), offset + ("a" if pos == "s" else pos), int(link[2:], 16)


def derivations() -> dict[str, set[str]]:
    synsets = {}
    for part in PARTS:
        synsets.update(_synsets(part))
    related: dict[str, set[str]] = {}
    for part in PARTS:
        for words, source, target_synset, target in _pointers(part, "+"):
            others = synsets.get(target_synset, [])
            if not source or not target or target > len(others):
                continue
            a, b = words[source - 1], others[target - 1]
            # the derived word, and the head word of its sense (remembering is a sense of memory)
            for x, y, sense in ((a, b, others), (b, a, words)):
                for z in (y, sense[0]):
                    if _word(x) and _word(z) and stem(x) != stem(z):
                        related.setdefault(x, set()).add(z)
    return related


def opposites() -> dict[str, set[str]]:
    """Each verb and the verbs WordNet's antonym pointers (`!`, lexical: word to word) link it to."""
    synsets = _synsets("verb")
    found: dict[str, set[str]] = {}
    for words, source, target_synset, target in _pointers("verb", "!"):
        others = synsets.get(target_synset, [])
        if source and target <= len(others):
            a, b = words[source - 1], others[target - 1]
            if _word(a) and _word(b) and a != b:
                found.setdefault(a, set()).add(b)
    return found


def _write(found: dict[str, set[str]], out_path: Path) -> None:
    with gzip.open(out_path, "wt", encoding="utf-8", compresslevel=9) as out:
        for word in sorted(found):
            out.write(f"{word}\t{' '.join(sorted(found[word]))}\n")
    print(f"{len(found)} words -> {out_path} ({out_path.stat().st_size} bytes)")


def main() -> None:
    _write(derivations(), OUT)
    _write(opposites(), OPPOSITES)


if __name__ == "__main__":
    main()
