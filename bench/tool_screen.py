"""What the wrapped-server screen (actors/tool_screen.py) would refuse or withhold of real tool catalogues.

Every tool of each catalogue under shared/data/catalogs goes through `tool_screen.screen`, organ by organ, as a
wrapped server's list does: the count of tools refused (by reason) and of tools listed with a text withheld, each
of those named with the rules its text breaks. These are ordinary tools: every one withheld is a false positive.

    python bench/tool_screen.py [--data DIR]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from actors import tool_screen  # noqa: E402
from broker.vocab import Screened  # noqa: E402

DEFAULT_DATA = HERE.parent.parent / "shared" / "data"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the shared data directory")
    args = parser.parse_args()
    for path in sorted((args.data / "catalogs").glob("*.json")):
        organs = json.loads(path.read_text(encoding="utf-8"))["organs"]
        tools, refused, withheld = 0, Counter(), []
        for organ, listed in organs.items():
            tools += len(listed)
            # bfcl's 1,852 functions are one list, no server's: read in lists of the screen's bound (MAX_TOOLS)
            chunks = [listed[i:i + tool_screen.MAX_TOOLS] for i in range(0, len(listed), tool_screen.MAX_TOOLS)]
            for screening in (s for chunk in chunks for s in tool_screen.screen(chunk)[1]):
                if screening.outcome == Screened.REFUSED:
                    refused[screening.why.split(":")[1].split(",")[0].strip()] += 1
                else:
                    withheld.append(f"{organ}.{screening.tool}: {screening.why}")
        print(f"{path.stem}: {tools} tools, {sum(refused.values())} refused, {len(withheld)} with text withheld")
        for why, count in refused.most_common():
            print(f"  refused {count}: {why}")
        for line in withheld:
            print(f"  withheld {line}")


if __name__ == "__main__":
    main()
