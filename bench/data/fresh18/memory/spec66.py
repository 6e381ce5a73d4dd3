"""journal-66: cedarbooks, a small-business bookkeeping CLI in Python 3.11 on SQLite (migrations/*.sql applied
by scripts/migrate.sh through the sqlite3 CLI, make, pytest, a bank-sync daemon that writes to the same database,
a NAS backup script, a bank sandbox API). Replayed for real by capture.py."""
from jlib import P, H, SH, READ, WRITE, EDIT, LS, GSTATUS, GDIFF, GADD, GCOMMIT, GLOG, HTTP

ROOT = "/tmp/f18/cedarbooks"
BANK = "https://sandbox.northbank-api.com/v2"

SETUP = r'''
set -e
git init -q -b main . && git config user.name "dev" && git config user.email dev@cedarbooks.example
mkdir -p cedarbooks migrations scripts tests scratch data inbox
cat > cedarbooks/__init__.py <<'EOF'
__version__ = "0.4.1"
EOF
cat > cedarbooks/db.py <<'EOF'
import glob
import os
import sqlite3


def connect(path="data/books.db"):
    db = sqlite3.connect(path)
    db.execute("pragma foreign_keys = on")
    return db


def memory_db():
    """a fresh in-memory database with every migration applied (for tests)"""
    db = sqlite3.connect(":memory:")
    for f in sorted(glob.glob(os.path.join(os.path.dirname(__file__), "..", "migrations", "*.sql"))):
        db.executescript(open(f).read())
    return db
EOF
cat > cedarbooks/cli.py <<'EOF'
import argparse
import csv
import sys

from cedarbooks.db import connect


def account_id(db, name):
    row = db.execute("select id from accounts where name = ?", (name,)).fetchone()
    if row is None:
        db.execute("insert into accounts(name) values (?)", (name,))
        row = db.execute("select id from accounts where name = ?", (name,)).fetchone()
    return row[0]


def import_rows(db, rows):
    n = 0
    for r in rows:
        cents = int(round(float(r["amount"]) * 100))
        db.execute("insert into transactions(booked_on, account_id, amount_cents, memo) values (?, ?, ?, ?)",
                   (r["date"], account_id(db, r["account"]), cents, r.get("memo", "")))
        n += 1
    db.commit()
    return n


def cmd_import(db, a):
    with open(a.file, newline="") as f:
        print("imported %d rows" % import_rows(db, csv.DictReader(f)))


def cmd_balance(db, a):
    q = ("select a.name, coalesce(sum(t.amount_cents), 0) from accounts a "
         "left join transactions t on t.account_id = a.id group by a.id order by a.name")
    for name, cents in db.execute(q):
        print("%-22s %12.2f" % (name, cents / 100.0))


def cmd_report(db, a):
    q = ("select a.name, count(*), sum(t.amount_cents) from transactions t join accounts a on a.id = t.account_id "
         "where substr(t.booked_on, 1, 7) = ? group by a.id order by a.name")
    for name, n, cents in db.execute(q, (a.month,)):
        print("%-22s %4d tx %12.2f" % (name, n, cents / 100.0))


def main(argv=None):
    p = argparse.ArgumentParser(prog="cedarbooks")
    p.add_argument("--db", default="data/books.db")
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("import-csv"); s.add_argument("file"); s.set_defaults(fn=cmd_import)
    s = sub.add_parser("balance"); s.set_defaults(fn=cmd_balance)
    s = sub.add_parser("report"); s.add_argument("--month", required=True); s.set_defaults(fn=cmd_report)
    a = p.parse_args(argv)
    a.fn(connect(a.db), a)


if __name__ == "__main__":
    sys.exit(main())
EOF
cat > cedarbooks/sync.py <<'EOF'
"""bank sync daemon: polls the bank API and appends to transactions (runs as a user unit on the office box)"""
EOF
cat > migrations/001_init.sql <<'EOF'
create table accounts (id integer primary key, name text not null unique);
create table transactions (
  id integer primary key,
  booked_on text not null,
  account_id integer not null references accounts(id),
  amount_cents integer not null,
  memo text not null default ''
);
create table sync_log (id integer primary key, at text not null);
EOF
cat > migrations/002_tx_date_index.sql <<'EOF'
create index tx_booked_on on transactions(booked_on);
EOF
cat > scripts/migrate.sh <<'EOF'
#!/usr/bin/env bash
# apply migrations/NNN_*.sql that are not yet in schema_version, each in one transaction
set -euo pipefail
db="${1:-data/books.db}"
sqlite3 "$db" "create table if not exists schema_version (v integer primary key)"
for f in migrations/*.sql; do
  v=$(basename "$f" | cut -d_ -f1 | sed 's/^0*//')
  if [ -z "$(sqlite3 "$db" "select v from schema_version where v = $v")" ]; then
    echo "applying $f"
    { echo "begin;"; cat "$f"; echo "insert into schema_version values ($v); commit;"; } | sqlite3 -bail "$db"
  fi
done
echo "schema at $(sqlite3 "$db" 'select max(v) from schema_version')"
EOF
cat > scripts/backup-nas.sh <<'EOF'
#!/usr/bin/env bash
# copy a consistent snapshot of the books to the office NAS
set -euo pipefail
sqlite3 data/books.db ".backup data/books-snapshot.db"
rsync -a data/books-snapshot.db nas.cedar.lan:/volume1/backups/cedarbooks/
EOF
chmod +x scripts/*.sh
cat > Makefile <<'EOF'
DB ?= data/books.db

migrate:
	./scripts/migrate.sh $(DB)

test:
	python3 -m pytest -q tests/

.PHONY: migrate test
EOF
cat > pytest.ini <<'EOF'
[pytest]
pythonpath = .
EOF
cat > tests/test_import.py <<'EOF'
from cedarbooks.cli import import_rows
from cedarbooks.db import memory_db


def test_import_creates_accounts():
    db = memory_db()
    n = import_rows(db, [{"date": "2026-11-02", "account": "Checking", "amount": "-12.40", "memo": "Hardware store"},
                         {"date": "2026-11-03", "account": "Stripe clearing", "amount": "250.00", "memo": "payout"}])
    assert n == 2
    assert db.execute("select count(*) from accounts").fetchone()[0] == 2
EOF
cat > tests/test_report.py <<'EOF'
from cedarbooks.cli import import_rows
from cedarbooks.db import memory_db


def test_month_filter():
    db = memory_db()
    import_rows(db, [{"date": "2026-10-31", "account": "Checking", "amount": "1"},
                     {"date": "2026-11-01", "account": "Checking", "amount": "2"}])
    q = "select count(*) from transactions where substr(booked_on, 1, 7) = '2026-11'"
    assert db.execute(q).fetchone()[0] == 1
EOF
cat > scratch/test_old_import.py <<'EOF'
# Marek's notes from the 0.2 importer, kept for reference
from cedarbooks_legacy import importer


def test_old_csv():
    assert importer.parse("x")
EOF
cat > README.md <<'EOF'
# cedarbooks

Bookkeeping for the shop. `python3 -m cedarbooks.cli --help`.

## Development

    make test
EOF
printf 'data/\n__pycache__/\n.pytest_cache/\n' > .gitignore
cat > inbox/2026-11-23.csv <<'EOF'
date,account,amount,memo
2026-11-20,Checking,-89.90,Hardware store
2026-11-21,Stripe clearing,412.50,payout 1121
2026-11-21,Checking,-12.40,Parking
2026-11-22,Savings,500.00,transfer
EOF
./scripts/migrate.sh data/books.db >/dev/null
python3 -c "
import sqlite3
db = sqlite3.connect('data/books.db')
db.executemany('insert into accounts(name) values (?)', [('Checking',), ('Savings',), ('Stripe clearing',)])
rows = [('2026-10-%02d' % (d % 28 + 1), d % 3 + 1, (d * 731) % 9000 - 3000, 'row %d' % d) for d in range(60)]
rows.append(('2026-10-14', 1, -1240, 'Parking'))
rows.append(('2026-10-14', 1, -1240, 'Parking'))
db.executemany('insert into transactions(booked_on, account_id, amount_cents, memo) values (?, ?, ?, ?)', rows)
db.commit()"
git add -A && git commit -q -m "cedarbooks 0.4.1"
'''

LOCK = ("nohup python3 -c \"import sqlite3, time; c = sqlite3.connect('data/books.db', isolation_level=None); "
        "c.execute('begin exclusive'); c.execute(\\\"insert into sync_log(at) values (datetime('now'))\\\"); "
        "time.sleep(3.5); c.execute('commit')\" >/dev/null 2>&1 & sleep 0.4")


def playbook_migration(name, sql):
    return [WRITE("migrations/%s.sql" % name, sql), SH("make migrate DB=data/books.db"), GSTATUS(),
            GADD(["migrations/%s.sql" % name])]


S1 = [
    P("cedarbooks: we need a payees table so imports can map memo text to a payee. migration pls"),
    *playbook_migration("003_payees", "create table payees (id integer primary key, name text not null unique, "
                        "memo_pattern text not null);\nalter table transactions add column payee_id integer "
                        "references payees(id);\n"),
    P("and use it in import: if the memo contains a payee's pattern, set payee_id. test too"),
    READ("cedarbooks/cli.py"),
    EDIT("cedarbooks/cli.py", "    n = 0\n    for r in rows:\n        cents = int(round(float(r[\"amount\"]) * 100))\n"
         "        db.execute(\"insert into transactions(booked_on, account_id, amount_cents, memo) values (?, ?, ?, ?)\",\n"
         "                   (r[\"date\"], account_id(db, r[\"account\"]), cents, r.get(\"memo\", \"\")))",
         "    n = 0\n    payees = db.execute(\"select id, memo_pattern from payees\").fetchall()\n    for r in rows:\n"
         "        cents = int(round(float(r[\"amount\"]) * 100))\n        memo = r.get(\"memo\", \"\")\n"
         "        payee = next((pid for pid, pat in payees if pat.lower() in memo.lower()), None)\n"
         "        db.execute(\"insert into transactions(booked_on, account_id, amount_cents, memo, payee_id) \"\n"
         "                   \"values (?, ?, ?, ?, ?)\", (r[\"date\"], account_id(db, r[\"account\"]), cents, memo, payee))"),
    EDIT("tests/test_import.py", "    assert db.execute(\"select count(*) from accounts\").fetchone()[0] == 2\n",
         "    assert db.execute(\"select count(*) from accounts\").fetchone()[0] == 2\n\n\n"
         "def test_import_sets_payee():\n    db = memory_db()\n"
         "    db.execute(\"insert into payees(name, memo_pattern) values ('Stripe', 'payout')\")\n"
         "    import_rows(db, [{\"date\": \"2026-11-03\", \"account\": \"Stripe clearing\", \"amount\": \"9\", \"memo\": \"Payout 1103\"}])\n"
         "    assert db.execute(\"select payee_id from transactions\").fetchone()[0] == 1\n"),
    SH("pytest -q tests/test_import.py"), SH("git diff --stat"),
    P("commit"),
    GADD(["cedarbooks/cli.py", "tests/test_import.py"]), GADD(["migrations/003_payees.sql"]),
    GCOMMIT("payees: table + match on import"),
    P("run the nas backup before I leave"),
    SH("./scripts/backup-nas.sh", expect=False),
]

S2 = [
    P("whats the balance on stripe clearing right now? quick"),
    H(LOCK),
    SH("sqlite3 data/books.db \"select sum(amount_cents)/100.0 from transactions where account_id = "
       "(select id from accounts where name = 'Stripe clearing')\"", expect=False),
    SH("sqlite3 -cmd \".timeout 5000\" data/books.db \"select sum(amount_cents)/100.0 from transactions where account_id = "
       "(select id from accounts where name = 'Stripe clearing')\""),
    P("are the tests all green?"),
    SH("pytest", expect=False, first=r"^E\s+ModuleNotFoundError"), SH("pytest tests/"),
    P("import the csv Priya dropped in inbox/"),
    LS("inbox"), SH("head -3 inbox/2026-11-23.csv"), SH("wc -l inbox/2026-11-23.csv"),
    SH("python3 -m cedarbooks.cli import-csv inbox/2026-11-23.csv"), SH("python3 -m cedarbooks.cli balance"),
    P("pull yesterday's transactions from the bank sandbox too, compare with the csv"),
    HTTP(BANK + "/accounts", True, "200 OK\n{\"accounts\": [{\"id\": \"acc_71\", \"name\": \"Checking\"}, "
         "{\"id\": \"acc_72\", \"name\": \"Savings\"}]}", 611.2),
    HTTP(BANK + "/accounts/acc_71/transactions?from=2026-11-23", True,
         "200 OK\n{\"transactions\": [{\"amount\": \"-89.90\", \"description\": \"HARDWARE STORE\"}, "
         "{\"amount\": \"-12.40\", \"description\": \"PARKING\"}], \"next\": \"page=2\"}", 845.9),
    HTTP(BANK + "/accounts/acc_71/transactions?from=2026-11-23&page=2", False,
         "504 Gateway Timeout (upstream core-banking did not answer)", 30004.5),
]

S3 = [
    P("migration: reconciled_at on transactions (nullable timestamp)"),
    *playbook_migration("004_reconciled_at", "alter table transactions add column reconciled_at text;\n"),
    P("+ a `reconcile --from --to` subcommand that stamps it, with a test"),
    READ("cedarbooks/cli.py"),
    EDIT("cedarbooks/cli.py", "def main(argv=None):",
         "def reconcile(db, start, end):\n    cur = db.execute(\"update transactions set reconciled_at = datetime('now') \"\n"
         "                     \"where booked_on between ? and ? and reconciled_at is null\", (start, end))\n"
         "    db.commit()\n    return cur.rowcount\n\n\ndef cmd_reconcile(db, a):\n"
         "    print(\"reconciled %d\" % reconcile(db, a.start, a.end))\n\n\ndef main(argv=None):"),
    EDIT("cedarbooks/cli.py", "    a = p.parse_args(argv)",
         "    s = sub.add_parser(\"reconcile\"); s.add_argument(\"--from\", dest=\"start\", required=True)\n"
         "    s.add_argument(\"--to\", dest=\"end\", required=True); s.set_defaults(fn=cmd_reconcile)\n"
         "    a = p.parse_args(argv)"),
    WRITE("tests/test_reconcile.py", "from cedarbooks.cli import import_rows, reconcile\nfrom cedarbooks.db import memory_db\n\n\n"
          "def test_reconcile_range():\n    db = memory_db()\n    import_rows(db, [{\"date\": d, \"account\": \"Checking\", \"amount\": \"1\"}\n"
          "                     for d in (\"2026-11-01\", \"2026-11-15\", \"2026-11-30\")])\n"
          "    assert reconcile(db, \"2026-11-01\", \"2026-11-15\") == 2\n    assert reconcile(db, \"2026-11-01\", \"2026-11-30\") == 2\n"),
    SH("pytest -q tests/test_reconcile.py", expect=False, first=r"^FAILED "),
    EDIT("tests/test_reconcile.py", "    assert reconcile(db, \"2026-11-01\", \"2026-11-30\") == 2\n",
         "    assert reconcile(db, \"2026-11-01\", \"2026-11-30\") == 1  # already stamped rows stay\n"),
    SH("pytest -q tests/test_reconcile.py"), SH("python3 -m cedarbooks.cli reconcile --from 2026-11-01 --to 2026-11-15"),
    P("ok commit all of it"),
    GADD(["cedarbooks/cli.py", "tests/test_reconcile.py"]), GADD(["migrations/004_reconciled_at.sql"]),
    GCOMMIT("reconcile subcommand + reconciled_at"),
    P("nas backup again pls, yesterday's didn't happen"),
    SH("./scripts/backup-nas.sh", expect=False),
    P("bank sandbox: is our webhook still registered?"),
    HTTP(BANK + "/webhooks", False, "503 Service Unavailable: sandbox maintenance, retry later", 402.0),
    HTTP(BANK + "/webhooks", True, "200 OK\n{\"webhooks\": [{\"url\": \"https://office.cedar.lan/hooks/bank\", "
         "\"events\": [\"transaction.created\"], \"active\": true}]}", 588.3),
]

S4 = [
    P("October report is off by 12.40 vs the bank statement, find out why"),
    SH("python3 -m cedarbooks.cli report --month 2026-10"),
    SH("sqlite3 data/books.db \"select count(*), sum(amount_cents) from transactions where booked_on like '2026-10-%'\""),
    SH("sqlite3 data/books.db \"select booked_on, amount_cents, memo, count(*) from transactions "
       "group by booked_on, account_id, amount_cents, memo having count(*) > 1\""),
    P("yes that's the double import of the 14th. delete the duplicate and add a unique index so it can't happen again"),
    WRITE("migrations/005_unique_tx.sql", "create unique index tx_unique on transactions(booked_on, account_id, amount_cents, memo);\n"),
    SH("make migrate DB=data/books.db", expect=False),
    SH("sqlite3 data/books.db \"delete from transactions where id = (select max(id) from transactions "
       "where booked_on = '2026-10-14' and memo = 'Parking')\""),
    SH("make migrate DB=data/books.db"), GSTATUS(), GADD(["migrations/005_unique_tx.sql"]),
    P("run the tests"),
    SH("pytest", expect=False, first=r"^E\s+ModuleNotFoundError"), SH("pytest tests/"),
    P("commit + show me the last commits"),
    GCOMMIT("unique index on transactions (dup import of 2026-10-14)"), GLOG(4),
]

S5 = [
    P("accountant wants balance per account as csv, just print it"),
    H(LOCK),
    SH("sqlite3 -csv data/books.db \"select a.name, sum(t.amount_cents)/100.0 from accounts a join transactions t "
       "on t.account_id = a.id group by a.id\"", expect=False),
    SH("sqlite3 -csv -cmd \".timeout 5000\" data/books.db \"select a.name, sum(t.amount_cents)/100.0 from accounts a "
       "join transactions t on t.account_id = a.id group by a.id\""),
    P("new migration: tags (many to many with transactions)"),
    *playbook_migration("006_tags", "create table tags (id integer primary key, name text not null unique);\n"
                        "create table transaction_tags (transaction_id integer not null references transactions(id), "
                        "tag_id integer not null references tags(id), primary key (transaction_id, tag_id));\n"),
    P("sandbox: savings account transactions since the 20th"),
    HTTP(BANK + "/accounts", True, "200 OK\n{\"accounts\": [{\"id\": \"acc_71\", \"name\": \"Checking\"}, "
         "{\"id\": \"acc_72\", \"name\": \"Savings\"}]}", 590.0),
    HTTP(BANK + "/accounts/acc_72/transactions?from=2026-11-20", False,
         "timeout: no response from sandbox.northbank-api.com after 30000 ms", 30000.0),
    P("ok. commit the tags migration, then what's in the schema now"),
    GCOMMIT("tags + transaction_tags"), SH("sqlite3 data/books.db .tables"), SH("sqlite3 data/books.db 'select max(v) from schema_version'"),
    SH("sqlite3 data/books.db 'pragma integrity_check'"),
]

S6 = [
    P("friday: nas backup"),
    SH("./scripts/backup-nas.sh", expect=False),
    P("bank sandbox status pls, then the accounts list"),
    HTTP(BANK + "/status", False, "502 Bad Gateway", 1210.7),
    HTTP(BANK + "/status", False, "read ECONNRESET (sandbox.northbank-api.com:443)", 2301.4),
    HTTP(BANK + "/status", True, "200 OK\n{\"status\": \"degraded\", \"components\": {\"core\": \"ok\", \"payments\": \"slow\"}}", 932.8),
    P("write a short README section on how migrations work here"),
    READ("README.md"), READ("scripts/migrate.sh"), READ("Makefile"),
    EDIT("README.md", "## Development\n\n    make test\n",
         "## Development\n\n    make test\n\n## Migrations\n\nAdd `migrations/NNN_name.sql`; `make migrate DB=data/books.db` "
         "applies the ones missing from `schema_version`, each in one transaction.\n"),
    SH("grep -c sql migrations/*.sql | wc -l"), SH("git diff --stat"),
    GADD(["README.md"]), GCOMMIT("README: migrations"), GLOG(3),
]

SESSIONS = [("s1", "2026-11-23", 9, S1), ("s2", "2026-11-24", 8, S2), ("s3", "2026-11-25", 10, S3),
            ("s4", "2026-11-26", 9, S4), ("s5", "2026-11-27", 8, S5), ("s6", "2026-11-28", 11, S6)]
