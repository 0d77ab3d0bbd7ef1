"""Evaluation sets built from public corpora (see realtext.py); the corpora themselves are never committed."""
