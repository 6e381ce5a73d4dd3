"""Journal 141: harrowgate-mw, a Stata 18 replication package (Priya, Tomasz, Fen), 2026-11-30 .. 12-05."""
from jlib import Journal

ATTIC = "https://attic.econ.harrowgate.ac.uk"
SADO = "S_ADO=code/ado/plus:BASE "
AIRLOCK_ERR = ("airlock@airlock.econ.harrowgate.ac.uk: Permission denied (publickey).\n"
               "rsync: connection unexpectedly closed (0 bytes received so far) [sender]\n"
               "rsync error: unexplained error (code 255) at io.c(231) [sender=3.2.7]")
SPINE_ERR = ("stata-mp: code/00_master.do ended early: do code/04_estimate.do stopped at line 37, "
             "command reghdfe is unrecognized r(199)\nsee code/00_master.log")


def vault_err(path):
    return "EACCES: permission denied, open '%s'" % path


def build():
    j = Journal(seed=141041, first_day="2026-11-30")

    # s1 Monday, Priya
    j.start("s1", 0, 8, 12)
    j.p("morning. for context: you're running on econ-stata2, which we all call the mill. repo is ~/harrowgate-mw")
    j.status()
    j.p("read code/00_master.do (the spine, it calls every step) and list the steps in order")
    j.rd("code/00_master.do")
    j.rd("code/01_clean.do")
    j.p("HRG-12 drop counties with fewer than 50 teen workers, in 01_clean")
    j.rd("code/01_clean.do")
    j.ed("code/01_clean.do", "keep if teen_emp > 0", "keep if teen_emp >= 50")
    j.sh("stata-mp -b do code/01_clean.do")
    j.rd("code/01_clean.log")
    j.sh("grep -c dropped code/01_clean.log")
    j.p("cpi please. it's on attic.econ.harrowgate.ac.uk (dept data mirror, 'the attic'), put it in data/external")
    j.get(ATTIC + "/series/")
    j.get(ATTIC + "/series/cpi-u/CUUR0000SA0.csv")
    j.wr("data/external/cpi_u.csv", "year,month,cpi_u\n...")
    j.p("table 2 needs the controls row split in two. that's code/06_tables.do, the tables step")
    j.ed("code/06_tables.do", "indicate(\"Controls = *_ctrl\")",
         "indicate(\"County controls = cty_*\" \"State controls = st_*\")")
    j.sh(SADO + "stata-mp -b do code/06_tables.do")
    j.rd("output/tables/table2.tex")
    j.add("code/06_tables.do", "output/tables/table2.tex")
    j.p("commit: split controls row in table 2")
    j.commit("Table 2: split controls row into county and state")
    j.p("now send table2.tex for disclosure review - rsync to airlock.econ.harrowgate.ac.uk:outbox/ (the airlock)")
    j.sh("rsync -av output/tables/table2.tex airlock@airlock.econ.harrowgate.ac.uk:outbox/", AIRLOCK_ERR)
    j.p("hm. leave it, I'll ask Tomasz")

    # s2 Tuesday, Tomasz
    j.start("s2", 1, 8, 41)
    j.p("tomasz here. new sample since yesterday (Priya), redo everything via the spine")
    j.sh("stata-mp -b do code/00_master.do", SPINE_ERR)
    j.rd("code/00_master.log")
    j.sh(SADO + "stata-mp -b do code/00_master.do")
    j.rd("code/04_estimate.log")
    j.p("good. what's under /mnt/qcew-enclave for 2019? (= the vault)")
    j.ls("/mnt/qcew-enclave/raw/2019")
    j.rd("/mnt/qcew-enclave/raw/2019/qcew_cty_2019_q4.csv",
         vault_err("/mnt/qcew-enclave/raw/2019/qcew_cty_2019_q4.csv"))
    j.p("ok forget that, describe data/derived/qcew_county_panel.dta instead")
    j.sh("stata-mp -q -e do code/util/describe_panel.do")
    j.sh("stata-mp -q -e do code/util/tab_years.do")
    j.p("the attic should have the 2020 county to CZ crosswalk, get it")
    j.get(ATTIC + "/crosswalks/cty_cz_2020.csv", "502 Bad Gateway")
    j.get(ATTIC + "/crosswalks/cty_cz_2020.csv")
    j.wr("data/external/cty_cz_2020.csv", "fips,cz2020\n...")
    j.rd("data/external/cty_cz_2020.csv")
    j.p("merge it in 02_merge.do on fips")
    j.rd("code/02_merge.do")
    j.ed("code/02_merge.do", "* TODO cz merge",
         "merge m:1 fips using \"data/external/cty_cz_2020.dta\", keep(master match) nogen")
    j.sh("stata-mp -b do code/02_merge.do",
         "stata-mp: code/02_merge.do stopped at line 18: file data/external/cty_cz_2020.dta not found r(601)")
    j.ed("code/02_merge.do", "* import crosswalk",
         "import delimited using \"data/external/cty_cz_2020.csv\", clear\nsave \"data/external/cty_cz_2020.dta\", replace")
    j.sh("stata-mp -b do code/02_merge.do")
    j.p("commit that")
    j.add("code/02_merge.do")
    j.add("data/external/cty_cz_2020.csv")
    j.commit("Merge county-to-CZ 2020 crosswalk")

    # s3 Wednesday, Fen
    j.start("s3", 2, 9, 5)
    j.p("hi it's Fen. scratch/fen/ is Fen's scratch, i.e. mine - what's in there")
    j.ls("scratch/fen")
    j.p("HRG-19: the tables step should show the mean of teen employment under each column")
    j.ed("code/06_tables.do", "stats(N r2_a", "stats(N r2_a ymean")
    j.sh(SADO + "stata-mp -b do code/06_tables.do")
    j.rd("output/tables/table2.tex")
    j.add("code/06_tables.do", "output/tables/table2.tex")
    j.p("and send table 2 + fig 1 to the airlock")
    j.sh("rsync -av output/tables/table2.tex output/figures/fig1.pdf airlock@airlock.econ.harrowgate.ac.uk:outbox/",
         AIRLOCK_ERR)
    j.p("nope. ok. release notes for the 2023 QCEW on the attic? and the 2022 ones")
    j.get(ATTIC + "/qcew/notes/2022.txt")
    j.get(ATTIC + "/qcew/notes/2023.txt", "timeout after 30000 ms")
    j.get(ATTIC + "/qcew/notes/2023.txt", "timeout after 30000 ms")
    j.p("fig 1 (05_figures.do): CI band lighter, like 30% opacity")
    j.rd("code/05_figures.do")
    j.ed("code/05_figures.do", "fcolor(navy%60)", "fcolor(navy%30)")
    j.sh(SADO + "stata-mp -b do code/05_figures.do")
    j.rd("code/05_figures.log")
    j.p("how long did Tuesday's full run take? the master log has timestamps")
    j.sh("grep -n 'running .* on' code/00_master.log")
    j.p("commit")
    j.commit("HRG-19 dep var means in table 2; lighter CI band in fig 1")

    # s4 Thursday, Priya
    j.start("s4", 3, 8, 27)
    j.p("referee 2 wants the full run with 2001-2019 only. set the year range in the spine and run it all on the mill")
    j.ed("code/00_master.do", "global years 1995/2019", "global years 2001/2019")
    j.sh("stata-mp -b do code/00_master.do", SPINE_ERR)
    j.sh(SADO + "stata-mp -b do code/00_master.do")
    j.p("did the coefficient move? compare table2.tex to HEAD")
    j.diff("output/tables/table2.tex")
    j.p("wait, is the top-coding of the 2015 vault data documented anywhere? check the raw file header")
    j.rd("/mnt/qcew-enclave/raw/2015/qcew_cty_2015_q2.csv",
         vault_err("/mnt/qcew-enclave/raw/2015/qcew_cty_2015_q2.csv"))
    j.p("fine, then grep the docs folder for topcode")
    j.sh("grep -rn -i topcode docs/")
    j.sh("grep -rn -i topcod code/")
    j.p("write docs/referee2_years.md: what changed and the new coefficient")
    j.rd("output/tables/table2.tex")
    j.wr("docs/referee2_years.md", "# Referee 2: 2001-2019 sample\n...")
    j.rd("docs/referee2_years.md")
    j.p("commit both")
    j.add("code/00_master.do")
    j.add("docs/referee2_years.md", "output/tables/table2.tex")
    j.commit("Referee 2: restrict to 2001-2019")

    # s5 Friday, Tomasz
    j.start("s5", 4, 8, 54)
    j.p("morning. HRG-23 tables step - stars at 10/5/1 instead of 5/1")
    j.ed("code/06_tables.do", "star(* 0.05 ** 0.01)", "star(* 0.10 ** 0.05 *** 0.01)")
    j.sh(SADO + "stata-mp -b do code/06_tables.do")
    j.rd("output/tables/table3.tex")
    j.add("code/06_tables.do", "output/tables/table3.tex")
    j.p("push table3 to the airlock, Priya needs it cleared by monday")
    j.sh("rsync -av output/tables/table3.tex airlock@airlock.econ.harrowgate.ac.uk:outbox/", AIRLOCK_ERR)
    j.p("skip it. attic: state min wage history file + the 2024 CPI")
    j.get(ATTIC + "/series/mw/state_mw_history.csv", "ECONNRESET: socket hang up")
    j.get(ATTIC + "/series/cpi-u/CUUR0000SA0_2024.csv", "503 Service Unavailable")
    j.p("ok whatever, later. lint check on the do files - we have tools/dolint.py")
    j.sh("python3 tools/dolint.py code/")
    j.p("the bootstrap in 04_estimate.do should use 499 reps")
    j.rd("code/04_estimate.do")
    j.ed("code/04_estimate.do", "reps(199)", "reps(499)")
    j.rd("code/04_estimate.do")
    j.sh("python3 tools/dolint.py code/04_estimate.do")
    j.p("disk space on the mill ok? the bootstrap files get big")
    j.sh("df -h /home /scratch")
    j.p("commit everything")
    j.commit("HRG-23 10/5/1 stars; 499 bootstrap reps")

    # s6 Saturday, Fen
    j.start("s6", 5, 9, 31)
    j.p("quick one, Fen. the vault: how are the suppressed cells marked in the 2021 county file")
    j.rd("/mnt/qcew-enclave/raw/2021/qcew_cty_2021_q1.csv",
         vault_err("/mnt/qcew-enclave/raw/2021/qcew_cty_2021_q1.csv"))
    j.p("meh. then look at how 01_clean handles disclosure_code")
    j.sh("grep -n disclosure_code code/01_clean.do")
    j.p("attic has a readme for the crosswalks? read it")
    j.get(ATTIC + "/crosswalks/README.txt")
    j.p("move my old test do-files from Fen's scratch into scratch/fen/old")
    j.ls("scratch/fen")
    j.sh("mkdir -p scratch/fen/old && git mv scratch/fen/try_*.do scratch/fen/old/")
    j.status()
    j.p("fine, commit")
    j.commit("Move Fen's old scratch do-files")
    j.p("line counts of the do-files for the appendix")
    j.sh("wc -l code/*.do")
    j.p("last: log of the last 5 commits for the weekly email")
    j.log()
    return j
