"""Journal 124: mirefall, a Ren'Py 8.3 visual novel (Lena, Sven, Ilse), 2026-11-09 .. 11-14."""
from jlib import Journal

SDK = "~/sdk/renpy-8.3.4-sdk/renpy.sh"
OLD = ("File \"game/screens.rpy\", line 412: expected a keyword argument, colon, or end of line.\n"
       "    textbutton _(\"History\") action ShowMenu(\"history\") style_suffix \"nav_button\"")
XC = "bash: line 1: xcrun: command not found"
QA = "https://qa.lanternpub.com/api/v1"


def build():
    j = Journal(124124)
    # ---------------------------------------------------------------- s1 Lena
    j.day("s1", "2026-11-09", 9, 14)
    j.p("Lena here. chapter 3 script is in, sanity check it before I go on")
    j.sh("renpy.sh . lint", OLD)
    j.sh(SDK + " . lint")
    j.p("french for ch3, I have Margaux's doc open")
    j.sh(SDK + " . translate french")
    j.ed("game/tl/french/chapter3.rpy", '    # nell "The water is rising."\n    nell ""',
         '    # nell "The water is rising."\n    nell "L\'eau monte."')
    j.add("game/tl/french/chapter3.rpy")
    j.p("commit 'ch3 + french'")
    j.add("game/chapter3.rpy")
    j.add("game/images/bg/chapel_night.png")
    j.cm("ch3 + french")
    j.p("friday's upload, picked up on their end?")
    j.get(QA + "/builds?project=mirefall")
    j.get(QA + "/builds/0.9.0/report")
    j.p("typo in the lighthouse keeper's scene, ch2, 'teh tide'")
    j.ed("game/chapter2.rpy", "teh tide", "the tide")
    j.p("what did Ilse change in audio.rpy recently")
    j.log(10)
    j.rd("game/audio.rpy")

    # ---------------------------------------------------------------- s2 Sven
    j.day("s2", "2026-11-10", 8, 52)
    j.p("pull first")
    j.sh("git pull --rebase")
    j.p("Sven. publisher wants 0.9.1 for mac, notarized")
    j.sh(SDK + " launcher distribute . --package mac")
    j.sh("du -sh dist/*")
    j.sh("xcrun notarytool submit dist/mirefall-0.9.1-mac.zip --keychain-profile studio --wait", XC)
    j.p("testcase for the heron route, good ending")
    j.wr("game/testcases/heron_good.rpy",
         "testcase heron_good:\n    run Jump(\"heron_start\")\n    advance until label heron_good_end\n")
    j.sh(SDK + " . test heron_good")
    j.add("game/testcases/heron_good.rpy")
    j.cm("testcase: heron route, good ending")
    j.p("status of 0.9.1 on their side")
    j.get(QA + "/builds/0.9.1", "503 Service Unavailable")
    j.p("changelog")
    j.rd("CHANGELOG.md")
    j.ed("CHANGELOG.md", "## 0.9.0", "## 0.9.1\n- chapter 3, French ch3\n\n## 0.9.0")

    # ---------------------------------------------------------------- s3 Ilse
    j.day("s3", "2026-11-11", 9, 30)
    j.p("Ilse. new chapel theme from the composer, swap it in")
    j.ed("game/audio.rpy", 'define audio.chapel = "audio/chapel_theme_v1.ogg"', 'define audio.chapel = "audio/chapel_theme.ogg"')
    j.sh("ffmpeg -i assets/raw/chapel_theme.wav -c:a libvorbis -q:a 6 game/audio/chapel_theme.ogg")
    j.p("german for ch3, Paul's file is in docs/tl")
    j.sh(SDK + " . translate german")
    j.ed("game/tl/german/chapter3.rpy", '    # nell "The water is rising."\n    nell ""',
         '    # nell "The water is rising."\n    nell "Das Wasser steigt."')
    j.add("game/tl/german/chapter3.rpy")
    j.p("nell's new expressions: trim the pngs into game/images/nell")
    j.sh("magick mogrify -trim +repage -path game/images/nell assets/raw/nell_*.png",
         "mogrify: unable to open image 'assets/raw/nell_*.png': No such file or directory @ error/blob.c/OpenBlob/3596.")
    j.sh("ls assets/raw/")
    j.sh("magick mogrify -trim +repage -path game/images/nell assets/raw/sprites/nell_*.png")
    j.p("any tester notes on 0.9.1?")
    j.get(QA + "/builds/0.9.1/notes")
    j.get(QA + "/builds/0.9.1/report", "ECONNRESET: socket hang up")
    j.p("commit")
    j.add("game/audio.rpy", "game/audio/chapel_theme.ogg")
    j.add("game/images/nell")
    j.cm("chapel theme v2; nell expressions")

    # ---------------------------------------------------------------- s4 Lena
    j.day("s4", "2026-11-12", 9, 3)
    j.p("ch4 draft done, lint")
    j.sh("renpy.sh . lint", OLD)
    j.sh(SDK + " . lint")
    j.p("testcase for the mill route, both endings")
    j.wr("game/testcases/mill_endings.rpy",
         "testcase mill_endings:\n    run Jump(\"mill_start\")\n    advance until label mill_choice\n    click \"Stay\"\n")
    j.sh(SDK + " . test mill_endings")
    j.add("game/testcases/mill_endings.rpy")
    j.cm("testcase: mill route endings")
    j.p("Sven's out: build 0.9.2 for mac and get apple's stamp on it")
    j.sh(SDK + " launcher distribute . --package mac")
    j.sh("xcrun notarytool submit dist/mirefall-0.9.2-mac.zip --keychain-profile studio --wait", XC)
    j.p("did their QA receive 0.9.2?")
    j.get(QA + "/builds/0.9.2", "502 Bad Gateway")
    j.p("word count of ch4 for their localisation quote")
    j.sh("wc -w game/chapter4.rpy")

    # ---------------------------------------------------------------- s5 Sven
    j.day("s5", "2026-11-13", 8, 40)
    j.p("pull")
    j.sh("git pull --rebase")
    j.p("spanish ch4, Lucia sent it this morning")
    j.sh(SDK + " . translate spanish")
    j.ed("game/tl/spanish/chapter4.rpy", '    # keeper "Mind the rocks."\n    keeper ""',
         '    # keeper "Mind the rocks."\n    keeper "Cuidado con las rocas."')
    j.add("game/tl/spanish/chapter4.rpy")
    j.p("commit that")
    j.cm("spanish ch4")
    j.p("text speed slider in preferences goes past the max")
    j.rd("game/screens.rpy")
    j.ed("game/screens.rpy", "bar value Preference(\"text speed\")", "bar value Preference(\"text speed\") range 200")
    j.ed("game/options.rpy", "default preferences.text_cps = 0", "default preferences.text_cps = 60")
    j.p("their build list + 0.9.2 report")
    j.get(QA + "/builds?project=mirefall")
    j.get(QA + "/builds/0.9.2/report")
    j.p("lint before I commit the screens")
    j.sh(SDK + " . lint")
    j.p("commit")
    j.add("game/screens.rpy", "game/options.rpy")
    j.cm("preferences: clamp text speed")

    # ---------------------------------------------------------------- s6 Lena
    j.day("s6", "2026-11-14", 10, 2)
    j.p("testcase for the chapel route")
    j.wr("game/testcases/chapel_route.rpy",
         "testcase chapel_route:\n    run Jump(\"chapel_start\")\n    advance until label chapel_end\n")
    j.sh(SDK + " . test chapel_route")
    j.add("game/testcases/chapel_route.rpy")
    j.cm("testcase: chapel route")
    j.p("0.9.3 mac build for the publisher, with the apple notarization")
    j.sh(SDK + " launcher distribute . --package mac")
    j.sh("xcrun notarytool submit dist/mirefall-0.9.3-mac.zip --keychain-profile studio --wait", XC)
    j.p("did 0.9.2 pass their cert?")
    j.get(QA + "/builds/0.9.2/cert", "ETIMEDOUT: request timed out after 30000 ms")
    j.get(QA + "/builds/0.9.2/cert")
    j.p("release note for the publisher, docs/release/0.9.3.md")
    j.wr("docs/release/0.9.3.md", "# 0.9.3\n\n- chapter 4 (EN, ES)\n- mill and chapel route testcases\n")
    j.p("lint once more, then tag 0.9.3")
    j.sh(SDK + " . lint")
    j.sh("git tag -a v0.9.3 -m 0.9.3")
    j.p("push the tag")
    j.sh("git push origin v0.9.3")
    return j
