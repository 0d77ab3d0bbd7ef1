"""The composition root: the Celery app (`celery -A celery_app worker`), the `ltm` CLI, the producer."""

from celery_app.app import app

__all__ = ["app"]
