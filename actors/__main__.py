"""`python -m actors` is the `actors` command."""

from actors.cli_fast import main

main()
