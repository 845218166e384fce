# Praetor, the Discord bot, as an image:  docker build -t praetor . && docker run -e DISCORD_TOKEN=... -v praetor-data:/data praetor
# SQLite lives in the /data volume; set DATABASE_URL=postgresql+asyncpg://... to use PostgreSQL
# instead (see docker-compose.yml).
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# Dependencies first (cached while only the code changes), pinned by constraints.txt.
COPY pyproject.toml constraints.txt README* ./
COPY rules ./rules
COPY bot ./bot
COPY cogs ./cogs
COPY render ./render
COPY db ./db
RUN pip install -c constraints.txt ".[postgres]" \
    && useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin praetor \
    && mkdir -p /data \
    && chown praetor:praetor /data

ENV PRAETOR_DB_PATH=/data/praetor.db
VOLUME /data
USER praetor
WORKDIR /data

CMD ["praetor", "bot"]
