"""Journal 23 - Rust / cargo workspace ("ledgerd": crates api, store, proto, ingest, cli).
Runbook written first (the lessons), then the sessions below were written against it.

RUNBOOK (team wiki: "things that bite newcomers in ledgerd")
 1. [pitfall] sccache is configured in .cargo/config.toml upstream but its server never starts in the
    dev container; `sccache --show-stats` / `--start-server` always time out. Don't waste time on it; build without it.
 2. [rule] `cargo test --workspace` dies compiling crates/store because sqlx query! macros want a live
    DATABASE_URL. Use the checked-in query cache: `SQLX_OFFLINE=true cargo test --workspace`.
 3. [rule] crates/proto/build.rs is rewritten by `cargo fmt` / tonic-build upgrades; an edit from memory fails
    with old_string not found. Read build.rs again, then edit it.
 4. [playbook] Release prep: git status -> git-cliff to draft notes -> edit CHANGELOG.md -> commit.
 5. [weak link] docs.rs is unreliable from the office network (502/429/timeouts); crate docs via docs.rs fail
    more often than not. Prefer `cargo doc --open` locally.
"""
from jlib import build

SCC_ERR = ("sccache: error: Timed out waiting for server startup. Maybe the remote service is unreachable?\n"
           "Run with SCCACHE_LOG=debug SCCACHE_NO_DAEMON=1 to get more information")
SQLX_ERR = ("error: set `DATABASE_URL` to use query macros online, or run `cargo sqlx prepare` to update the query cache\n"
            "  --> crates/store/src/orders.rs:41:17\n   |\n41 |     let row = sqlx::query!(\n   |               ^^^^^^^^^^^^\n"
            "error: could not compile `store` (lib) due to 7 previous errors")
BUILDRS_ERR = "edit_file: old_string not found in crates/proto/build.rs (file content differs from old_string)"

S1 = ('s1', [
    ("RUST-142: flaky integration test on CI (ingest::replay_handles_gaps times out)", [
        ('ls', 'crates/ingest/tests'),
        ('read', 'crates/ingest/tests/replay.rs'),
        ('read', 'crates/ingest/src/replay.rs'),
    ]),
    ("RUST-142 comment: builds are slow locally, try the shared compiler cache first", [
        ('sh', 'sccache --show-stats', SCC_ERR),
        ('sh', 'cargo build -p ingest'),
    ]),
    ("RUST-142 comment: timeout is hard-coded 200ms in the test; make it come from the test config", [
        ('edit', 'crates/ingest/tests/replay.rs', 'Duration::from_millis(200)', 'cfg.replay_timeout()'),
        ('edit', 'crates/ingest/tests/common/mod.rs', 'pub struct TestCfg {', 'pub struct TestCfg {\n    pub replay_timeout_ms: u64,'),
        ('sh', 'cargo test -p ingest --test replay'),
        ('sh', 'cargo test -p ingest --test replay -- --test-threads=1'),
    ]),
    ("RUST-150: bump tonic to 0.12 in the proto crate", [
        ('read', 'crates/proto/Cargo.toml'),
        ('edit', 'crates/proto/Cargo.toml', 'tonic = "0.11"', 'tonic = "0.12"'),
        ('edit', 'crates/proto/build.rs', 'tonic_build::configure().build_server(true)', 'tonic_build::configure().build_server(true).build_transport(true)', BUILDRS_ERR),
        ('read', 'crates/proto/build.rs'),
        ('edit', 'crates/proto/build.rs', '    tonic_build::configure()\n        .build_server(true)', '    tonic_build::configure()\n        .build_server(true)\n        .build_transport(true)'),
        ('sh', 'cargo build -p proto'),
    ]),
    ("RUST-150 comment: check tonic 0.12 migration notes", [
        ('get', 'https://docs.rs/tonic/0.12.0/tonic/transport/index.html'),
        ('get', 'https://docs.rs/tonic-build/0.12.0/tonic_build/struct.Builder.html', 'HTTP 502 Bad Gateway (upstream: docs.rs-web)'),
    ]),
    ("REL-0.9.0: prepare ledgerd 0.9.0 release notes", [
        ('gst',),
        ('sh', 'git-cliff --unreleased --tag v0.9.0 -o /tmp/notes-0.9.0.md'),
        ('edit', 'CHANGELOG.md', '## [Unreleased]', '## [Unreleased]\n\n## [0.9.0] - 2026-11-24'),
        ('gcommit', 'chore(release): changelog for 0.9.0'),
    ]),
])

S2 = ('s2', [
    ("RUST-155: store::orders::list_by_account returns rows in random order", [
        ('read', 'crates/store/src/orders.rs'),
        ('read', 'crates/store/migrations/0007_orders_idx.sql'),
        ('sh', 'rg -n "list_by_account" crates'),
    ]),
    ("RUST-155 comment: add ORDER BY created_at, id and a regression test", [
        ('edit', 'crates/store/src/orders.rs', 'WHERE account_id = $1', 'WHERE account_id = $1\n             ORDER BY created_at, id'),
        ('write', 'crates/store/tests/order_listing.rs', 'use store::orders;\n\n#[sqlx::test]\nasync fn lists_in_creation_order(pool: PgPool) { /* ... */ }\n'),
        ('sh', 'cargo test --workspace', SQLX_ERR),
        ('sh', 'cat .env.example'),
        ('sh', 'SQLX_OFFLINE=true cargo test --workspace'),
    ]),
    ("RUST-155 comment: clippy + fmt before pushing", [
        ('sh', 'cargo fmt --all -- --check'),
        ('sh', 'cargo clippy --workspace --all-targets -- -D warnings'),
        ('gdiff',),
        ('gadd', ['crates/store/src/orders.rs', 'crates/store/tests/order_listing.rs']),
        ('gcommit', 'fix(store): deterministic order for list_by_account (RUST-155)'),
    ]),
    ("RUST-158: does sqlx 0.8 still need the offline feature flag?", [
        ('get', 'https://crates.io/api/v1/crates/sqlx'),
        ('get', 'https://docs.rs/sqlx/0.8.2/sqlx/macro.query.html'),
        ('get', 'https://docs.rs/sqlx-macros/0.8.2/sqlx_macros/', 'HTTP 429 Too Many Requests'),
    ]),
    ("RUST-158 comment: nothing to change; note it in the ticket and move on", [
        ('read', 'crates/store/Cargo.toml'),
    ]),
])

S3 = ('s3', [
    ("RUST-161: cli `ledger export --format csv` writes an empty header row", [
        ('read', 'crates/cli/src/export.rs'),
        ('read', 'crates/cli/src/main.rs'),
        ('sh', 'cargo run -p cli -- export --format csv --account demo --out /tmp/demo.csv'),
        ('sh', 'head -3 /tmp/demo.csv'),
    ]),
    ("RUST-161 comment: csv::Writer is created with has_headers(false) and then we write headers by hand", [
        ('edit', 'crates/cli/src/export.rs', '.has_headers(false)', '.has_headers(true)'),
        ('edit', 'crates/cli/src/export.rs', '    wtr.write_record(&HEADERS)?;\n', ''),
        ('sh', 'cargo test -p cli export'),
    ]),
    ("RUST-163: pin toolchain to 1.79 like CI", [
        ('read', 'rust-toolchain.toml'),
        ('sh', 'rustup run 1.79 cargo --version', "error: toolchain '1.79-x86_64-unknown-linux-gnu' is not installed"),
        ('sh', 'rustup toolchain install 1.79 --profile minimal'),
        ('write', 'rust-toolchain.toml', '[toolchain]\nchannel = "1.79"\ncomponents = ["rustfmt", "clippy"]\n'),
        ('sh', 'cargo build --workspace'),
    ]),
    ("RUST-163 comment: warm the build cache before the long build", [
        ('sh', 'sccache --start-server', SCC_ERR),
        ('sh', 'cargo build --workspace --release'),
    ]),
    ("REL-0.9.1: release notes for the csv fix", [
        ('gst',),
        ('sh', 'git-cliff --unreleased --tag v0.9.1 -o /tmp/notes-0.9.1.md'),
        ('edit', 'CHANGELOG.md', '## [Unreleased]', '## [Unreleased]\n\n## [0.9.1] - 2026-11-26'),
        ('gcommit', 'chore(release): changelog for 0.9.1'),
    ]),
    ("RUST-161 comment: link csv crate docs in the PR description", [
        ('get', 'https://docs.rs/csv/1.3.0/csv/struct.WriterBuilder.html', 'error sending request: operation timed out after 10000 ms'),
    ]),
])

S4 = ('s4', [
    ("RUST-170: generate reflection descriptors for the gRPC API", [
        ('read', 'crates/proto/Cargo.toml'),
        ('ls', 'crates/proto/proto'),
        ('edit', 'crates/proto/build.rs', '.compile(&["proto/ledger.proto"], &["proto"])', '.file_descriptor_set_path(out.join("ledger_descriptor.bin"))\n        .compile(&["proto/ledger.proto"], &["proto"])', BUILDRS_ERR),
        ('read', 'crates/proto/build.rs'),
        ('edit', 'crates/proto/build.rs', '        .compile_protos(&["proto/ledger.proto"], &["proto"])', '        .file_descriptor_set_path(out.join("ledger_descriptor.bin"))\n        .compile_protos(&["proto/ledger.proto"], &["proto"])'),
        ('sh', 'cargo build -p proto'),
    ]),
    ("RUST-170 comment: wire tonic-reflection into the api server", [
        ('read', 'crates/api/src/server.rs'),
        ('edit', 'crates/api/src/server.rs', 'Server::builder()\n', 'Server::builder()\n        .add_service(reflection)\n'),
        ('edit', 'crates/api/Cargo.toml', '[dependencies]\n', '[dependencies]\ntonic-reflection = "0.12"\n'),
        ('sh', 'cargo build -p api'),
        ('sh', 'cargo run -p api -- --check-config'),
    ]),
    ("RUST-170 comment: look up tonic-reflection builder API", [
        ('get', 'https://docs.rs/tonic-reflection/0.12.0/tonic_reflection/server/struct.Builder.html'),
        ('get', 'https://docs.rs/tonic-reflection/0.12.0/tonic_reflection/server/index.html', 'TLS handshake timeout'),
    ]),
    ("RUST-171: CI job is 40 min, check cache hit rate", [
        ('sh', 'sccache --show-stats', SCC_ERR),
        ('read', '.github/workflows/ci.yml'),
        ('read', '.cargo/config.toml'),
    ]),
    ("RUST-171 comment: split the clippy job from tests in ci.yml", [
        ('edit', '.github/workflows/ci.yml', '  test:\n', '  clippy:\n    runs-on: ubuntu-latest\n    steps: [checkout, toolchain, clippy]\n  test:\n'),
        ('gdiff',),
        ('gadd', ['.github/workflows/ci.yml', 'crates/proto/build.rs', 'crates/api/src/server.rs', 'crates/api/Cargo.toml']),
        ('sh', 'cargo fmt --all -- --check'),
        ('gcommit', 'ci: separate clippy job; api: grpc reflection (RUST-170, RUST-171)'),
    ]),
])

S5 = ('s5', [
    ("RUST-176: add pagination cursor to store::orders::list_by_account", [
        ('read', 'crates/store/src/orders.rs'),
        ('read', 'crates/store/src/lib.rs'),
        ('read', 'crates/api/src/handlers/orders.rs'),
    ]),
    ("RUST-176 comment: keyset pagination on (created_at, id)", [
        ('edit', 'crates/store/src/orders.rs', 'pub async fn list_by_account(pool: &PgPool, account: Uuid)', 'pub async fn list_by_account(pool: &PgPool, account: Uuid, after: Option<Cursor>)'),
        ('write', 'crates/store/src/cursor.rs', 'pub struct Cursor { pub created_at: OffsetDateTime, pub id: Uuid }\n'),
        ('edit', 'crates/store/src/lib.rs', 'pub mod orders;', 'pub mod cursor;\npub mod orders;'),
        ('sh', 'cargo test --workspace', SQLX_ERR),
        ('sh', 'which sqlx'),
        ('sh', 'SQLX_OFFLINE=true cargo test --workspace'),
    ]),
    ("RUST-176 comment: refresh the offline query cache for the new query", [
        ('sh', 'docker compose up -d postgres'),
        ('sh', 'cargo sqlx prepare --workspace -- --all-targets'),
        ('ls', '.sqlx'),
        ('gadd', ['.sqlx', 'crates/store/src/orders.rs', 'crates/store/src/cursor.rs', 'crates/store/src/lib.rs']),
        ('gcommit', 'feat(store): keyset pagination for list_by_account (RUST-176)'),
    ]),
    ("RUST-177: read time crate docs for OffsetDateTime serde format", [
        ('get', 'https://docs.rs/time/0.3.36/time/serde/index.html', 'HTTP 503 Service Unavailable'),
        ('get', 'https://crates.io/api/v1/crates/time/versions'),
    ]),
    ("RUST-177 comment: use time::serde::rfc3339 on the cursor fields", [
        ('edit', 'crates/store/src/cursor.rs', 'pub struct Cursor {', '#[derive(Serialize, Deserialize)]\npub struct Cursor {\n    #[serde(with = "time::serde::rfc3339")]'),
        ('sh', 'cargo check -p store'),
    ]),
])

S6 = ('s6', [
    ("RUST-180: ingest crate panics on empty batch (index out of bounds)", [
        ('read', 'crates/ingest/src/batch.rs'),
        ('sh', 'RUST_BACKTRACE=1 cargo run -p ingest -- --replay fixtures/empty.ndjson'),
        ('read', 'fixtures/empty.ndjson'),
    ]),
    ("RUST-180 comment: guard batch[0] with first() and add a unit test", [
        ('edit', 'crates/ingest/src/batch.rs', 'let first = &batch[0];', 'let Some(first) = batch.first() else { return Ok(Summary::default()) };'),
        ('edit', 'crates/ingest/src/batch.rs', '#[cfg(test)]\nmod tests {', '#[cfg(test)]\nmod tests {\n    #[test]\n    fn empty_batch_is_noop() { assert!(summarise(&[]).unwrap().is_empty()); }'),
        ('sh', 'cargo test -p ingest batch'),
    ]),
    ("RUST-180 comment: start local deps for the ingest smoke test", [
        ('sh', 'docker compose up -d nats', 'Error response from daemon: driver failed programming external connectivity on endpoint ledgerd-nats-1: Bind for 0.0.0.0:4222 failed: port is already allocated'),
        ('sh', 'docker ps --format "{{.Names}} {{.Ports}}"'),
        ('sh', 'docker compose down --remove-orphans'),
        ('sh', 'docker compose up -d nats'),
        ('sh', 'cargo run -p ingest -- --replay fixtures/smoke.ndjson'),
    ]),
    ("RUST-181: check sccache before the release build", [
        ('sh', 'sccache --start-server', SCC_ERR),
    ]),
    ("REL-0.9.2: changelog for the ingest fix", [
        ('gst',),
        ('sh', 'git-cliff --unreleased --tag v0.9.2 -o /tmp/notes-0.9.2.md'),
        ('edit', 'CHANGELOG.md', '## [Unreleased]', '## [Unreleased]\n\n## [0.9.2] - 2026-11-29'),
        ('gcommit', 'chore(release): changelog for 0.9.2'),
    ]),
    ("RUST-182: check bytes::Bytes::slice semantics in the docs", [
        ('get', 'https://docs.rs/bytes/1.7.1/bytes/struct.Bytes.html#method.slice', 'HTTP 404 Not Found'),
    ]),
])

if __name__ == '__main__':
    n = build([S1, S2, S3, S4, S5, S6], 'journal-23.jsonl', 1763971200.0)
    print('journal-23.jsonl', n, 'events')
