"""journal-67: loomkit, a Node 20 ESM command-line scaffolder in plain JavaScript (bin/loom.js, src/commands/*,
node:test, npm scripts, package-lock with local file: packages, a lint pre-commit hook, a Docker-based mock server,
a template registry at templates.loomkit.dev). Replayed for real by capture.py."""
from jlib import P, H, SH, READ, WRITE, EDIT, LS, GSTATUS, GDIFF, GADD, GCOMMIT, GLOG, HTTP

ROOT = "/tmp/f18/loomkit"
REG = "https://templates.loomkit.dev/v1"

SETUP = r'''
set -e
git init -q -b main . && git config user.name "dev" && git config user.email dev@loomkit.example
mkdir -p bin src/commands test scripts templates/basic packages/core
cat > package.json <<'EOF'
{
  "name": "loomkit",
  "version": "0.3.0",
  "type": "module",
  "bin": { "loom": "bin/loom.js" },
  "scripts": {
    "test": "node --test test/",
    "lint": "node scripts/lint.js"
  },
  "dependencies": {
    "@loomkit/core": "file:packages/core"
  },
  "engines": { "node": ">=20" }
}
EOF
cat > packages/core/package.json <<'EOF'
{ "name": "@loomkit/core", "version": "0.1.0", "type": "module", "main": "index.js" }
EOF
cat > packages/core/index.js <<'EOF'
export function slugify(s) {
  return String(s).toLowerCase().trim().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
EOF
cat > bin/loom.js <<'EOF'
#!/usr/bin/env node
import { run } from '../src/cli.js';

process.exitCode = await run(process.argv.slice(2));
EOF
chmod +x bin/loom.js
cat > src/cli.js <<'EOF'
import { init } from './commands/init.js';
import { list } from './commands/list.js';
import { newFile } from './commands/new.js';

const commands = { init, list, new: newFile };

export async function run(argv) {
  const [cmd, ...rest] = argv;
  const fn = commands[cmd];
  if (!fn) {
    console.error(`loom: unknown command '${cmd ?? ''}' (try: ${Object.keys(commands).join(', ')})`);
    return 2;
  }
  return (await fn(rest)) ?? 0;
}
EOF
cat > src/commands/list.js <<'EOF'
import { readdirSync } from 'node:fs';

export function templateNames(dir = 'templates') {
  return readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
}

export async function list(args) {
  const names = templateNames();
  for (const n of names) console.log(n);
  return 0;
}
EOF
cat > src/commands/init.js <<'EOF'
import { existsSync, writeFileSync } from 'node:fs';
import { slugify } from '@loomkit/core';

export async function init(args) {
  const name = args[0] ?? 'my-project';
  if (existsSync('loom.config.json')) {
    console.error('loom: loom.config.json exists');
    return 1;
  }
  writeFileSync('loom.config.json', JSON.stringify({ name: slugify(name), templates: 'templates' }, null, 2) + '\n');
  console.log(`created loom.config.json for ${slugify(name)}`);
  return 0;
}
EOF
cat > src/commands/new.js <<'EOF'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { slugify } from '@loomkit/core';

export async function newFile(args) {
  const [template, dest] = args;
  if (!template || !dest) {
    console.error('usage: loom new TEMPLATE DEST');
    return 2;
  }
  const src = join('templates', template);
  mkdirSync(dest, { recursive: true });
  const name = slugify(dest.split('/').pop());
  for (const f of readdirSync(src)) {
    writeFileSync(join(dest, f), readFileSync(join(src, f), 'utf8').replaceAll('{{name}}', name));
  }
  console.log(`created ${dest} from ${template}`);
  return 0;
}
EOF
cat > templates/basic/index.md <<'EOF'
# {{name}}

Scaffolded by loom.
EOF
cat > templates/basic/loom.config.json <<'EOF'
{ "name": "{{name}}" }
EOF
mkdir -p templates/docs && printf '# {{name}} docs\n' > templates/docs/README.md
mkdir -p templates/api && printf 'export const service = "{{name}}";\n' > templates/api/index.js
cat > test/cli.test.js <<'EOF'
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

test('unknown command exits 2', () => {
  const r = spawnSync(process.execPath, ['bin/loom.js', 'nope'], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /unknown command/);
});
EOF
cat > test/list.test.js <<'EOF'
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { templateNames } from '../src/commands/list.js';

test('finds the bundled templates', () => {
  assert.ok(templateNames().includes('basic'));
});
EOF
cat > test/core.test.js <<'EOF'
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slugify } from '@loomkit/core';

test('slugify', () => {
  assert.equal(slugify(' My Site! '), 'my-site');
});
EOF
cat > scripts/lint.js <<'EOF'
// house lint: no trailing whitespace, no var, in bin/ src/ test/
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const bad = [];
function walk(d) {
  for (const f of readdirSync(d)) {
    const p = join(d, f);
    if (statSync(p).isDirectory()) walk(p);
    else if (p.endsWith('.js')) {
      readFileSync(p, 'utf8').split('\n').forEach((l, i) => {
        if (/\s+$/.test(l)) bad.push(`${p}:${i + 1}: trailing whitespace`);
        if (/^\s*var\s/.test(l)) bad.push(`${p}:${i + 1}: use let/const, not var`);
      });
    }
  }
}
['bin', 'src', 'test'].forEach(walk);
if (bad.length) {
  console.error(bad.join('\n'));
  console.error(`lint: ${bad.length} problem(s)`);
  process.exit(1);
}
console.log('lint: ok');
EOF
cat > CHANGELOG.md <<'EOF'
# Changelog

## 0.3.0 - 2026-11-10
- first public cut: init, list, new
EOF
printf 'node_modules/\n' > .gitignore
cat > .git/hooks/pre-commit <<'EOF'
#!/bin/sh
npm run -s lint 1>&2 || { echo "pre-commit: lint failed, commit refused" >&2; exit 1; }
EOF
chmod +x .git/hooks/pre-commit
npm install --no-audit --no-fund >/dev/null 2>&1
git add -A && git commit -q -m "loomkit 0.3.0"
'''

TEAMMATE_RENDER = r'''
mkdir -p packages/render
printf '{ "name": "@loomkit/render", "version": "0.1.0", "type": "module", "main": "index.js" }\n' > packages/render/package.json
printf 'export function render(t, vars) {\n  return t.replace(/{{(\\w+)}}/g, (_, k) => vars[k] ?? "");\n}\n' > packages/render/index.js
python3 - <<'EOF'
import json
p = json.load(open("package.json"))
p["dependencies"]["@loomkit/render"] = "file:packages/render"
open("package.json", "w").write(json.dumps(p, indent=2) + "\n")
EOF
git add -A && git -c user.name=sam -c user.email=sam@loomkit.example commit -q --no-verify -m "add @loomkit/render (wip)"
'''

TEAMMATE_FMT = r'''
mkdir -p packages/fmt
printf '{ "name": "@loomkit/fmt", "version": "0.1.0", "type": "module", "main": "index.js" }\n' > packages/fmt/package.json
printf 'export function bullets(items) {\n  return items.map((i) => `  - ${i}`).join("\\n");\n}\n' > packages/fmt/index.js
python3 - <<'EOF'
import json
p = json.load(open("package.json"))
p["dependencies"]["@loomkit/fmt"] = "file:packages/fmt"
open("package.json", "w").write(json.dumps(p, indent=2) + "\n")
EOF
git add -A && git -c user.name=ines -c user.email=ines@loomkit.example commit -q --no-verify -m "@loomkit/fmt for CLI output"
'''

DOCKER = "docker run --rm -d --name loom-mock -p 4010:4010 -v $PWD/mock:/spec stoplight/prism:5 mock -h 0.0.0.0 /spec/registry.yaml"
NPMCI = r"can only install packages"


def playbook_command(path, old, new):
    return [EDIT(path, old, new), SH("node --test test/"), GDIFF(path)]


def playbook_release(version, day, line):
    return [SH("npm version patch --no-git-tag-version"),
            EDIT("CHANGELOG.md", "# Changelog\n", "# Changelog\n\n## %s - %s\n- %s\n" % (version, day, line)),
            GADD(["package.json", "package-lock.json", "CHANGELOG.md"]), GCOMMIT("release %s" % version)]


S1 = [
    H(TEAMMATE_RENDER),
    P("pulled main. deps pls"),
    SH("npm ci", expect=False, first=NPMCI), SH("npm install"), SH("npm ls --depth=0"),
    P("loom list: sort the templates alphabetically and print how many there are at the end"),
    *playbook_command("src/commands/list.js",
                      "map((d) => d.name);\n}\n\nexport async function list(args) {\n  const names = templateNames();\n"
                      "  for (const n of names) console.log(n);\n",
                      "map((d) => d.name).sort();\n}\n\nexport async function list(args) {\n  const names = templateNames();\n"
                      "  for (const n of names) console.log(n);\n  console.log(`${names.length} template(s)`);\n"),
    P("is the template registry up? I need the metadata of 'docs-site'"),
    HTTP(REG + "/templates", True, "200 OK\n{\"templates\": [{\"name\": \"basic\"}, {\"name\": \"docs-site\"}, "
         "{\"name\": \"api-service\"}, {\"name\": \"blog\"}]}", 388.0),
    HTTP(REG + "/templates/docs-site", False, "502 Bad Gateway (cloudfront)", 10021.3),
    P("ok later. commit the list change and the lockfile"),
    SH("node bin/loom.js list"),
    GADD(["src/commands/list.js"]), GADD(["package-lock.json"]), GCOMMIT("list: sorted, with a count"),
]

S2 = [
    P("start the mock template server so I can try loom new against it"),
    SH(DOCKER, expect=False),
    P("forget docker then. cut 0.3.1 with the list change"),
    *playbook_release("0.3.1", "2026-11-17", "list: sorted, prints a count"),
    P("what's the render package Sam added? where is it used"),
    LS("node_modules/@loomkit"), READ("packages/render/index.js"), READ("packages/render/package.json"),
    SH("grep -rn '@loomkit/render' src bin test || true"),
    P("log of the last few commits pls"),
    GLOG(5),
]

S3 = [
    P("init needs --force to overwrite an existing loom.config.json"),
    *playbook_command("src/commands/init.js",
                      "  const name = args[0] ?? 'my-project';\n  if (existsSync('loom.config.json')) {",
                      "  const force = args.includes('--force');\n  const name = args.find((a) => !a.startsWith('--')) ?? 'my-project';\n"
                      "  if (existsSync('loom.config.json') && !force) {"),
    P("mock server again, Sam says docker works now"),
    SH(DOCKER, expect=False),
    P("then use the real registry: fetch the blog template metadata"),
    HTTP(REG + "/templates/blog", False, "503 Service Unavailable", 640.2),
    HTTP(REG + "/templates/blog", False, "timeout: no response from templates.loomkit.dev after 10000 ms", 10000.0),
    HTTP(REG + "/templates/blog", True, "200 OK\n{\"name\": \"blog\", \"version\": \"2.1.0\", \"files\": [\"index.md\", "
         "\"posts/hello.md\", \"loom.config.json\"]}", 712.9),
    P("try loom new with the bundled basic template into ../try-site"),
    SH("node bin/loom.js new basic ../try-site"), SH("ls ../try-site"), READ("../try-site/index.md"),
    P("commit init"),
    GSTATUS(), GADD(["src/commands/init.js"]), GCOMMIT("init: --force"), GLOG(2),
]

S4 = [
    H(TEAMMATE_FMT),
    P("main moved again (Ines added fmt). install"),
    SH("npm ci", expect=False, first=NPMCI), SH("npm install"),
    P("loom new should list the files it created, as bullets via @loomkit/fmt"),
    READ("packages/fmt/index.js"),
    WRITE("src/util/paths.js", "import { readdirSync } from 'node:fs';\n\nexport function filesIn(dir) {\n"
          "  return readdirSync(dir).sort();\n}\n"),
    EDIT("src/commands/new.js", "import { slugify } from '@loomkit/core';\n",
         "import { slugify } from '@loomkit/core';\nimport { bullets } from '@loomkit/fmt';\nimport { filesIn } from '../util/paths';\n"),
    EDIT("src/commands/new.js", "  console.log(`created ${dest} from ${template}`);\n",
         "  console.log(`created ${dest} from ${template}`);\n  console.log(bullets(filesIn(dest)));\n"),
    SH("node bin/loom.js new docs ../try-docs", expect=False, first=r"^Error \[ERR_MODULE_NOT_FOUND\]"),
    EDIT("src/commands/new.js", "from '../util/paths';", "from '../util/paths.js';"),
    SH("node bin/loom.js new docs ../try-docs"),
    P("commit that"),
    GADD(["src/commands/new.js", "src/util/paths.js"]), GADD(["package-lock.json"]), GCOMMIT("new: list created files"),
    P("release 0.3.2"),
    *playbook_release("0.3.2", "2026-11-19", "new: lists the files it created; init --force"),
    P("registry: metadata of api-service, and its readme"),
    HTTP(REG + "/templates/api-service", True, "200 OK\n{\"name\": \"api-service\", \"version\": \"0.9.4\"}", 455.5),
    HTTP(REG + "/templates/api-service/readme", False, "500 Internal Server Error: {\"error\": \"storage backend unavailable\"}", 233.0),
]

S5 = [
    P("mock server, last try. docker run prism with our registry spec"),
    SH(DOCKER, expect=False),
    P("list: add --json (array of names)"),
    EDIT("src/commands/list.js", "  const names = templateNames();\n",
         "  const names = templateNames();\n  if (args.includes('--json')) {  \n    console.log(JSON.stringify(names));\n    return 0;\n  }\n"),
    WRITE("test/list-json.test.js", "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\n"
          "import { spawnSync } from 'node:child_process';\n\ntest('list --json', () => {\n"
          "  const r = spawnSync(process.execPath, ['bin/loom.js', 'list', '--json'], { encoding: 'utf8' });\n"
          "  assert.deepEqual(JSON.parse(r.stdout), ['api', 'basic', 'docs']);\n});\n"),
    SH("node --test test/list-json.test.js"), SH("node bin/loom.js list --json"),
    GADD(["src/commands/list.js", "test/list-json.test.js"]), GCOMMIT("list: --json", expect=False),
    EDIT("src/commands/list.js", "if (args.includes('--json')) {  \n", "if (args.includes('--json')) {\n"),
    GADD(["src/commands/list.js"]), GCOMMIT("list: --json"),
    P("ping the registry"),
    HTTP(REG + "/health", True, "200 OK\n{\"ok\": true}", 301.4),
    HTTP(REG + "/templates?updated_since=2026-11-01", False, "502 Bad Gateway (cloudfront)", 10008.8),
]

S6 = [
    P("new: refuse project names with spaces (exit 2 and say why)"),
    *playbook_command("src/commands/new.js",
                      "  const src = join('templates', template);\n",
                      "  if (/\\s/.test(dest)) {\n    console.error(`loom: '${dest}' contains spaces`);\n    return 2;\n  }\n"
                      "  const src = join('templates', template);\n"),
    P("release 0.3.3"),
    *playbook_release("0.3.3", "2026-11-21", "list --json; new refuses names with spaces"),
    P("did they fix the registry? fetch the index"),
    HTTP(REG + "/templates", False, "503 Service Unavailable", 590.6),
    HTTP(REG + "/templates", True, "200 OK\n{\"templates\": [{\"name\": \"basic\"}, {\"name\": \"docs-site\"}, "
         "{\"name\": \"api-service\"}, {\"name\": \"blog\"}, {\"name\": \"cli\"}]}", 402.2),
    P("lint + all tests once more"),
    SH("npm run lint"), SH("npm test"),
]

SESSIONS = [("s1", "2026-11-16", 9, S1), ("s2", "2026-11-17", 10, S2), ("s3", "2026-11-18", 8, S3),
            ("s4", "2026-11-19", 9, S4), ("s5", "2026-11-20", 10, S5), ("s6", "2026-11-21", 9, S6)]
