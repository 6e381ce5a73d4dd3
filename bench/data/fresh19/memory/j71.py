"""journal-71: saltmarsh-book, a LaTeX textbook built with latexmk/LuaLaTeX (written from briefs.md)."""
from jlib import Journal

PORTAL = "https://proofs.hartwellpress.com/api/v1/projects/SMB-2027"
FONTSPEC = ("! Fatal Package fontspec Error: The fontspec package requires either XeTeX or\n"
            "(fontspec)                      LuaTeX.\n(fontspec)                      \n"
            "(fontspec)                      You must change your typesetting engine to,\n"
            "(fontspec)                      e.g., \"xelatex\" or \"lualatex\" instead of\n"
            "(fontspec)                      \"latex\" or \"pdflatex\".\nLatexmk: Errors, so I did not complete making targets")
NODISPLAY = "(inkscape:%d): Gtk-WARNING **: %s: cannot open display: \nInkscape exited with status 1"
NOLOG = "ENOENT: no such file or directory, open 'main.log'"
MKINDEX = "makeindex -s style/saltmarsh.ist -o build/main.ind build/main.idx"


def build():
    J = Journal(71003, "2026-11-16")

    def index(ch, old, new):
        J.ed("chapters/%s.tex" % ch, old, new)
        J.sh(MKINDEX, dur=640)
        J.diff()
        J.add("chapters/%s.tex" % ch)

    # ---- s1, Monday
    J.start("s1", 0, 9, 26)
    J.p("Hi! Dana pushed the new text of chapter 4 (sampling design) last night. Could you build the whole book and tell me whether anything broke?")
    J.sh("latexmk -pdf main.tex", FONTSPEC, dur=3900)
    J.sh("latexmk -lualatex main.tex", dur=94300)
    J.sh("grep -c 'Overfull \\\\hbox' build/main.log")
    J.p("3 overfull hboxes in ch04, we can live with that. Dana also wants the index to have 'quadrat' and 'belt transect'")
    index("ch04", "Each quadrat is placed", "Each quadrat\\index{quadrat} is placed")
    J.p("on the portal, did the production editor confirm the schedule?")
    J.get(PORTAL + "/messages?unread=1")
    J.p("yes, round 2 proofs on thursday. ok commit and push")
    J.commit("ch04: index quadrat, belt transect")
    J.sh("git push", dur=2100)
    J.sh("git status -sb")
    J.p("how long is ch04 now? Dana promised the press 9000 words max")
    J.sh("texcount -inc -total -sum chapters/ch04.tex", dur=1300)
    J.p("8.6k, fine")

    # ---- s2, Tuesday
    J.start("s2", 1, 10, 2)
    J.p("figure 3.2 (sediment core) was redrawn by Nadia as an SVG: figures/svg/sediment-core.svg. swap it in for the old png in chapter 3")
    J.rd("chapters/ch03.tex")
    J.sh("inkscape --export-type=pdf --export-filename=figures/pdf/sediment-core.pdf figures/svg/sediment-core.svg",
         NODISPLAY % (48213, "10:04:51.402"), dur=2300)
    J.sh("rsvg-convert -f pdf -o figures/pdf/sediment-core.pdf figures/svg/sediment-core.svg", dur=820)
    J.ed("chapters/ch03.tex", "\\includegraphics[width=\\linewidth]{figures/png/sediment-core.png}", "\\includegraphics[width=\\linewidth]{figures/pdf/sediment-core.pdf}")
    J.ed("chapters/ch03.tex", "Sediment core from site B (photo).", "Sediment core from site B, redrawn (N.~Okafor).")
    J.p("rebuild and check for warnings about that figure")
    J.sh("latexmk -lualatex main.tex", dur=91800)
    J.rd("main.log", NOLOG)
    J.rd("build/main.log")
    J.sh("grep -n 'sediment-core' build/main.log")
    J.sh("pdfinfo build/main.pdf")
    J.p("no warnings, 318 pages. can you see on the portal whether round-2 proofs of ch. 1-3 are there")
    J.get(PORTAL + "/proofs?round=2&chapters=1-3", "HTTP 503 Service Unavailable", dur=61)
    J.get(PORTAL + "/proofs?round=2&chapters=1-3", "ReadTimeout: read timed out after 30 s", dur=30002)
    J.p("later then")
    J.p("can you spell-check ch03 against our house word list, British spelling")
    J.sh("aspell --lang=en_GB --mode=tex --personal=./style/words.pws list < chapters/ch03.tex | sort -u", dur=900)
    J.rd("style/words.pws")
    J.ed("style/words.pws", "Spartina\n", "Spartina\nSalicornia\npiezometer\n")
    J.ed("chapters/ch03.tex", "sedimant", "sediment")

    # ---- s3, Wednesday
    J.start("s3", 2, 9, 8)
    J.p("Tom: 'salt pan' and 'pannes' should be one index entry, with a see-also from pannes. ch06")
    index("ch06", "shallow pannes form", "shallow pannes\\index{pannes|see{salt pan}} form")
    J.p("also the two new site maps, figures/svg/site-map-north.svg and site-map-south.svg, need pdf versions")
    J.sh("inkscape --export-type=pdf --export-filename=figures/pdf/site-map-north.pdf figures/svg/site-map-north.svg",
         NODISPLAY % (50117, "09:21:13.877"), dur=2150)
    J.sh("inkscape --export-type=pdf --export-filename=figures/pdf/site-map-south.pdf figures/svg/site-map-south.svg",
         NODISPLAY % (50166, "09:21:19.035"), dur=2080)
    J.p("hm. just commit the svgs then, the figures job on CI converts them on push")
    J.add("figures/svg/site-map-north.svg")
    J.add("figures/svg/site-map-south.svg")
    J.commit("Site maps north/south (SVG sources)")
    J.p("quick compile of only ch06 please")
    J.sh("latexmk -lualatex -usepretex='\\includeonly{chapters/ch06}' main.tex",
         "! Undefined control sequence.\nl.212 ...saline pannes\\seealso\nLatexmk: Errors, so I did not complete making targets", dur=41200)
    J.ed("chapters/ch06.tex", "\\seealso", "\\index{salt pan|seealso{pannes}}")
    J.sh("latexmk -lualatex -usepretex='\\includeonly{chapters/ch06}' main.tex", dur=38800)
    J.sh("grep -c 'LaTeX Warning' build/main.log")
    J.p("any queries from the copy editor on ch06 on the portal?")
    J.get(PORTAL + "/queries?chapter=6")

    # ---- s4, Thursday
    J.start("s4", 3, 10, 40)
    J.p("Dana changed the heading font to Source Serif 4 in preamble/fonts.tex and is nervous she broke something. build please")
    J.rd("preamble/fonts.tex")
    J.sh("latexmk -pdf main.tex", FONTSPEC, dur=4100)
    J.sh("latexmk -lualatex main.tex", dur=97400)
    J.rd("build/main.log")
    J.sh("pdffonts build/main.pdf")
    J.sh("grep -c 'Overfull \\\\hbox' build/main.log")
    J.p("fine, serif headings embedded. round 2 up on the portal by now?")
    J.get(PORTAL + "/proofs?round=2&chapters=1-3", "HTTP 502 Bad Gateway", dur=30010)
    J.get(PORTAL + "/proofs?round=2&chapters=1-3", dur=1270)
    J.p("ch 1-3 are up. update our tracker")
    J.ed("docs/proofs-tracker.md", "| 1-3 | round 2 | pending |", "| 1-3 | round 2 | received 2026-11-19 |")
    J.ed("docs/proofs-tracker.md", "_last updated: 2026-11-12_", "_last updated: 2026-11-19_")
    J.p("which figures still lack alt text? the accessibility checker of the press wants it for all")
    J.sh("grep -Ln '\\\\alttext' chapters/*.tex")
    J.rd("chapters/ch05.tex")
    J.rd("chapters/ch08.tex")
    J.p("ok, 7 figures in ch05 and ch08, I'll ask the authors. next:")
    J.p("add Kirwan & Megonigal 2013 (Nature) to the bib, doi 10.1038/nature12856")
    J.rd("bib/references.bib")
    J.get("https://api.crossref.org/works/10.1038/nature12856")
    J.ed("bib/references.bib", "@article{Kirwan2012,", "@article{Kirwan2013,\n  author = {Kirwan, Matthew L. and Megonigal, J. Patrick},\n  title = {Tidal wetland stability in the face of human impacts and sea-level rise},\n  journal = {Nature}, volume = {504}, pages = {53--60}, year = {2013},\n  doi = {10.1038/nature12856}\n}\n\n@article{Kirwan2012,")

    # ---- s5, Friday
    J.start("s5", 4, 9, 15)
    J.p("Tom's list for ch07: 'marsh organ' and 'accretion rate' into the index")
    index("ch07", "the marsh organ experiment", "the marsh organ\\index{marsh organ} experiment")
    J.p("after yesterday's build, are there still undefined refs or citations?")
    J.rd("main.log", NOLOG)
    J.rd("build/main.log")
    J.rd("build/main.blg")
    J.sh("grep -n 'undefined' build/main.log")
    J.p("two, both Kirwan2013 before the bib rebuild, fine. Nadia sent the transect diagram again (v3), convert it")
    J.sh("inkscape --export-type=pdf --export-filename=figures/pdf/transect.pdf figures/svg/transect.svg",
         NODISPLAY % (61502, "09:47:30.118"), dur=2210)
    J.sh("rsvg-convert -f pdf -o figures/pdf/transect.pdf figures/svg/transect.svg", dur=760)
    J.p("new messages on the portal?")
    J.get(PORTAL + "/messages?unread=1", "HTTP 401 Unauthorized: session expired", dur=55)
    J.p("I'll log in again later")
    J.p("title page and copyright page should say 2027 now")
    J.rd("frontmatter/title.tex")
    J.ed("frontmatter/title.tex", "\\date{2026}", "\\date{2027}")
    J.ed("frontmatter/copyright.tex", "\\copyright~2026", "\\copyright~2027")

    # ---- s6, Saturday
    J.start("s6", 5, 11, 3)
    J.p("final build for the round-3 submission pls")
    J.sh("latexmk -lualatex main.tex", dur=95100)
    J.sh("pdfinfo build/main.pdf")
    J.sh("make preflight", dur=12400)
    J.sh("git tag round3-submission")
    J.p("cover diagram (figures/svg/cover-marsh.svg) as pdf too?")
    J.sh("inkscape --export-type=pdf --export-filename=figures/pdf/cover-marsh.pdf figures/svg/cover-marsh.svg",
         NODISPLAY % (70240, "11:09:02.551"), dur=2190)
    J.p("nope, CI will. portal: upload status for ch 4-6")
    J.get(PORTAL + "/proofs?round=3&chapters=4-6", "HTTP 504 Gateway Timeout", dur=60003)
    J.get(PORTAL + "/proofs?round=3&chapters=4-6", dur=1390)
    J.p("push everything incl. the tag")
    J.sh("git push", dur=1900)
    J.sh("git push origin round3-submission", dur=1700)
    J.p("thanks!")
    return J
