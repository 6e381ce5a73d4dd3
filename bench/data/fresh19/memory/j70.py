"""journal-70: oakhollow-debs, a Debian packaging repository for six internal packages (written from briefs.md)."""
from jlib import Journal

ROOT = "/home/agent/oakhollow-debs"
APT = "https://apt.oakhollow.net/dists/%s/main/binary-amd64/Packages"
BUILDD = "https://buildd.oakhollow.net"
NOCHROOT = "E: bookworm-amd64-sbuild: Chroot not found\nE: Error creating chroot session: skipping %s"
NOKEY = ('gpg: skipped "Oakhollow Release <release@oakhollow.net>": No secret key\n'
         "gpg: dpkg-sign.XXXXXXXX/%s: clear-sign failed: No secret key\n"
         "dpkg-buildpackage: error: failed to sign .buildinfo file: OpenPGP backend command cannot sign")


def build():
    J = Journal(70002, "2026-11-23")

    def stage(pkg, deb):
        J.ls(ROOT)
        J.sh("reprepro -b /srv/apt includedeb bookworm-staging %s/%s" % (ROOT, deb), dur=2210)
        J.get(APT % "bookworm-staging")

    def bump(pkg, version, text):
        J.rd("%s/debian/changelog" % pkg)
        J.sh('dch -v %s -D bookworm "%s"' % (version, text), cwd="%s/%s" % (ROOT, pkg), dur=410)
        J.diff()
        J.commit("%s %s" % (pkg, version), all_=True)

    # ---- s1, Monday
    J.start("s1", 0, 9, 3)
    J.p("oak-agent: upstream cut v2.4.1 (logrotate fix, PR #88). needs packaging")
    bump("oak-agent", "2.4.1-1", "New upstream release. Fixes log rotation of /var/log/oak-agent (OAK-88).")
    J.p("now a build, binary only. do it properly in a chroot")
    J.sh("sbuild -d bookworm --arch-all oak-agent_2.4.1-1.dsc", NOCHROOT % "oak-agent_2.4.1-1.dsc", dur=1650, cwd=ROOT)
    J.sh("dpkg-buildpackage -us -uc -b", dur=48200, cwd=ROOT + "/oak-agent")
    J.sh("lintian --pedantic ../oak-agent_2.4.1-1_amd64.changes", dur=9400, cwd=ROOT + "/oak-agent")
    J.p("what ended up in the deb?")
    J.sh("dpkg-deb -c oak-agent_2.4.1-1_amd64.deb", cwd=ROOT)
    J.sh("dpkg-deb -I oak-agent_2.4.1-1_amd64.deb", cwd=ROOT)
    J.p("see if yesterday's CI run for oakctl went through")
    J.get(BUILDD + "/api/builds/oakctl/latest")
    J.get(BUILDD + "/logs/oakctl/1.8.2-1/amd64.log", "HTTP 502 Bad Gateway", dur=30020)
    J.p("buildd being buildd. skip it. Rui asks which oak-config is in the stable suite")
    J.get(APT % "bookworm")
    J.p("0.9.3-1, told him")

    # ---- s2, Tuesday
    J.start("s2", 1, 8, 52)
    J.p("Rui changed the default exporter port in oak-metrics (debian/oak-metrics.default, 9117 -> 9310). he wants a .deb to try")
    J.rd("oak-metrics/debian/oak-metrics.default")
    J.rd("oak-metrics/debian/rules")
    J.p("yes go, build it")
    J.sh("dpkg-buildpackage -b", NOKEY % "oak-metrics_1.3.0-2_amd64.buildinfo", dur=39800, cwd=ROOT + "/oak-metrics")
    J.sh("dpkg-buildpackage -us -uc -b", dur=40150, cwd=ROOT + "/oak-metrics")
    J.sh("lintian ../oak-metrics_1.3.0-2_amd64.changes", dur=7100, cwd=ROOT + "/oak-metrics")
    J.p("cool. he'd rather pull it with apt on his canary, so staging please")
    stage("oak-metrics", "oak-metrics_1.3.0-2_amd64.deb")
    J.p("oak-metrics on CI this morning: green or not?")
    J.get(BUILDD + "/api/builds/oak-metrics/latest", "HTTP 504 Gateway Timeout", dur=60010)
    J.get(BUILDD + "/api/builds/oak-metrics/latest", dur=880)
    J.p("Jonas isn't convinced the Build-Depends list is complete. sbuild it")
    J.sh("sbuild -d bookworm oak-metrics_1.3.0-2.dsc", NOCHROOT % "oak-metrics_1.3.0-2.dsc", dur=1490, cwd=ROOT)
    J.sh("sbuild-createchroot bookworm /srv/chroot/bookworm-amd64-sbuild http://deb.debian.org/debian",
         "E: sbuild-createchroot must be run as root", dur=120, cwd=ROOT)
    J.p("no root here, ok. I'll tell Jonas to look at the CI build instead")
    J.p("while we're at it: who depends on oak-config?")
    J.sh("grep -l 'oak-config' */debian/control", cwd=ROOT)
    J.rd("oak-agent/debian/control")
    J.rd("oak-metrics/debian/control")
    J.p("oak-agent and oak-metrics, both >= 0.9. fine")

    # ---- s3, Wednesday
    J.start("s3", 2, 9, 40)
    J.p("oakctl 1.9.0 is out upstream (new `drain` subcommand). new packaging version please")
    bump("oakctl", "1.9.0-1", "New upstream release: adds the drain subcommand.")
    J.p("build it in a clean environment, the new version pulls in libyaml")
    J.sh("sbuild -d bookworm oakctl_1.9.0-1.dsc", NOCHROOT % "oakctl_1.9.0-1.dsc", dur=1580, cwd=ROOT)
    J.rd("oakctl/debian/control")
    J.sh("dpkg-checkbuilddeps", cwd=ROOT + "/oakctl")
    J.sh("dpkg-buildpackage -us -uc -b", dur=52300, cwd=ROOT + "/oakctl")
    J.p("lintian happy?")
    J.sh("lintian ../oakctl_1.9.0-1_amd64.changes", "E: oakctl: no-manual-page [usr/bin/oakctl]", dur=6900, cwd=ROOT + "/oakctl")
    J.ed("oakctl/debian/oakctl.manpages", "", "docs/oakctl.1\n")
    J.sh("dpkg-buildpackage -us -uc -b", dur=51800, cwd=ROOT + "/oakctl")
    J.sh("lintian ../oakctl_1.9.0-1_amd64.changes", dur=7020, cwd=ROOT + "/oakctl")
    J.p("Ana: the arm64 build of oakctl 1.8.2 on CI, did it fail? need the log")
    J.get(BUILDD + "/logs/oakctl/1.8.2-1/arm64.log", "ConnectionResetError: [Errno 104] Connection reset by peer", dur=240)
    J.get(BUILDD + "/logs/oakctl/1.8.2-1/arm64.log", "ConnectionResetError: [Errno 104] Connection reset by peer", dur=198)
    J.get(BUILDD + "/logs/oakctl/1.8.2-1/arm64.log", dur=1320)
    J.p("it failed in dh_auto_test, a flaky upstream test, not us. ok. commit the manpage thing")
    J.st()
    J.add("oakctl/debian/oakctl.manpages")
    J.add("oakctl/debian/changelog")
    J.commit("oakctl: install the manual page")

    # ---- s4, Thursday
    J.start("s4", 3, 10, 14)
    J.p("Marek's systemd hardening for oak-config is on the branch (ProtectSystem=strict, PrivateTmp...). I want a deb from this branch to install on a test VM")
    J.rd("oak-config/debian/oak-config.service")
    J.sh("dpkg-buildpackage -b", NOKEY % "oak-config_0.9.3-1_all.buildinfo", dur=22400, cwd=ROOT + "/oak-config")
    J.sh("dpkg-buildpackage -us -uc -b", dur=23100, cwd=ROOT + "/oak-config")
    J.sh("dpkg-deb -I oak-config_0.9.3-1_all.deb", cwd=ROOT)
    J.sh("debc ../oak-config_0.9.3-1_amd64.changes", cwd=ROOT + "/oak-config")
    J.p("staging with it, the test VM has the staging suite")
    stage("oak-config", "oak-config_0.9.3-1_all.deb")
    J.p("is the CI build on that branch done?")
    J.get(BUILDD + "/api/builds/oak-config/latest?branch=systemd-hardening", "HTTP 503 Service Unavailable", dur=77)
    J.p("forget it for now. summarise what oak-config does at install time")
    J.rd("oak-config/debian/rules")
    J.rd("oak-config/debian/oak-config.postinst")
    J.p("thanks, that's what I thought")

    # ---- s5, Friday
    J.start("s5", 4, 9, 21)
    J.p("hardening tested fine on the VM. release oak-config as 0.9.4")
    bump("oak-config", "0.9.4-1", "Harden the systemd unit (ProtectSystem=strict, PrivateTmp, NoNewPrivileges).")
    J.p("before the tag: clean-room build of oak-config to be safe")
    J.sh("sbuild -d bookworm oak-config_0.9.4-1.dsc", NOCHROOT % "oak-config_0.9.4-1.dsc", dur=1530, cwd=ROOT)
    J.sh("schroot -l", cwd=ROOT)
    J.p("right, no chroots at all on this box. tag and push, CI does the real build")
    J.sh("git tag oak-config/0.9.4-1", cwd=ROOT)
    J.log(3)
    J.sh("git push origin main oak-config/0.9.4-1", cwd=ROOT, dur=2400)
    J.p("what did we ship this week? I owe the fleet channel a short note")
    J.log(20)
    J.sh("git tag --list 'oak*' --sort=-creatordate", cwd=ROOT)
    J.sh("git log --oneline --since=2026-11-23 -- '*/debian/changelog'", cwd=ROOT)
    J.p("how's the tag build going on buildd")
    J.get(BUILDD + "/api/builds/oak-config/latest", "ReadTimeout: HTTPSConnectionPool(host='buildd.oakhollow.net', port=443): Read timed out. (read timeout=30)", dur=30003)
    J.get(BUILDD + "/api/builds/oak-config/latest", dur=1105)
    J.p("green. what's in staging for oak-config right now?")
    J.get(APT % "bookworm-staging")

    # ---- s6, Saturday
    J.start("s6", 5, 10, 33)
    J.p("the canary hosts need oak-agent 2.4.1, put it where they can get it")
    stage("oak-agent", "oak-agent_2.4.1-1_amd64.deb")
    J.p("and for the record an sbuild of oak-agent 2.4.1, Ana asked")
    J.sh("sbuild -d bookworm oak-agent_2.4.1-1.dsc", NOCHROOT % "oak-agent_2.4.1-1.dsc", dur=1610, cwd=ROOT)
    J.p("nvm then. last: arm64 CI log of oak-agent 2.4.1")
    J.get(BUILDD + "/logs/oak-agent/2.4.1-1/arm64.log", "HTTP 502 Bad Gateway", dur=30015)
    J.get(BUILDD + "/logs/oak-agent/2.4.1-1/arm64.log", dur=1460)
    J.p("all green. one more: Standards-Version in oak-agent is still 4.6.2, bump to 4.7.0")
    J.rd("oak-agent/debian/control")
    J.ed("oak-agent/debian/control", "Standards-Version: 4.6.2", "Standards-Version: 4.7.0")
    J.sh("dpkg-buildpackage -us -uc -b", dur=47600, cwd=ROOT + "/oak-agent")
    J.sh("lintian --pedantic ../oak-agent_2.4.1-1_amd64.changes", dur=9100, cwd=ROOT + "/oak-agent")
    J.p("thx, weekend")
    return J
