"""Definitions shared by the write and read paths: settings, tables, schemas, the section registry.

Nothing here imports the other packages, opens a connection or creates a table at import.
"""
