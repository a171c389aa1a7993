// The pre-receive hook installed in every repository: a push may not add a regular (non-LFS) file larger than the
// limit, as on the hub. It lists the new blobs of every pushed ref and checks their sizes with one batch query.

export function PRE_RECEIVE_HOOK(maxBytes: number): string {
  return `#!/bin/sh
# Installed by Hubkit: refuse regular files over ${maxBytes} bytes (use git-lfs for large files).
zero=0000000000000000000000000000000000000000
while read old new ref; do
  [ "$new" = "$zero" ] && continue
  if [ "$old" = "$zero" ]; then range="$new --not --all"; else range="$old..$new"; fi
  big=$(git rev-list --objects $range | git cat-file --batch-check='%(objecttype) %(objectsize) %(rest)' |
    awk -v max=${maxBytes} '$1 == "blob" && $2 > max { $1 = ""; $2 = ""; sub(/^  /, ""); print; exit }')
  if [ -n "$big" ]; then
    echo "Your push was rejected because it contains files larger than 10 MiB ($big). Please use https://git-lfs.github.com/ to store large files." >&2
    exit 1
  fi
done
exit 0
`;
}
