"""Run a heart: `python -m broker --home DIR --config FILE [--workdir DIR]` (what `actors up` starts)."""

from __future__ import annotations

import argparse
import logging
import signal
import sys
from pathlib import Path

from broker import config as mesh_config
from broker.errors import MeshError
from broker.heart import Heart
from broker.home import Home

EXIT_OK = 0
EXIT_FAILED = 1


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, run the heart in the foreground and return its exit code."""
    parser = argparse.ArgumentParser(prog="python -m broker", description=__doc__)
    parser.add_argument("--home", required=True)
    parser.add_argument("--config", required=True)
    parser.add_argument("--workdir", default=".")
    parser.add_argument("--log-level", default="INFO")
    args = parser.parse_args(argv)
    logging.basicConfig(level=args.log_level, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        heart = build(args.home, args.config, args.workdir)
        run_until_signalled(heart)
    except MeshError as exc:
        print(f"heart: {exc}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK


def build(home: str, config_path: str, workdir: str) -> Heart:
    """Load the configuration and make a heart for this home."""
    config = mesh_config.load(config_path)
    root = Path(config.heart.workdir or workdir).expanduser().resolve()
    return Heart(config, Home(home), root)


def run_until_signalled(heart: Heart) -> None:
    """Run the heart; SIGINT, SIGTERM and SIGHUP stop it cleanly."""
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda signum, frame: heart.stop(f"received {signal.Signals(signum).name}"))
    heart.run()


if __name__ == "__main__":
    sys.exit(main())
