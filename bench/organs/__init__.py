"""Organs the benchmarks run (importable as bench.organs.* with the repository root on PYTHONPATH)."""
