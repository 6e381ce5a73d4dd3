"""`python -m actors` is the `actors` command."""

from actors.cli import main

main()
