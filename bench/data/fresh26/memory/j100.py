"""Journal 100: atelier-boxes (OpenSCAD enclosures). Camille: French-English; Thiago: Portuguese-English;
Ji-woo: Korean-English."""
from jlib import Journal

OP = "http://octopi.atelier.lan/api/"
FARM = "/mnt/printfarm/"
SLICER = "./tools/PrusaSlicer-2.8.1.AppImage --export-gcode --load profiles/%s.ini -o build/gcode/%s.gcode build/stl/%s.stl"
FUSE = ("dlopen(): error loading libfuse.so.2\n\nAppImages require FUSE to run. \n"
        "You might still be able to extract the contents of this AppImage \n"
        "if you run it with the --appimage-extract option.")
CGAL = ("ERROR: CGAL error in CGALUtils::applyUnion3D: CGAL ERROR: assertion violation!\n"
        "Expr: itl != it->second.end()\nFile: /usr/include/CGAL/Nef_3/SNC_external_structure.h\nLine: 1150")


def variant(j, after, name, dims, ticket):
    j.ed("params/box.json", '    "%s": {' % after,
         '    "%s": {"inner_w": "%d", "inner_d": "%d", "inner_h": "%d"},\n    "%s": {' % ((name,) + dims + (after,)))
    j.sh("openscad -p params/box.json -P %s -o build/stl/%s.stl src/box.scad" % (name, name),
         dur=20000 + 30000 * j.rand())
    j.add("params/box.json")
    j.commit("box: %s variant (%s)" % (name, ticket))


def build():
    j = Journal(seed=10010)

    # s1 Camille
    j.day("s1", "2026-11-03", "08:05")
    j.p("Salut! pull et montre-moi ce qui a bougé depuis vendredi")
    j.sh("git pull --rebase")
    j.log(10)
    j.p("AB-41: nouvelle variante pi4_slim dans params/box.json, 92x63x24 intérieur, et export STL")
    variant(j, "pi3", "pi4_slim", (92, 63, 24), "AB-41")
    j.p("slice pi4_slim en PLA 0.2 pour avoir le temps d'impression")
    j.sh(SLICER % ("pla_0.2", "pi4_slim", "pi4_slim"), err=FUSE, dur=410.0)
    j.p("ah, pas de FUSE ici. tant pis, c'est le PC du farm qui slice. OctoPrint: job en cours?")
    j.get(OP + "job")
    j.get(OP + "printer")
    j.p("et les fichiers déjà uploadés?")
    j.get(OP + "files/local", err="timed out after 10000 ms")
    j.p("bon. la queue du farm et ce qui est sorti")
    j.ls(FARM + "queue")
    j.ls(FARM + "done")
    j.sh("ls -la build/stl")

    # s2 Thiago
    j.day("s2", "2026-11-04", "12:10")
    j.p("Bom dia! AB-44: célula do honeycomb da tampa vai pra 6 mm")
    j.rd("src/lid_honeycomb.scad")
    j.ed("src/lid_honeycomb.scad", "cell = 8;", "cell = 6;")
    j.p("exporta o STL dela")
    j.sh("openscad -o build/stl/lid_honeycomb.stl src/lid_honeycomb.scad", err=CGAL, dur=48200.0)
    j.sh("openscad --backend=manifold -o build/stl/lid_honeycomb.stl src/lid_honeycomb.scad", dur=6100.0)
    j.sh("admesh --check build/stl/lid_honeycomb.stl")
    j.p("commit")
    j.status()
    j.add("src/lid_honeycomb.scad")
    j.commit("lid: 6 mm honeycomb cells (AB-44)")
    j.p("OctoPrint: como tá a impressora?")
    j.get(OP + "job", err="HTTP 502 Bad Gateway")
    j.get(OP + "job")
    j.p("roda o lint do scad")
    j.sh("sca2d src/", err="src/lib/hinge.scad:14:1: W2001: Variable 'pin_gap' is defined but never used")
    j.ed("src/lib/hinge.scad", "pin_gap = 0.3;\n", "")
    j.ed("src/lib/hinge.scad", "// gaps\n", "")
    j.sh("sca2d src/")
    j.p("o que tem na pasta failed do farm?")
    j.ls(FARM + "failed", err="EIO: i/o error, scandir '/mnt/printfarm/failed'")
    j.ls(FARM + "failed")
    j.p("push")
    j.sh("git push origin thiago/ab-44")

    # s3 Ji-woo
    j.day("s3", "2026-11-05", "00:30")
    j.p("안녕하세요~ AB-47 esp32_devkit variant 추가, 56x30x18")
    variant(j, "pi4_slim", "esp32_devkit", (56, 30, 18), "AB-47")
    j.p("그거 PETG 로 slice 도 부탁")
    j.sh(SLICER % ("petg_0.2", "esp32_devkit", "esp32_devkit"), err=FUSE, dur=380.0)
    j.p("아 여기선 안 되는구나. OctoPrint files 랑 printer 상태")
    j.get(OP + "files/local")
    j.get(OP + "printer", err="ECONNRESET: socket hang up")
    j.p("farm queue 폴더도")
    j.ls(FARM + "queue", err="ETIMEDOUT: connection timed out, scandir '/mnt/printfarm/queue'")
    j.p("README variant 표 업데이트")
    j.rd("README.md")
    j.ed("README.md", "| pi4_slim | 92 | 63 | 24 |\n", "| pi4_slim | 92 | 63 | 24 |\n| esp32_devkit | 56 | 30 | 18 |\n")
    j.ed("README.md", "Last updated: 2026-10-28", "Last updated: 2026-11-05")
    j.p("openscad 버전 뭐 쓰고 있지? 그리고 push")
    j.sh("openscad --version")
    j.sh("git push origin jiwoo/ab-47")

    # s4 Camille
    j.day("s4", "2026-11-06", "08:20")
    j.p("AB-50: panneau latéral, la grille d'aération passe à 4 mm d'espacement")
    j.ed("src/side_panel_vents.scad", "vent_pitch = 5;", "vent_pitch = 4;")
    j.ed("src/side_panel_vents.scad", "// v3", "// v4: pitch 4 mm (AB-50)")
    j.p("export stl")
    j.sh("openscad -o build/stl/side_panel_vents.stl src/side_panel_vents.scad", err=CGAL, dur=51800.0)
    j.sh("openscad --backend=manifold -o build/stl/side_panel_vents.stl src/side_panel_vents.scad", dur=5400.0)
    j.sh("admesh --check build/stl/side_panel_vents.stl")
    j.p("OctoPrint est revenu?")
    j.get(OP + "connection", err="EHOSTUNREACH: no route to host")
    j.p("farm: done et failed")
    j.ls(FARM + "done")
    j.ls(FARM + "failed", err="ESTALE: stale file handle, scandir '/mnt/printfarm/failed'")
    j.p("commit + tag v0.9.0")
    j.add("src/side_panel_vents.scad")
    j.add("build/stl/side_panel_vents.stl")
    j.commit("side panel: 4 mm vent pitch (AB-50)")
    j.sh("git tag v0.9.0")
    j.sh("git push origin main --tags")

    # s5 Thiago
    j.day("s5", "2026-11-09", "12:05")
    j.p("bom dia, pull primeiro")
    j.sh("git pull --rebase")
    j.p("gera o gcode do pi4_slim em PETG, o cliente quer testar amanhã")
    j.sh(SLICER % ("petg_0.2", "pi4_slim", "pi4_slim"), err=FUSE, dur=395.0)
    j.p("ah é, sem FUSE. beleza. qual job tá rodando no OctoPrint?")
    j.get(OP + "job")
    j.get(OP + "printer?history=true", err="timed out after 10000 ms")
    j.p("fila do farm")
    j.ls(FARM + "queue", err="EIO: i/o error, scandir '/mnt/printfarm/queue'")
    j.p("hinge.scad: pino de 3 pra 3.2 mm, e exporta o hinge_test")
    j.rd("src/lib/hinge.scad")
    j.ed("src/lib/hinge.scad", "pin_d = 3;", "pin_d = 3.2;")
    j.sh("openscad -o build/stl/hinge_test.stl src/hinge_test.scad", dur=3900.0)
    j.p("commit")
    j.add("src/lib/hinge.scad")
    j.commit("hinge: 3.2 mm pin")
    j.log(3)
    j.p("push")
    j.sh("git push origin thiago/hinge-pin")

    # s6 Ji-woo
    j.day("s6", "2026-11-10", "00:40")
    j.p("pull 먼저요")
    j.sh("git pull --rebase")
    j.p("AB-53 wall mount 용 wall_mount_s variant, 80x50x35")
    variant(j, "esp32_devkit", "wall_mount_s", (80, 50, 35), "AB-53")
    j.p("slice 해서 filament 양 확인해 줘")
    j.sh(SLICER % ("pla_0.2", "wall_mount_s", "wall_mount_s"), err=FUSE, dur=402.0)
    j.p("역시 안 되네 ㅠ OctoPrint job 상태는?")
    j.get(OP + "job", err="HTTP 502 Bad Gateway")
    j.p("farm done / failed 확인")
    j.ls(FARM + "done")
    j.ls(FARM + "failed", err="EHOSTDOWN: host is down, scandir '/mnt/printfarm/failed'")
    j.p("CHANGELOG 에 AB-53 추가하고 commit")
    j.rd("CHANGELOG.md")
    j.ed("CHANGELOG.md", "## Unreleased\n", "## Unreleased\n\n- wall_mount_s variant (AB-53)\n")
    j.add("CHANGELOG.md")
    j.commit("changelog: AB-53")
    j.p("push 해 줘")
    j.sh("git push origin jiwoo/ab-53")
    return j
