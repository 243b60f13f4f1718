# The web app under gunicorn, with static files served by whitenoise.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml constraints.txt ./
COPY verbatim verbatim
COPY archive archive
COPY quotes quotes
RUN pip install --no-cache-dir -c constraints.txt .
COPY . .
RUN SECRET_KEY=build-only python manage.py collectstatic --noinput
RUN useradd --system verbatim
# Where the stored files are kept (BLOB_DIR: WARCs, large raw sources, export files); a volume
# mounted here keeps this owner.
RUN mkdir -p /app/var/blobs && chown verbatim /app/var/blobs
USER verbatim
EXPOSE 8000
CMD ["gunicorn", "verbatim.wsgi", "--bind", "0.0.0.0:8000", "--workers", "3", "--access-logfile", "-"]
