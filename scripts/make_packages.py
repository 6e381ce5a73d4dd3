"""Write broker/text/data/packages.tsv.gz: names of published libraries, the gazetteer exposure and memory read.

Each line is one library's name as its own ecosystem publishes it, lower-cased, taken from the binary package
names Debian gives the libraries it packages, by its per-language naming policies: `python3-<module>` (Python
policy: the importable module, `python3-torch`, `python3-pysam`, `python3-sklearn`), `node-<npm name>` (the
JavaScript team's), `librust-<crate>-dev` (the Rust team's; feature packages `+derive` and versioned ones
`-0.8-dev` give the same crate), `ruby-<gem>` and `r-cran-<package>`. Split packages' `-doc`, `-dbg` and `-dev`
are the same library.

Why Debian's names: they are a standard, public, regenerable list that every Debian or Ubuntu machine already
holds (the package manager's lists, refreshed by `apt-get update`); a library is there because enough people use
it to package it, which keeps out the long tail of a registry (PyPI holds hundreds of thousands of names, many of
them common words registered once); the names are facts, free of any licence condition. What they miss are
libraries Debian does not package yet (Tailwind CSS in bookworm).

A line is `name<TAB>word-or-nothing<TAB>languages`. Many names are English words too (requests, click, rich,
express, torch, acme): such a name is marked `word` when WordNet 3.0 has it as a lemma or as an inflection of one (its exception lists and the
detachment rules of morphy(7WN): `bindings` -> binding), every part of a hyphenated name so (`tree-sitter`).
Exposure takes a word for a library only when it is written as code (`requests.get`, `torch.compile`): the
rule is in `broker.exposure.knowledge.names_package`, not a list here.

The last column names the languages Debian packages the library for (`pandas<TAB><TAB>python`), which memory's
recall reads to reach the package managers of a library an install verb names (data/library-managers.txt).

Rebuild with `apt-get install wordnet-base && python scripts/make_packages.py` on a Debian-based machine after
`apt-get update` (it asks `apt-cache pkgnames` and reads WordNet's files in /usr/share/wordnet). The output is
sorted and gzipped with mtime 0: the same lists give the same bytes.
"""

from __future__ import annotations

import gzip
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "broker" / "text" / "data" / "packages.tsv.gz"  # name<TAB>word or nothing<TAB>language language…

# Debian's prefix for each language's libraries, the ending its naming policy adds to the library's name, and the
# language (data/library-managers.txt names the package managers that install its libraries)
POLICIES = (("python3-", "", "python"), ("node-", "", "node"), ("librust-", "-dev", "rust"), ("ruby-", "", "ruby"),
            ("r-cran-", "", "r"))
SPLIT = re.compile(r"-(?:doc|dbg|dev)$")  # a split-off part of the same library
RUST_EXTRA = re.compile(r"\+.*$|-\d+(?:\.\d+)*$")  # a crate's feature package (+derive) or kept old version (-0.8)
NAME = re.compile(r"^[a-z0-9][a-z0-9.+_-]*[a-z0-9]$")
TIMEOUT_S = 60
WORDNET = Path("/usr/share/wordnet")
PARTS = ("noun", "verb", "adj", "adv")
# morphy(7WN)'s detachment rules: an inflected ending and what replaces it in the lemma
DETACH = {"noun": (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
                   ("men", "man"), ("ies", "y")),
          "verb": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"),
                   ("ing", "")),
          "adj": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
          "adv": ()}


def wordnet() -> tuple[dict[str, set[str]], set[str]]:
    """Each part of speech's lemmas, and the inflected forms its exception lists give (geese, ran)."""
    lemmas: dict[str, set[str]] = {}
    inflected: set[str] = set()
    for part in PARTS:
        lemmas[part] = {line.split(" ", 1)[0].lower() for line in
                        (WORDNET / f"index.{part}").read_text(encoding="latin-1").splitlines()
                        if line and not line.startswith(" ")}
        inflected |= {line.split(" ", 1)[0].lower() for line in
                      (WORDNET / f"{part}.exc").read_text(encoding="latin-1").splitlines() if line}
    return lemmas, inflected


def is_word(name: str, lemmas: dict[str, set[str]], inflected: set[str]) -> bool:
    """Tell whether WordNet has a name as an English word (each part of a hyphenated one)."""
    def one(w: str) -> bool:
        if w in inflected or any(w in found for found in lemmas.values()):
            return True
        return any(w.endswith(end) and w[:len(w) - len(end)] + base in lemmas[part]
                   for part, rules in DETACH.items() for end, base in rules)
    return all(one(part) for part in name.split("-") if part)


def languages() -> dict[str, set[str]]:
    """Each library's name -> the languages Debian packages a library of that name for (yaml: node, python, r, rust)."""
    found: dict[str, set[str]] = {}
    for prefix, ending, language in POLICIES:
        listed = subprocess.run(["apt-cache", "pkgnames", prefix], check=True, capture_output=True, text=True,
                                timeout=TIMEOUT_S).stdout.split()
        for package in listed:
            if not package.startswith(prefix) or (ending and not package.endswith(ending)):
                continue
            name = package[len(prefix):len(package) - len(ending)] if ending else package[len(prefix):]
            if prefix == "librust-":
                name = RUST_EXTRA.sub("", name)
            name = SPLIT.sub("", name)
            if NAME.match(name):
                found.setdefault(name, set()).add(language)
    return found


def write(path: Path, text: str) -> None:
    """Write a text gzipped, the same bytes from the same text."""
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0) as out:
        out.write(text.encode())  # mtime 0: the same bytes from every build
    print(f"{path}: {text.count(chr(10))} names, {path.stat().st_size} bytes")


def main() -> None:
    found = languages()
    if not found:
        raise SystemExit("apt-cache listed no library packages: run `apt-get update` first")
    lemmas, inflected = wordnet()
    rows = sorted(found)
    write(OUT, "".join(f"{name}\t{'word' if is_word(name, lemmas, inflected) else ''}\t{' '.join(sorted(found[name]))}\n"
                       for name in rows))


if __name__ == "__main__":
    main()
