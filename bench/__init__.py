"""Benchmark scripts for the mesh (run each as `python bench/NAME.py`; see bench/README.md)."""
