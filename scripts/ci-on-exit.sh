# Sourced by the ci-*.sh scripts: ci_on_exit COMMAND runs COMMAND when the shell exits, before whatever EXIT trap
# was set earlier. A plain second `trap ... EXIT` would replace the first one (ci-postgres.sh's cluster would then
# outlive CI), so every script adds its clean-up through this.
ci_on_exit() {
  local command=$1 previous=""
  # `trap -p EXIT` prints `trap -- 'command' EXIT` with the command shell-quoted: let the shell unquote it.
  eval "set -- $(trap -p EXIT)"
  if [ $# -ge 3 ]; then previous=$3; fi
  trap -- "$command${previous:+
$previous}" EXIT
}
