#!/usr/bin/env bash
# Makes sure Postgres (127.0.0.1:5432) and Redis (127.0.0.1:6379) answer, starting them when they are down.
# Used by the test command and the run command. Fails with a clear message when it cannot.
set -uo pipefail

pg_up() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }
redis_up() { redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; }

wait_for() { # name, check function
  for _ in $(seq 1 50); do "$2" && return 0; sleep 0.2; done
  return 1
}

if pg_up; then
  echo "[services] postgres is up"
else
  echo "[services] postgres is down: starting it"
  if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  fi
  wait_for postgres pg_up || { echo "[services] ERROR: cannot start Postgres on 127.0.0.1:5432 (is PostgreSQL installed? see README)" >&2; exit 1; }
  echo "[services] postgres started"
fi

if redis_up; then
  echo "[services] redis is up"
else
  echo "[services] redis is down: starting it"
  if command -v redis-server >/dev/null; then
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no || true
  fi
  wait_for redis redis_up || { echo "[services] ERROR: cannot start Redis on 127.0.0.1:6379 (is redis-server installed? see README)" >&2; exit 1; }
  echo "[services] redis started"
fi
