"""Journal 125: pg_shelfmark, a PostgreSQL 17 extension in C (Ingrid, Tomas, Wen), 2026-11-30 .. 12-05."""
from jlib import Journal

PGC = "PG_CONFIG=/usr/lib/postgresql/17/bin/pg_config"
MK = "make " + PGC
CHK = MK + " installcheck PGPORT=5433"
STG = "https://catalogue-stg.lib.ouseford.ac.uk"
REPLICA_ERR = ('psql: error: connection to server at "shelf-ro.lib.ouseford.ac.uk" (10.40.2.17), port 5432 failed: '
               'FATAL:  no pg_hba.conf entry for host "10.8.0.23", user "%s", database "catalogue", SSL encryption')
VARATT = "src/shelfmark.c:14:10: fatal error: varatt.h: No such file or directory\ncompilation terminated.\nmake: *** [<builtin>: src/shelfmark.o] Error 1"
INDENT = "Can't exec \"pg_bsd_indent\": No such file or directory at /usr/local/bin/pgindent line 307."


def upgrade(j, old, new, body, extra):
    j.wr("sql/shelfmark--%s--%s.sql" % (old, new), body)
    j.ed("shelfmark.control", "default_version = '%s'" % old, "default_version = '%s'" % new)
    j.sh(MK + " install && psql -p 5433 -d upgrade_check -c 'ALTER EXTENSION shelfmark UPDATE' -c '\\dx shelfmark'",
         dur=4200 + extra)
    j.gadd("sql/shelfmark--%s--%s.sql" % (old, new), "shelfmark.control")


def build(seed=125):
    j = Journal(seed)

    # s1 Mon, Ingrid
    j.session("s1", "2026-11-30", 8, 41)
    j.p("morning. #41: 'MS Add. 12' sorts before 'MS 3' in browse, it has to come after all plain MS ones")
    j.rd("src/shelfmark_cmp.c")
    j.rd("test/sql/ordering.sql")
    j.ed("src/shelfmark_cmp.c", "if (a->series_len != b->series_len)\n\t\treturn a->series_len - b->series_len;",
         "if (a->series_len != b->series_len)\n\t\treturn shelfmark_series_rank(a) - shelfmark_series_rank(b);")
    j.sh("grep -rn series_len src/")
    j.sh(MK)
    j.p("add the #41 case to the ordering regress test too")
    j.ed("test/sql/ordering.sql", "-- series\n", "-- series\nSELECT s FROM unnest('{MS Add. 12,MS 3,MS 10}'::shelfmark[]) s ORDER BY s;\n")
    j.ed("test/expected/ordering.out", "-- series\n", "-- series\n...\n MS 3\n MS 10\n MS Add. 12\n(3 rows)\n")
    j.sh(CHK, dur=7800)
    j.p("run pgindent on what you touched pls")
    j.sh("pgindent --typedefs=tools/typedefs.list src/shelfmark_cmp.c", err=INDENT)
    j.p("meh. skip it for now")
    j.p("the rank function changes the support func for existing installs, so this needs 1.3 -> 1.4")
    upgrade(j, "1.3", "1.4", "-- 1.3 -> 1.4: series rank in comparisons\nCREATE OR REPLACE FUNCTION shelfmark_cmp(shelfmark, shelfmark) RETURNS int\n  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;\n", 300)
    j.p("commit it, 'fix(cmp): rank MS Add. after MS (#41)'")
    j.gadd("src/shelfmark_cmp.c", "test/sql/ordering.sql", "test/expected/ordering.out")
    j.gcommit("fix(cmp): rank MS Add. after MS (#41)")
    j.p("what version does catalogue-stg run right now")
    j.get(STG + "/api/version", err="HTTP 502 Bad Gateway")
    j.get(STG + "/api/version")

    # s2 Tue, Tomas
    j.session("s2", "2026-12-01", 9, 12)
    j.p("hola. hice git clean -xfd, compílame la extensión de nuevo porfa")
    j.sh("make", err=VARATT)
    j.rd("Makefile")
    j.sh(MK)
    j.sh(MK + " install")
    j.p("necesito signaturas reales para probar el parser con casos raros, sácalas de shelf-ro")
    j.sh("psql \"host=shelf-ro.lib.ouseford.ac.uk dbname=catalogue user=tomas sslmode=require\" -c \"SELECT DISTINCT split_part(shelfmark, ' ', 1) FROM items\"",
         err=REPLICA_ERR % "tomas")
    j.p("vaya. usa data/sample_shelfmarks.csv entonces")
    j.rd("data/sample_shelfmarks.csv")
    j.p("mete en parse.sql los casos raros del csv: 'Bonser 12*', 'MS Gr. 4 (ii)', 'Facs. 1001a'")
    j.ed("test/sql/parse.sql", "-- odd ones\n", "-- odd ones\nSELECT 'Bonser 12*'::shelfmark;\nSELECT 'MS Gr. 4 (ii)'::shelfmark;\nSELECT 'Facs. 1001a'::shelfmark;\n")
    j.ed("test/expected/parse.out", "-- odd ones\n", "-- odd ones\n...\n")
    j.ed("src/shelfmark_io.c", "if (*p == '*')\n\t\tereport(ERROR,", "if (*p == '*')\n\t\tresult->flags |= SM_STARRED;\n\telse if (0)\n\t\tereport(ERROR,")
    j.sh(CHK, dur=7900)
    j.p("y en staging, busca 'MS Add' y dime en qué orden salen")
    j.get(STG + "/api/search?q=MS%20Add&sort=shelfmark&rows=20", err="timeout after 30000 ms")
    j.get(STG + "/api/search?q=MS%20Add&sort=shelfmark&rows=20")
    j.p("ok, normal, staging sigue en 1.3. commitea lo del parser")
    j.gst()
    j.gadd("src/shelfmark_io.c", "test/sql/parse.sql", "test/expected/parse.out")
    j.gcommit("fix(io): accept starred and parenthesised shelfmarks")

    # s3 Wed, Wen
    j.session("s3", "2026-12-02", 8, 55)
    j.p("Ingrid wants hash joins on shelfmark columns. 写一个 hash opclass，用 hash_any 对规范化后的字节做 hash")
    j.rd("src/shelfmark.h")
    j.sh("grep -rn hash_any /usr/include/postgresql/17/server/common/hashfn.h")
    j.wr("src/shelfmark_hash.c", "#include \"postgres.h\"\n#include \"shelfmark.h\"\n\nPG_FUNCTION_INFO_V1(shelfmark_hash);\n...\n")
    j.ed("Makefile", "OBJS = src/shelfmark.o src/shelfmark_io.o src/shelfmark_cmp.o",
         "OBJS = src/shelfmark.o src/shelfmark_io.o src/shelfmark_cmp.o src/shelfmark_hash.o")
    j.sh(MK, err="src/shelfmark_hash.c:21:16: error: implicit declaration of function 'hash_any' [-Werror=implicit-function-declaration]")
    j.ed("src/shelfmark_hash.c", "#include \"postgres.h\"\n", "#include \"postgres.h\"\n#include \"common/hashfn.h\"\n")
    j.sh(MK)
    j.p("好了，加 1.4 -> 1.5 脚本，CREATE OPERATOR CLASS ... USING hash")
    upgrade(j, "1.4", "1.5", "-- 1.4 -> 1.5: hash opclass\nCREATE FUNCTION shelfmark_hash(shelfmark) RETURNS int4 AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;\nCREATE OPERATOR CLASS shelfmark_hash_ops DEFAULT FOR TYPE shelfmark USING hash AS OPERATOR 1 =, FUNCTION 1 shelfmark_hash(shelfmark);\n", 900)
    j.p("pgindent 跑一下 shelfmark_hash.c")
    j.sh("pgindent --typedefs=tools/typedefs.list src/shelfmark_hash.c", err=INDENT)
    j.p("算了。regress 加一个 hash join 的例子")
    j.wr("test/sql/hashjoin.sql", "SET enable_mergejoin = off;\nEXPLAIN (COSTS OFF) SELECT * FROM a JOIN b USING (s);\n")
    j.wr("test/expected/hashjoin.out", "...\n Hash Join\n...\n")
    j.ed("Makefile", "REGRESS = parse ordering", "REGRESS = parse ordering hashjoin")
    j.sh(CHK, dur=8600)
    j.p("staging 上 'MS Add' 排序现在对吗")
    j.get(STG + "/api/browse?from=MS%20Add.%201&rows=10", err="HTTP 503 Service Unavailable: reindex in progress")
    j.p("等一下再试")
    j.get(STG + "/api/browse?from=MS%20Add.%201&rows=10")
    j.p("commit: feat: hash opclass")
    j.gcommit("feat: hash operator class for shelfmark")

    # s4 Thu, Tomas
    j.session("s4", "2026-12-03", 9, 30)
    j.p("VM nueva otra vez (la vieja murió). installcheck completo por favor")
    j.sh("pg_lsclusters")
    j.sh("make installcheck PGPORT=5433", err=VARATT)
    j.sh(CHK, dur=8800)
    j.p("saca de shelf-ro la lista de prefijos distintos, quiero saber cuántos hay")
    j.sh("psql -h shelf-ro.lib.ouseford.ac.uk -U tomas -d catalogue -Atc \"SELECT count(DISTINCT split_part(shelfmark,' ',1)) FROM items\"",
         err=REPLICA_ERR % "tomas")
    j.p("bueno, le pregunto a Ingrid. otra cosa: shelfmark_in hace un palloc por segmento, ¿se puede usar un buffer en la pila?")
    j.rd("src/shelfmark_io.c")
    j.ed("src/shelfmark_io.c", "seg = palloc(len + 1);", "seg = segbuf;", err="old_string not found in src/shelfmark_io.c")
    j.rd("src/shelfmark_io.c")
    j.ed("src/shelfmark_io.c", "segment = palloc(seglen + 1);", "segment = (seglen < SM_SEGBUF) ? segbuf : palloc(seglen + 1);")
    j.sh(MK)
    j.sh(CHK, dur=8300)
    j.p("pon un benchmark rápido: 1M casts")
    j.sh("pgbench -n -p 5433 -f bench/cast_1m.sql -t 5 contrib_regression")
    j.sh("pgbench -n -p 5433 -f bench/cast_1m.sql -t 20 contrib_regression", dur=30500)
    j.p("bien, de 1.9s a 1.3s. commit")
    j.gdiff("src/shelfmark_io.c")
    j.gadd("src/shelfmark_io.c")
    j.gcommit("perf(io): avoid a palloc per segment in shelfmark_in")
    j.p("staging version?")
    j.get(STG + "/api/version", err="ECONNRESET: socket hang up")
    j.get(STG + "/api/version", err="HTTP 502 Bad Gateway")
    j.p("ya lo miro luego")

    # s5 Fri, Ingrid
    j.session("s5", "2026-12-04", 8, 20)
    j.p("read Wen's hash opclass + the 1.5 script, anything wrong?")
    j.rd("src/shelfmark_hash.c")
    j.rd("sql/shelfmark--1.4--1.5.sql")
    j.p("hash has to agree with equality for 'MS 07' vs 'MS 7'. check")
    j.sh("psql -p 5433 -d contrib_regression -Atc \"SELECT shelfmark_hash('MS 07') = shelfmark_hash('MS 7'), 'MS 07'::shelfmark = 'MS 7'\"")
    j.sh("psql -p 5433 -d contrib_regression -Atc \"SELECT shelfmark_hash('Facs. 1001a') = shelfmark_hash('Facs. 1001A')\"")
    j.p("good. pgindent it before I merge")
    j.sh("pgindent --typedefs=tools/typedefs.list src/shelfmark_hash.c src/shelfmark_io.c", err=INDENT)
    j.p("right, same as monday. next: a <-> distance operator for 'nearby on the shelf', 1.5 -> 1.6")
    j.rd("src/shelfmark_cmp.c")
    j.ed("src/shelfmark_cmp.c", "/* end of comparison support */", "Datum\nshelfmark_distance(PG_FUNCTION_ARGS)\n{\n...\n}\n\n/* end of comparison support */")
    j.sh(MK)
    j.sh(CHK, dur=8200)
    j.p("builds and passes. now the 1.5 -> 1.6 script for it")
    upgrade(j, "1.5", "1.6", "-- 1.5 -> 1.6: distance\nCREATE FUNCTION shelfmark_distance(shelfmark, shelfmark) RETURNS float8 AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT;\nCREATE OPERATOR <-> (LEFTARG = shelfmark, RIGHTARG = shelfmark, FUNCTION = shelfmark_distance, COMMUTATOR = <->);\n", 500)
    j.p("staging: search 'MS 1' rows=50")
    j.get(STG + "/api/search?q=MS%201&sort=shelfmark&rows=50")
    j.p("and page 2")
    j.get(STG + "/api/search?q=MS%201&sort=shelfmark&rows=50&page=2")
    j.p("fine. commit the distance stuff")
    j.gadd("src/shelfmark_cmp.c")
    j.gcommit("feat: <-> distance operator (1.6)")
    j.glog(5)

    # s6 Sat, Wen
    j.session("s6", "2026-12-05", 10, 5)
    j.p("shelf-ro 上查一下 'Bonser' 开头的有多少条")
    j.sh("psql \"host=shelf-ro.lib.ouseford.ac.uk dbname=catalogue user=wen\" -Atc \"SELECT count(*) FROM items WHERE shelfmark LIKE 'Bonser %'\"",
         err=REPLICA_ERR % "wen")
    j.p("ok 没权限。CI 的 regress job 在 17.2 镜像上红了，看看 workflow")
    j.rd(".github/workflows/regress.yml")
    j.sh("grep -rn 'postgres:17' .github/")
    j.ed(".github/workflows/regress.yml", "image: postgres:17.0", "image: postgres:17.2")
    j.p("staging 现在是 1.5 吗")
    j.get(STG + "/api/version", err="HTTP 503 Service Unavailable: reindex in progress")
    j.get(STG + "/api/version")
    j.p("README 里写一下 <-> 怎么用")
    j.rd("README.md")
    j.ed("README.md", "## Operators\n", "## Operators\n\n`a <-> b` gives how far apart two shelfmarks are on the shelf...\n")
    j.p("commit all that")
    j.gst()
    j.gdiff()
    j.gadd("README.md", ".github/workflows/regress.yml")
    j.gadd("README.md")
    j.gcommit("docs: distance operator; ci: postgres 17.2")
    return j
