"""Journal 112: hutlink (Nim LoRaWAN gateway daemon for alpine huts), sessions s1..s6, inline."""
from jlib import Journal

REPO = "/home/dev/hutlink"
DEC = "src/decoders.nim"
TESTAMENT = 'testament pattern "tests/decoders/*.nim"'
CROSS = "nim c -d:release --cpu:arm --os:linux -o:bin/hutlink-armv7 src/hutlink.nim"
CROSS_OK = ("nim c -d:release --cpu:arm --os:linux --arm.linux.gcc.exe:arm-linux-gnueabihf-gcc "
            "--arm.linux.gcc.linkerexe:arm-linux-gnueabihf-gcc -o:bin/hutlink-armv7 src/hutlink.nim")
HOSTGCC = ("Error: execution of an external compiler program 'gcc -c  -w -fmax-errors=3 -O3 -fno-strict-aliasing "
           "-fno-ident -marm -march=armv7-a -I/home/dev/.choosenim/toolchains/nim-2.0.8/lib -I/home/dev/hutlink/src "
           "-o /home/dev/.cache/nim/hutlink_r/@m..@s..@s.choosenim@stoolchains@snim-2.0.8@slib@ssystem.nim.c.o "
           "/home/dev/.cache/nim/hutlink_r/@m..@s..@s.choosenim@stoolchains@snim-2.0.8@slib@ssystem.nim.c' "
           "failed with exit code: 1\n\ngcc: error: unrecognized command-line option '-marm'")
QEMU = "qemu-arm bin/hutlink-armv7 %s"
NOSYSROOT = "qemu-arm: Could not open '/lib/ld-linux-armhf.so.3': No such file or directory"
PUB = "mosquitto_pub -h broker.huettennetz.ch -t %s -m '%s'"
PUB_TLS = "mosquitto_pub -h broker.huettennetz.ch -p 8883 --cafile certs/hutnet-ca.pem -t %s -m '%s'"
REFUSED = "Error: Connection refused"
API = "https://status.huettennetz.ch/api/v1"


def build():
    j = Journal(seed=112029, repo=REPO)

    # s1 Mon 2 Nov: Lukas
    j.day("s1", "2026-11-02", 7, 35)
    j.p("Lukas. Zeig mir, wie der Wassertank-Decoder aufgebaut ist, samt Test")
    j.read(DEC)
    j.read("tests/decoders/tall.nim")
    j.p("Schneehöhe SH-40 dazu: 2 Byte Höhe in mm, 1 Byte Batterie in %. Beispiele: 0a6f5c, 0b0250, 00c864")
    j.write("tests/fixtures/sh40.hex", "# sensor=SH-40 depth_mm battery_pct\n0a6f5c 2671 92\n0b0250 2818 80\n00c864 200 100\n")
    j.edit(DEC, "of 0x21: decodeTank(p)", "of 0x21: decodeTank(p)\n  of 0x40: decodeSnowDepth(p)")
    j.run(TESTAMENT)
    j.add(["tests/fixtures/sh40.hex", DEC])
    j.p("commit")
    j.commit("Decoder for SH-40 snow depth sensor")
    j.p("host build, nim check and the unit tests")
    j.run("nimble build")
    j.run("nim check src/hutlink.nim")
    j.run("nimble test")
    j.p("Friday's ARM binary is still in bin/, start it with qemu so we know it comes up")
    j.run(QEMU % "--version", err=NOSYSROOT)
    j.p("Status-API: welche Hütten haben heute Nacht gemeldet?")
    j.get(API + "/huts?since=2026-11-01T18:00Z", err="HTTP 502 Bad Gateway")
    j.get(API + "/huts?since=2026-11-01T18:00Z")

    # s2 Tue 3 Nov: Chiara
    j.day("s2", "2026-11-03", 7, 50)
    j.p("Chiara. Mi serve la build ARM per il gateway della Capanna Cristallina, release")
    j.run(CROSS, err=HOSTGCC)
    j.run(CROSS_OK)
    j.p("provalo con qemu prima")
    j.run(QEMU % "--check-config config/cristallina.toml", err=NOSYSROOT)
    j.p("ok, copialo sul gateway di scorta in ufficio (gw-spare.lan) e avvialo lì")
    j.run("scp bin/hutlink-armv7 pi@gw-spare.lan:/opt/hutlink/")
    j.run("ssh pi@gw-spare.lan /opt/hutlink/hutlink-armv7 --version")
    j.p("nph su src e fammi vedere il diff")
    j.run("nph src")
    j.diff()
    j.p("stato della Cristallina sulla dashboard")
    j.get(API + "/huts/cristallina")
    j.p("log dell'ultima settimana")
    j.log(15)
    j.p("push")
    j.run("git push origin main")

    # s3 Wed 4 Nov: Noé
    j.day("s3", "2026-11-04", 7, 40)
    j.p("Noé. Nouveau capteur réservoir v2 (WT-2), les trames sont dans le ticket HUT-88 : 21020f3c, 2101a064")
    j.write("tests/fixtures/wt2.hex", "# sensor=WT-2 level_l temp_c10\n21020f3c 527 60\n2101a064 416 100\n")
    j.edit(DEC, "of 0x21: decodeTank(p)", "of 0x21:\n    if p.len == 4: decodeTankV2(p) else: decodeTank(p)")
    j.run(TESTAMENT)
    j.add(["tests/fixtures/wt2.hex", DEC])
    j.p("envoie une trame WT-2 de test sur le broker, topic huts/test/uplink")
    j.run(PUB % ("huts/test/uplink", '{"dev":"wt2-test","data":"21020f3c"}'), err=REFUSED)
    j.run(PUB_TLS % ("huts/test/uplink", '{"dev":"wt2-test","data":"21020f3c"}'))
    j.p("écoute huts/test/# pour voir ce qui sort du décodeur")
    j.run("mosquitto_sub -h broker.huettennetz.ch -p 8883 --cafile certs/hutnet-ca.pem -t 'huts/test/#' -C 2 -v")
    j.p("tous les tests aussi")
    j.run("nimble test")
    j.p("API statut : batterie de Cristallina et Lidernen")
    j.get(API + "/huts/cristallina/battery", err="ETIMEDOUT: request to https://status.huettennetz.ch/api/v1/"
                                                 "huts/cristallina/battery timed out after 20000 ms")
    j.p("commit")
    j.commit("Decoder for WT-2 water tank sensor")
    j.p("push la branche")
    j.run("git push origin decoders/wt2")

    # s4 Thu 5 Nov: Lukas
    j.day("s4", "2026-11-05", 7, 30)
    j.p("Lukas. Release-Build fürs ARM-Gateway der Lidernenhütte")
    j.run(CROSS, err=HOSTGCC)
    j.run(CROSS_OK)
    j.p("kurz mit qemu anwerfen")
    j.run(QEMU % "--check-config config/lidernen.toml", err=NOSYSROOT)
    j.p("Der Uplink-Handler schreibt jeden Frame auf info, bitte auf debug")
    j.read("src/uplink.nim")
    j.edit("src/uplink.nim", "info \"uplink \", frame", "debug \"uplink \", frame")
    j.run("nimble test", err="src/uplink.nim(48, 5) Error: undeclared identifier: 'debug'")
    j.edit("src/uplink.nim", "import std/[strutils, times]", "import std/[strutils, times, logging]")
    j.run("nimble test")
    j.p("Status-API: sieht man das Lidernen-Gateway schon?")
    j.get(API + "/gateways?hut=lidernen", err="HTTP 502 Bad Gateway")
    j.p("host build noch")
    j.run("nimble build")

    # s5 Fri 6 Nov: Chiara
    j.day("s5", "2026-11-06", 7, 45)
    j.p("Chiara. Manda una lettura neve finta per la dashboard: hut=cristallina, 142 cm")
    j.run(PUB % ("huts/cristallina/snow", '{"depth_cm":142,"test":true}'), err=REFUSED)
    j.run(PUB_TLS % ("huts/cristallina/snow", '{"depth_cm":142,"test":true}'))
    j.p("la dashboard la vede?")
    j.get(API + "/huts/cristallina")
    j.get(API + "/huts/cristallina/snow")
    j.get(API + "/huts/cristallina/snow?range=7d", err="ECONNRESET: socket hang up")
    j.p("nph 0.6 in hutlink.nimble, installa e riformatta")
    j.edit("hutlink.nimble", 'requires "nph >= 0.5"', 'requires "nph >= 0.6"')
    j.run("nimble install -d")
    j.run("nph src")
    j.p("tutti i test dei decoder")
    j.run('testament all')
    j.p("commit di tutto")
    j.add(["hutlink.nimble", "src"])
    j.commit("nph 0.6, reformat")

    # s6 Mon 9 Nov: Noé
    j.day("s6", "2026-11-09", 7, 40)
    j.p("Noé. Capteur solaire SP-1 : 3 octets, tension en mV sur 2 octets puis l'état de charge. "
        "Exemples : 3139ae01, 3131f402")
    j.write("tests/fixtures/sp1.hex", "# sensor=SP-1 mv state\n3139ae01 14766 1\n3131f402 12788 2\n")
    j.edit(DEC, "of 0x40: decodeSnowDepth(p)", "of 0x40: decodeSnowDepth(p)\n  of 0x31: decodeSolar(p)")
    j.run(TESTAMENT)
    j.add(["tests/fixtures/sp1.hex", DEC])
    j.p("compile pour l'ARM avec les options du toolchain croisé, puis lance-le sous qemu")
    j.run(CROSS_OK)
    j.run(QEMU % "--version", err=NOSYSROOT)
    j.p("API statut : le capteur SP-1 de test, et les cabanes des dernières 24 h")
    j.get(API + "/sensors/sp1-test")
    j.get(API + "/huts?since=24h", err="HTTP 503 Service Unavailable")
    j.p("nimble check et nph --check")
    j.run("nimble check")
    j.run("nph --check src")
    j.p("CHANGELOG : SP-1 et WT-2")
    j.read("CHANGELOG.md")
    j.edit("CHANGELOG.md", "## Unreleased", "## Unreleased\n\n- Decoders: SH-40 snow depth, WT-2 tank, SP-1 solar")
    j.p("git status")
    j.status()
    return j
