"""The write path: one module per pipeline stage, each a pure core function and a thin Celery task."""
