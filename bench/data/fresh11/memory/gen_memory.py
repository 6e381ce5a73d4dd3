#!/usr/bin/env python3
"""Regenerates journal-43..46.jsonl byte-for-byte (all data inline; standard library only).
The truth files are written by this script too."""
import json, os
HERE = os.path.dirname(os.path.abspath(__file__))



class Rng:
    def __init__(self, seed):
        self.x = seed

    def next(self, lo, hi):
        self.x = (self.x * 1103515245 + 12345) % 2147483648
        return lo + (self.x >> 8) % (hi - lo + 1)


# ---- call constructors: each returns (organ, ability, args, error-or-None)
def R(p, err=None): return ("fs", "read_file", {"path": p}, err)
def W(p, content, err=None): return ("fs", "write_file", {"path": p, "content": content}, err)
def E(p, old, new, err=None): return ("fs", "edit_file", {"path": p, "old_string": old, "new_string": new}, err)
def LS(p, err=None): return ("fs", "list_directory", {"path": p}, err)
def SH(cmd, err=None): return ("shell", "run", {"command": cmd}, err)
def ST(err=None): return ("git", "status", {}, err)
def DF(p=None, staged=False, err=None):
    a = {}
    if p: a["path"] = p
    if staged: a["staged"] = True
    return ("git", "diff", a, err)
def ADD(*paths, err=None): return ("git", "add", {"paths": list(paths)}, err)
def CI(msg, err=None): return ("git", "commit", {"message": msg}, err)
def LOG(n=10, p=None, err=None):
    a = {"max_count": n}
    if p: a["path"] = p
    return ("git", "log", a, err)
def GET(url, err=None): return ("http", "get", {"url": url}, err)


DUR = {"read_file": (1, 9), "write_file": (2, 12), "edit_file": (2, 14), "list_directory": (1, 6),
       "status": (8, 40), "diff": (10, 60), "add": (6, 30), "commit": (20, 90), "log": (8, 50),
       "get": (120, 1800)}


def build(seed, day_starts, sessions):
    """sessions: list of 6 lists of (progress_text, [calls]); returns event list."""
    rng = Rng(seed)
    out = []
    for si, segs in enumerate(sessions):
        sid = "s%d" % (si + 1)
        t = float(day_starts[si]) + rng.next(0, 900)
        for text, calls in segs:
            out.append({"ts": round(t, 1), "session": sid, "kind": "progress", "text": text})
            t += rng.next(8, 40) + rng.next(0, 9) / 10
            for organ, ab, args, err in calls:
                if ab == "run":
                    d = float(rng.next(300, 90000)) if err is None else float(rng.next(200, 20000))
                else:
                    lo, hi = DUR[ab]
                    d = float(rng.next(lo * 10, hi * 10)) / 10
                    if err and ab == "get" and "imed out" in err:
                        d = 30000.0 + rng.next(0, 999)
                ev = {"ts": round(t, 1), "session": sid, "kind": "call", "organ": organ, "ability": ab,
                      "args": args, "ok": err is None}
                if err is not None:
                    ev["error"] = err
                ev["duration_ms"] = d
                out.append(ev)
                t += d / 1000.0 + rng.next(4, 70) + rng.next(0, 9) / 10
            t += rng.next(300, 3600)
    return out


def days(first):
    """Six working days from a Monday at 08:00 UTC (Mon..Fri, next Mon)."""
    return [first + k * 86400 for k in (0, 1, 2, 3, 4, 7)]


def write(n, events, truth):
    with open(os.path.join(HERE, "journal-%d.jsonl" % n), "w", encoding="utf-8", newline="\n") as f:
        for e in events:
            f.write(json.dumps(e, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(truth, ensure_ascii=False, indent=2) + "\n")
# ---------------------------------------------------------------- journal 43: an R package (devtools, roxygen2, CRAN)
RENV = "ENOENT: no such file or directory, open '/home/dev/tidyseq/renv.lock'"
QUARTO = "ERROR: Unable to locate an installed version of Python 3.\nInstall Python 3 from https://www.python.org/downloads/ and make sure it is on the PATH."
PDFLATEX = "Error: pdflatex is not available\n* checking PDF version of manual ... ERROR\nStatus: 1 ERROR"
WB = "https://win-builder.r-project.org/"
DOC = 'Rscript -e "devtools::document()"'
TEST = 'Rscript -e "devtools::test()"'
BUILD = 'Rscript -e "devtools::build()"'
LOAD = 'Rscript -e "devtools::load_all()"'
J43 = [
 [  # s1
  ("CRAN flagged a NOTE on the last release about non-ASCII characters in R/, have a look",
   [R("DESCRIPTION"), R("renv.lock", RENV), SH("grep -rnP '[^\\x00-\\x7F]' R/"), R("R/parse.R"), R("R/utils.R")]),
  ("replace the en dashes in parse.R with plain hyphens",
   [E("R/parse.R", "# k-mers of length 3\u20135", "# k-mers of length 3-5"),
    E("R/parse.R", "#' @return A tibble \u2013 one row per record", "#' @return A tibble, one row per record"),
    SH("grep -rnP '[^\\x00-\\x7F]' R/")]),
  ("what does the CRAN check page say for the current version?",
   [GET("https://cran.r-project.org/web/checks/check_results_tidyseq.html"),
    GET("https://cran.r-project.org/web/packages/tidyseq/index.html")]),
  ("run the tests and the linter", [SH(TEST), SH('Rscript -e "lintr::lint_package()"')]),
  ("commit it", [ST(), ADD("R/parse.R"), CI("Replace non-ASCII dashes in parse.R")]),
  ("what's left on the 0.4.0 milestone on GitHub?",
   [GET("https://api.github.com/repos/tidyseq/tidyseq/milestones/4"),
    GET("https://api.github.com/repos/tidyseq/tidyseq/issues?milestone=4&state=open")]),
 ],
 [  # s2
  ("add a kmer_count() function for issue #57, with tests",
   [LS("R"), R("R/parse.R"), R("tests/testthat/test-parse.R"),
    W("R/kmer.R", "#' Count k-mers\n#' @param x A character vector of sequences.\n#' @param k Word length.\n#' @export\nkmer_count <- function(x, k = 3) {\n  .Call(C_kmer_count, x, as.integer(k))\n}\n"),
    W("tests/testthat/test-kmer.R", "test_that(\"kmer_count counts 3-mers\", {\n  expect_equal(kmer_count(\"ACGTAC\")[[\"ACG\"]], 1L)\n})\n"),
    SH(LOAD), SH("Rscript -e \"devtools::test(filter = 'kmer')\"")]),
  ("regenerate the docs and commit the new function",
   [SH(DOC), DF(), ADD("R/kmer.R", "man/kmer_count.Rd", "NAMESPACE", "tests/testthat/test-kmer.R"), CI("Add kmer_count() (#57)")]),
  ("render the vignette so I can see the new section", [SH("quarto render vignettes/tidyseq.qmd", QUARTO)]),
  ("never mind the vignette. run the full CRAN check",
   [SH(BUILD), SH("R CMD check --as-cran tidyseq_0.4.0.tar.gz", PDFLATEX), SH("R CMD check --as-cran --no-manual tidyseq_0.4.0.tar.gz")]),
  ("send it to win-builder, devel", [SH('Rscript -e "devtools::check_win_devel()"'), GET(WB)]),
  ("are the win-builder results in yet?",
   [GET(WB + "3f9a1c0b2d/00check.log", "HTTP 404 Not Found"), GET(WB + "3f9a1c0b2d/00check.log")]),
 ],
 [  # s3
  ("pick up where we left off yesterday, what state is the repo in", [ST(), LOG(5), R("renv.lock", RENV)]),
  ("issue #61: kmer_count() should reject k < 1",
   [R("R/kmer.R"), E("R/kmer.R", "kmer_count <- function(x, k = 3) {", "kmer_count <- function(x, k = 3) {\n  if (k < 1) stop(\"`k` must be at least 1\", call. = FALSE)"),
    E("tests/testthat/test-kmer.R", "})\n", "})\n\ntest_that(\"k < 1 is an error\", {\n  expect_error(kmer_count(\"ACGT\", k = 0), \"k must be\")\n})\n"),
    SH(LOAD), SH("Rscript -e \"devtools::test(filter = 'kmer')\"", "\u2500\u2500 Failure (test-kmer.R:6:3): k < 1 is an error \u2500\u2500\n`kmer_count(\"ACGT\", k = 0)` threw an error with unexpected message."),
    E("tests/testthat/test-kmer.R", "\"k must be\"", "\"must be at least 1\""),
    SH("Rscript -e \"devtools::test(filter = 'kmer')\"")]),
  ("regenerate docs and commit",
   [SH(DOC), DF(), ADD("R/kmer.R", "man/kmer_count.Rd", "tests/testthat/test-kmer.R"), CI("Validate k in kmer_count() (#61)")]),
  ("check win-builder",
   [GET(WB + "3f9a1c0b2d/00check.log", "ReadTimeout: HTTPSConnectionPool(host='win-builder.r-project.org', port=443): Read timed out. (read timeout=30)"),
    GET(WB + "3f9a1c0b2d/00check.log", "HTTP 503 Service Unavailable")]),
  ("ok skip it for now. update NEWS.md for 0.4.0",
   [R("NEWS.md"), E("NEWS.md", "# tidyseq (development version)", "# tidyseq 0.4.0"),
    E("NEWS.md", "# tidyseq 0.4.0\n", "# tidyseq 0.4.0\n\n* New `kmer_count()` (#57); `k` is validated (#61).\n")]),
 ],
 [  # s4
  ("try the vignette render again, I installed something last night",
   [R("vignettes/tidyseq.qmd"), SH("python3 --version"), SH("quarto render vignettes/tidyseq.qmd", QUARTO),
    SH("quarto render vignettes/tidyseq.qmd --to html", QUARTO)]),
  ("forget quarto for now; rebuild and rerun the CRAN check",
   [SH(BUILD), SH("R CMD check --as-cran tidyseq_0.4.0.tar.gz", PDFLATEX), SH("R CMD check --as-cran --no-manual tidyseq_0.4.0.tar.gz")]),
  ("win-builder results?", [GET(WB + "3f9a1c0b2d/00check.log"), GET(WB + "3f9a1c0b2d/00install.out")]),
  ("one NOTE: 'Possibly misspelled words in DESCRIPTION: kmer'. add it to inst/WORDLIST",
   [LS("inst"), W("inst/WORDLIST", "FASTA\nkmer\nkmers\n"), SH('Rscript -e "spelling::spell_check_package()"')]),
  ("commit the wordlist", [ADD("inst/WORDLIST"), ADD(".Rbuildignore"), CI("Add WORDLIST for the spelling check")]),
  ("look at the reverse dependencies and the check results on CRAN",
   [GET("https://cran.r-project.org/web/packages/tidyseq/index.html"),
    GET("https://cran.r-project.org/web/checks/check_results_tidyseq.html")]),
 ],
 [  # s5
  ("bump the version to 0.4.0 in DESCRIPTION",
   [R("DESCRIPTION"), E("DESCRIPTION", "Version: 0.3.9.9000", "Version: 0.4.0", "edit_file: old_string not found in DESCRIPTION"),
    SH('git grep -n "9000" -- DESCRIPTION'), R("DESCRIPTION"), E("DESCRIPTION", "Version: 0.3.2.9000", "Version: 0.4.0")]),
  ("quarto again please, python should be on the PATH now",
   [SH("which python3"), SH("quarto render vignettes/tidyseq.qmd", QUARTO)]),
  ("fine, leave it. rebuild the Rd files and commit the version bump",
   [SH(DOC), DF(), ADD("DESCRIPTION", "man/tidyseq-package.Rd"), CI("Bump version to 0.4.0")]),
  ("poll win-builder one more time",
   [GET(WB + "8c21e7d4aa/00check.log", "ConnectionResetError: [Errno 104] Connection reset by peer"), GET(WB + "8c21e7d4aa/00check.log")]),
  ("draft cran-comments.md for the submission",
   [W("cran-comments.md", "## Test environments\n* local Ubuntu 24.04, R 4.4.2\n* win-builder (devel)\n\n## R CMD check results\n0 errors | 0 warnings | 1 note\n"),
    GET("https://cran.r-project.org/web/packages/policies.html"),
    E("cran-comments.md", "1 note\n", "1 note\n\n* This is a new release.\n")]),
 ],
 [  # s6
  ("CRAN replied: they want 0.4.1 with a fix for the UBSAN report. start by looking at the project setup",
   [R("renv.lock", RENV), R("DESCRIPTION"), LS("src")]),
  ("fix the out-of-bounds read in src/kmer.c",
   [R("src/kmer.c"), E("src/kmer.c", "for (R_xlen_t i = 0; i <= n - k + 1; i++)", "for (R_xlen_t i = 0; i + k <= n; i++)"),
    E("DESCRIPTION", "Version: 0.4.0", "Version: 0.4.1"), SH(LOAD), SH(TEST)]),
  ("build and check",
   [SH(BUILD), SH('Rscript -e "urlchecker::url_check()"'), SH("R CMD check --as-cran tidyseq_0.4.1.tar.gz", PDFLATEX),
    SH("R CMD check --as-cran --no-manual tidyseq_0.4.1.tar.gz")]),
  ("upload to win-builder, devel and release, and check the page",
   [SH('Rscript -e "devtools::check_win_devel()"'), SH('Rscript -e "devtools::check_win_release()"'), GET(WB)]),
  ("results?", [GET(WB + "b7e04f19c3/00check.log"), GET(WB + "b7e04f19c3/00install.out", "HTTP 502 Bad Gateway")]),
  ("commit the fix", [DF(), ADD("src/kmer.c", "DESCRIPTION"), CI("Fix out-of-bounds read in kmer.c (UBSAN); 0.4.1")]),
  ("what's still open on GitHub for 0.4.1?", [GET("https://api.github.com/repos/tidyseq/tidyseq/issues?milestone=5&state=open")]),
 ],
]
T43 = {
 "planted": [
  {"id": "j43-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "quarto",
   "description": "Rendering the vignette with `quarto render vignettes/tidyseq.qmd` always fails: quarto cannot find a Python 3 installation. 4 failures in s2, s4, s5 with one signature; never fixed (the agent gives up each time)."},
  {"id": "j43-p2", "kind": "pitfall", "ability": "fs.read_file", "anchor": "renv.lock",
   "description": "At the start of a task the agent reads renv.lock, but the package does not use renv: ENOENT in s1, s3, s6; never fixed (no such file is ever read successfully)."},
  {"id": "j43-p3", "kind": "rule", "ability": "shell.run", "anchor": "pdflatex",
   "description": "`R CMD check --as-cran <tarball>` fails with 'Error: pdflatex is not available' (no TeX on the machine); the fix is to add --no-manual. Failure then fix in s2, s4, s6."},
  {"id": "j43-p4", "kind": "playbook", "ability": "shell.run", "anchor": "document",
   "description": "After changing roxygen comments: shell.run `Rscript -e \"devtools::document()\"` > git.diff > git.add > git.commit, as the whole step between two prompts in s2, s3, s5."},
  {"id": "j43-p5", "kind": "weak_link", "ability": "http.get", "anchor": "win-builder.r-project.org",
   "description": "http.get to win-builder.r-project.org (polling check results): 12 calls, 7 successful (58%); failures are 404 (not ready), read timeout, 503, connection reset, 502, each once, with plain retries."},
 ],
 "queries": [
  {"q": "Vignette: add a section on kmer_count()", "planted_id": "j43-p1"},
  {"q": "Rebuild the getting-started vignette for the website", "planted_id": "j43-p1"},
  {"q": "Actualizar la viñeta con ejemplos de FASTA", "planted_id": "j43-p1"},
  {"q": "Reproducible dev environment for new contributors", "planted_id": "j43-p2"},
  {"q": "Audit package dependencies before 0.5.0", "planted_id": "j43-p2"},
  {"q": "Bump minimum R version to 4.1", "planted_id": "j43-p2"},
  {"q": "Prepare CRAN resubmission 0.4.2", "planted_id": "j43-p3"},
  {"q": "Kör R CMD check innan vi taggar v0.5.0", "planted_id": "j43-p3"},
  {"q": "Pre-release check for the UBSAN fix", "planted_id": "j43-p3"},
  {"q": "Document the new `alphabet` argument of parse_fasta()", "planted_id": "j43-p4"},
  {"q": "Export reverse_complement() and add @examples", "planted_id": "j43-p4"},
  {"q": "Roxygen: fix @param typo in trim_reads", "planted_id": "j43-p4"},
  {"q": "Windows check before submitting 0.4.2", "planted_id": "j43-p5"},
  {"q": "Test on R-devel for Windows", "planted_id": "j43-p5"},
  {"q": "win-builder resutls for the UBSAN fix", "planted_id": "j43-p5"},
 ],
 "negatives": [
  "Windows line endings in inst/extdata/example.fa",
  "Document the release process in CONTRIBUTING.md",
  "PDF export of the coverage plot is blank",
  "Speed up parse_fasta() on large files",
  "Add a gc_content() helper",
  "Support lowercase nucleotides in reverse_complement()",
  "Warning in trim_reads() when quality is NA",
  "Add a hex sticker to the README",
 ],
 "notes": "Stack: an R package (tidyseq) developed with devtools/roxygen2/testthat and submitted to CRAN. Noise: one test failure fixed by an identical rerun (s3), one edit_file mismatch on DESCRIPTION fixed at once (s5), ordinary reads, edits, commits, CRAN and GitHub pages. Traps 1-3 share words with p5 (Windows), p4 (document, release) and p3 (PDF) but do not involve win-builder, roxygen or R CMD check. p2's anchor is a file that never exists; the ability is fs.read_file. shell.run overall stays above 70% success; http.get overall is 15/20.",
}
# ---------------------------------------------------------------- journal 44: an Ansible playbook repo (Debian fleet)
MOLECULE = "CRITICAL Failed to pre-validate.\n\nCannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?"
VAULT = "ERROR! Attempting to decrypt but no vault secrets found"
ALLYML = "ENOENT: no such file or directory, open 'group_vars/all.yml'"
VF = " --vault-password-file ~/.ansible/vault_pass.txt"
AP = "ansible-playbook -i inventories/prod/hosts.yml site.yml"
HOSTS = "inventories/prod/hosts.yml"
GV = "inventories/prod/group_vars/all.yml"
def HOOK(hook, detail):
    return "pre-commit: %s%sFailed\n- hook id: %s\n- exit code: 1\n\n%s" % (hook, "." * (60 - len(hook)), hook, detail)
def HOST_ENTRY(h, ip):
    return ("        web-06:\n", "        web-06:\n        %s:\n          ansible_host: %s\n" % (h, ip))
J44 = [
 [  # s1
  ("We're hardening sshd across prod this week. start with what the ssh role does today",
   [LS("roles/ssh_hardening/tasks"), R("roles/ssh_hardening/tasks/main.yml"), R("roles/ssh_hardening/defaults/main.yml")]),
  ("what do the global vars say about the ssh port?", [R("group_vars/all.yml", ALLYML), R(GV)]),
  ("disable password auth and root login in the role defaults",
   [E("roles/ssh_hardening/defaults/main.yml", "ssh_password_authentication: true", "ssh_password_authentication: false"),
    E("roles/ssh_hardening/defaults/main.yml", "ssh_permit_root_login: \"yes\"", "ssh_permit_root_login: \"no\""),
    SH("ansible-lint roles/ssh_hardening")]),
  ("run the molecule tests for the role", [SH("molecule test -s default", MOLECULE)]),
  ("dry run it against two staging hosts instead",
   [SH("ansible-playbook -i inventories/staging/hosts.yml site.yml --limit stg-web-01,stg-web-02 --check --diff" + VF),
    SH("ansible-playbook -i inventories/staging/hosts.yml site.yml --limit stg-web-01,stg-web-02 --tags ssh --diff" + VF)]),
  ("commit", [ST(), ADD("roles/ssh_hardening/defaults/main.yml"), CI("ssh_hardening: no password auth, no root login")]),
  ("also add an AllowGroups line to the sshd template and commit that separately",
   [E("roles/ssh_hardening/templates/sshd_config.j2", "PermitRootLogin {{ ssh_permit_root_login }}\n", "PermitRootLogin {{ ssh_permit_root_login }}\nAllowGroups {{ ssh_allow_groups | join(' ') }}\n"),
    ADD("roles/ssh_hardening/templates/sshd_config.j2"),
    CI("ssh_hardening: restrict logins with AllowGroups", HOOK("yamllint", "roles/ssh_hardening/defaults/main.yml\n  9:81  error  line too long (96 > 80 characters)  (line-length)")),
    E("roles/ssh_hardening/defaults/main.yml", "ssh_allow_groups: [\"sshusers\", \"ops\", \"deploy\", \"monitoring\", \"backup-operators\", \"breakglass\"]",
      "ssh_allow_groups:\n  - sshusers\n  - ops\n  - deploy\n  - monitoring\n  - backup-operators\n  - breakglass"),
    ADD("roles/ssh_hardening/defaults/main.yml"), CI("ssh_hardening: restrict logins with AllowGroups")]),
 ],
 [  # s2
  ("web-07 is racked. add it to the prod inventory and check that it answers",
   [E(HOSTS, *HOST_ENTRY("web-07", "10.20.1.17")), SH("ansible -i inventories/prod/hosts.yml web-07 -m ping"), ADD(HOSTS), CI("Add web-07 to prod inventory")]),
  ("dry-run site.yml against it", [SH(AP + " --limit web-07 --check --diff", VAULT), SH(AP + " --limit web-07 --check --diff" + VF)]),
  ("the nginx role pins 1.22.1-7; what does Debian 12 ship now?",
   [R("roles/nginx/defaults/main.yml"), GET("https://packages.debian.org/bookworm/nginx"), R("roles/nginx/tasks/main.yml")]),
  ("bump it to 1.22.1-9 and use cache_valid_time on the apt task",
   [E("roles/nginx/defaults/main.yml", "nginx_version: 1.22.1-7", "nginx_version: 1.22.1-9"),
    E("roles/nginx/tasks/main.yml", "    update_cache: true\n", "    update_cache: true\n    cache_valid_time: 3600\n"),
    SH("ansible-lint roles/nginx")]),
  ("commit",
   [ADD("roles/nginx"), CI("nginx: 1.22.1-9, cache apt for an hour", HOOK("ansible-lint", "name[casing]: All names should start with an uppercase letter.\nroles/nginx/tasks/main.yml:3 Task/Handler: install nginx")),
    R("roles/nginx/tasks/main.yml"), E("roles/nginx/tasks/main.yml", "- name: install nginx", "- name: Install nginx"),
    ADD("roles/nginx"), CI("nginx: 1.22.1-9, cache apt for an hour")]),
  ("apply nginx to web-07 for real",
   [SH(AP + " --limit web-07 --tags nginx" + VF), SH("curl -sI http://web-07.prod.internal/")]),
 ],
 [  # s3
  ("docker should work on this box now. run molecule for the ssh role again",
   [SH("molecule test -s default", MOLECULE), SH("molecule converge -s default", MOLECULE)]),
  ("ok, leave molecule. set the prod NTP servers in the group vars",
   [R("group_vars/all.yml", ALLYML), R(GV), E(GV, "ntp_servers:\n  - 0.debian.pool.ntp.org\n", "ntp_servers:\n  - ntp1.corp.internal\n  - ntp2.corp.internal\n")]),
  ("dry-run the ntp tag on all of prod", [SH(AP + " --tags ntp --check" + VF)]),
  ("commit",
   [DF(), ADD(GV), CI("prod: use the internal NTP servers", HOOK("trailing-whitespace", "- files were modified by this hook\n\nFixing inventories/prod/group_vars/all.yml")),
    ADD(GV), CI("prod: use the internal NTP servers")]),
  ("does community.general have a timezone module?",
   [GET("https://docs.ansible.com/ansible/latest/collections/community/general/timezone_module.html"),
    GET("https://galaxy.ansible.com/api/v3/plugin/ansible/content/published/collections/index/community/general/")]),
  ("set the timezone to Europe/Stockholm in the common role",
   [R("roles/common/tasks/main.yml"),
    E("roles/common/tasks/main.yml", "- name: Install base packages\n", "- name: Set timezone\n  community.general.timezone:\n    name: \"{{ common_timezone }}\"\n\n- name: Install base packages\n"),
    E("roles/common/defaults/main.yml", "common_packages:\n", "common_timezone: Europe/Stockholm\ncommon_packages:\n"),
    SH("ansible-lint roles/common")]),
  ("show me what's changed, I'll commit it tomorrow", [ST(), DF()]),
 ],
 [  # s4
  ("web-08 is up too. same as web-07: inventory, ping, commit",
   [E(HOSTS, "        web-07:\n          ansible_host: 10.20.1.17\n", "        web-07:\n          ansible_host: 10.20.1.17\n        web-08:\n          ansible_host: 10.20.1.18\n"),
    SH("ansible -i inventories/prod/hosts.yml web-08 -m ping"), ADD(HOSTS), CI("Add web-08 to prod inventory")]),
  ("dry-run site.yml on web-08", [SH(AP + " --limit web-08 --check --diff", VAULT), SH(AP + " --limit web-08 --check --diff" + VF)]),
  ("apply it for real and check nginx answers", [SH(AP + " --limit web-08" + VF), SH("curl -sI http://web-08.prod.internal/")]),
  ("add the two new nodes to the haproxy pool",
   [R("roles/haproxy/templates/haproxy.cfg.j2"),
    E("roles/haproxy/templates/haproxy.cfg.j2", "    server web-06 10.20.1.16:80 check\n", "    server web-06 10.20.1.16:80 check\n    server web-07 10.20.1.17:80 check\n    server web-08 10.20.1.18:80 check"),
    SH(AP + " --limit lb --tags haproxy --check --diff" + VF)]),
  ("commit the haproxy change",
   [ADD("roles/haproxy/templates/haproxy.cfg.j2"), CI("haproxy: add web-07 and web-08 to the pool", HOOK("end-of-file-fixer", "- files were modified by this hook\n\nFixing roles/haproxy/templates/haproxy.cfg.j2"))]),
  ("leave it, I'll look tomorrow. what's the latest community.crypto on galaxy, and what do we pin?",
   [GET("https://galaxy.ansible.com/api/v3/plugin/ansible/content/published/collections/index/community/crypto/"), R("requirements.yml")]),
 ],
 [  # s5
  ("new role for fail2ban please, scaffold it",
   [SH("ansible-galaxy role init roles/fail2ban"), LS("roles/fail2ban"),
    W("roles/fail2ban/tasks/main.yml", "---\n- name: Install fail2ban\n  ansible.builtin.apt:\n    name: fail2ban\n    state: present\n"),
    W("roles/fail2ban/defaults/main.yml", "---\nfail2ban_bantime: 3600\nfail2ban_maxretry: 5\n")]),
  ("what bantime do we use elsewhere? check the global vars", [R("group_vars/all.yml", ALLYML), R(GV)]),
  ("run molecule on the new role", [SH("molecule test -s default", MOLECULE)]),
  ("lint it and wire it into site.yml",
   [SH("ansible-lint roles/fail2ban"), E("site.yml", "    - role: ssh_hardening\n", "    - role: ssh_hardening\n    - role: fail2ban\n      tags: fail2ban\n"),
    SH("ansible-playbook -i inventories/prod/hosts.yml site.yml --syntax-check")]),
  ("commit",
   [ADD("roles/fail2ban", "site.yml"), CI("Add fail2ban role", HOOK("ansible-lint", "no-handler: Tasks that run when changed should likely be handlers.\nroles/fail2ban/tasks/main.yml:12 Task/Handler: Restart fail2ban")),
    E("roles/fail2ban/tasks/main.yml", "- name: Restart fail2ban\n  ansible.builtin.service:\n    name: fail2ban\n    state: restarted\n  when: jail_conf.changed\n", "  notify: Restart fail2ban\n"),
    W("roles/fail2ban/handlers/main.yml", "---\n- name: Restart fail2ban\n  ansible.builtin.service:\n    name: fail2ban\n    state: restarted\n"),
    ADD("roles/fail2ban"), CI("Add fail2ban role")]),
  ("dry-run it on the staging web hosts",
   [SH("ansible-playbook -i inventories/staging/hosts.yml site.yml --limit web --tags fail2ban --check --diff" + VF)]),
 ],
 [  # s6
  ("web-09 arrived over the weekend, add it like the others",
   [E(HOSTS, "        web-08:\n          ansible_host: 10.20.1.18\n", "        web-08:\n          ansible_host: 10.20.1.18\n        web-09:\n          ansible_host: 10.20.1.19\n"),
    SH("ansible -i inventories/prod/hosts.yml web-09 -m ping"), ADD(HOSTS), CI("Add web-09 to prod inventory")]),
  ("dry-run fail2ban on prod", [SH(AP + " --tags fail2ban --check --diff", VAULT), SH(AP + " --tags fail2ban --check --diff" + VF)]),
  ("the haproxy change from Thursday is still uncommitted, sort it out and include web-09",
   [ST(), R("roles/haproxy/templates/haproxy.cfg.j2"),
    E("roles/haproxy/templates/haproxy.cfg.j2", "    server web-08 10.20.1.18:80 check", "    server web-08 10.20.1.18:80 check\n    server web-09 10.20.1.19:80 check\n"),
    ADD("roles/haproxy/templates/haproxy.cfg.j2", HOSTS),
    CI("haproxy: add web-07, web-08 and web-09 to the pool", HOOK("check-yaml", "while parsing a block mapping\n  in \"inventories/prod/hosts.yml\", line 41, column 9")),
    E(HOSTS, "        web-09:\n         ansible_host: 10.20.1.19\n", "        web-09:\n          ansible_host: 10.20.1.19\n"),
    ADD(HOSTS), CI("haproxy: add web-07, web-08 and web-09 to the pool")]),
  ("apply fail2ban to prod, web group first",
   [SH(AP + " --limit web --tags fail2ban" + VF), SH("ansible -i inventories/prod/hosts.yml web -m command -a 'fail2ban-client status sshd'")]),
  ("update the host list in the README",
   [R("README.md"), E("README.md", "| web-06 | 10.20.1.16 |\n", "| web-06 | 10.20.1.16 |\n| web-07 | 10.20.1.17 |\n| web-08 | 10.20.1.18 |\n| web-09 | 10.20.1.19 |\n"),
    E("README.md", "Last updated: 2026-10-02", "Last updated: 2026-11-16")]),
 ],
]
T44 = {
 "planted": [
  {"id": "j44-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "molecule",
   "description": "Every molecule run (`molecule test -s default`, `molecule converge -s default`) fails at pre-validation: no Docker daemon on this machine. 4 failures in s1, s3, s5, one signature; never fixed."},
  {"id": "j44-p2", "kind": "rule", "ability": "shell.run", "anchor": "vault",
   "description": "`ansible-playbook -i inventories/prod/hosts.yml site.yml ...` fails with 'ERROR! Attempting to decrypt but no vault secrets found'; the fix is to add --vault-password-file ~/.ansible/vault_pass.txt. s2, s4, s6."},
  {"id": "j44-p3", "kind": "rule", "ability": "fs.read_file", "anchor": "all.yml",
   "description": "Reading group_vars/all.yml fails (ENOENT): this repo keeps group vars per inventory; the fix is inventories/prod/group_vars/all.yml (same base name). s1, s3, s5."},
  {"id": "j44-p4", "kind": "playbook", "ability": "fs.edit_file", "anchor": "hosts.yml",
   "description": "Adding a host: fs.edit_file inventories/prod/hosts.yml > shell.run `ansible ... <host> -m ping` > git.add > git.commit, as the whole step between two prompts in s2, s4, s6."},
  {"id": "j44-p5", "kind": "weak_link", "ability": "git.commit", "anchor": "pre-commit",
   "description": "git.commit fails often because of the repo's pre-commit hooks (yamllint, ansible-lint, trailing-whitespace, end-of-file-fixer, check-yaml): 15 calls, 9 successful (60%). Retries reuse the same message, so no failure-to-fix rule arises."},
 ],
 "queries": [
  {"q": "Role tests for ssh_hardening in CI", "planted_id": "j44-p1"},
  {"q": "Otestovat roli nginx před nasazením", "planted_id": "j44-p1"},
  {"q": "Cover the fail2ban role with a Debian 12 test scenario", "planted_id": "j44-p1"},
  {"q": "Dry-run site.yml against prod before the freeze", "planted_id": "j44-p2"},
  {"q": "Rotate the postgres password on db hosts", "planted_id": "j44-p2"},
  {"q": "Apply the sysctl tuning to all prod hosts", "planted_id": "j44-p2"},
  {"q": "Change the prod DNS resolvers", "planted_id": "j44-p3"},
  {"q": "Global default for the ssh port", "planted_id": "j44-p3"},
  {"q": "Which NTP servers does prod use?", "planted_id": "j44-p3"},
  {"q": "Add web-10 to the prod inventory", "planted_id": "j44-p4"},
  {"q": "Nuevo nodo web-11 en producción", "planted_id": "j44-p4"},
  {"q": "Onboard db-03 into Ansible", "planted_id": "j44-p4"},
  {"q": "Rapikan variabel role nginx lalu commit", "planted_id": "j44-p5"},
  {"q": "Remvoe deprecated include: statements from roles", "planted_id": "j44-p5"},
  {"q": "Rename role variables to the role-name prefix", "planted_id": "j44-p5"},
 ],
 "negatives": [
  "Document the vault layout in the wiki",
  "Inventory spreadsheet: add serial numbers for web-07 to web-09",
  "Molecule naming conventions: write them up for the team",
  "Why did the backup cron on db-01 not run last night?",
  "Which hosts still run Debian 11?",
  "Estimate disk growth on the log servers",
  "Review the PR that adds the Grafana agent role",
  "Answer the auditor's question about TLS versions",
 ],
 "notes": "Stack: an Ansible repo (inventories/{prod,staging}, roles, site.yml) managing Debian hosts, with pre-commit hooks. Noise: lint runs, dry runs with the vault file, staging runs, edits, one-off reads. The weak link is an ability, not a host: git.commit fails 6 of 15 times with 5 different hook signatures (ansible-lint twice, in s2 and s5, each fixed by an identical retry). Traps 1-3 share 'vault', 'inventory/web-07' and 'molecule' with lessons but are documentation or spreadsheet work. Negatives 4-8 are investigations that need no playbook run, read of group vars or commit.",
}
# ---------------------------------------------------------------- journal 45: an OCaml compiler built with dune and menhir
OCF = "ocamlformat: Error while parsing .ocamlformat: version mismatch: .ocamlformat requires 0.26.2, this is 0.27.0"
PARSER = "ENOENT: no such file or directory, open 'lib/parser.ml'"
DISC = "https://discuss.ocaml.org/"
PROMOTE = "dune runtest --auto-promote"
J45 = [
 [  # s1
  ("We're adding exhaustiveness checks for match to miniml this week. show me how the typer handles match today",
   [R("lib/typer.ml"), R("lib/ast.ml"), LS("test/expect"), GET("https://ocaml.org/manual/5.2/patterns.html")]),
  ("someone linked a discuss thread about Maranget's algorithm, pull it up",
   [GET(DISC + "t/pattern-matching-exhaustiveness-in-a-toy-compiler/13842.json"), GET(DISC + "t/13842/posts.json", "HTTP 429 Too Many Requests")]),
  ("add a Usefulness module skeleton",
   [W("lib/usefulness.ml", "open Ast\n\ntype matrix = pattern list list\n\nlet useful (_ : matrix) (_ : pattern list) = true\n"),
    W("lib/usefulness.mli", "val useful : Ast.pattern list list -> Ast.pattern list -> bool\n"),
    SH("dune build"), SH("dune exec bin/main.exe -- examples/match.ml")]),
  ("format it", [SH("ocamlformat --inplace lib/usefulness.ml", OCF)]),
  ("skip formatting. write an expect test for a non-exhaustive match",
   [W("test/expect/nonexhaustive.t/run.t", "  $ miniml input.ml\n"), W("test/expect/nonexhaustive.t/input.ml", "let f x = match x with\n  | [] -> 0\n")]),
  ("promote the expected output and stage it", [SH(PROMOTE), DF("test/"), ADD("test/expect")]),
  ("commit everything", [ADD("lib/usefulness.ml", "lib/usefulness.mli"), CI("Usefulness skeleton and a first expect test")]),
 ],
 [  # s2
  ("menhir 20240715 is out; raise the lower bound in dune-project and regenerate the opam file",
   [E("dune-project", "(menhir (>= 20231231))", "(menhir (>= 20240715))"), SH("dune build miniml.opam"), ADD("dune-project", "miniml.opam"), CI("Require menhir >= 20240715")]),
  ("why does the parser reject `let rec f = function | [] -> 0`? look at the generated parser",
   [R("lib/parser.ml", PARSER), R("_build/default/lib/parser.ml"), R("lib/parser.mly")]),
  ("allow `function` right after `let rec ... =` in the grammar",
   [E("lib/parser.mly", "  | LET REC name = IDENT EQ e = expr", "  | LET REC name = IDENT EQ e = expr_or_function"),
    SH("dune build", "File \"lib/parser.mly\", line 88, characters 30-46:\nError: expr_or_function is undefined."),
    E("lib/parser.mly", "%%\n", "%%\n\nexpr_or_function:\n  | e = expr { e }\n  | FUNCTION cs = match_cases { Function cs }\n"),
    SH("dune build"), SH("dune runtest")]),
  ("what else did the reporter try? check the GitHub issue",
   [GET("https://api.github.com/repos/miniml-lang/miniml/issues/212"), GET("https://api.github.com/repos/miniml-lang/miniml/issues/212/comments"),
    GET("https://api.github.com/repos/miniml-lang/miniml/issues/212/events")]),
  ("anything on discuss about menhir's new error messages?",
   [GET(DISC + "search.json?q=menhir%20error%20messages"), GET(DISC + "t/ann-menhir-20240715/14931.json")]),
  ("commit the grammar fix", [ST(), DF(), ADD("lib/parser.mly"), CI("Parser: allow function after let rec (#212)")]),
 ],
 [  # s3
  ("implement the usefulness check for constructor patterns",
   [R("lib/usefulness.ml"), R("lib/types.ml"),
    E("lib/usefulness.ml", "let useful (_ : matrix) (_ : pattern list) = true\n", "let rec useful m v =\n  match v with\n  | [] -> m = []\n  | p :: rest -> specialize_and_check m p rest\n"),
    E("lib/typer.ml", "  | Match (e, cases) ->\n", "  | Match (e, cases) ->\n    check_exhaustive ~loc cases;\n"),
    SH("dune build"), SH("dune exec bin/main.exe -- examples/nested.ml")]),
  ("run ocamlformat on what you touched", [SH("ocamlformat --inplace lib/usefulness.ml lib/typer.ml", OCF)]),
  ("the forum thread from Monday got a follow-up, read it",
   [GET(DISC + "t/13842/posts.json", "ReadTimeout: HTTPSConnectionPool(host='discuss.ocaml.org', port=443): Read timed out. (read timeout=30)"),
    GET(DISC + "t/13842/posts.json", "HTTP 429 Too Many Requests")]),
  ("expect tests for nested constructors",
   [W("test/expect/nested.t/run.t", "  $ miniml input.ml\n"), W("test/expect/nested.t/input.ml", "let g = function\n  | Some (Some x) -> x\n  | None -> 0\n")]),
  ("promote and stage", [SH(PROMOTE), DF("test/"), ADD("test/expect")]),
  ("how does the OCaml manual word this warning? we want similar text",
   [GET("https://ocaml.org/manual/5.2/comp.html"), GET("https://ocaml.org/manual/5.2/patterns.html#sss:pat-variants")]),
  ("commit", [ADD("lib/usefulness.ml", "lib/typer.ml"), ADD("test/expect/nested.t"), CI("Usefulness for constructor patterns")]),
 ],
 [  # s4
  ("CI says the formatting check fails. try formatting the typer and the evaluator",
   [SH("ocamlformat --inplace lib/typer.ml", OCF), SH("ocamlformat --inplace lib/eval.ml", OCF)]),
  ("then raise the ppx_expect bound to v0.17, the CI image has it",
   [E("dune-project", "(ppx_expect (>= v0.16))", "(ppx_expect (>= v0.17))"), SH("dune build miniml.opam"), ADD("dune-project", "miniml.opam"), CI("Require ppx_expect >= v0.17")]),
  ("a user says or-patterns break the parser. look at the generated parser.ml around or_pattern",
   [R("lib/parser.ml", PARSER), R("_build/default/lib/parser.ml")]),
  ("now the grammar rule itself, and the menhir manual on precedence",
   [R("lib/parser.mly"), R("lib/ast.ml"), GET("https://gallium.inria.fr/~fpottier/menhir/manual.html")]),
  ("check discuss for the usual precedence trick",
   [GET(DISC + "search.json?q=menhir%20precedence%20or-pattern"), GET(DISC + "t/menhir-precedence-for-or-patterns/9120.json")]),
  ("fix the precedence and run the tests",
   [E("lib/parser.mly", "%left BAR\n", "%nonassoc AS\n%left BAR\n"), SH("dune build"), SH("dune runtest"), SH("dune exec bin/main.exe -- examples/or.ml")]),
  ("show me the diff", [DF()]),
 ],
 [  # s5
  ("or-patterns need usefulness support too",
   [R("lib/usefulness.ml"), GET("http://moscova.inria.fr/~maranget/papers/warn/warn.pdf"),
    E("lib/usefulness.ml", "  | p :: rest -> specialize_and_check m p rest\n", "  | Or (p1, p2) :: rest -> useful m (p1 :: rest) || useful m (p2 :: rest)\n  | p :: rest -> specialize_and_check m p rest\n"),
    E("lib/usefulness.mli", "val useful", "(** Maranget's usefulness, with or-patterns. *)\nval useful"),
    SH("dune build"), SH("dune exec bin/main.exe -- examples/or.ml")]),
  ("expect tests for or-patterns",
   [W("test/expect/or_patterns.t/run.t", "  $ miniml input.ml\n"), W("test/expect/or_patterns.t/input.ml", "let h = function\n  | 1 | 2 -> true\n")]),
  ("promote and stage", [SH(PROMOTE), DF("test/"), ADD("test/expect")]),
  ("commit, together with yesterday's parser change", [ADD("lib/parser.mly", "lib/usefulness.ml", "lib/usefulness.mli"), ST(), CI("Or-patterns: precedence fix and usefulness")]),
  ("no reply on the forum yet? fetch the latest posts",
   [GET(DISC + "t/13842/posts.json", "ConnectionResetError: [Errno 104] Connection reset by peer"), GET(DISC + "t/13842/posts.json")]),
  ("how does the real compiler phrase 'this match case is unused'?",
   [GET("https://ocaml.org/manual/5.2/comp.html#s:comp-warnings"), GET("https://raw.githubusercontent.com/ocaml/ocaml/trunk/typing/parmatch.ml")]),
 ],
 [  # s6
  ("release prep for 0.3.0: bump the version in dune-project and regenerate",
   [E("dune-project", "(version 0.2.1)", "(version 0.3.0)"), SH("dune build miniml.opam"), ADD("dune-project", "miniml.opam"), CI("Release 0.3.0")]),
  ("the changelog entry for the parser fix should name the state that conflicted, look it up",
   [R("lib/parser.ml", PARSER), R("_build/default/lib/parser.ml"), R("CHANGES.md")]),
  ("write the changelog",
   [E("CHANGES.md", "## unreleased\n", "## 0.3.0\n"), E("CHANGES.md", "## 0.3.0\n", "## 0.3.0\n\n- Exhaustiveness and usefulness warnings for match.\n- `function` after `let rec` (#212); or-pattern precedence.\n"),
    SH("dune build @doc"), SH("dune exec bin/main.exe -- --version"), GET("https://ocaml.org/p/menhir/latest")]),
  ("look at the announcements category, we'll post there",
   [GET(DISC + "c/announcements/5.json"), GET(DISC + "t/13842/posts.json", "HTTP 502 Bad Gateway")]),
  ("show the log since 0.2.1", [LOG(20), SH("git describe --tags --abbrev=0")]),
  ("commit the changelog", [DF(), ADD("CHANGES.md"), CI("CHANGES for 0.3.0")]),
 ],
]
T45 = {
 "planted": [
  {"id": "j45-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "ocamlformat",
   "description": "`ocamlformat --inplace <files>` always fails: the installed ocamlformat (0.27.0) does not match the version pinned in .ocamlformat (0.26.2). 4 failures in s1, s3, s4; never fixed."},
  {"id": "j45-p2", "kind": "rule", "ability": "fs.read_file", "anchor": "parser.ml",
   "description": "Reading lib/parser.ml fails (ENOENT): it is generated by menhir; the fix is _build/default/lib/parser.ml (same base name). s2, s4, s6."},
  {"id": "j45-p3", "kind": "playbook", "ability": "shell.run", "anchor": "promote",
   "description": "After writing expect tests: shell.run `dune runtest --auto-promote` > git.diff test/ > git.add test/expect, as the whole step in s1, s3, s5."},
  {"id": "j45-p4", "kind": "playbook", "ability": "fs.edit_file", "anchor": "dune-project",
   "description": "Changing package metadata: fs.edit_file dune-project > shell.run `dune build miniml.opam` > git.add dune-project miniml.opam > git.commit, in s2, s4, s6."},
  {"id": "j45-p5", "kind": "weak_link", "ability": "http.get", "anchor": "discuss.ocaml.org",
   "description": "http.get to discuss.ocaml.org: 12 calls, 7 successful (58%): 429 twice, read timeout, connection reset, 502."},
 ],
 "queries": [
  {"q": "Format lib/ after the typer refactor", "planted_id": "j45-p1"},
  {"q": "CI: fmt job red on main", "planted_id": "j45-p1"},
  {"q": "Reformatear el código antes del release", "planted_id": "j45-p1"},
  {"q": "Parse error on nested let ... in", "planted_id": "j45-p2"},
  {"q": "Shift/reduce conflict in record patterns", "planted_id": "j45-p2"},
  {"q": "Bad error message for a missing `in`", "planted_id": "j45-p2"},
  {"q": "Expect tests for exhaustiveness of tuples", "planted_id": "j45-p3"},
  {"q": "Update expected output after the new warning text", "planted_id": "j45-p3"},
  {"q": "Přidat expect testy pro guardy", "planted_id": "j45-p3"},
  {"q": "Raise the ppxlib lower bound", "planted_id": "j45-p4"},
  {"q": "Release 0.3.1", "planted_id": "j45-p4"},
  {"q": "Drop OCaml 4.14 from the opam metadata", "planted_id": "j45-p4"},
  {"q": "Reply to the forum question about GADTs in miniml", "planted_id": "j45-p5"},
  {"q": "Collect community feedback on the 0.3.0 announcement", "planted_id": "j45-p5"},
  {"q": "Find the dicsuss thread on menhir error recovery", "planted_id": "j45-p5"},
 ],
 "negatives": [
  "Format error messages like rustc (colours, carets)",
  "Promote Dmitri to maintainer in MAINTAINERS.md",
  "Parser for the REPL command-line flags (Cmdliner)",
  "Constant folding pass for arithmetic",
  "Add a --dump-ast flag",
  "Tail calls in the evaluator",
  "Better name for the Usefulness module",
  "String escape sequences in the lexer",
 ],
 "notes": "Stack: a small ML compiler in OCaml (dune, menhir, cram/expect tests, opam). Noise: one dune build failure fixed at once (s2 only; later dune successes in s2 make it a one-session fix), builds, runs of the compiler on examples, manual and GitHub pages. Two playbooks are planted. Traps: 'Format' (not ocamlformat), 'Promote' (a person, not dune promotion), 'Parser' (Cmdliner flags, not the menhir grammar).",
}
# ---------------------------------------------------------------- journal 46: a Scala/sbt Spark batch job
SPARK = ("Exception in thread \"main\" java.lang.UnsupportedClassVersionError: com/acme/sessionizer/Main has been compiled by a more recent "
         "version of the Java Runtime (class file version 61.0), this version of the Java Runtime only recognizes class file versions up to 55.0")
C = "https://repo1.maven.org/maven2/"
SP = "https://repos.spark-packages.org/"
AR = "https://artifacts.acme-corp.net/"
SRC = "src/main/scala/com/acme/sessionizer/"
TST = "src/test/scala/com/acme/sessionizer/"
def SUBMIT(ver, day, extra=""):
    return ("spark-submit --master local[4]%s --class com.acme.sessionizer.Main target/scala-2.12/sessionizer-assembly-%s.jar "
            "--input data/sample/%s --output /tmp/sessions" % (extra, ver, day))
J46 = [
 [  # s1
  ("We're moving the sessionizer job to Spark 3.5.1 this week. what's in the build now?",
   [R("build.sbt"), R("project/plugins.sbt"), R("project/build.properties")]),
  ("check that the 3.5.1 artifacts exist on Central for our Scala version",
   [GET(C + "org/apache/spark/spark-sql_2.13/3.5.1/spark-sql_2.13-3.5.1.pom", "HTTP 404 Not Found"),
    GET(C + "org/apache/spark/spark-sql_2.12/3.5.1/spark-sql_2.12-3.5.1.pom")]),
  ("bump spark to 3.5.1 in build.sbt",
   [E("build.sbt", "val sparkVersion = \"3.4.2\"", "val sparkVersion = \"3.5.1\""), SH("sbt update"), SH("sbt compile"), SH("sbt dependencyTree")]),
  ("we also pull graphframes from spark-packages; is there a build for 3.5?",
   [GET(SP + "graphframes/graphframes/"), GET(SP + "graphframes/graphframes/0.8.3-spark3.5-s_2.12/"),
    GET(SP + "graphframes/graphframes/0.8.3-spark3.5-s_2.12/graphframes-0.8.3-spark3.5-s_2.12.pom")]),
  ("bump graphframes too and run the tests",
   [E("build.sbt", "\"graphframes\" % \"graphframes\" % \"0.8.2-spark3.4-s_2.12\"", "\"graphframes\" % \"graphframes\" % \"0.8.3-spark3.5-s_2.12\""), SH("sbt test")]),
  ("skim the 3.5 migration guides for anything that affects us",
   [GET("https://spark.apache.org/docs/3.5.1/sql-migration-guide.html"), GET("https://spark.apache.org/docs/3.5.1/core-migration-guide.html")]),
  ("commit the bump", [ST(), ADD("build.sbt"), CI("Spark 3.5.1, graphframes 0.8.3")]),
 ],
 [  # s2
  ("build the fat jar",
   [SH("sbt assembly"), LS("target/scala-2.12"), SH("du -h target/scala-2.12/sessionizer-assembly-1.5.0.jar")]),
  ("run it locally on the sample from the 23rd", [SH(SUBMIT("1.5.0", "2026-11-23"), SPARK)]),
  ("skip the local run. what do we have in the internal artifacts repo?",
   [GET(AR + "repository/maven-releases/com/acme/sessionizer_2.12/"), GET(AR + "repository/maven-releases/com/acme/sessionizer_2.12/1.4.2/")]),
  ("write the 1.5.0 changelog entry and commit it",
   [LOG(15), E("CHANGELOG.md", "## [Unreleased]\n", "## [1.5.0] - 2026-11-24\n### Changed\n- Spark 3.5.1, graphframes 0.8.3\n"), ADD("CHANGELOG.md"), CI("Changelog for 1.5.0")]),
  ("SessionizeSpec has a TODO about late events, show me",
   [R(TST + "SessionizeSpec.scala"), R(SRC + "Sessionize.scala")]),
  ("is the release staging repo there on the artifacts server?",
   [GET(AR + "service/rest/v1/repositories"), GET(AR + "service/rest/v1/status", "HTTP 502 Bad Gateway")]),
 ],
 [  # s3
  ("implement an allowed lateness of 10 minutes in Sessionize (#88)",
   [R(SRC + "Sessionize.scala"),
    E(SRC + "Sessionize.scala", "val gap = Duration.ofMinutes(30)", "val gap = Duration.ofMinutes(30)\n  val allowedLateness = Duration.ofMinutes(10)"),
    E(TST + "SessionizeSpec.scala", "  // TODO: late events\n", "  it should \"join a late event within 10 minutes to the open session\" in {\n    sessionize(lateFixture).map(_.id).distinct should have size 1\n  }\n"),
    SH("sbt \"testOnly com.acme.sessionizer.SessionizeSpec\"", "[info] - should join a late event within 10 minutes to the open session *** FAILED ***\n[info]   2 did not equal 1 (SessionizeSpec.scala:57)"),
    E(SRC + "Sessionize.scala", "if (e.ts.isAfter(open.end.plus(gap)))", "if (e.ts.isAfter(open.end.plus(gap).plus(allowedLateness)))"),
    SH("sbt \"testOnly com.acme.sessionizer.SessionizeSpec\"")]),
  ("full test suite and the formatter check", [SH("sbt test"), SH("sbt scalafmtCheckAll")]),
  ("try the local run again, I switched JAVA_HOME", [SH(SUBMIT("1.5.0", "2026-11-23"), SPARK)]),
  ("changelog entry for the lateness feature, then commit",
   [LOG(5), E("CHANGELOG.md", "## [1.5.0] - 2026-11-24\n", "## [Unreleased]\n### Added\n- Allowed lateness of 10 minutes (#88)\n\n## [1.5.0] - 2026-11-24\n"),
    ADD("CHANGELOG.md", "src"), CI("Allowed lateness of 10 minutes (#88)")]),
  ("is there a newer spark-nlp on spark-packages?",
   [GET(SP + "johnsnowlabs/spark-nlp/", "HTTP 503 Service Unavailable"),
    GET(SP + "johnsnowlabs/spark-nlp/", "ReadTimeout: HTTPSConnectionPool(host='repos.spark-packages.org', port=443): Read timed out. (read timeout=30)")]),
  ("never mind. read the structured streaming watermark docs instead",
   [GET("https://spark.apache.org/docs/3.5.1/structured-streaming-programming-guide.html")]),
 ],
 [  # s4
  ("add delta-spark so we can write Delta tables; check the version on Central first",
   [GET(C + "io/delta/delta-spark_2.13/3.2.0/delta-spark_2.13-3.2.0.pom", "HTTP 404 Not Found"),
    GET(C + "io/delta/delta-spark_2.12/3.2.0/delta-spark_2.12-3.2.0.pom")]),
  ("add it to the build and write the sessions as delta",
   [E("build.sbt", "libraryDependencies ++= Seq(\n", "libraryDependencies ++= Seq(\n  \"io.delta\" %% \"delta-spark\" % \"3.2.0\",\n"),
    R(SRC + "Sink.scala"), E(SRC + "Sink.scala", ".format(\"parquet\")", ".format(\"delta\")"), SH("sbt compile")]),
  ("tests", [SH("sbt test")]),
  ("publish a snapshot to the internal repo and check it landed",
   [SH("sbt publish"), GET(AR + "repository/maven-snapshots/"),
    GET(AR + "repository/maven-snapshots/com/acme/sessionizer_2.12/1.5.1-SNAPSHOT/", "ConnectionResetError: [Errno 104] Connection reset by peer"),
    GET(AR + "repository/maven-snapshots/com/acme/sessionizer_2.12/1.5.1-SNAPSHOT/")]),
  ("the Delta docs on batch writes and merge, quickly",
   [GET("https://docs.delta.io/latest/delta-batch.html"), GET("https://docs.delta.io/latest/delta-update.html"),
    GET(SP + "graphframes/graphframes/0.8.4-spark3.5-s_2.12/")]),
  ("commit", [DF(), ADD("build.sbt", "src"), CI("Write sessions as Delta (delta-spark 3.2.0)")]),
 ],
 [  # s5
  ("cut 1.5.1: changelog entry and commit",
   [LOG(10), E("CHANGELOG.md", "## [Unreleased]\n", "## [1.5.1] - 2026-11-27\n"), ADD("CHANGELOG.md"), CI("Changelog for 1.5.1")]),
  ("rebuild the assembly and smoke-test it with spark-submit",
   [SH("sbt assembly"), SH(SUBMIT("1.5.1", "2026-11-26"), SPARK), SH("java -version"), SH(SUBMIT("1.5.1", "2026-11-26", " --driver-memory 2g"), SPARK)]),
  ("graphframes 0.8.4 on spark-packages, is the listing complete now?",
   [GET(SP + "graphframes/graphframes/"), GET(SP + "graphframes/graphframes/0.8.4-spark3.5-s_2.12/")]),
  ("update the run instructions in the README for 1.5.1",
   [R("README.md"), E("README.md", "sessionizer-assembly-1.4.2.jar", "sessionizer-assembly-1.5.1.jar"), E("README.md", "Spark 3.4", "Spark 3.5")]),
  ("what PRs are open on GitHub?",
   [GET("https://api.github.com/repos/acme/sessionizer/pulls?state=open"), GET("https://api.github.com/repos/acme/sessionizer/pulls/93/files")]),
 ],
 [  # s6
  ("add spark-avro, same version as spark; check Central first",
   [GET(C + "org/apache/spark/spark-avro_2.13/3.5.1/spark-avro_2.13-3.5.1.pom", "HTTP 404 Not Found"),
    GET(C + "org/apache/spark/spark-avro_2.12/3.5.1/spark-avro_2.12-3.5.1.pom")]),
  ("add it and read the raw events as avro",
   [E("build.sbt", "libraryDependencies ++= Seq(\n", "libraryDependencies ++= Seq(\n  \"org.apache.spark\" %% \"spark-avro\" % sparkVersion,\n"),
    E(SRC + "Source.scala", ".json(path)", ".format(\"avro\").load(path)"), SH("sbt compile"), SH("sbt test")]),
  ("does graphframes 0.8.4 have a pom yet?",
   [GET(SP + "graphframes/graphframes/0.8.4-spark3.5-s_2.12/graphframes-0.8.4-spark3.5-s_2.12.pom", "HTTP 504 Gateway Timeout")]),
  ("publish 1.5.1 to the artifacts repo and confirm it's listed",
   [SH("sbt publish"), GET(AR + "repository/maven-releases/com/acme/sessionizer_2.12/"),
    GET(AR + "repository/maven-releases/com/acme/sessionizer_2.12/1.5.1/", "ReadTimeout: HTTPSConnectionPool(host='artifacts.acme-corp.net', port=443): Read timed out. (read timeout=30)")]),
  ("commit the avro change", [ST(), DF(), ADD("build.sbt", "src"), CI("Read raw events from Avro")]),
  ("spark docs on the avro options", [GET("https://spark.apache.org/docs/3.5.1/sql-data-sources-avro.html")]),
 ],
]
T46 = {
 "planted": [
  {"id": "j46-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "spark-submit",
   "description": "Running the assembly locally with spark-submit always fails with UnsupportedClassVersionError (jar built for Java 17, local Spark runs on Java 11). 4 failures in s2, s3, s5; never fixed."},
  {"id": "j46-p2", "kind": "rule", "ability": "http.get", "anchor": "repo1.maven.org",
   "description": "Looking up Spark-ecosystem artifacts on repo1.maven.org with the _2.13 suffix gives 404; the job is on Scala 2.12, and the _2.12 URL on the same host works. s1, s4, s6."},
  {"id": "j46-p3", "kind": "playbook", "ability": "fs.edit_file", "anchor": "CHANGELOG.md",
   "description": "Changelog step: git.log > fs.edit_file CHANGELOG.md > git.add > git.commit, as the whole step between two prompts in s2, s3, s5."},
  {"id": "j46-p4", "kind": "weak_link", "ability": "http.get", "anchor": "repos.spark-packages.org",
   "description": "http.get to repos.spark-packages.org: 9 calls, 6 successful (67%): 503, read timeout, 504."},
  {"id": "j46-p5", "kind": "weak_link", "ability": "http.get", "anchor": "artifacts.acme-corp.net",
   "description": "http.get to the internal Nexus artifacts.acme-corp.net: 9 calls, 6 successful (67%): 502, connection reset (retried), read timeout."},
 ],
 "queries": [
  {"q": "Smoke-test the 1.5.2 assembly locally", "planted_id": "j46-p1"},
  {"q": "Run the job on last week's sample data", "planted_id": "j46-p1"},
  {"q": "Reproduce the skewed-partition bug with a local run", "planted_id": "j46-p1"},
  {"q": "Add the spark-protobuf dependency", "planted_id": "j46-p2"},
  {"q": "Bump hadoop-aws to match Spark 3.5", "planted_id": "j46-p2"},
  {"q": "Añadir la dependencia spark-connect", "planted_id": "j46-p2"},
  {"q": "Prepare the 1.6.0 release", "planted_id": "j46-p3"},
  {"q": "Cut 1.5.2", "planted_id": "j46-p3"},
  {"q": "Release notes for the Avro source", "planted_id": "j46-p3"},
  {"q": "Upgarde graphframes to 0.8.4", "planted_id": "j46-p4"},
  {"q": "Evaluate spark-nlp for the search team", "planted_id": "j46-p4"},
  {"q": "Is there a Spark 3.5 build of sparkdl?", "planted_id": "j46-p4"},
  {"q": "Publish 1.5.2 to Nexus", "planted_id": "j46-p5"},
  {"q": "Release jar missing from the internal repo", "planted_id": "j46-p5"},
  {"q": "내부 저장소에 1.6.0 스냅샷 배포", "planted_id": "j46-p5"},
 ],
 "negatives": [
  "Submit the Spark Summit talk proposal",
  "Switch the wiki changelog template to Keep a Changelog headings",
  "Rename the spark-packages Slack channel",
  "Sessionize by device id as well as user id",
  "Drop events with null timestamps",
  "Make the session gap configurable",
  "Metrics counter for late events",
  "Scaladoc for the Sink trait",
 ],
 "notes": "Stack: a Spark batch job in Scala 2.12 built with sbt (assembly, scalafmt, publish to an internal Nexus). Noise: one failing spec fixed by an edit and an identical rerun (s3 only), compiles, tests, docs pages on spark.apache.org and docs.delta.io, GitHub. Two weak links are hosts; http.get overall stays at 23/32 (72%). Traps share 'Submit/Spark', 'changelog' and 'spark-packages' with lessons but are not engineering work on them.",
}

if __name__ == "__main__":
    import sys
    which = [int(a) for a in sys.argv[1:]] or [43, 44, 45, 46]
    table = {43: (J43, T43, 4301, days(1793606400)), 44: (globals().get("J44"), globals().get("T44"), 4402, days(1793606400 + 7 * 86400)),
             45: (globals().get("J45"), globals().get("T45"), 4503, days(1793606400 + 14 * 86400)),
             46: (globals().get("J46"), globals().get("T46"), 4604, days(1793606400 + 21 * 86400))}
    for n in which:
        J, T, seed, ds = table[n]
        ev = build(seed, ds, J)
        write(n, ev, T)
        print("journal-%d: %d events" % (n, len(ev)))
