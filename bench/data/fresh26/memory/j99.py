"""Journal 99: brewline-os (Yocto Scarthgap image, kas). Jonas, Lea: German-English; Haruka: Japanese-English."""
from jlib import Journal

HB = "https://hawkbit.brewline.internal/rest/v1/"
BB = "meta-brewline/recipes-app/brewctl/brewctl_git.bb"
SWD = "meta-brewline/recipes-core/swupdate/brewline-swu/sw-description"
QEMU = ("runqemu - ERROR - Failed to run qemu: Could not access KVM kernel module: No such file or directory\n"
        "qemu-system-aarch64: failed to initialize kvm: No such file or directory")
SSTATE = ("ERROR: Unable to reach SSTATE_MIRRORS https://sstate.brewline.internal/scarthgap (Connection timed out)\n"
          "ERROR: BB_SSTATE_STRICT: 4812 of 5230 setscene tasks unavailable, aborting")


def bump(j, old, new, ticket):
    j.ed(BB, 'SRCREV = "%s"' % old, 'SRCREV = "%s"' % new)
    j.sh("bitbake brewctl", dur=300000 + 200000 * j.rand())
    j.add(BB)
    j.commit("brewctl: bump to %s (%s)" % (new[:7], ticket))


def bundle(j, old, new):
    j.rd(SWD)
    j.ed(SWD, old, new)
    j.sh("bitbake brewline-swu", dur=600000 + 300000 * j.rand())
    j.diff()


def build():
    j = Journal(seed=9999)

    # s1 Jonas
    j.day("s1", "2026-11-11", "07:20")
    j.p("Moin! pull bitte und zeig mir welche layers grad aktiv sind")
    j.sh("git pull --rebase")
    j.sh("bitbake-layers show-layers")
    j.p("BREW-88: brewctl auf 7c02d1e bumpen, da ist der Pumpen-Fix drin")
    bump(j, "5e1b0aa93c0f7e14b2d8a61c77e0f3d9b4a2c815", "7c02d1e48b9a0c3f5e6d71a2b84c9f0e13d5a667", "BREW-88")
    j.p("was sagt hawkbit zum rollout winter-2.2?")
    j.get(HB + "rollouts?q=name==winter-2.2")
    j.get(HB + "rollouts/14/deploygroups", err="HTTP 503 Service Unavailable")
    j.p("egal. oelint über die recipe laufen lassen")
    j.sh("oelint-adv --quiet " + BB,
         err="[W] line 9: oelint.vars.order: SRCREV should be placed before PV")
    j.ed(BB, 'PV = "1.4+git"\nSRCREV = ', 'SRCREV = ')
    j.ed(BB, 'SRC_URI = ', 'PV = "1.4+git"\n\nSRC_URI = ')
    j.sh("oelint-adv --quiet " + BB)
    j.p("commit das")
    j.add(BB)
    j.commit("brewctl: variable order (oelint)")

    # s2 Haruka
    j.day("s2", "2026-11-12", "00:40")
    j.p("おはようございます. sw-description の version 2.2.1 にして swu bundle もう一回 build お願いします")
    bundle(j, 'version = "2.2.0";', 'version = "2.2.1";')
    j.p("qemuarm64 で brewline-image-dev が boot するか見たいです")
    j.sh("runqemu qemuarm64 nographic slirp", err=QEMU, dur=2140.0)
    j.p("KVM ないのか… skip で. hawkBit の BM-0042 はどうなってる?")
    j.get(HB + "targets/BM-0042", err="timed out after 15000 ms")
    j.get(HB + "targets/BM-0042")
    j.p("libbrewproto の SRC_URI checksum の warning 直してほしい")
    j.rd("meta-brewline/recipes-support/libbrewproto/libbrewproto_1.3.bb")
    j.ed("meta-brewline/recipes-support/libbrewproto/libbrewproto_1.3.bb",
         'SRC_URI[sha256sum] = "0f3c"', 'SRC_URI[sha256sum] = "0f3c9a1d57e2b8c4f6a0d3e9b7c1a5f2e8d4b6c0a9f3e7d1c5b8a2f4e6d0c3b9"')
    j.sh("bitbake libbrewproto -c fetch", dur=21000.0)
    j.p("commit してください")
    j.status()
    j.add(SWD)
    j.add("meta-brewline/recipes-support/libbrewproto/libbrewproto_1.3.bb")
    j.commit("swu 2.2.1; libbrewproto checksum")

    # s3 Lea
    j.day("s3", "2026-11-13", "07:50")
    j.p("Hi! für die Werkstatt brauch ich heute ein frisches brewline-image, einmal alles bauen bitte")
    j.sh("kas build kas/brewline.yml", err=SSTATE, dur=95000.0)
    j.sh("kas build kas/brewline.yml:kas/local-sstate.yml", dur=5412000.0)
    j.p("läuft 👍 BREW-91: brewctl auf b91e4f0")
    bump(j, "7c02d1e48b9a0c3f5e6d71a2b84c9f0e13d5a667", "b91e4f0c2d7a8e35f1b6094a3c7d2e8f5a0b9c14", "BREW-91")
    j.p("hawkbit: welche distribution sets gibts?")
    j.get(HB + "distributionsets")
    j.get(HB + "distributionsets?q=version==2.2.1")
    j.p("wie groß ist das wic jetzt, und der sstate-cache?")
    j.sh("ls -lh build/tmp/deploy/images/brewline-imx8mm/brewline-image-brewline-imx8mm.rootfs.wic.zst")
    j.sh("du -sh build/sstate-cache")
    j.p("in kas/brewline.yml BB_NUMBER_THREADS auf 8")
    j.rd("kas/brewline.yml")
    j.ed("kas/brewline.yml", '    BB_NUMBER_THREADS = "16"\n', '    BB_NUMBER_THREADS = "8"\n')

    # s4 Jonas
    j.day("s4", "2026-11-16", "07:15")
    j.p("BREW-95 update bundle: pre-install hook der die Brühgruppe parkt")
    bundle(j, '\tscripts: (\n', '\tscripts: (\n\t\t{ filename = "park-group.sh"; type = "preinstall"; },\n')
    j.p("und das ganze einmal im qemu booten")
    j.sh("runqemu qemuarm64 nographic slirp", err=QEMU, dur=2260.0)
    j.p("ach ja, kein KVM. hawkbit: läuft BM-0042 noch auf 2.2.0?")
    j.get(HB + "targets/BM-0042/installedDS", err="ECONNRESET: socket hang up")
    j.p("dann nicht. brewctl baut mit devtool lokal nicht mehr? schau mal")
    j.sh("devtool modify brewctl")
    j.sh("devtool build brewctl", err="ERROR: brewctl-1.4+git-r0 do_compile: oe_runmake failed\n"
         "| src/pump.c:88:5: error: implicit declaration of function 'pump_set_duty'")
    j.rd("workspace/sources/brewctl/src/pump.c")
    j.ed("workspace/sources/brewctl/src/pump.c", '#include "pump.h"\n', '#include "pump.h"\n#include "pwm.h"\n')
    j.sh("devtool build brewctl")
    j.sh("devtool reset brewctl")
    j.p("commit")
    j.add(SWD)
    j.add("meta-brewline/recipes-core/swupdate/brewline-swu/park-group.sh")
    j.commit("swu: preinstall hook parks the group (BREW-95)")

    # s5 Haruka
    j.day("s5", "2026-11-17", "00:35")
    j.p("BREW-97 brewctl を 0d44a19 に上げてください")
    bump(j, "b91e4f0c2d7a8e35f1b6094a3c7d2e8f5a0b9c14", "0d44a19e7c3b5f2a8d1e6094c7b3a5f8e2d0c9b1", "BREW-97")
    j.p("release candidate 用に brewline-image をまるごと build")
    j.sh("kas build kas/brewline.yml", err=SSTATE, dur=91000.0)
    j.sh("kas build kas/brewline.yml:kas/local-sstate.yml", dur=5120000.0)
    j.p("hawkBit で pending の targets を数えて")
    j.get(HB + "targets?q=updateStatus==pending")
    j.get(HB + "targets?q=updateStatus==error", err="HTTP 502 Bad Gateway")
    j.p("brewctl の package に入ってる files 見せて")
    j.sh("oe-pkgdata-util list-pkg-files brewctl")
    j.sh("bitbake-layers show-recipes brewctl")
    j.p("git log も")
    j.log(6)

    # s6 Lea
    j.day("s6", "2026-11-18", "08:00")
    j.p("moin, erstmal pull")
    j.sh("git pull --rebase")
    j.p("BREW-99: sw-description, hashes nach dem neuen rootfs nachziehen")
    bundle(j, 'sha256 = "@rootfs-2.2.1";', 'sha256 = "@rootfs-2.2.2";')
    j.p("bootet das image im qemu? kurz testen")
    j.sh("runqemu qemuarm64 nographic slirp", err=QEMU, dur=2080.0)
    j.p("ok dann nicht. hawkbit: ist das set 2.3.0 schon da?")
    j.get(HB + "distributionsets?q=version==2.3.0", err="HTTP 503 Service Unavailable")
    j.p("commit bitte")
    j.status()
    j.add(SWD)
    j.commit("swu: rootfs hashes 2.2.2 (BREW-99)")
    j.p("push")
    j.sh("git push origin lea/brew-99")
    return j
