"""Built-in organs of the default mesh."""
