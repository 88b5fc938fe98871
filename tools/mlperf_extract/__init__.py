"""Rebuild the built-in MLPerf Training tables from the results repositories.

The command is tools/mlperf-extract; data/README.md describes what it writes.
"""
