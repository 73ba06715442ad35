#!/usr/bin/env bash
# Turns a tree staged by `make install PREFIX=/usr DESTDIR=ROOT` into gatherd_<version>_<arch>.deb with Debian's
# own tools: dpkg-shlibdeps for Depends, dpkg-deb to build. Needs no debian/ source folder.
# Usage: packaging/build-deb.sh ROOT VERSION OUTDIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(realpath "$1")
version=$2
out=$(realpath "$3")
arch=$(dpkg --print-architecture)
doc="$root/usr/share/doc/gatherd"
# Reproducible: timestamps come from the last commit (or SOURCE_DATE_EPOCH).
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git -C "$here" log -1 --format=%ct 2>/dev/null || date +%s)}

# Debian's layout: compressed man pages and changelog, a copyright file, no world-writable anything.
# (generate-manual leaves empty lines, which groff warns about; mdoc needs none.)
sed -i '/^[[:space:]]*$/d' "$root"/usr/share/man/man*/*.[0-9]
gzip -9nf "$root"/usr/share/man/man*/*.[0-9]
install -m 0644 "$here/copyright" "$doc/copyright"
sed -e "s/@VERSION@/$version/" -e "s/@DATE@/$(date -u -R -d "@$SOURCE_DATE_EPOCH")/" "$here/changelog.in" |
  gzip -9n > "$doc/changelog.gz"
chmod 0644 "$doc/changelog.gz"

# Depends: only what the binaries really load, as dpkg-shlibdeps finds it (in a package tree with DEBIAN/).
install -d -m 0755 "$root/DEBIAN"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/debian"
printf 'Source: gatherd\n\nPackage: gatherd\nArchitecture: any\n' > "$scratch/debian/control"
shlibs=$(cd "$scratch" && dpkg-shlibdeps -O -e"$root/usr/bin/gatherd" -e"$root/usr/bin/gatherctl" |
  sed -n 's/^shlibs:Depends=//p')
# The binaries' packed relative relocations (lld's DT_RELR) need glibc's GLIBC_ABI_DT_RELR version, which binds
# no symbol: dpkg-shlibdeps, which reads the symbols a binary imports, misses it. libc6's symbols file says
# which version brought it (2.36), and libc6's floor is raised to that.
versions=$(readelf -V -W "$root/usr/bin/gatherd" "$root/usr/bin/gatherctl")
if grep -q 'Name: GLIBC_ABI_DT_RELR ' <<<"$versions"; then
  relr=$(sed -n 's/^ GLIBC_ABI_DT_RELR@GLIBC_ABI_DT_RELR \([^ ]*\).*/\1/p' \
    "$(dpkg-query --control-path "libc6:$arch" symbols)")
  floor=$(printf '%s\n' "$shlibs" | sed -n 's/.*libc6 (>= \([^)]*\)).*/\1/p')
  [ -n "$relr" ] && [ -n "$floor" ] || { echo "build-deb.sh: cannot find libc6's GLIBC_ABI_DT_RELR version" >&2; exit 1; }
  if dpkg --compare-versions "$floor" lt "$relr"; then shlibs=${shlibs/"libc6 (>= $floor)"/"libc6 (>= $relr)"}; fi
fi

for script in postinst prerm postrm; do install -m 0755 "$here/$script" "$root/DEBIAN/$script"; done
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" -e "s/@SHLIBS@/$shlibs/" \
  "$here/control.in" > "$root/DEBIAN/control"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
# Everything under /etc is a conffile (dpkg keeps an admin's edits on upgrade); md5sums lists usr/ only.
(cd "$root" && find etc -type f | sort | sed 's|^|/|') > "$root/DEBIAN/conffiles"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums" "$root/DEBIAN/conffiles"

mkdir -p "$out"
deb="$out/gatherd_${version}_${arch}.deb"
# xz -1: as small as -6 within 15 %, many times faster for 80 MB of binaries.
dpkg-deb --root-owner-group -Zxz -z1 --build "$root" "$deb"
echo "Built $deb"
