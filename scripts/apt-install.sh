# Sourced by the scripts/ensure-*.sh: `apt_install WHO PACKAGE [APT OPTIONS...]` installs one of
# Debian's packages when a tool is missing. Only as root on a system with apt-get (the project's
# scripts install nothing otherwise): else it says the command to run, on stderr, and exits 1.
apt_install() {
  local who=$1 package=$2
  shift 2
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "$who: $package is not installed; run: sudo apt-get install -y $package" >&2
    exit 1
  fi
  echo "$who: installing $package..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq </dev/null
  local status=0
  apt-get install -y -qq "$@" "$package" </dev/null >/dev/null || status=$?
  [ "$status" = 0 ] || { echo "$who: apt-get install $package failed ($status)" >&2; exit 1; }
}
