"""Journal 109: moorline (SWI-Prolog timetable solver for a rural bus co-op), sessions s1..s6, inline."""
from jlib import Journal

REPO = "/home/dev/moorline"
VALIDATE = "java -jar tools/gtfs-validator-cli.jar -i %s -o build/validation"
JAVA17 = ('Exception in thread "main" java.lang.UnsupportedClassVersionError: '
          'org/mobilitydata/gtfsvalidator/cli/Main has been compiled by a more recent version of the Java Runtime '
          '(class file version 61.0), this version of the Java Runtime only recognizes class file versions up to 55.0')
SUITE = "swipl -g run_tests -t halt tests/test_all.pl"
SUITE_BIG = "swipl --stack-limit=4g -g run_tests -t halt tests/test_all.pl"
STACK = ("ERROR: Stack limit (1.0Gb) exceeded\n  Stack sizes: local: 1.0Gb, global: 0.8Gb, trail: 12Mb\n"
         "  Stack depth: 6,118,402, last-call: 0%, Choice points: 9\n  In:\n    [6,118,402] clpfd:propagate_and_label/2")
EXPORT = "swipl scripts/export_feed.pl --out feed"
UNIT = 'swipl -g "run_tests(%s)" -t halt tests/test_all.pl'
API = "https://stops.dalescounty.gov.uk/api/v1/stops"
TYPST = "typst compile print/notice.typ build/print/%s.pdf --input route=%s"


def build():
    j = Journal(seed=109029, repo=REPO)

    # s1 Thu 26 Nov: Ailsa, then Femi
    j.day("s1", "2026-11-26", 8, 40)
    j.p("Ailsa here. We're adding a stop on the 72 at Gayle Lane, opposite the creamery. "
        "Have a look at how stops are declared first")
    j.read("data/stops.pl")
    j.read("data/routes.pl")
    j.p("ok: DR0412, 54.3049,-2.2081, served by the 72 only. regenerate the feed after")
    j.edit("data/stops.pl", "stop('DR0411', 'Gayle', 54.3031, -2.2102, [72]).",
           "stop('DR0411', 'Gayle', 54.3031, -2.2102, [72]).\nstop('DR0412', 'Gayle Lane', 54.3049, -2.2081, [72]).")
    j.run(EXPORT)
    j.diff()
    j.add(["data/stops.pl", "feed"])
    j.p("run the GTFS validator over feed/ before anything leaves the building")
    j.run(VALIDATE % "feed", err=JAVA17)
    j.p("hm. leave that for now and commit what we have")
    j.commit("Add Gayle Lane stop (DR0412) to route 72")
    j.p("does the county still have the old Gayle pole? NaPTAN 32900417")
    j.get(API + "/32900417", err="HTTP 502 Bad Gateway")
    j.get(API + "/32900417")
    j.p("Femi: the headways unit has been red since this morning, can you see why")
    j.run(UNIT % "headways", err="ERROR: -g run_tests(headways): test headways:max_gap_156: assertion failed\n"
                                 "  Assertion: 45 =< 40")
    j.read("tests/test_headways.pl")
    j.read("src/headways.pl")
    j.p("off by one, the max gap is meant to be inclusive. fix it and rerun that unit and the blocks one")
    j.edit("src/headways.pl", "Gap #< Max", "Gap #=< Max")
    j.run(UNIT % "headways")
    j.run(UNIT % "blocks")

    # s2 Fri 27 Nov: Tomasz
    j.day("s2", "2026-11-27", 9, 5)
    j.p("Tomasz. The 156 needs printed notices with the winter times, template is print/notice.typ")
    j.read("print/notice.typ")
    j.read("data/timetables/route_156.pl")
    j.p("heading should read 'Winter timetable from 7 December', then build the 156 pdf")
    j.edit("print/notice.typ", "= Timetable", "= Winter timetable from 7 December")
    j.run(TYPST % ("notice-156", "156"))
    j.ls("build/print")
    j.add(["print/notice.typ"])
    j.p("teraz cały zestaw testów, Femi zmieniał wczoraj solver")
    j.run(SUITE, err=STACK)
    j.run(SUITE_BIG)
    j.p("dobra, commit")
    j.commit("Winter heading on printed notices")
    j.p("what happened to src/solver.pl this week? log please")
    j.log(15)
    j.p("a driver says the pole at 32900588 is gone, look it up at the county")
    j.get(API + "/32900588", err="ETIMEDOUT: request to https://stops.dalescounty.gov.uk/api/v1/stops/32900588 "
                                 "timed out after 30000 ms")
    j.get(API + "/32900588")
    j.p("Saturday blocks: solve and print how many vehicles we need")
    j.run('swipl -g "solve_blocks(saturday, B), length(B, N), print(N)" -t halt src/main.pl')
    j.p("and how many stops are in the feed now")
    j.run("wc -l feed/stops.txt")

    # s3 Mon 30 Nov: Ailsa, then Femi
    j.day("s3", "2026-11-30", 8, 30)
    j.p("DR0388 at Thoralby shifts 40 m east during the roadworks (until March): 54.2890,-2.0312. "
        "update the data and regenerate")
    j.edit("data/stops.pl", "stop('DR0388', 'Thoralby', 54.2887, -2.0318, [156]).",
           "stop('DR0388', 'Thoralby', 54.2890, -2.0312, [156]).  % roadworks until March")
    j.run(EXPORT)
    j.diff()
    j.add(["data/stops.pl", "feed"])
    j.p("validator again please, they asked for a clean report this time")
    j.run(VALIDATE % "feed", err=JAVA17)
    j.p("ok just commit, I'll ask on the CI channel")
    j.commit("Move Thoralby stop east during roadworks")
    j.p("zip feed/ into build/ for the upload form")
    j.run("zip -r build/dales-rides-gtfs.zip feed")
    j.p("Femi: new case in tests/test_blocks.pl, school days never need more than 3 buses")
    j.edit("tests/test_blocks.pl", ":- end_tests(blocks).",
           "test(school_day_max_three) :-\n    solve_blocks(school, B), length(B, N), N =< 3.\n\n:- end_tests(blocks).")
    j.run(UNIT % "blocks")
    j.p("which Aysgarth stops does the county list, active and inactive")
    j.get(API + "?locality=Aysgarth")
    j.get(API + "?locality=Aysgarth&status=inactive")
    j.p("the solver's debug flag should be --trace-blocks, it's in src/main.pl and the README")
    j.read("src/main.pl")
    j.edit("src/main.pl", "debug_blocks", "trace_blocks")
    j.edit("README.md", "--debug-blocks", "--trace-blocks")
    j.run('swipl -g "main" -t halt src/main.pl -- --help')

    # s4 Tue 1 Dec: Tomasz
    j.day("s4", "2026-12-01", 9, 10)
    j.p("now the 30, same template but a darker header, #1f3b4d")
    j.edit("print/notice.typ", 'fill: rgb("#2e6f8e")', 'fill: rgb("#1f3b4d")')
    j.run(TYPST % ("notice-30", "30"))
    j.ls("build/print")
    j.add(["print/notice.typ"])
    j.p("before I push, whole test suite")
    j.run(SUITE, err=STACK)
    j.run(SUITE_BIG)
    j.p("commit")
    j.commit("Darker header on printed notices")
    j.p("sprawdź w rejestrze hrabstwa przystanki trasy 30")
    j.get(API + "?route=30", err="HTTP 502 Bad Gateway")
    j.p("nie działa, później")
    j.p("Femi wants this week's commits summarised for the co-op newsletter, put it in docs/newsletter/2026-12.md")
    j.log(30)
    j.write("docs/newsletter/2026-12.md", "# December changes\n\n- Gayle Lane stop on the 72\n"
                                           "- Thoralby stop moved for roadworks\n- Winter notices\n")
    j.p("tag it v2026.12.1")
    j.run('git tag -a v2026.12.1 -m "December timetable"')

    # s5 Wed 2 Dec: Ailsa, then Femi
    j.day("s5", "2026-12-02", 8, 50)
    j.p("Sunday poster for the 156 please, print/notice.typ with the Sunday times")
    j.edit("print/notice.typ", "#let day = \"weekday\"", "#let day = sys.inputs.at(\"day\", default: \"weekday\")")
    j.run(TYPST % ("notice-156-sunday", "156") + " --input day=sunday")
    j.ls("build/print")
    j.add(["print/notice.typ"])
    j.p("can the validator run at all? try it on the zip instead of the folder, and with fewer threads")
    j.run(VALIDATE % "build/dales-rides-gtfs.zip", err=JAVA17)
    j.run(VALIDATE % "feed" + " -t 2", err=JAVA17)
    j.p("forget it")
    j.p("county record for 32900611 please")
    j.get(API + "/32900611", err="ECONNRESET: socket hang up")
    j.p("Femi: how long does the Sunday solve take? and Saturday for comparison")
    j.run('swipl -g "time(solve_blocks(sunday, _))" -t halt src/main.pl')
    j.run('swipl -g "time(solve_blocks(saturday, _))" -t halt src/main.pl')
    j.p("two lines on that in docs/perf.md")
    j.write("docs/perf.md", "# Solver timings\n\nSunday: 2.1 s, 14.2M inferences.\nSaturday: 3.4 s, 22.9M inferences.\n")
    j.p("and check nothing else changed under src/")
    j.status()

    # s6 Thu 3 Dec: Tomasz, then Ailsa
    j.day("s6", "2026-12-03", 9, 0)
    j.p("rejestr hrabstwa: co mają dla Carperby")
    j.get(API + "?locality=Carperby")
    j.p("DR0301 Carperby is renamed 'Carperby Wheatsheaf'. the data file and the feed please")
    j.edit("data/stops.pl", "stop('DR0301', 'Carperby',", "stop('DR0301', 'Carperby Wheatsheaf',")
    j.run(EXPORT)
    j.diff()
    j.add(["data/stops.pl", "feed"])
    j.p("commit")
    j.commit("Rename Carperby stop to Carperby Wheatsheaf")
    j.p("Ailsa: has the county picked up the new name? DR0301 is 32900233 there")
    j.get(API + "/32900233", err="HTTP 503 Service Unavailable")
    j.p("run list_undefined over src please")
    j.run('swipl -g "list_undefined" -t halt src/main.pl')
    j.p("fix the two undefined ones in src/export.pl, they were renamed last week")
    j.read("src/export.pl")
    j.edit("src/export.pl", "stop_name_for(", "stop_display_name(")
    j.edit("src/export.pl", "route_colour(", "route_color(")
    j.run('swipl -g "list_undefined" -t halt src/main.pl')
    j.p("push the branch")
    j.run("git push origin feed/december")
    return j
