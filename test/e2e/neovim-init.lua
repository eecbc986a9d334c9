-- CDDA language server for JSON files of a mod (Neovim 0.7+).
vim.api.nvim_create_autocmd('FileType', {
  pattern = 'json',
  callback = function(args)
    local file = vim.api.nvim_buf_get_name(args.buf)
    local modinfo = vim.fn.findfile('modinfo.json', vim.fn.fnamemodify(file, ':p:h') .. ';')
    if modinfo == '' then return end
    local root = vim.fn.fnamemodify(modinfo, ':p:h:h') -- the folder holding your mods
    _G.cdda_client = _G.cdda_client or vim.lsp.start_client({
      name = 'cdda',
      cmd = { 'cdda-language-server', '--stdio' },
      root_dir = root,
      workspace_folders = { { uri = vim.uri_from_fname(root), name = 'mods' } },
      -- The game: found as cdda-lint finds it (the game your mods are in, $CDDA_GAME, Debian's install);
      -- or name it: init_options = { gamePath = '/path/to/Cataclysm-DDA/data' },
    })
    vim.lsp.buf_attach_client(args.buf, _G.cdda_client)
  end,
})
