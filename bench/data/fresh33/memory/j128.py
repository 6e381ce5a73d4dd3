"""Journal 128: tidewrack, a Ren'Py 8.3 visual novel (Aiko, Rafael, Sunniva), 2026-11-09 .. 14."""
from jlib import Journal

SDK = "~/sdk/renpy-8.3.4-sdk/renpy.sh"
FB = "https://feedback.tidewrack.games/api/v1/reports"
BOOTH = "/mnt/voicebooth"
NOT_PROJECT = "'/home/aiko/src/tidewrack' is not a Ren'Py project: it has no game/ directory"
NO_OPUS = "sox FAIL formats: no handler for file extension `opus'"


def stubs(j, extra):
    j.sh("%s vn translate japanese && %s vn translate portuguese" % (SDK, SDK), dur=5200 + extra)
    j.gst()
    j.gadd("vn/game/tl")


def build(seed=128):
    j = Journal(seed)

    # s1 Mon, Aiko
    j.session("s1", "2026-11-09", 8, 47)
    j.p("おはよう。3章のフェリー分岐、選択肢のあと戻るラベルが間違ってるっぽい。直して")
    j.rd("vn/game/ch3_ferry.rpy")
    j.ed("vn/game/ch3_ferry.rpy", "jump ferry_return", "jump ferry_after_choice")
    j.p("lint 回して")
    j.sh(SDK + " . lint", err=NOT_PROJECT)
    j.sh(SDK + " vn lint", dur=6100)
    j.p("プレイテストのフィードバック、新しいの来てる？")
    j.get(FB + "?since=2026-11-06", err="HTTP 502 Bad Gateway")
    j.get(FB + "?since=2026-11-06")
    j.p("ブースに2章の新しいテイク届いてる？")
    j.ls(BOOTH + "/ch2", err="EIO: i/o error, scandir '/mnt/voicebooth/ch2'")
    j.ls(BOOTH + "/ch2")
    j.p("コミットして")
    j.gadd("vn/game/ch3_ferry.rpy")
    j.gcommit("fix(script): ferry branch returns to ferry_after_choice")

    # s2 Tue, Rafael
    j.session("s2", "2026-11-10", 9, 15)
    j.p("bom dia. as falas da Ilse pro cap 2 chegaram, copia da cabine pra vn/game/voice/ch2")
    j.ls(BOOTH + "/ch2/ilse")
    j.sh("cp /mnt/voicebooth/ch2/ilse/ilse_0*.opus vn/game/voice/ch2/")
    j.p("passa o sox nelas, -16 LUFS, começa pela 014")
    j.sh("sox --norm=-1 vn/game/voice/ch2/ilse_014.opus /tmp/ilse_014.opus", err=NO_OPUS)
    j.p("deixa, faço no PC de áudio depois")
    j.p("mudei falas do cap 2 ontem, regenera as traduções")
    stubs(j, 100)
    j.p("commit")
    j.gcommit("i18n: regenerate tl after chapter 2 edits")
    j.p("tem report novo dos testers?")
    j.get(FB + "?since=2026-11-09", err="timeout after 20000 ms")
    j.get(FB + "?since=2026-11-09")

    # s3 Wed, Sunniva
    j.session("s3", "2026-11-11", 8, 39)
    j.p("epilogue draft is in vn/game/epilogue.rpy — proofread the English, typos only, don't touch the structure")
    j.rd("vn/game/epilogue.rpy")
    j.ed("vn/game/epilogue.rpy", "m \"The lighthouse was alway there.\"", "m \"The lighthouse was always there.\"")
    j.ed("vn/game/epilogue.rpy", "n \"Its teh last ferry.\"", "n \"It's the last ferry.\"")
    j.p("lint that")
    j.sh(SDK + " vn lint", dur=5900)
    j.sh(SDK + " vn compile", dur=7400)
    j.p("tl for the epilogue too")
    stubs(j, 600)
    j.p("anything from testers on monday's web build?")
    j.get(FB + "?build=web-1109", err="HTTP 503 Service Unavailable")
    j.get(FB + "?build=web-1109", err="HTTP 502 Bad Gateway")
    j.p("try again in a bit")
    j.get(FB + "?build=web-1109")
    j.p("check the booth for the chapter 5 retakes")
    j.ls(BOOTH + "/ch5", err="ETIMEDOUT: operation timed out, scandir '/mnt/voicebooth/ch5'")
    j.ls(BOOTH + "/ch5")
    j.p("commit the proofreading and the tl files")
    j.gst()
    j.gadd("vn/game/epilogue.rpy")
    j.gcommit("fix(epilogue): typos; i18n: epilogue tl")

    # s4 Thu, Aiko
    j.session("s4", "2026-11-12", 9, 4)
    j.p("screens.rpy の quick menu を quick_menu.rpy に切り出したい")
    j.rd("vn/game/screens.rpy")
    j.wr("vn/game/quick_menu.rpy", "screen quick_menu():\n    zorder 100\n    if quick_menu:\n        hbox:\n            style_prefix \"quick\"\n            ...\n")
    j.ed("vn/game/screens.rpy", "screen quick_menu():\n    zorder 100\n", "# quick_menu lives in quick_menu.rpy\n")
    j.p("lint")
    j.sh(SDK + " . lint", err=NOT_PROJECT)
    j.sh(SDK + " vn lint", dur=6300)
    j.sh("grep -rn 'screen quick_menu' vn/game")
    j.p("Rafael から: 5章のマーラの声、頭の無音を削ってほしいって")
    j.sh("sox vn/game/voice/ch5/mara_003.opus /tmp/mara_003.opus silence 1 0.1 1%", err=NO_OPUS)
    j.p("だめか。Rafael に任せる")
    j.p("ブースの5章フォルダ見て")
    j.ls(BOOTH + "/ch5", err="ESTALE: stale file handle, scandir '/mnt/voicebooth/ch5'")
    j.ls(BOOTH + "/ch5", err="EIO: i/o error, scandir '/mnt/voicebooth/ch5'")
    j.p("後でいい。コミット")
    j.gdiff()
    j.gadd("vn/game/quick_menu.rpy")
    j.gadd("vn/game/screens.rpy")
    j.gcommit("refactor(screens): quick menu in its own file")

    # s5 Fri, Rafael
    j.session("s5", "2026-11-13", 8, 58)
    j.p("o Aiko mexeu em screens, gera os stubs de tradução de novo")
    stubs(j, 400)
    j.p("commit disso")
    j.gcommit("i18n: tl stubs after the quick menu move")
    j.p("reports da semana, preciso pro relatório")
    j.get(FB + "?since=2026-11-09&status=open")
    j.get(FB + "?since=2026-11-09&status=open&page=2")
    j.p("cabine: chegaram as retakes do cap 5?")
    j.ls(BOOTH + "/ch5", err="ETIMEDOUT: operation timed out, scandir '/mnt/voicebooth/ch5'")
    j.ls(BOOTH + "/ch5")
    j.p("copia pra vn/game/voice/ch5")
    j.sh("cp /mnt/voicebooth/ch5/mara_0*.opus vn/game/voice/ch5/")
    j.p("web build pro playtest de segunda")
    j.sh(SDK + " launcher web_build vn --destination build/web", dur=48000)

    # s6 Sat, Sunniva
    j.session("s6", "2026-11-14", 10, 2)
    j.p("the ch5 retakes Rafael copied yesterday: downmix them to mono 48k")
    j.sh("sox vn/game/voice/ch5/mara_003.opus -c 1 -r 48000 /tmp/mara_003_mono.opus", err=NO_OPUS)
    j.p("ok, audio stays with Rafael. new reports from friday's web build?")
    j.get(FB + "?build=web-1113", err="timeout after 20000 ms")
    j.get(FB + "?build=web-1113")
    j.p("booth: list ch6")
    j.ls(BOOTH + "/ch6")
    j.p("bump config.version to 0.7.0 in options.rpy and lint")
    j.rd("vn/game/options.rpy")
    j.ed("vn/game/options.rpy", "define config.version = \"0.6.2\"", "define config.version = \"0.7.0\"")
    j.sh(SDK + " vn lint", dur=6000)
    j.p("commit + push")
    j.gadd("vn/game/options.rpy")
    j.gcommit("chore: version 0.7.0")
    j.sh("git push origin main", dur=1700)
    return j
