"""journal-76: driftmark.nvim, a Neovim plugin in Lua. Sessions s1..s6, 2026-11-09 .. 2026-11-14."""
from jlib import P, sh, rd, wr, ed, ls, gst, gdf, gad, gcm, glg, get

DAYS = [(2026, 11, 9), (2026, 11, 10), (2026, 11, 11), (2026, 11, 12), (2026, 11, 13), (2026, 11, 14)]
SEED = 7604
GH = "https://api.github.com/repos/oskarvik/driftmark.nvim"
MIN = " --headless --noplugin -u tests/minimal_init.lua -c \"PlenaryBustedDirectory tests/ { minimal_init = 'tests/minimal_init.lua', sequential = true }\""
BARE = " --headless -c \"PlenaryBustedDirectory tests/ { sequential = true }\""
DOC = "lemmy-help -fact lua/driftmark/init.lua lua/driftmark/config.lua lua/driftmark/telescope.lua > doc/driftmark.txt"

USERCFG = ("Error detected while processing /home/dev/.config/nvim/init.lua:\n"
           "E5113: Error while calling lua chunk: /home/dev/.config/nvim/init.lua:3: module 'lazy' not found:")
ROCKS = ("Error: You need an API key to upload rocks.\n"
         "Navigate to https://luarocks.org/settings/api-keys to get a key\n"
         "and then pass it through the --api-key=<key> flag.")
STYLUA = ("error: could not format file ./.tests/site/pack/deps/start/plenary.nvim/lua/plenary/async/uv_async.lua: "
          "failed to parse: unexpected token `goto`")

S1 = [
    P("issue #88: marks get lost when the buffer is renamed with :saveas. fix: re-key the store on BufFilePost"),
    sh("git grep -n BufWritePost lua/"),
    rd("lua/driftmark/store.lua"),
    rd("lua/driftmark/init.lua"),
    ed("lua/driftmark/init.lua", "vim.api.nvim_create_autocmd(\"BufWritePost\", {",
       "vim.api.nvim_create_autocmd(\"BufFilePost\", {\n  group = group,\n  callback = function(ev) store.rekey(ev.buf, ev.match) end,\n})\nvim.api.nvim_create_autocmd(\"BufWritePost\", {"),
    ed("lua/driftmark/store.lua", "function M.forget(path)", "function M.rekey(buf, new_path)\n  -- move marks from the old key\nend\n\nfunction M.forget(path)"),
    wr("tests/rename_spec.lua", "describe(\"rename\", function()\n  it(\"keeps marks after :saveas\", function() ... end)\nend)"),
    P("run the specs"),
    sh("nvim" + BARE, err=USERCFG),
    sh("nvim" + MIN),
    P("fmt and lint"),
    sh("stylua --check lua/ tests/"),
    sh("luacheck lua/ tests/"),
    P("was main green on CI before this?"),
    get(GH + "/actions/runs?branch=main&per_page=1"),
    P("commit, ref the issue"),
    gad(["lua/driftmark/init.lua", "lua/driftmark/store.lua", "tests/rename_spec.lua"]),
    gcm("Keep marks when a buffer is renamed (fixes #88)"),
]

S2 = [
    P(":help driftmark doesn't mention persist_dir at all, only the README does. put it in the config annotations so the help has it"),
    ed("lua/driftmark/config.lua", "---@field signs boolean",
       "---@field signs boolean\n---@field persist_dir string Where mark files are kept (default: stdpath('data')/driftmark)"),
    sh(DOC),
    rd("doc/driftmark.txt"),
    gad(["lua/driftmark/config.lua", "doc/driftmark.txt"]),
    P("CI lint job complained about store.lua yesterday, look"),
    sh("luacheck lua/driftmark/store.lua", err="lua/driftmark/store.lua:42:7: unused variable 'ok'"),
    ed("lua/driftmark/store.lua", "local ok, data = pcall(vim.fn.readfile, file)", "local _, data = pcall(vim.fn.readfile, file)"),
    sh("luacheck lua/ tests/"),
    P("commit both, then cut 1.3.0: new rockspec and push it to luarocks"),
    gad(["lua/driftmark/store.lua"]),
    gcm("Document persist_dir in :help; luacheck fix"),
    wr("rockspecs/driftmark.nvim-1.3.0-1.rockspec", "package = \"driftmark.nvim\"\nversion = \"1.3.0-1\"\nsource = { url = \"git+https://github.com/oskarvik/driftmark.nvim\", tag = \"v1.3.0\" }\n"),
    sh("luarocks upload rockspecs/driftmark.nvim-1.3.0-1.rockspec", err=ROCKS),
    P("no key here I guess. just tag and push, the release workflow has the key"),
    sh("git add rockspecs/driftmark.nvim-1.3.0-1.rockspec && git commit -m 'rockspec 1.3.0'"),
    sh("git tag -a v1.3.0 -m 'driftmark.nvim 1.3.0'"),
    sh("git push origin main v1.3.0"),
    P("did the release workflow start?"),
    get(GH + "/actions/runs?event=push&per_page=3"),
    get(GH + "/actions/runs/11873391042/jobs", err="HTTP 403 API rate limit exceeded for 203.0.113.24"),
]

S3 = [
    P("#91 telescope picker for marks. new module lua/driftmark/telescope.lua, :Telescope driftmark"),
    sh("ls .tests/site/pack/deps/start"),
    rd("lua/driftmark/store.lua"),
    wr("lua/driftmark/telescope.lua", "local pickers = require(\"telescope.pickers\")\nlocal M = {}\n-- marks picker\nreturn M"),
    wr("lua/telescope/_extensions/driftmark.lua", "return require(\"telescope\").register_extension({ exports = { driftmark = require(\"driftmark.telescope\").marks } })"),
    P("spec for it"),
    wr("tests/telescope_spec.lua", "describe(\"telescope picker\", function() ... end)"),
    sh("nvim" + MIN, err="Fail\t||\ttelescope picker lists only marks of the current project\n\t    Expected objects to be the same."),
    ed("lua/driftmark/telescope.lua", "local marks = store.all()", "local marks = store.for_root(util.project_root())"),
    sh("nvim" + MIN),
    P("format everything"),
    sh("stylua .", err=STYLUA),
    sh("stylua lua/ tests/"),
    sh("luacheck lua/ tests/"),
    P("document the picker in :help too"),
    ed("lua/driftmark/telescope.lua", "-- marks picker", "---@mod driftmark.telescope Telescope picker\n---@usage `:Telescope driftmark`"),
    sh(DOC),
    rd("doc/driftmark.txt"),
    gad(["lua/driftmark/telescope.lua", "doc/driftmark.txt"]),
    P("commit it all"),
    gst(),
    gad(["lua/telescope/_extensions/driftmark.lua", "tests/telescope_spec.lua"]),
    gcm("Telescope picker for marks (#91)"),
]

S4 = [
    P("someone on reddit says 1.3.0 isn't on luarocks. did the workflow publish it?"),
    get(GH + "/releases/latest"),
    get("https://luarocks.org/modules/oskarvik/driftmark.nvim"),
    P("upload it by hand then"),
    sh("luarocks upload rockspecs/driftmark.nvim-1.3.0-1.rockspec", err=ROCKS),
    sh("luarocks upload --force rockspecs/driftmark.nvim-1.3.0-1.rockspec", err=ROCKS),
    P("leave it, I'll rerun the job. meanwhile run the suite against nightly nvim, 0.11 changed extmarks"),
    sh("~/.local/nvim-nightly/bin/nvim" + BARE, err=USERCFG),
    sh("~/.local/nvim-nightly/bin/nvim --version | head -1"),
    sh("~/.local/nvim-nightly/bin/nvim" + MIN),
    P("passes. what does the nightly job in the CI matrix say"),
    get(GH + "/actions/runs?branch=main&per_page=2"),
    get(GH + "/actions/runs/11880417733/jobs?filter=latest", err="HTTP 502 Bad Gateway"),
    P("fine. add nightly to the README's tested versions"),
    ed("README.md", "Tested on Neovim 0.10.x.", "Tested on Neovim 0.10.x and nightly (0.11-dev)."),
    gdf("README.md"),
    gcm("README: tested on nightly too"),
]

S5 = [
    P("#93 people want to hide the signs in the sign column. option `signs = false`"),
    sh("grep -rn sign_place lua/"),
    rd("lua/driftmark/signs.lua"),
    ed("lua/driftmark/signs.lua", "function M.place(buf, mark)", "function M.place(buf, mark)\n  if not config.options.signs then return end"),
    ed("lua/driftmark/config.lua", "signs = true,", "signs = true, -- false hides the sign column markers"),
    P("help text for the option"),
    ed("lua/driftmark/config.lua", "---@field signs boolean", "---@field signs boolean Show a sign for each mark (default: true)"),
    sh(DOC),
    rd("doc/driftmark.txt"),
    gad(["lua/driftmark/config.lua", "doc/driftmark.txt"]),
    P("specs + format"),
    sh("nvim" + MIN),
    sh("stylua .", err=STYLUA),
    sh("stylua lua/ tests/"),
    sh("luacheck lua/ tests/ --formatter plain"),
    P("commit"),
    gad(["lua/driftmark/signs.lua"]),
    gcm("Option to hide mark signs (#93)"),
    glg(3),
    P("CI for it?"),
    get(GH + "/actions/runs?branch=main&per_page=1"),
    get(GH + "/actions/runs/11891230077", err="timeout after 15000 ms"),
]

S6 = [
    P("saturday: release 1.4.0 (picker + signs option). rockspec and publish"),
    wr("rockspecs/driftmark.nvim-1.4.0-1.rockspec", "package = \"driftmark.nvim\"\nversion = \"1.4.0-1\"\nsource = { url = \"git+https://github.com/oskarvik/driftmark.nvim\", tag = \"v1.4.0\" }\n"),
    sh("luarocks upload rockspecs/driftmark.nvim-1.4.0-1.rockspec", err=ROCKS),
    P("right, same as last time. tag and let the workflow do it"),
    sh("git add rockspecs/driftmark.nvim-1.4.0-1.rockspec && git commit -m 'rockspec 1.4.0'"),
    sh("git tag -a v1.4.0 -m 'driftmark.nvim 1.4.0'"),
    sh("git push origin main v1.4.0"),
    P("watch the release run"),
    get(GH + "/actions/runs?event=push&per_page=1"),
    get(GH + "/actions/runs/11902265519/jobs", err="HTTP 403 API rate limit exceeded for 203.0.113.24"),
    P("changelog for 1.4.0"),
    sh("git log --oneline v1.3.0..HEAD"),
    rd("CHANGELOG.md"),
    ed("CHANGELOG.md", "## 1.3.0", "## 1.4.0\n\n- Telescope picker (#91)\n- `signs` option (#93)\n\n## 1.3.0"),
    ed("CHANGELOG.md", "- Telescope picker (#91)", "- Telescope picker: `:Telescope driftmark` (#91)"),
    P("push that"),
    gad(["CHANGELOG.md"]),
    gcm("CHANGELOG: 1.4.0"),
    sh("git push origin main"),
]

SESSIONS = [S1, S2, S3, S4, S5, S6]
