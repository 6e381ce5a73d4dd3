"""Journal 160: ridgecall, the PostgreSQL 16 / PL/pgSQL database of a volunteer mountain rescue team.
Sessions s1..s6 = 2026-11-09 .. 2026-11-14; Morag, Tadeusz, Aiyana."""
from jlib import Journal

STG = "https://api-stg.ridgecall.org"
KS = "/mnt/kitshare"
DUMP_ERR = ("pg_dump: error: aborting because of server version mismatch\n"
            "pg_dump: detail: server version: 16.4; pg_dump version: 14.13 (Ubuntu 14.13-0ubuntu0.22.04.1)")
PG = "PGOPTIONS='-c search_path=tap,public' pg_prove -d ridgecall_dev"
RT = "sqitch deploy dev && sqitch revert -y dev --to @HEAD^ && sqitch deploy dev"


def proveerr(f):
    return ("%s .. psql:%s:3: ERROR:  function plan(integer) does not exist\n"
            "HINT:  No function matches the given name and argument types.\nFailed 1/1 test programs." % (f, f))


def build():
    j = Journal(0x160DA7A5, "2026-11-09")

    # ---- s1 Mon: Morag
    j.day(1, (8, 10))
    j.p("morag. we got two kit rows with the same serial after saturday's stocktake. need serial_no unique on kit")
    j.sh("docker compose exec -T db psql -U ridgecall -d ridgecall_dev -c "
         "\"select serial_no, count(*) from kit group by 1 having count(*) > 1\"", ms=420)
    j.p("save the dev db before we touch the table")
    j.sh("pg_dump -h localhost -p 5433 -U ridgecall -Fc -f /tmp/ridgecall_dev-1109.dump ridgecall_dev", DUMP_ERR,
         ms=310)
    j.sh("docker compose exec -T db pg_dump -U ridgecall -Fc ridgecall_dev > /tmp/ridgecall_dev-1109.dump", ms=5400)
    j.p("dupes are KT-0457 twice, one is retired. delete the retired one on dev, then the change")
    j.sh("sqitch add kit_serial_unique -n 'Unique kit serial numbers'", ms=900)
    j.ed("revert/kit_serial_unique.sql", "-- XXX Add DDLs here.", "ALTER TABLE kit DROP CONSTRAINT kit_serial_no_key;")
    j.ed("verify/kit_serial_unique.sql", "-- XXX Add verifications here.",
         "SELECT 1/COUNT(*) FROM pg_constraint WHERE conname = 'kit_serial_no_key';")
    j.p("deploy script: add the constraint after removing retired dupes")
    j.ed("deploy/kit_serial_unique.sql", "-- XXX Add DDLs here.",
         "DELETE FROM kit k USING kit d WHERE k.serial_no = d.serial_no AND k.retired_at IS NOT NULL AND k.id <> d.id;\n"
         "ALTER TABLE kit ADD CONSTRAINT kit_serial_no_key UNIQUE (serial_no);")
    j.sh(RT, ms=3100)
    j.add("sqitch.plan", "deploy/kit_serial_unique.sql", "revert/kit_serial_unique.sql", "verify/kit_serial_unique.sql")
    j.cm("kit: unique serial numbers")
    j.p("the photos from saturday — are they on the share under the stocktake folder?")
    j.ls(KS)
    j.ls(KS + "/stocktake-2026-11-07", "EIO: i/o error, scandir '/mnt/kitshare/stocktake-2026-11-07'")
    j.ls(KS + "/stocktake-2026-11-07")
    j.p("ok 212 files, fine. and is postgrest on staging answering at all today")
    j.get(STG + "/")
    j.p("thanks")

    # ---- s2 Tue: Tadeusz
    j.day(2, (8, 40))
    j.p("tadeusz: callout_open() should refuse a second open callout for the same grid square within 30 min. write it + a test")
    j.rd("deploy/callout_fns.sql")
    j.rd("t/callouts.sql")
    j.p("rework the function in sqitch, don't edit the old deploy file")
    j.sh("sqitch rework callout_fns -n 'Refuse duplicate open callouts'", ms=1000)
    j.ed("deploy/callout_fns.sql", "INSERT INTO callouts (grid_ref, opened_at, opened_by)",
         "IF EXISTS (SELECT 1 FROM callouts WHERE grid_ref = p_grid AND closed_at IS NULL\n"
         "           AND opened_at > now() - interval '30 minutes') THEN\n"
         "  RAISE EXCEPTION 'duplicate open callout for %', p_grid USING ERRCODE = 'unique_violation';\nEND IF;\n"
         "INSERT INTO callouts (grid_ref, opened_at, opened_by)")
    j.ed("t/callouts.sql", "SELECT plan(6);", "SELECT plan(7);")
    j.ed("t/callouts.sql", "SELECT * FROM finish();",
         "SELECT throws_ok($$SELECT callout_open('NN166712', 'tk')$$, '23505');\nSELECT * FROM finish();")
    j.sh("sqitch deploy dev", ms=1400)
    j.p("run those tests")
    j.sh("pg_prove -d ridgecall_dev t/callouts.sql", proveerr("t/callouts.sql"), ms=800)
    j.sh(PG + " t/callouts.sql", ms=1900)
    j.p("all 7 pass? then commit")
    j.st()
    j.df("deploy/callout_fns.sql")
    j.add("sqitch.plan", "deploy/callout_fns.sql", "deploy/callout_fns@v1.4.sql", "revert/callout_fns.sql",
          "verify/callout_fns.sql", "t/callouts.sql")
    j.cm("callout_open: refuse duplicate open callouts")
    j.log({"max_count": 2})
    j.p("is staging serving the function yet? the callout app team asked")
    j.get(STG + "/rpc/callout_open_check?grid=NN166712", "HTTP 503 Service Unavailable")
    j.get(STG + "/rpc/callout_open_check?grid=NN166712")
    j.p("and push to stg db")
    j.sh("sqitch deploy stg", ms=2600)
    j.sh("sqitch status stg", ms=700)

    # ---- s3 Wed: Aiyana
    j.day(3, (9, 15))
    j.p("aiyana: we want next_check_due on kit_checks computed from the kit type's interval. add it")
    j.rd("deploy/kit_checks.sql")
    j.sh("sqitch add kit_checks_next_due -r kit_checks -n 'next_check_due column'", ms=850)
    j.ed("revert/kit_checks_next_due.sql", "-- XXX Add DDLs here.", "ALTER TABLE kit_checks DROP COLUMN next_check_due;")
    j.ed("verify/kit_checks_next_due.sql", "-- XXX Add verifications here.",
         "SELECT next_check_due FROM kit_checks WHERE FALSE;")
    j.p("generated column, checked_at + interval from kit_types")
    j.ed("deploy/kit_checks_next_due.sql", "-- XXX Add DDLs here.",
         "ALTER TABLE kit_checks ADD COLUMN next_check_due date;\n"
         "CREATE FUNCTION kit_checks_set_due() RETURNS trigger LANGUAGE plpgsql AS $$ ... $$;")
    j.sh(RT, ms=3400)
    j.add("sqitch.plan", "deploy/kit_checks_next_due.sql", "revert/kit_checks_next_due.sql",
          "verify/kit_checks_next_due.sql")
    j.cm("kit_checks: next_check_due")
    j.p("copy the stg data for kit_checks down so I can eyeball the dates")
    j.sh("pg_dump -h db-stg.ridgecall.org -U ridgecall_ro -t kit_checks --data-only ridgecall", DUMP_ERR, ms=650)
    j.sh("pg_dump -h db-stg.ridgecall.org -U ridgecall_ro -t kit_checks --data-only -f /tmp/kc.sql ridgecall",
         DUMP_ERR, ms=640)
    j.p("never mind, psql \\copy then")
    j.sh("psql -h db-stg.ridgecall.org -U ridgecall_ro ridgecall -c "
         "\"\\copy (select * from kit_checks where checked_at > now() - interval '60 days') to /tmp/kc.csv csv header\"",
         ms=1800)
    j.sh("head -n 5 /tmp/kc.csv", ms=30)
    j.get(STG + "/kit_checks?select=id,checked_at&order=checked_at.desc&limit=5")
    j.p("harness photos from the oct inspection, how many?")
    j.ls(KS + "/inspections", "ESTALE: stale file handle, scandir '/mnt/kitshare/inspections'")
    j.ls(KS + "/inspections", "ETIMEDOUT: operation timed out, scandir '/mnt/kitshare/inspections'")
    j.p("share's being weird. later")

    # ---- s4 Thu: Morag, Tadeusz
    j.day(4, (8, 0))
    j.p("morag: the callout app says members_on_call returns people who are stood down. check it against stg")
    j.get(STG + "/members_on_call?select=id,name,status&limit=50", "HTTP 504 Gateway Time-out")
    j.get(STG + "/members_on_call?select=id,name,status&limit=50", "HTTP 503 Service Unavailable")
    j.get(STG + "/members_on_call?select=id,name,status&limit=50")
    j.p("yes 'stood_down' leaks through. fix the view filter")
    j.rd("deploy/members_on_call.sql")
    j.sh("sqitch rework members_on_call -n 'Exclude stood-down members'", ms=1000)
    j.ed("deploy/members_on_call.sql", "WHERE m.status <> 'inactive'",
         "WHERE m.status NOT IN ('inactive', 'stood_down')")
    j.sh("sqitch deploy dev", ms=1300)
    j.sh("docker compose exec -T db psql -U ridgecall -d ridgecall_dev -c "
         "\"select count(*) from members_on_call where status = 'stood_down'\"", ms=380)
    j.p("commit it")
    j.add("sqitch.plan", "deploy/members_on_call.sql", "deploy/members_on_call@v1.5.sql",
          "revert/members_on_call.sql", "verify/members_on_call.sql")
    j.cm("members_on_call: exclude stood-down members")
    j.st()
    j.log({"max_count": 1})
    j.df("HEAD~1", "--stat")
    j.p("tadeusz: are the rope photos for batch R-109 up? the inspector wants them")
    j.ls(KS + "/rope")
    j.ls(KS + "/rope/R-109", "EIO: i/o error, scandir '/mnt/kitshare/rope/R-109'")
    j.ls(KS + "/rope/R-109")
    j.p("good, 40 photos. send the count to the log")
    j.rd("docs/inspection-log.md")
    j.ed("docs/inspection-log.md", "## Rope", "## Rope\n\n- R-109: 40 photos on the share (2026-11-12)")
    j.ed("docs/inspection-log.md", "_updated 2026-11-02_", "_updated 2026-11-12_")

    # ---- s5 Fri: Tadeusz
    j.day(5, (8, 25))
    j.p("tadeusz: kit_checks trigger from aiyana — I want tests for it. write t/kit_checks.sql and run it")
    j.rd("deploy/kit_checks_next_due.sql")
    j.wr("t/kit_checks.sql", "BEGIN;\nSELECT plan(4);\nSELECT has_column('kit_checks', 'next_check_due');\n...\n"
         "SELECT * FROM finish();\nROLLBACK;\n")
    j.sh("pg_prove -d ridgecall_dev t/kit_checks.sql", proveerr("t/kit_checks.sql"), ms=760)
    j.sh(PG + " t/kit_checks.sql", ms=1700)
    j.sh(PG + " t/", ms=5200)
    j.p("commit")
    j.add("t/kit_checks.sql")
    j.add("docs/inspection-log.md")
    j.cm("test: kit_checks next_check_due")
    j.log({"max_count": 1})
    j.p("ship the week's changes to stg, save its state first")
    j.sh("pg_dump -h db-stg.ridgecall.org -U ridgecall -Fc -f /tmp/stg-1113.dump ridgecall", DUMP_ERR, ms=600)
    j.sh("docker run --rm --network host -v /tmp:/out postgres:16 pg_dump -h db-stg.ridgecall.org -U ridgecall "
         "-Fc -f /out/stg-1113.dump ridgecall", ms=14200)
    j.sh("sqitch deploy stg", ms=3900)
    j.sh("sqitch verify stg", ms=2100)
    j.p("does stg answer with next_check_due now?")
    j.get(STG + "/kit_checks?select=id,next_check_due&limit=5", "timed out after 15s", ms=15000)
    j.get(STG + "/kit_checks?select=id,next_check_due&limit=5")
    j.p("ok, weekend")

    # ---- s6 Sat: Aiyana
    j.day(6, (9, 30))
    j.p("aiyana: training night list needs members.first_aid_expiry. new column please")
    j.sh("sqitch add members_first_aid_expiry -r members -n 'first aid expiry date'", ms=870)
    j.ed("revert/members_first_aid_expiry.sql", "-- XXX Add DDLs here.",
         "ALTER TABLE members DROP COLUMN first_aid_expiry;")
    j.ed("verify/members_first_aid_expiry.sql", "-- XXX Add verifications here.",
         "SELECT first_aid_expiry FROM members WHERE FALSE;")
    j.p("date, nullable, with a comment")
    j.ed("deploy/members_first_aid_expiry.sql", "-- XXX Add DDLs here.",
         "ALTER TABLE members ADD COLUMN first_aid_expiry date;\n"
         "COMMENT ON COLUMN members.first_aid_expiry IS 'REC/FAW certificate expiry';")
    j.sh(RT, ms=2900)
    j.add("sqitch.plan", "deploy/members_first_aid_expiry.sql", "revert/members_first_aid_expiry.sql",
          "verify/members_first_aid_expiry.sql")
    j.cm("members: first_aid_expiry")
    j.p("and the harness folder on the share — did it come back?")
    j.ls(KS + "/inspections", "ESTALE: stale file handle, scandir '/mnt/kitshare/inspections'")
    j.ls(KS + "/inspections")
    j.p("36 photos. fine. one last thing, can the app on staging see the new column yet? (not deployed there, just curious what it says)")
    j.get(STG + "/members?select=id,first_aid_expiry&limit=3", "HTTP 504 Gateway Time-out")
    j.get(STG + "/members?select=id,first_aid_expiry&limit=3")
    j.p("huh, it is there already, CI must have deployed. fine, thanks")
    return j
