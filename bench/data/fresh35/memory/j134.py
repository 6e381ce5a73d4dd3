"""journal-134: cairnstat-vt204 (SAS 9.4 programming for phase II trial VT-204). s1/s4 Larissa, s2/s5 Min-jun, s3/s6 Joost."""
from jlib import Journal

AX = "sas -autoexec setup/autoexec_vt204.sas "
EDC = "https://edc.cairnhealth.org/api/v2/studies/VT-204/"
P21 = "java -jar tools/p21c/p21-client.jar --engine=2204.1 --standard="
E_P21 = ("Error: A JNI error has occurred, please check your installation and try again\n"
         "Exception in thread \"main\" java.lang.UnsupportedClassVersionError: net/pinnacle21/validator/Main has been "
         "compiled by a more recent Java Runtime (class file version 61.0); this runtime only recognizes class file "
         "versions up to 52.0")
E_LIB = "ERROR: Libref RAW is not assigned."
E_DEF = "ENOENT: no such file or directory, open 'define/define.xml'"
E503 = "HTTP 503 Service Unavailable"
E429 = "HTTP 429 Too Many Requests"
E502 = "HTTP 502 Bad Gateway"
ETO = "ReadTimeout: HTTPSConnectionPool(host='edc.cairnhealth.org', port=443): Read timed out. (read timeout=60)"


def tfl(j, name):
    j.wr("programs/tfl/%s.sas" % name)
    j.sh(AX + "-sysin programs/tfl/%s.sas -log logs/tfl/%s.log -print output/tfl/%s.lst" % (name, name, name),
         dur=42000)
    j.rd("logs/tfl/%s.log" % name)
    j.ga(["programs/tfl/%s.sas" % name])


def build():
    j = Journal(134134)

    # ---- s1 Larissa, Mon 2026-11-23
    j.day("s1", "2026-11-23", "08:07")
    j.p("good morning :) first the demographics table 14.1.1, shell is in docs/shells/t_14_1_1.rtf")
    j.rd("docs/shells/t_14_1_1.rtf")
    j.rd("programs/tfl/t_14_1_2.sas")
    j.p("ok write it like 14.1.2, run, look log, add")
    tfl(j, "t_14_1_1")
    j.p("check the lst output quickly")
    j.rd("output/tfl/t_14_1_1.lst")
    j.p("n for placebo is 41 not 42? see adsl")
    j.sh(AX + "-sysin tools/freq_check.sas -set DS ADAM.ADSL -set VAR TRT01A -log logs/tools/freq_check.log",
         dur=9000)
    j.sh("grep -n 'TRT01A' logs/tools/freq_check.log")
    j.p("ah the screen failure, ok correct. commit")
    j.gc("t_14_1_1 demographics first version")
    j.p("validate sdtm with p21 before friday transfer")
    j.sh(P21 + "SDTM --source=data/sdtm --output=qc/p21/sdtm_report.xlsx", err=E_P21, dur=1400)
    j.p("hmm java issue. skip, Joost will do")
    j.p("latest EDC export for the DM and AE forms")
    j.get(EDC + "exports?forms=DM,AE&latest=true")
    j.get(EDC + "exports/EXP-20261123-0612/files")
    j.p("tks, that's all")

    # ---- s2 Min-jun, Tue 2026-11-24
    j.day("s2", "2026-11-24", "09:20")
    j.p("ADAE TRTEMFL derivation changed by SAP v2. rerun adae program")
    j.sh("sas -sysin programs/adam/adae.sas -log logs/adam/adae.log", err=E_LIB, dur=3100)
    j.sh(AX + "-sysin programs/adam/adae.sas -log logs/adam/adae.log", dur=38000)
    j.sh("grep -nE '^(ERROR|WARNING)' logs/adam/adae.log")
    j.p("count of TEAE by arm, compare with before")
    j.sh(AX + "-sysin tools/freq_check.sas -set DS ADAM.ADAE -set VAR TRTEMFL -log logs/tools/freq_check.log",
         dur=8000)
    j.sh("grep -n 'TRTEMFL' logs/tools/freq_check.log")
    j.p("queries open per site from EDC")
    j.get(EDC + "queries?status=open&groupBy=site", err=E503)
    j.p("later then")
    j.p("macro %impute_dt partial date bug, UN-UN case. fix")
    j.rd("macros/impute_dt.sas")
    j.ed("macros/impute_dt.sas")
    j.rd("macros/tests/test_impute_dt.sas")
    j.sh(AX + "-sysin macros/tests/test_impute_dt.sas -log logs/tests/test_impute_dt.log", dur=5000)
    j.sh("grep -c 'FAIL' logs/tests/test_impute_dt.log")
    j.p("good. commit macro + adae")
    j.gst()
    j.ga(["macros/impute_dt.sas", "programs/adam/adae.sas"])
    j.gc("impute_dt: handle UN-UN partial dates; adae rerun for SAP v2")
    j.p("EDC again for queries")
    j.get(EDC + "queries?status=open&groupBy=site")
    j.p("thank you")

    # ---- s3 Joost, Wed 2026-11-25
    j.day("s3", "2026-11-25", "08:45")
    j.p("listing 16.2.7 conmeds, new program pls, same layout as 16.2.6")
    j.rd("programs/tfl/l_16_2_6.sas")
    j.p("go")
    tfl(j, "l_16_2_7")
    j.p("and commit")
    j.gc("l_16_2_7 concomitant medications listing")
    j.p("AEREL codelist in the adam define, which one is it")
    j.rd("define/define.xml", err=E_DEF)
    j.rd("submission/m5/datasets/vt204/analysis/adam/datasets/define.xml")
    j.p("CL.AEREL has 4 terms, SAP says 5. noted")
    j.p("p21 run on ADaM please")
    j.sh(P21 + "ADaM --source=data/adam --output=qc/p21/adam_report.xlsx", err=E_P21, dur=1300)
    j.sh("update-alternatives --list java")
    j.p("java 8 here... ok I do it on the QC server myself")
    j.p("EDC: last visit date of 204-023")
    j.get(EDC + "subjects/204-023/visits", err=ETO)
    j.p("skip it")
    j.p("what changed since dry run tag")
    j.gl({"rev": "dryrun-1..HEAD", "max_count": 50})
    j.c("git", "diff", {"rev": "dryrun-1", "paths": ["programs"], "stat": True})
    j.p("fine, thx")

    # ---- s4 Larissa, Thu 2026-11-26
    j.day("s4", "2026-11-26", "08:12")
    j.p("ADVS: new visit windows from the SAP amendment, please rerun advs")
    j.rd("programs/adam/advs.sas")
    j.sh("sas -sysin programs/adam/advs.sas -log logs/adam/advs.log -print output/adam/advs.lst", err=E_LIB, dur=2900)
    j.rd("setup/autoexec_vt204.sas")
    j.sh(AX + "-sysin programs/adam/advs.sas -log logs/adam/advs.log -print output/adam/advs.lst", dur=51000)
    j.p("log clean?")
    j.sh("grep -nE '^(ERROR|WARNING)|uninitialized' logs/adam/advs.log")
    j.p("anyone new at site 107 in the EDC?")
    j.get(EDC + "subjects?site=107&since=2026-11-16")
    j.get(EDC + "subjects?site=107&since=2026-11-16&fields=enrolled", err=E429)
    j.p("ok the first call is enough: 3 new")
    j.p("titles file: Safety Population -> Safety Analysis Set")
    j.rd("metadata/titles.csv")
    j.ed("metadata/titles.csv")
    j.gd(["metadata/titles.csv"])
    j.rd("metadata/footnotes.csv")
    j.ed("metadata/footnotes.csv")
    j.p("commit both + advs")
    j.ga(["metadata/titles.csv", "metadata/footnotes.csv", "programs/adam/advs.sas"])
    j.gc("titles: Safety Analysis Set; advs visit windows (SAP amendment 1)")
    j.gl({"max_count": 2})
    j.p("thanks")

    # ---- s5 Min-jun, Fri 2026-11-27
    j.day("s5", "2026-11-27", "09:02")
    j.p("sdtm define: origin of LB variables, check")
    j.rd("define/define.xml", err=E_DEF.replace("define/define.xml", "define/sdtm/define.xml"))
    j.rd("submission/m5/datasets/vt204/tabulations/sdtm/define.xml")
    j.p("LBSTRESN origin Derived, ok")
    j.p("ADLB rerun, new lab normal ranges from central lab")
    j.sh(AX + "-sysin programs/adam/adlb.sas -log logs/adam/adlb.log", dur=64000)
    j.sh("grep -nE '^(ERROR|WARNING)' logs/adam/adlb.log")
    j.p("warning about ANRIND? look at the program")
    j.rd("programs/adam/adlb.sas")
    j.ed("programs/adam/adlb.sas")
    j.sh(AX + "-sysin programs/adam/adlb.sas -log logs/adam/adlb.log", dur=61000)
    j.sh("grep -nE '^(ERROR|WARNING)' logs/adam/adlb.log")
    j.p("p21 for sdtm, sponsor wants report today")
    j.sh(P21 + "SDTM --source=data/sdtm --output=qc/p21/sdtm_report.xlsx", err=E_P21, dur=1500)
    j.p("not work. I tell Joost")
    j.p("EDC export newest, all forms")
    j.get(EDC + "exports?latest=true", err=E502)
    j.get(EDC + "exports?latest=true")
    j.get(EDC + "exports/EXP-20261127-0600/files")
    j.p("commit adlb")
    j.ga(["programs/adam/adlb.sas"])
    j.gc("adlb: ANRIND with new central lab ranges")
    j.p("bye")

    # ---- s6 Joost, Sat 2026-11-28
    j.day("s6", "2026-11-28", "10:30")
    j.p("lab shift table 14.3.5, based on 14.3.4 program")
    j.rd("programs/tfl/t_14_3_4.sas")
    j.rd("docs/shells/t_14_3_5.rtf")
    j.p("write + run + log + add")
    tfl(j, "t_14_3_5")
    j.p("commit")
    j.gc("t_14_3_5 lab shift table")
    j.p("status mail: open queries by site from EDC")
    j.get(EDC + "queries?status=open&groupBy=site", err=E503)
    j.p("retry once")
    j.get(EDC + "queries?status=open&groupBy=site")
    j.p("ADTTE spec in specs/adam, event = first rescue med use")
    j.rd("specs/adam/ADSL.csv")
    j.wr("specs/adam/ADTTE.csv")
    j.rd("specs/adam/ADTTE.csv")
    j.wr("specs/adam/ADTTE.csv")
    j.p("fine for monday. done")
    return j
