"""journal-83: wickerwren, a Deno 2 CLI + library (JSR, deno compile, generated schema types, Deno Deploy docs).
Developers: Mei Lin (zh, en), Jonas Weber (de, en). Written in step 3, after profiles.md and queries.py."""
from jlib import P, sh, rd, wr, ed, gst, gdf, gadd, gcm, glog, get

SEED = 830083
PERM = 'error: Uncaught (in promise) NotCapable: Requires read access to "fixtures/traps_2025.csv", run again with the --allow-read flag'
PERM2 = 'error: Uncaught (in promise) NotCapable: Requires read access to "fixtures/tz_samples.csv", run again with the --allow-read flag'
GH = "To get started with GitHub CLI, please run:  gh auth login\nAlternatively, populate the GH_TOKEN environment variable with a GitHub API authentication token."
RO = "EACCES: permission denied, open '/home/dev/wickerwren/src/generated/schema.ts'"
D = "https://wickerwren.deno.dev"

S1 = [
    P("WW-60: some trap exports have a site_id column now, it should end up in the feature properties"),
    rd("src/convert.ts"),
    rd("src/generated/schema.ts"),
    sh("rg -n site_id src fixtures"),
    P("add site_id as optional string to the Detection type"),
    ed("src/generated/schema.ts", "  species: string;", "  species: string;\n  site_id?: string;", RO),
    rd("schema/detection.schema.json"),
    ed("schema/detection.schema.json", "\"species\": { \"type\": \"string\" },", "\"species\": { \"type\": \"string\" },\n    \"site_id\": { \"type\": \"string\" },"),
    sh("deno task gen"),
    P("now map it in convert.ts, then tests"),
    ed("src/convert.ts", "properties: { species: d.species,", "properties: { species: d.species, site_id: d.site_id,"),
    sh("deno test", PERM),
    sh("deno task test"),
    P("does the deploy preview show the new column table yet?"),
    get(D + "/guide/csv-columns", "502 Bad Gateway"),
    get(D + "/guide/csv-columns"),
    P("commit"),
    gst(),
    gcm("WW-60 site_id passes through to GeoJSON properties"),
]

S2 = [
    P("Jonas hier. 0.3.1 auf JSR vorbereiten bitte, nur die site_id-Änderung"),
    ed("deno.json", "\"version\": \"0.3.0\"", "\"version\": \"0.3.1\""),
    sh("deno publish --dry-run"),
    gadd("deno.json"),
    gcm("release 0.3.1"),
    P("was sagt CI zum letzten Lauf auf main?"),
    sh("gh run list --branch main --limit 3", GH),
    P("ok dann nicht. lint + fmt"),
    sh("deno lint"),
    sh("deno fmt --check", "error: Found 1 not formatted file in 14 files"),
    sh("deno fmt"),
    sh("deno fmt --check"),
    P("Startseite der Doku-Vorschau erreichbar?"),
    get(D + "/", "timed out after 10000 ms"),
    get(D + "/"),
    P("commit fmt"),
    gcm("deno fmt"),
]

S3 = [
    P("WW-63 battery level from the trap header row -> battery_pct, integer 0..100"),
    rd("src/parse.ts"),
    ed("src/generated/schema.ts", "  site_id?: string;", "  site_id?: string;\n  battery_pct?: number;", RO),
    P("right, generated. do it in the json schema then"),
    ed("schema/detection.schema.json", "\"site_id\": { \"type\": \"string\" },", "\"site_id\": { \"type\": \"string\" },\n    \"battery_pct\": { \"type\": \"integer\", \"minimum\": 0, \"maximum\": 100 },"),
    sh("deno task gen"),
    ed("src/parse.ts", "const header = parseHeader(lines[0]);", "const header = parseHeader(lines[0]);\n  const battery = header.battery ? Number.parseInt(header.battery, 10) : undefined;"),
    sh("deno task check"),
    P("Mei: issue 71 says the binary crashes on windows, what does it say exactly?"),
    sh("gh issue view 71", GH),
    P("I'll paste it later. check the changelog page on the preview"),
    get(D + "/changelog", "504 Gateway Timeout"),
    P("compile the linux binary to make sure nothing broke"),
    sh("deno compile --allow-read --allow-write --target x86_64-unknown-linux-gnu -o dist/wickerwren src/cli.ts"),
    sh("./dist/wickerwren --version"),
    P("commit"),
    gdf(),
    gcm("WW-63 battery_pct from the header row"),
]

S4 = [
    P("WW-66 timestamps from the Reconyx export are local time, convert with the site's tz offset"),
    rd("src/time.ts"),
    ed("src/time.ts", "return new Date(raw);", "return new Date(raw + offsetSuffix(tzOffsetMin));"),
    ed("src/time_test.ts", "Deno.test(\"iso passthrough\"", "Deno.test(\"local time with offset\", () => { assertEquals(toUtc(\"2025-06-01 04:10\", 120).toISOString(), \"2025-06-01T02:10:00.000Z\"); });\nDeno.test(\"iso passthrough\""),
    P("run only the time tests"),
    sh("deno test src/time_test.ts", PERM2),
    sh("deno task test src/time_test.ts"),
    P("good. cut 0.3.2"),
    ed("deno.json", "\"version\": \"0.3.1\"", "\"version\": \"0.3.2\""),
    sh("deno publish --dry-run"),
    gadd("deno.json"),
    gcm("release 0.3.2"),
    P("any open PRs touching time.ts?"),
    sh("git log --oneline -10 -- src/time.ts"),
    sh("git branch -r"),
    P("fine, push"),
    sh("git push origin main"),
]

S5 = [
    P("把物种名统一成小写，schema 里加个 pattern"),
    ed("src/generated/schema.ts", "  species: string;", "  /** lower-case */\n  species: string;", RO),
    rd("schema/detection.schema.json"),
    ed("schema/detection.schema.json", "\"species\": { \"type\": \"string\" },", "\"species\": { \"type\": \"string\", \"pattern\": \"^[a-z ]+$\" },"),
    sh("deno task gen"),
    sh("deno task check"),
    sh("deno task test"),
    P("看看 jsr 上 0.3.2 的分数"),
    get("https://jsr.io/api/scopes/wickerwren/packages/core/versions/0.3.2"),
    P("文档预览的 API 页面现在能打开吗"),
    get(D + "/api/core", "read ECONNRESET"),
    get(D + "/api/core"),
    P("GitHub 上 0.3.2 的 release 下载量多少"),
    sh("gh release view v0.3.2 --json assets", GH),
    P("算了。提交"),
    gcm("species lower-case pattern in schema"),
]

S6 = [
    P("WW-70 the `--bbox` filter needs to accept negative longitudes, parser splits on '-'"),
    rd("src/cli.ts"),
    rd("src/bbox.ts"),
    ed("src/bbox.ts", "raw.split(/[-,]/)", "raw.split(\",\")"),
    ed("src/bbox_test.ts", "Deno.test(\"bbox basic\"", "Deno.test(\"bbox west\", () => { assertEquals(parseBbox(\"-3.5,50.1,-2.9,50.6\")[0], -3.5); });\nDeno.test(\"bbox basic\""),
    sh("deno task test src/bbox_test.ts"),
    P("add a generated-at comment to schema.ts so people stop editing it"),
    ed("src/generated/schema.ts", "// deno-lint-ignore-file", "// GENERATED by deno task gen: edit schema/*.json instead\n// deno-lint-ignore-file", RO),
    rd("scripts/gen_schema.ts"),
    rd("deno.json"),
    ed("scripts/gen_schema.ts", "const banner = \"// deno-lint-ignore-file\\n\";", "const banner = \"// GENERATED by deno task gen: edit schema/*.json instead\\n// deno-lint-ignore-file\\n\";"),
    sh("deno task gen"),
    P("0.3.3 please"),
    ed("deno.json", "\"version\": \"0.3.2\"", "\"version\": \"0.3.3\""),
    sh("deno publish --dry-run"),
    gadd("deno.json"),
    gcm("release 0.3.3"),
    P("did the hosted docs pick up the bbox note?"),
    get(D + "/guide/filters", "502 Bad Gateway"),
    get(D + "/guide/filters"),
    P("and tell me what's in the PR queue"),
    sh("gh pr list --state open", GH),
    glog(5),
]

SESSIONS = [
    ("s1", "2026-11-16", "09:20", S1),
    ("s2", "2026-11-17", "08:50", S2),
    ("s3", "2026-11-18", "10:30", S3),
    ("s4", "2026-11-19", "09:05", S4),
    ("s5", "2026-11-20", "14:15", S5),
    ("s6", "2026-11-21", "10:00", S6),
]
