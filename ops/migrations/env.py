"""Alembic environment: the URL comes from LTM settings (or the caller's config), never from a file."""

from alembic import context
from sqlalchemy import pool
from sqlalchemy.engine import create_engine

from models.settings import get_settings
from models.tables import Base

config = context.config
url = config.get_main_option("sqlalchemy.url") or get_settings().database_url

if context.is_offline_mode():
    context.configure(url=url, target_metadata=Base.metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    connectable = create_engine(url, poolclass=pool.NullPool)
    with connectable.connect() as connection:
        context.configure(
            connection=connection,
            target_metadata=Base.metadata,
            render_as_batch=connection.dialect.name == "sqlite",
        )
        with context.begin_transaction():
            context.run_migrations()
