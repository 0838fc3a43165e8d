-- Headless Neovim (0.7.2 or newer) as a plain LSP client of `kubesim lsp --stdio`.
-- Attaches the current buffer, waits for published diagnostics, prints one DIAG line per
-- diagnostic and exits 0, or exits 1 when none arrive within the wait.
-- Run by test/src/neovim.test.ts: KUBESIM_BIN=bin/kubesim nvim --headless --clean -n -c 'luafile probe.lua' file.yaml
local bin = assert(os.getenv('KUBESIM_BIN'), 'KUBESIM_BIN is not set')
local wait_ms = tonumber(os.getenv('KUBESIM_WAIT_MS') or '20000')
local function say(line) io.stdout:write(line .. '\n') end

local exited = false
-- vim.lsp.start() needs 0.8; start_client + buf_attach_client work from 0.5 on.
local client_id = vim.lsp.start_client({
  name = 'kubesim',
  cmd = { 'node', bin, 'lsp', '--stdio' },
  root_dir = vim.fn.getcwd(),
  settings = { kubesim = { kubernetesVersion = '1.36', clusterDomain = 'cluster.local' } },
  on_exit = function(code, signal)
    exited = true
    say(('EXIT code=%s signal=%s'):format(code, signal))
  end,
})
if not client_id then
  say('FAIL start_client returned nil')
  vim.cmd('cquit 2')
end

local buffer = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(buffer, client_id)
vim.wait(wait_ms, function() return exited or #vim.diagnostic.get(buffer) > 0 end, 50)
-- One publish carries every finding of the file; a short settle catches a late second one.
vim.wait(300, function() return false end, 50)

for _, d in ipairs(vim.diagnostic.get(buffer)) do
  say(('DIAG %d:%d severity=%d code=%s source=%s %s'):format(d.lnum + 1, d.col + 1, d.severity, tostring(d.code or ''), d.source or '', (d.message:gsub('\n', ' '))))
end
local count = #vim.diagnostic.get(buffer)
vim.lsp.stop_client(client_id)
if count == 0 then
  say('FAIL no diagnostics')
  vim.cmd('cquit 1')
end
say(('PASS %d diagnostics'):format(count))
vim.cmd('qa!')
