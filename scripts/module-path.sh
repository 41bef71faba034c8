#!/usr/bin/env bash
# scripts/module-path.sh NEW — set xcover's module path: the go.mod line and
# every import of the module's packages, in the files git tracks (Go code,
# docs, scripts). The path is where the repository is published; change it
# here, in one step, when that changes.
set -euo pipefail
cd "$(dirname "$0")/.."
new=${1:?usage: scripts/module-path.sh NEW_MODULE_PATH}
old=$(sed -n 's/^module //p' go.mod)
[ "$old" = "$new" ] && { echo "module path is $new already"; exit 0; }
esc() { printf '%s' "$1" | sed 's/[.[\*^$/]/\\&/g'; }
o=$(esc "$old"); n=$(esc "$new")
sed -i "s/^module $o\$/module $n/" go.mod
# Import paths, "OLD/…" in quotes, in Go files and the docs (no package
# sits at the module's root, and "xcover" alone is the command's name).
git ls-files -z '*.go' '*.md' '*.txt' '*.sh' | xargs -0 sed -i -e "s/\"$o\//\"$n\//g"
gofmt -w $(git ls-files '*.go')
echo "module path: $old -> $new"
