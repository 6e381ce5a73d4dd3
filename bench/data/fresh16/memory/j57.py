"""journal-57: cinderlog, a Rust CLI (`cinder`) that tails and queries structured logs.
cargo with insta snapshot tests, clippy, cargo-deny, cross for aarch64, an internal crates mirror."""
from jlib import P, sh, rd, wr, ed, ls, gst, gdf, gad, gcm, glg, get

RUSTC = ("error: package `clap_builder v4.5.23` cannot be built because it requires rustc 1.74 or newer, "
         "while the currently active rustc version is 1.72.1\n"
         "Either upgrade to rustc 1.74 or newer, or use\ncargo update clap_builder@4.5.23 --precise ver")
CROSS = ("Error: could not find a container engine on PATH; install docker or podman, "
         "or set CROSS_CONTAINER_ENGINE")
M = "https://crates.buildlan.net"

S1 = [
    P("add a --since flag to `cinder tail` so people can skip old lines"),
    rd("src/cli.rs"), rd("src/tail.rs"),
    ed("src/cli.rs", "    pub follow: bool,", "    pub follow: bool,\n    #[arg(long)]\n    pub since: Option<String>,"),
    ed("src/tail.rs", "let mut lines = source.lines();", "let mut lines = source.lines().skip_while(|l| before(l, since));"),
    sh("cargo build"), sh("cargo test tail::"), sh("cargo clippy --all-targets"),
    P("right-align the level column in tail output and update the CLI snapshots"),
    ed("src/render.rs", "write!(out, \"{} \", level)", "write!(out, \"{:>5} \", level)"),
    sh("cargo insta test --accept --test cli"),
    gdf(["tests/snapshots"]),
    gad(["src/render.rs", "tests/snapshots/cli__tail_basic.snap", "tests/snapshots/cli__tail_since.snap"]),
    P("build an aarch64 binary for the Raspberry Pi users"),
    sh("cross build --release --target aarch64-unknown-linux-gnu", err=CROSS),
    rd("Cross.toml"),
    P("see what the crates mirror has for chrono before touching the time parsing"),
    get(M + "/index/ch/ro/chrono", err="502 Bad Gateway"),
    get(M + "/index/ch/ro/chrono"),
    rd("Cargo.toml"), rd("src/time.rs"),
    P("commit the --since flag"),
    gst(), gad(["src/cli.rs", "src/tail.rs"]), gcm("tail: add --since"),
]

S2 = [
    P("bump clap and the other dependencies, we're a few minors behind"),
    sh("cargo update"),
    sh("cargo build --release", err=RUSTC),
    sh("rustup toolchain list"),
    sh("cargo +1.83 build --release"),
    sh("cargo +1.83 test"),
    P("check the new crate versions on the mirror for the changelog"),
    get(M + "/api/v1/crates/clap"),
    get(M + "/api/v1/crates/serde", err="timeout after 10000 ms"),
    get(M + "/api/v1/crates/serde_json"),
    P("write the dependency notes into CHANGELOG.md"),
    rd("CHANGELOG.md"), rd("Cargo.lock"),
    ed("CHANGELOG.md", "## Unreleased\n", "## Unreleased\n\n- deps: clap 4.5, serde 1.0.215\n"),
    P("cut 0.8.3 with the dependency bumps"),
    ed("Cargo.toml", "version = \"0.8.2\"", "version = \"0.8.3\""),
    sh("cargo +1.83 check"),
    gad(["Cargo.toml", "Cargo.lock", "CHANGELOG.md"]),
    gcm("release 0.8.3"),
    P("look at the open issue about gzipped rotated files"),
    get("https://github.com/cinderlog/cinder/issues/212"),
    rd("src/source.rs"), rd("src/tail.rs"),
]

S3 = [
    P("support reading .gz rotated files in `cinder tail`"),
    rd("src/source.rs"),
    ed("Cargo.toml", "[dependencies]\n", "[dependencies]\nflate2 = \"1.0\"\n"),
    ed("src/source.rs", "File::open(path)?", "open_maybe_gz(path)?"),
    sh("cargo +1.83 build"),
    sh("cargo +1.83 clippy --all-targets -- -D warnings",
       err="error: this `if let` can be collapsed into the outer `match`\n  --> src/source.rs:57:17"),
    ed("src/source.rs", "Some(ext) => {\n            if let", "Some(ext) if"),
    sh("cargo +1.83 clippy --all-targets"),
    sh("cargo +1.83 test"),
    P("gz lines render with a stray \\r; strip it in render and refresh the snapshots"),
    ed("src/render.rs", "let line = raw;", "let line = raw.trim_end_matches('\\r');"),
    sh("cargo +1.83 insta test --accept --test cli"),
    gdf(["tests/snapshots"]),
    gad(["src/render.rs", "tests/snapshots/cli__tail_gz.snap"]),
    P("try the aarch64 cross build again, the release is next week"),
    sh("cross build --release --target aarch64-unknown-linux-gnu --verbose", err=CROSS),
    rd(".github/workflows/release.yml"),
    P("commit the gzip support"),
    gdf(), gad(["Cargo.toml", "Cargo.lock", "src/source.rs"]), gcm("source: read .gz rotated files"),
]

S4 = [
    P("add a --json output mode to `cinder query`"),
    rd("src/query.rs"),
    ed("src/query.rs", "    Table,", "    Table,\n    Json,", err="old_text not found in src/query.rs"),
    rd("src/query.rs"),
    ed("src/query.rs", "    Table,\n}", "    Table,\n    Json,\n}"),
    ed("src/render.rs", "pub fn table(", "pub fn json(rows: &[Row], out: &mut impl Write) -> io::Result<()> {\n    serde_json::to_writer(out, rows)?;\n    Ok(())\n}\n\npub fn table("),
    sh("cargo test --test cli json", err=RUSTC),
    sh("cargo +1.83 test --test cli json"),
    sh("cargo +1.83 fmt --check"),
    P("run cargo deny before the release, the advisory db moved"),
    sh("cargo +1.83 deny check advisories",
       err="error[unmaintained]: atty is unmaintained (RUSTSEC-2024-0375)"),
    ed("Cargo.toml", "atty = \"0.2\"\n", ""),
    ed("src/main.rs", "atty::is(atty::Stream::Stdout)", "std::io::stdout().is_terminal()"),
    sh("cargo +1.83 build"),
    sh("cargo +1.83 deny check"),
    P("check flate2 on the mirror for the release notes"),
    get(M + "/api/v1/crates/flate2", err="503 Service Unavailable"),
    rd("Cargo.lock"), rd("CHANGELOG.md"),
    P("commit the json mode and the atty removal"),
    gst(), gdf(), gad(["Cargo.toml", "Cargo.lock", "src/query.rs", "src/render.rs", "src/main.rs"]),
    gcm("query: --json output; drop atty"),
]

S5 = [
    P("prepare release 0.9.0"),
    ed("Cargo.toml", "version = \"0.8.3\"", "version = \"0.9.0\""),
    sh("cargo +1.83 check"),
    gad(["Cargo.toml", "Cargo.lock"]),
    gcm("release 0.9.0"),
    P("release binaries for linux x86_64 and aarch64"),
    sh("cargo +1.83 build --release"),
    sh("cross build --release --target aarch64-unknown-linux-gnu", err=CROSS),
    sh("CROSS_CONTAINER_ENGINE=podman cross build --release --target aarch64-unknown-linux-gnu", err=CROSS),
    P("a test in store.rs broke after the rebase"),
    sh("cargo +1.83 test store::", err="error: test failed, to rerun pass `--lib`"),
    rd("src/store.rs"),
    ed("src/store.rs", "assert_eq!(idx.len(), 3);", "assert_eq!(idx.len(), 4);"),
    sh("cargo +1.83 test"),
    P("make sure the mirror has 0.9.0's dependencies cached"),
    get(M + "/index/fl/at/flate2", err="ECONNRESET: connection reset by peer"),
    get(M + "/index/fl/at/flate2"),
]

S6 = [
    P("the --since flag should accept '2h' style durations"),
    rd("src/cli.rs"),
    ed("src/cli.rs", "parse_timestamp(s)", "parse_timestamp(s).or_else(|_| parse_relative(s))"),
    ed("src/time.rs", "pub fn parse_timestamp", "pub fn parse_relative(s: &str) -> Result<Since> {\n    humantime::parse_duration(s).map(Since::Ago).map_err(Into::into)\n}\n\npub fn parse_timestamp"),
    sh("cargo +1.83 test time::"),
    sh("cargo +1.83 clippy --all-targets -- -D warnings"),
    P("refresh the tail snapshots for the duration change"),
    ed("src/render.rs", "\"since {}\"", "\"since {} ago\""),
    sh("cargo +1.83 insta test --accept --test cli"),
    gdf(["tests/snapshots"]),
    gad(["src/render.rs", "tests/snapshots/cli__tail_since.snap"]),
    P("look up humantime on the mirror"),
    get(M + "/index/hu/ma/humantime", err="TLS handshake timeout"),
    get("https://docs.rs/humantime/latest/humantime/"),
    P("cut 0.9.1 with the duration fix"),
    ed("Cargo.toml", "version = \"0.9.0\"", "version = \"0.9.1\""),
    sh("cargo +1.83 check"),
    gad(["Cargo.toml", "Cargo.lock", "src/cli.rs", "src/time.rs"]),
    gcm("release 0.9.1"),
]

SESSIONS = [
    ("s1", "2026-11-30T08:41", S1),
    ("s2", "2026-12-01T09:05", S2),
    ("s3", "2026-12-02T08:30", S3),
    ("s4", "2026-12-03T10:12", S4),
    ("s5", "2026-12-04T09:20", S5),
    ("s6", "2026-12-05T08:55", S6),
]
