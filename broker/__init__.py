"""The heart of the actors mesh: wire protocol, broker, supervisor and beat rules."""

__version__ = "0.1.0"
