"""The `actors` command's named exit codes (its contract; the README lists them)."""

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_NO_MESH = 3
EXIT_CALL_FAILED = 4
EXIT_CONFIG = 5
EXIT_TIMEOUT = 6
EXIT_RUNNING = 7
EXIT_UNHEALTHY = 8
EXIT_INTERRUPTED = 130  # Ctrl-C (the shell's 128 + SIGINT)
