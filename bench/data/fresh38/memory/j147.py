"""Journal 147: redcell (M / MUMPS on YottaDB r2.02), 2026-11-16 .. 2026-11-21."""
from jlib import sh, rd, wr, ed, get, gstatus, gdiff, gadd, gcommit, glog, build

SEED = 147019
ENG = "http://hl7-test.bloodservice.internal/api/"
MUPIP_ERR = "%YDB-E-MUSTANDALONE, Could not get exclusive access to /data/redcell/g/redcell.dat"
UT_ERR = "%%YDB-E-ZGBLDIRACC, Cannot access global directory /home/%s/.yottadb/yottadb.gld.  Continuing with /home/%s/.yottadb/yottadb.gld"
UT_FIX = 'ydb_gbldir=$PWD/g/redcell.gld ydb_routines="$PWD/o($PWD/r)" yottadb -run ^RCUTALL'


def rcdd(old, new):
    return [
        ed("r/RCDD.m", old, new),
        sh("bin/rc REBUILD^RCDD"),
        rd("out/rcdd-rebuild.log"),
        gadd("r/RCDD.m"),
    ]


def stock(name, note):
    return [
        sh("bin/rc WEEK^RCSTOCK"),
        rd("out/stock-week.csv"),
        wr("reports/stock/%s.md" % name, note),
    ]


S1 = [
    "BLD-188 donor record gets a 'last ferritin' field, indexed by date",
] + rcdd(' ;;DONOR;;12;;LASTHB;;N;;', ' ;;DONOR;;12;;LASTHB;;N;;\n ;;DONOR;;13;;LASTFER;;N;;XREF=AFER') + [
    "and the donor entry screen",
    rd("r/RCDONE.m"),
    ed("r/RCDONE.m", ' S X=$$HB^RCDD(DFN)', ' S X=$$HB^RCDD(DFN)\n S Y=$$FER^RCDD(DFN)Q'),
    sh("mumps -object=o/RCDONE.o r/RCDONE.m",
       error="%YDB-E-SPOREOL, Either a space or an end-of-line was expected but not found\n\t\t S Y=$$FER^RCDD(DFN)Q\n\t\tAt column 22, line 148, source module /home/aoife/redcell/r/RCDONE.m"),
    ed("r/RCDONE.m", ' S Y=$$FER^RCDD(DFN)Q', ' S Y=$$FER^RCDD(DFN)'),
    sh("mumps -object=o/RCDONE.o r/RCDONE.m"),
    sh("bin/rc ^RCDONEUT"),
    gadd("r/RCDONE.m"),
    "commit as BLD-188",
    gcommit("BLD-188 last ferritin on the donor record"),
    "the listener fell over last night, run an integ on the dev db",
    sh("mupip integ -file g/redcell.dat", error=MUPIP_ERR),
    "hm its the listener holding it. leave it, I'll ask Ines",
    "kwame: platelet labels, did today's issue messages reach the lab side",
    get(ENG + "channels/issue-labels/messages?limit=5", error="HTTP 502 Bad Gateway"),
    get(ENG + "channels/issue-labels/messages?limit=5"),
]

S2 = [
    "ines: weekly stock report for the planners",
] + stock("2026-W47", "# Stock W47\n\nO neg 4.1 days, A neg 6.3 days, B neg 5.0 days ...\n") + [
    "kwame: platelet expiry is 7 days from collection now, not 5 (pathogen reduction). change it",
    rd("r/RCEXP.m"),
    ed("r/RCEXP.m", ' I PROD="PLT" Q $$FMADD^XLFDT(COLL,5)', ' I PROD="PLT" Q $$FMADD^XLFDT(COLL,7)'),
    ed("r/RCEXPUT.m", ' D CHKEQ^%ut($$EXP^RCEXP("PLT",3261117),3261122)', ' D CHKEQ^%ut($$EXP^RCEXP("PLT",3261117),3261124)'),
    sh("bin/rc ^RCEXPUT"),
    sh("grep -n 'PLT' r/RCEXP*.m"),
    "now every unit test please",
    sh("yottadb -run ^RCUTALL", error=UT_ERR % ("kwame", "kwame")),
    sh(UT_FIX),
    "engine stats for issue-units today?",
    get(ENG + "channels/issue-units/statistics"),
    "commit, BLD-191",
    gadd("r/RCEXP.m"),
    gadd("r/RCEXPUT.m"),
    gcommit("BLD-191 platelet expiry 7 days"),
]

S3 = [
    "deferral reasons: new code for travel to a malaria area, and index donors by reason",
] + rcdd(' ;;DEFER;;4;;REASON;;S;;', ' ;;DEFER;;4;;REASON;;S;;XREF=AREAS\n ;;DEFERCODE;;MAL2;;Travel - malaria area;;') + [
    "commit",
    gcommit("Deferral: malaria-area travel code, reason index"),
    "comment field on donations is too short. bump the record size on the dev db",
    sh("mupip set -region DEFAULT -record_size=8192", error=MUPIP_ERR),
    "listener again. I'll put it on the ops list",
    "lab says no crossmatch requests since 10. check the channel",
    get(ENG + "channels/xmatch-orders/statistics", error="ETIMEDOUT: connect timed out after 10000ms"),
    get(ENG + "channels/xmatch-orders/statistics", error="HTTP 503 Service Unavailable"),
    get(ENG + "channels/xmatch-orders/statistics"),
    "ok theyre there. false alarm",
    "who touched the crossmatch routines lately",
    glog(30),
    sh("git log --oneline -- r/RCXM*.m | head -20"),
    sh("git blame -L 40,80 r/RCXM.m"),
]

S4 = [
    "ines: rerun the stock numbers, the O neg appeal went out this morning and planners want a midweek view",
] + stock("2026-W47-midweek", "# Stock W47 (Thursday)\n\nO neg 3.2 days after the appeal ...\n") + [
    "kwame: session planner double-books chairs when a session gets extended",
    rd("r/RCSESS.m"),
    rd("r/RCSESSUT.m"),
    ed("r/RCSESS.m", ' S END=$$FMADD^XLFDT(END,,,EXT)', ' S END=$$FMADD^XLFDT(END,,,EXT) D RECHAIR(SID)'),
    sh("bin/rc ^RCSESSUT", error="RCSESSUT: 1 failure(s): EXTEND^RCSESSUT expected 12 chairs, got 14"),
    ed("r/RCSESS.m", ' D RECHAIR(SID)', ' D RECHAIR(SID,END)'),
    sh("bin/rc ^RCSESSUT"),
    sh("bin/rc ^RCSESS2UT"),
    "is the engine up? new session codes need to go to the lab",
    get(ENG + "server/status", error="ECONNREFUSED: connect ECONNREFUSED 10.40.2.17:8443"),
    get(ENG + "server/status"),
    "commit",
    gadd("r/RCSESS.m"),
    gadd("r/RCSESSUT.m"),
    gcommit("Extending a session recounts chairs"),
]

S5 = [
    "aoife: planners look donations up by session code all the time, give them an xref on it",
] + rcdd(' ;;DONATION;;6;;SESSCODE;;S;;', ' ;;DONATION;;6;;SESSCODE;;S;;XREF=ASESS') + [
    "before I leave: rundown and integ on the dev db pls",
    sh("mupip rundown -file g/redcell.dat", error=MUPIP_ERR),
    sh("mupip integ -file g/redcell.dat", error=MUPIP_ERR),
    "ok ok. monday then",
    "kwame: I touched the crossmatch routines, run the whole M-Unit lot",
    sh("yottadb -run ^RCUTALL", error=UT_ERR % ("kwame", "kwame")),
    sh(UT_FIX),
    sh("bin/rc ^RCXMUT"),
    "commit pls",
    gcommit("Crossmatch: session xref, test fixes"),
]

S6 = [
    "weekend stock snapshot for the on-call planner",
] + stock("2026-W47-weekend", "# Stock W47 (Saturday)\n\nO neg 3.6 days, platelets 2.1 days ...\n") + [
    "listener log, what happened around 03:00",
    rd("log/hl7listener.log.1", error="ENOENT: no such file or directory, open 'log/hl7listener.log.1'"),
    sh("ls -la log/"),
    rd("log/hl7listener.log"),
    sh("grep -n '03:0' log/hl7listener.log | head -40"),
    "did the 03:00 acks get to the engine",
    get(ENG + "channels/issue-units/messages?since=2026-11-21T02:55", error="HTTP 502 Bad Gateway"),
    get(ENG + "channels/issue-units/messages?since=2026-11-21T02:55"),
    "donor 100234 looks odd on screen, dump the record",
    sh("bin/rc 'ZWRITE ^RCDON(100234,*)'"),
    sh("bin/rc 'ZWRITE ^RCDONX(\"AFER\",*)' | head"),
    "fine, its the old import. leave it",
]

SESSIONS = [
    ("s1", "2026-11-16", "08:05", S1),
    ("s2", "2026-11-17", "08:40", S2),
    ("s3", "2026-11-18", "08:12", S3),
    ("s4", "2026-11-19", "08:28", S4),
    ("s5", "2026-11-20", "07:55", S5),
    ("s6", "2026-11-21", "09:20", S6),
]


def events():
    return build(SESSIONS, SEED)
