"""The composition root: the Celery app, the `ltm` CLI, the HTTP API, the producer.

Nothing is imported here, so `ltm facts` loads neither Celery nor the write path. The app lives in
`celery_app.celery`, where `celery -A celery_app` finds it by Celery's own convention.
"""
