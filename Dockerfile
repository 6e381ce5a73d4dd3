# syntax=docker/dockerfile:1
# The actors image: the `actors` command, the heart and the built-in organs. One image serves every role:
#   heart (the default):  docker run -v actors-state:/var/lib/actors -p 127.0.0.1:9464:9464 actors
#   external organ:       docker run actors actors organ run actors.organs.fs --connect tcp://HEART:5555 ...
# deploy/compose.yaml and deploy/k8s/ run it that way; docs/deploy.md explains the layout.

ARG PYTHON_VERSION=3.11

FROM python:${PYTHON_VERSION}-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY pyproject.toml README.md ./
COPY actors ./actors
COPY broker ./broker
RUN python -m venv /opt/actors && /opt/actors/bin/pip install .

FROM python:${PYTHON_VERSION}-slim
# tini as PID 1: forwards SIGTERM to the heart (which stops its organs) and reaps the orphans a shell
# command may leave behind
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
RUN groupadd --system --gid 10001 actors \
 && useradd --system --uid 10001 --gid 10001 --home-dir /var/lib/actors --no-create-home \
        --shell /usr/sbin/nologin actors \
 && install -d -o 10001 -g 10001 -m 0700 /var/lib/actors \
 && install -d -o 10001 -g 10001 -m 0755 /workspace
COPY --from=build /opt/actors /opt/actors
COPY deploy/docker/mesh.toml /etc/actors/mesh.toml

# The state directory is a subdirectory of the volume, created 0700 by the heart itself: a volume whose
# root belongs to someone else (a Kubernetes PVC with fsGroup) still works.
ENV PATH=/opt/actors/bin:$PATH \
    ACTORS_HOME=/var/lib/actors/home \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1
VOLUME ["/var/lib/actors"]
WORKDIR /workspace
USER 10001:10001
# router, blood (only when the mesh file binds them to tcp://), metrics
EXPOSE 5555 5556 9464

# `actors doctor`: the heart answers, every declared organ is up, the metrics endpoint serves
HEALTHCHECK --interval=30s --timeout=15s --start-period=30s --retries=3 CMD ["actors", "doctor"]

ENTRYPOINT ["tini", "--"]
# The heart in the foreground (SIGTERM stops it and its organs). `python -m broker` rather than
# `actors up`: a container restarted after a kill reuses the same pids, and `actors up` would take the
# pid left in a stale endpoints.json for a heart that is still running.
CMD ["python", "-m", "broker", "--home", "/var/lib/actors/home", "--config", "/etc/actors/mesh.toml", \
     "--workdir", "/workspace"]
