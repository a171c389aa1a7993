# Sourced by .ci/run (after ci-postgres.sh): start a throw-away single-node Ceph cluster with the RADOS Gateway on
# 127.0.0.1, the real S3-compatible server the hub's object-store tests run against (issue 23), and export
#   TEST_S3_ENDPOINT, TEST_S3_REGION, TEST_S3_ACCESS_KEY_ID, TEST_S3_SECRET_ACCESS_KEY.
# No bucket is made: each test file makes (and removes) its own (apps/hub/server/test/s3-harness.ts).
# Skipped with a message, exporting nothing, when the Ceph binaries are missing (tests then skip, except in CI where
# they fail) or when the cluster does not come up in time (its logs' tails are printed).
#
# The cluster: one monitor, one OSD on memstore (RAM; it holds about 1.9x the stored bytes, capped at
# HUBKIT_RGW_MEMSTORE_BYTES, default 2 GiB), no manager, cephx off (loopback only), the gateway's beast frontend.
# Everything lives in a mktemp folder under /tmp and is stopped and removed when the sourcing shell exits.
# Ports: the first free ones from 56789 (monitor) and 57480 (gateway); HUBKIT_RGW_PORT picks the gateway's.
source "$(dirname "${BASH_SOURCE[0]}")/ci-on-exit.sh"

rgw_free_port() { # base: print the first port from base on that nothing on 127.0.0.1 listens to
  local candidate
  for candidate in $(seq "$1" "$(($1 + 99))"); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

rgw_owns_port() { # pid port: true if that process listens on 127.0.0.1:port (not another one that raced it there)
  local address inode
  address=$(printf '0100007F:%04X' "$2")
  inode=$(awk -v a="$address" '$2 == a && $4 == "0A" { print $10; exit }' /proc/net/tcp)
  [ -n "$inode" ] && [ -n "$(find "/proc/$1/fd" -maxdepth 1 -lname "socket:\\[$inode\\]" -print -quit 2>/dev/null)" ]
}

rgw_wait_listening() { # pid port what: wait up to 30 s for pid to listen on port; false at once if it exits
  local i
  for i in $(seq 1 300); do
    if ! kill -0 "$1" 2>/dev/null; then
      echo "$3 exited before listening on port $2"
      return 1
    fi
    if rgw_owns_port "$1" "$2"; then return 0; fi
    sleep 0.1
  done
  echo "$3 did not listen on port $2 within 30 s"
  return 1
}

rgw_start() { # dir offset: ports probed from base + offset
  local dir=$1 started=$SECONDS mon_port rgw_port fsid osd_uuid
  mon_port=$(rgw_free_port $((56789 + $2))) || return 1
  rgw_port=${HUBKIT_RGW_PORT:-$(rgw_free_port $((57480 + $2)))} || return 1
  fsid=$(cat /proc/sys/kernel/random/uuid)
  osd_uuid=$(cat /proc/sys/kernel/random/uuid)
  mkdir -p "$dir/mon" "$dir/osd" "$dir/rgw" "$dir/run" "$dir/log"
  # Why each setting:
  # - auth none + `ms * mode = crc`: with cephx off the messenger's default "secure" mode cannot be negotiated, and
  #   the gateway then waits out its 300 s init timeout instead of failing.
  # - paxos propose interval: the monitor batches changes for 1 s by default; the gateway creates ~7 pools one
  #   after another, each waiting for a proposal.
  # - pool size 1, chooseleaf type 0, few PGs: one OSD, and no manager to autoscale PG counts.
  # - ms bind retry count 1 (one attempt; 0 makes every bind fail): a monitor whose port was taken meanwhile exits at
  #   once (we try again on other ports) instead of retrying every 5 s.
  # - rgw gc: deleted or overwritten objects' data is freed after 10 s instead of 2 h, else it piles up in the
  #   memstore over a CI run until the OSD is full.
  # - memstore device bytes: the cap on what the OSD accepts, so a runaway test fills the "disk", not the RAM.
  cat >"$dir/ceph.conf" <<EOF
[global]
fsid = $fsid
mon host = v2:127.0.0.1:$mon_port
mon initial members = a
public addr = 127.0.0.1
auth cluster required = none
auth service required = none
auth client required = none
auth allow insecure global id reclaim = false
ms mon client mode = crc
ms mon cluster mode = crc
ms mon service mode = crc
ms cluster mode = crc
ms service mode = crc
ms client mode = crc
ms bind msgr1 = false
ms bind retry count = 1
run dir = $dir/run
admin socket = $dir/run/\$name.asok
log file = $dir/log/\$name.log
log to stderr = false
err to stderr = true
keyring = $dir/keyring
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
mon allow pool size one = true
mon allow pool delete = true
mon warn on pool no redundancy = false
mon data avail warn = 1
mon data avail crit = 0

[mon]
mon data = $dir/mon
paxos propose interval = 0.01
paxos min wait = 0.01
mon osd report timeout = 900

[osd]
osd data = $dir/osd
osd objectstore = memstore
memstore device bytes = ${HUBKIT_RGW_MEMSTORE_BYTES:-2147483648}
osd max object name len = 256
osd max object namespace len = 64

[client.rgw.a]
rgw frontends = beast endpoint=127.0.0.1:$rgw_port
rgw data = $dir/rgw
rgw zone = default
rgw init timeout = 30
rgw gc obj min wait = 10
rgw gc processor period = 10
rgw gc processor max time = 10
EOF
  local conf=(--conf "$dir/ceph.conf")
  monmaptool --create --fsid "$fsid" --addv a "[v2:127.0.0.1:$mon_port]" "$dir/monmap" >/dev/null || return 1
  ceph-mon "${conf[@]}" -i a --mkfs --monmap "$dir/monmap" >"$dir/log/mkfs-mon.out" 2>&1 || return 1
  ceph-mon "${conf[@]}" -i a -f >"$dir/log/mon.out" 2>&1 </dev/null &
  echo $! >"$dir/run/mon.pid"; disown
  rgw_wait_listening "$(cat "$dir/run/mon.pid")" "$mon_port" ceph-mon || return 1
  # `ceph osd new` waits for the monitor to form its quorum (bounded by --connect-timeout).
  ceph "${conf[@]}" --connect-timeout 15 osd new "$osd_uuid" >/dev/null || return 1
  ceph-osd "${conf[@]}" -i 0 --mkfs --osd-uuid "$osd_uuid" >"$dir/log/mkfs-osd.out" 2>&1 || return 1
  ceph-osd "${conf[@]}" -i 0 -f >"$dir/log/osd.out" 2>&1 </dev/null &
  echo $! >"$dir/run/osd.pid"; disown
  radosgw "${conf[@]}" -n client.rgw.a -f >"$dir/log/rgw.out" 2>&1 </dev/null &
  echo $! >"$dir/run/rgw.pid"; disown
  # Listening comes first, then the gateway creates its pools; it answers an anonymous GET / (ListBuckets) after.
  rgw_wait_listening "$(cat "$dir/run/rgw.pid")" "$rgw_port" radosgw || return 1
  local deadline=$((SECONDS + 30))
  until curl -sf -o /dev/null --max-time 1 "http://127.0.0.1:$rgw_port/"; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "radosgw did not answer within 30 s"
      return 1
    fi
    sleep 0.1
  done
  local access_key secret_key
  access_key=$(head -c 15 /dev/urandom | od -An -tx1 | tr -d ' \n' | tr a-f A-F)
  secret_key=$(head -c 30 /dev/urandom | od -An -tx1 | tr -d ' \n')
  radosgw-admin "${conf[@]}" user create --uid=hubkit-test --display-name="Hubkit tests" \
    --access-key="$access_key" --secret-key="$secret_key" >/dev/null || return 1
  export TEST_S3_ENDPOINT="http://127.0.0.1:$rgw_port"
  export TEST_S3_REGION="us-east-1"
  export TEST_S3_ACCESS_KEY_ID="$access_key"
  export TEST_S3_SECRET_ACCESS_KEY="$secret_key"
  echo "Ceph RADOS Gateway running for tests at $TEST_S3_ENDPOINT (started in $((SECONDS - started)) s, files in $dir)"
}

rgw_stop() { # dir: stop the daemons and remove the folder
  # SIGKILL: the cluster is thrown away with its memstore, and ceph-osd takes seconds over a clean SIGTERM shutdown.
  local name pid
  for name in rgw osd mon; do
    pid=$(cat "$1/run/$name.pid" 2>/dev/null) || continue
    kill -9 "$pid" 2>/dev/null || true
  done
  rm -rf "$1"
}

if command -v radosgw >/dev/null && command -v ceph-mon >/dev/null && command -v ceph-osd >/dev/null; then
  # Three tries: a port probed free can be taken by a concurrent start before our daemon binds it; the later tries
  # probe from a random offset so that two starts in lockstep part ways.
  rgw_offset=0
  for rgw_try in 1 2 3; do
    rgw_dir=$(mktemp -d /tmp/hubkit-rgw.XXXXXX)
    ci_on_exit "rgw_stop '$rgw_dir'"
    if rgw_start "$rgw_dir" "$rgw_offset"; then break; fi
    echo "the Ceph RADOS Gateway did not start (try $rgw_try of 3). Errors logged:"
    grep -h -s -- ' -1 ' "$rgw_dir"/log/*.log | tail -n 5 || true
    tail -n 5 "$rgw_dir"/log/*.out 2>/dev/null | grep -v '^$' || true
    rgw_stop "$rgw_dir"
    unset rgw_dir
    rgw_offset=$((RANDOM % 50))
  done
  if [ -z "${TEST_S3_ENDPOINT:-}" ]; then echo "no Ceph RADOS Gateway: S3 tests skip (and fail in CI)"; fi
else
  echo "no Ceph binaries (radosgw, ceph-mon, ceph-osd) found: S3 tests skip"
fi
