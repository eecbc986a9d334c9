#!/usr/bin/env bash
# The language server in another LSP editor: headless Neovim (Debian's 0.7) with the configuration the
# docs/other-editors.md gives (test/e2e/neovim-init.lua), on a copy of the example mod: diagnostics arrive, and
# go-to-definition of a core monster lands in the game data.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$root/examples/example_mod" "$work/"
mkdir "$work/bin"
printf '#!/bin/sh\nexec node %q "$@"\n' "$root/out/server/src/lsp/bin.js" > "$work/bin/cdda-language-server"
chmod +x "$work/bin/cdda-language-server"
cat > "$work/test.lua" <<LUA
vim.cmd('edit $work/example_mod/monsters.json')
vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 100)
print('diagnostics ' .. #vim.diagnostic.get(0))
local line = vim.fn.search('mon_zombie_crawler')
local params = { textDocument = { uri = vim.uri_from_bufnr(0) }, position = { line = line - 1, character = vim.fn.col('.') + 2 } }
for _, r in pairs(vim.lsp.buf_request_sync(0, 'textDocument/definition', params, 10000) or {}) do
  for _, loc in ipairs(r.result or {}) do print('definition ' .. (loc.uri or loc.targetUri)) end
end
vim.cmd('qa!')
LUA
out=$(cd "$work" && PATH="$work/bin:$PATH" timeout 90 nvim --headless --clean -u "$root/test/e2e/neovim-init.lua" -c "luafile $work/test.lua" 2>&1 | tr '\r' '\n')
echo "$out" | grep -v '^$' | sed 's/^/[neovim] /'
passed=0 failed=0
if echo "$out" | grep -Eq '^diagnostics ([5-9]|[1-9][0-9])'; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "neovim: FAILED: no diagnostics published"; fi
if echo "$out" | grep -q '^definition file://.*/json/monsters/'; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "neovim: FAILED: definition did not reach the game data"; fi
echo "neovim: $passed passed, $failed failed"
[ "$failed" = 0 ]
