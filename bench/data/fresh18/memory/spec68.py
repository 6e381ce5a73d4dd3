"""journal-68: ferrule, a Java 17 library + CLI that turns payment CSVs into a bank's fixed-width records, built
with a plain Makefile and javac (no Maven/Gradle), layouts/*.layout, expected fixtures, an assert-based test main,
an integration database that lives on CI, an internal Nexus, a shared origin with a teammate pushing).
Replayed for real by capture.py."""
from jlib import P, H, SH, READ, WRITE, EDIT, LS, GSTATUS, GDIFF, GADD, GCOMMIT, GLOG, HTTP

ROOT = "/tmp/f18/ferrule"
NEXUS = "https://nexus.corp-ferrule.net/repository/maven-releases/com/ferrule/ferrule-core"

SETUP = r'''
set -e
git init -q -b main . && git config user.name "dev" && git config user.email dev@ferrule.example
git init -q --bare -b main ../ferrule-origin.git && git remote add origin ../ferrule-origin.git
mkdir -p src/main/java/com/ferrule/cli src/test/java/com/ferrule src/test/resources layouts
cat > Makefile <<'EOF'
VERSION := 1.2.4
SRC  := $(shell find src/main/java -name '*.java')
TEST := $(shell find src/test/java -name '*.java')

compile:
	@mkdir -p build/classes
	javac --release 17 -d build/classes $(SRC)

test: compile
	@mkdir -p build/test-classes
	javac --release 17 -cp build/classes -d build/test-classes $(TEST)
	java -ea -cp build/classes:build/test-classes com.ferrule.TestMain

fixtures: compile
	@mkdir -p src/test/resources/expected
	@for f in layouts/*.layout; do \
	  java -cp build/classes com.ferrule.cli.Main render $$f src/test/resources/sample.csv \
	    > src/test/resources/expected/$$(basename $$f .layout).txt || exit 1; done
	@echo "fixtures: $$(ls src/test/resources/expected | wc -l) file(s) regenerated"

jar: compile
	jar --create --file build/ferrule-$(VERSION).jar --main-class com.ferrule.cli.Main -C build/classes .

.PHONY: compile test fixtures jar
EOF
cat > src/main/java/com/ferrule/Layout.java <<'EOF'
package com.ferrule;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

public record Layout(String name, List<Field> fields) {
    public record Field(String name, int width, boolean right) {}

    public static Layout load(Path p) throws IOException {
        List<Field> fs = new ArrayList<>();
        for (String line : Files.readAllLines(p)) {
            line = line.strip();
            if (line.isEmpty() || line.startsWith("#")) continue;
            String[] t = line.split("\\s+");
            fs.add(new Field(t[0], Integer.parseInt(t[1]), t.length > 2 && t[2].equals("right")));
        }
        return new Layout(p.getFileName().toString().replace(".layout", ""), fs);
    }

    public int width() {
        return fields.stream().mapToInt(Field::width).sum();
    }
}
EOF
cat > src/main/java/com/ferrule/Record.java <<'EOF'
package com.ferrule;

import java.util.Map;

public final class Record {
    private Record() {}

    public static String pad(String v, int w, boolean right) {
        if (v.length() > w) v = v.substring(0, w);
        String fill = " ".repeat(w - v.length());
        return right ? fill + v : v + fill;
    }

    public static String format(Layout l, Map<String, String> row) {
        StringBuilder sb = new StringBuilder();
        for (Layout.Field f : l.fields()) sb.append(pad(row.getOrDefault(f.name(), ""), f.width(), f.right()));
        return sb.toString();
    }
}
EOF
cat > src/main/java/com/ferrule/cli/Main.java <<'EOF'
package com.ferrule.cli;

import com.ferrule.Layout;
import com.ferrule.Record;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public class Main {
    public static void main(String[] a) throws Exception {
        if (a.length != 3 || !a[0].equals("render")) {
            System.err.println("usage: ferrule render LAYOUT CSV");
            System.exit(2);
        }
        Layout l = Layout.load(Path.of(a[1]));
        List<String> lines = Files.readAllLines(Path.of(a[2]));
        String[] head = lines.get(0).split(",");
        for (String line : lines.subList(1, lines.size())) {
            String[] v = line.split(",", -1);
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < head.length; i++) row.put(head[i], i < v.length ? v[i] : "");
            System.out.println("|" + Record.format(l, row) + "|");
        }
    }
}
EOF
cat > src/test/java/com/ferrule/TestMain.java <<'EOF'
package com.ferrule;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

public class TestMain {
    static int n = 0;

    static void check(boolean c, String what) {
        n++;
        if (!c) throw new AssertionError(what);
    }

    public static void main(String[] a) throws Exception {
        check(Record.pad("ab", 4, false).equals("ab  "), "left pad");
        check(Record.pad("ab", 4, true).equals("  ab"), "right pad");
        check(Record.pad("abcdef", 4, false).equals("abcd"), "truncate");
        for (String name : List.of("payment", "refund")) {
            Layout l = Layout.load(Path.of("layouts/" + name + ".layout"));
            check(l.width() > 0, name + " width");
            check(Files.exists(Path.of("src/test/resources/expected/" + name + ".txt")), name + " fixture exists");
        }
        System.out.println("ok: " + n + " checks");
    }
}
EOF
cat > src/test/resources/sample.csv <<'EOF'
id,name,iban,amount,date,reason
1041,Jörg Müller,DE89370400440532013000,1250.00,20261102,duplicate charge
1042,Ana Lopes,PT50000201231234567890154,89.90,20261103,
1043,Zoë Van den Berg-Oosterhuis,NL91ABNA0417164300,15000.00,20261104,goodwill
EOF
cat > layouts/payment.layout <<'EOF'
# field width [right]
id      8  right
name    24
iban    22
amount  12 right
date    8
EOF
cat > layouts/refund.layout <<'EOF'
# field width [right]
id      8  right
iban    22
amount  12 right
date    8
EOF
cat > CHANGES.md <<'EOF'
# Changes

## 1.2.4
- refund layout
EOF
printf 'build/\n' > .gitignore
make -s fixtures >/dev/null
git add -A && git commit -q -m "ferrule 1.2.4" && git push -q -u origin main 2>/dev/null
'''


def teammate(msg, path, text):
    return H(r'''
set -e
rm -rf ../marta && git clone -q ../ferrule-origin.git ../marta
cd ../marta && git config user.name marta && git config user.email marta@ferrule.example
printf '%%s\n' "%s" >> %s
git add -A && git commit -q -m "%s" && git push -q origin main 2>/dev/null
''' % (text, path, msg))


JAVA_BAD = "java -cp build com.ferrule.cli.Main render layouts/%s.layout src/test/resources/sample.csv"
JAVA_OK = "java -cp build/classes com.ferrule.cli.Main render layouts/%s.layout src/test/resources/sample.csv"
PSQL = "psql -h localhost -U ferrule -d ferrule_it -c %s"


def playbook_layout(name, old, new):
    return [EDIT("layouts/%s.layout" % name, old, new), SH("make fixtures"),
            READ("src/test/resources/expected/%s.txt" % name)]


S1 = [
    P("morning. first time in ferrule for me, where is what?"),
    LS("src/main/java/com/ferrule"), LS("layouts"), READ("Makefile"),
    P("ferrule: render the refund layout against the sample csv, want to see the output"),
    SH("make compile"), SH(JAVA_BAD % "refund", expect=False), SH(JAVA_OK % "refund"),
    P("payment layout: iban must be 34 wide (max IBAN length), left aligned. regenerate the fixtures"),
    *playbook_layout("payment", "iban    22\n", "iban    34\n"),
    P("is ferrule-core 2.4.0 on nexus yet?"),
    HTTP(NEXUS + "/maven-metadata.xml", True, "200 OK\n<metadata><versioning><latest>2.4.0</latest><versions>"
         "<version>2.3.1</version><version>2.4.0</version></versions></versioning></metadata>", 301.9),
    HTTP(NEXUS + "/2.4.0/ferrule-core-2.4.0.jar.sha1", False, "502 Bad Gateway (nexus.corp-ferrule.net)", 8120.0),
    P("commit the layout + fixture, don't push yet"),
    GADD(["layouts/payment.layout"]), GADD(["src/test/resources/expected/payment.txt"]),
    GCOMMIT("payment layout: 34-wide IBAN"),
]

S2 = [
    teammate("README: how to run the CLI", "README.md", "Run: make compile, then the CLI from build/classes"),
    P("pull Marta's changes before anything else"),
    SH("git pull --ff-only", expect=False, first=r"^fatal:"), SH("git pull --rebase"), SH("git log --oneline -3"),
    P("does the refunds table in the IT database have the reason column yet?"),
    SH(PSQL % "\"\\d refunds\"", expect=False),
    P("ok then just the unit tests"),
    SH("make test"),
    P("what did Marta's commit touch?"),
    SH("git show --stat --oneline HEAD~1"), READ("README.md"), READ("CHANGES.md"),
    P("push"),
    SH("git push origin main"),
]

S3 = [
    P("refund layout needs a reason column, 20 wide, at the end"),
    *playbook_layout("refund", "date    8\n", "date    8\nreason  20\n"),
    P("total record width per layout?"),
    LS("layouts"), SH("awk '!/^#/ && NF {s += $2} END {print s}' layouts/payment.layout"),
    SH("awk '!/^#/ && NF {s += $2} END {print s}' layouts/refund.layout"),
    P("compare with the refund rows in the IT db"),
    SH(PSQL % "\"select id, reason from refunds order by id desc limit 5\"", expect=False),
    P("nexus: grab the 2.4.0 pom, I want its dependencies"),
    HTTP(NEXUS + "/2.4.0/ferrule-core-2.4.0.pom", False, "503 Service Unavailable: Nexus is in read-only maintenance mode", 412.6),
    HTTP(NEXUS + "/2.4.0/ferrule-core-2.4.0.pom", True, "200 OK\n<project><artifactId>ferrule-core</artifactId>"
         "<version>2.4.0</version><dependencies><dependency><artifactId>slf4j-api</artifactId><version>2.0.16"
         "</version></dependency></dependencies></project>", 655.3),
    P("commit + push"),
    GADD(["layouts/refund.layout"]), GADD(["src/test/resources/expected/refund.txt"]), GCOMMIT("refund layout: reason"),
    SH("git push origin main"),
]

S4 = [
    P("Marta says names with umlauts are padded wrong in payment output (ü counted twice?). check"),
    READ("src/main/java/com/ferrule/Record.java"),
    SH("make compile"), SH(JAVA_BAD % "payment", expect=False), SH(JAVA_OK % "payment"),
    SH("file src/test/resources/sample.csv"),
    P("ok padding is right for utf-8. add tests for umlauts anyway"),
    EDIT("src/test/java/com/ferrule/TestMain.java", "        check(Record.pad(\"abcdef\", 4, false).equals(\"abcd\"), \"truncate\");\n",
         "        check(Record.pad(\"abcdef\", 4, false).equals(\"abcd\"), \"truncate\");\n"
         "        check(Record.pad(\"Jörg\", 6, false).equals(\"Jörg  \"), \"umlaut counts once\");\n"),
    EDIT("src/test/java/com/ferrule/TestMain.java", "        check(Record.pad(\"ab\", 4, true).equals(\"  ab\"), \"right pad\");\n",
         "        check(Record.pad(\"ab\", 4, true).equals(\"  ab\"), \"right pad\");\n"
         "        check(Record.pad(\"Zoë\", 5, true).equals(\"  Zoë\"), \"umlaut right pad\");\n"),
    SH("make test"),
    P("commit, Marta can push later"),
    GADD(["src/test/java/com/ferrule/TestMain.java"]), GCOMMIT("tests: umlaut padding"), GLOG(3),
    P("does the jar run on its own?"),
    SH("make jar"), SH("java -jar build/ferrule-1.2.4.jar render layouts/refund.layout src/test/resources/sample.csv"),
    P("is there a ferrule-core 2.4.1 snapshot on nexus?"),
    HTTP(NEXUS + "/2.4.1-SNAPSHOT/maven-metadata.xml", False, "timeout: nexus.corp-ferrule.net did not answer in 30000 ms", 30000.0),
]

S5 = [
    teammate("CHANGES: note for 1.2.5", "CHANGES.md", "- (marta) clarify IBAN widths"),
    P("sync with main first"),
    SH("git pull --ff-only", expect=False, first=r"^fatal:"), SH("git pull --rebase"),
    P("tests still fine after the rebase?"),
    SH("make test"),
    P("payment layout: amount 15 wide, right aligned, the bank says 12 is too short"),
    *playbook_layout("payment", "amount  12 right\n", "amount  15 right\n"),
    P("nexus: latest released ferrule-core?"),
    HTTP(NEXUS + "/maven-metadata.xml", True, "200 OK\n<metadata><versioning><latest>2.4.0</latest></versioning></metadata>", 288.0),
    HTTP(NEXUS + "/2.4.0/ferrule-core-2.4.0.jar", False, "read ECONNRESET (nexus.corp-ferrule.net:443)", 4410.2),
    P("build the jar for Marta, commit the layout, push"),
    SH("make jar"), SH("jar tf build/ferrule-1.2.4.jar | head -5"),
    GADD(["layouts/payment.layout", "src/test/resources/expected/payment.txt"]), GCOMMIT("payment layout: amount 15"),
    SH("git push origin main"),
]

S6 = [
    P("before the release: run it against the IT database"),
    SH(PSQL % "\"select count(*) from payments where created_at > now() - interval '7 days'\"", expect=False),
    P("release 1.3.0: notes in CHANGES.md, bump VERSION in the Makefile, build the jar"),
    READ("CHANGES.md"),
    EDIT("CHANGES.md", "# Changes\n", "# Changes\n\n## 1.3.0\n- payment: IBAN 34, amount 15\n- refund: reason column\n"),
    EDIT("Makefile", "VERSION := 1.2.4", "VERSION := 1.3.0"),
    SH("make test"), SH("make jar"),
    GADD(["CHANGES.md", "Makefile"]), GCOMMIT("release 1.3.0"),
    P("what changed since 1.2.4, in short"),
    GLOG(10), SH("git diff --stat HEAD~7 -- layouts src"), SH("git tag --list"),
    P("nexus: make sure 1.3.0 isn't there already"),
    HTTP(NEXUS + "/maven-metadata.xml", False, "502 Bad Gateway (nexus.corp-ferrule.net)", 7991.4),
    HTTP(NEXUS + "/maven-metadata.xml", True, "200 OK\n<metadata><versioning><latest>2.4.0</latest></versioning></metadata>", 301.1),
    P("push"),
    SH("git push origin main"),
]

SESSIONS = [("s1", "2026-11-09", 9, S1), ("s2", "2026-11-10", 8, S2), ("s3", "2026-11-11", 9, S3),
            ("s4", "2026-11-12", 10, S4), ("s5", "2026-11-13", 8, S5), ("s6", "2026-11-14", 9, S6)]
