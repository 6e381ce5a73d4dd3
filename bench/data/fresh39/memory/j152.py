"""Journal 152: icevane, a Wolfram Language paclet for ice-core age models (sessions s1..s6, 2026-11-09 .. 2026-11-14)."""
from jlib import Journal

API = "https://api.icevault.org/v2"
KP = "WOLFRAMSCRIPT_KERNELPATH=/usr/local/Wolfram/WolframEngine/14.1/Executables/WolframKernel"
WS = KP + " wolframscript"
OLD = "IceVane requires Wolfram Language 14.1 or later (running 13.3.1); set the kernel path\nGet::noopen: Cannot open IceVane`."
XVFB = "xvfb-run: error: Xvfb failed to start"
SHED = "/mnt/coreshed"


def cores(name, rows):
    return "<|\"Core\" -> \"%s\", \"Units\" -> <|\"Depth\" -> \"m\", \"Age\" -> \"a b2k\"|>,\n \"TiePoints\" -> {%s}|>" % (
        name, ", ".join("{%s, %s}" % r for r in rows))


def build():
    j = Journal(152152, (2026, 11, 9))

    # s1 Monday, Sigrun
    j.day("s1", 0, 8, 29)
    j.p("Sigrun. run the tests before I start on diffusion")
    j.sh("wolframscript -file Tests/RunAll.wls", OLD, 4210.5)
    j.sh(WS + " -file Tests/RunAll.wls", ms=96120.4)
    j.p("SE-Dome II arrived, Danish group. tie points below, depth m / age b2k\n12.4 41\n55.0 212\n131.7 640\n240.2 1415")
    j.wr("Data/Cores/SEDomeII.wl", cores("SEDomeII", [("12.4", "41"), ("55.0", "212"), ("131.7", "640"), ("240.2", "1415")]))
    j.sh(WS + " -file scripts/fit_core.wls SEDomeII", ms=61877.2)
    j.rd("output/SEDomeII/agemodel.csv")
    j.add("Data/Cores/SEDomeII.wl", "output/SEDomeII/agemodel.csv")
    j.p("raw CFA for it on coreshed?")
    j.ls(SHED + "/cfa/SEDomeII")
    j.ls(SHED + "/isotopes/SEDomeII", "ESTALE: stale file handle, scandir '/mnt/coreshed/isotopes/SEDomeII'")
    j.p("and its entry in icevault")
    j.get(API + "/cores/SE-DOME-II")
    j.get(API + "/cores/SE-DOME-II/series", "HTTP 502 Bad Gateway")
    j.p("commit")
    j.commit("SE-Dome II: tie points and first age model")

    # s2 Tuesday, Mateo
    j.day("s2", 1, 9, 11)
    j.p("Mateo. usage messages for LayerCount, LayerCountStrict and AnnualMarkers")
    j.rd("Kernel/LayerCount.wl")
    j.ed("Kernel/LayerCount.wl", "LayerCount::usage = \"\";",
         "LayerCount::usage = \"LayerCount[series, window] counts annual layers in a CFA series.\";")
    j.ed("Kernel/LayerCount.wl", "AnnualMarkers::usage = \"\";",
         "AnnualMarkers::usage = \"AnnualMarkers[series] gives the depths of annual maxima.\";")
    j.sh(WS + " -file Tests/RunAll.wls LayerCount", ms=21330.8)
    j.p("render the docs, want to look at them")
    j.sh(KP + " xvfb-run -a wolframscript -file scripts/build_docs.wls", XVFB, 1210.3)
    j.p("hm. ok skip")
    j.p("GICC05 comparison plot for the paper draft, NGRIP2")
    j.sh(WS + " -file scripts/plot_gicc05.wls NGRIP2", ms=30442.1)
    j.rd("output/NGRIP2/gicc05-compare.csv")
    j.p("NGRIP2 d18O from icevault")
    j.get(API + "/cores/NGRIP2/series/d18O", "ETIMEDOUT: connect timed out after 30000 ms")
    j.get(API + "/cores/NGRIP2/series/d18O", "ECONNRESET: socket hang up")
    j.p("commit usage msgs")
    j.diff()
    j.add("Kernel/LayerCount.wl")
    j.commit("LayerCount: usage messages")

    # s3 Wednesday, Kofi
    j.day("s3", 2, 8, 47)
    j.p("Kofi. pulling first")
    j.sh("git pull --rebase")
    j.p("RICE core, Lee et al. tie points, below\n8.9 30\n49.5 260\n112.0 700")
    j.wr("Data/Cores/RICE.wl", cores("RICE", [("8.9", "30"), ("49.5", "260"), ("112.0", "700")]))
    j.sh(WS + " -file scripts/fit_core.wls RICE", ms=58210.9)
    j.rd("output/RICE/agemodel.csv")
    j.add("Data/Cores/RICE.wl", "output/RICE/agemodel.csv")
    j.p("which raw runs exist for RICE on coreshed")
    j.ls(SHED + "/cfa/RICE", "ETIMEDOUT: operation timed out, scandir '/mnt/coreshed/cfa/RICE'")
    j.ls(SHED + "/cfa/RICE")
    j.p("diffusion: kernel width from the temperature profile, not a constant 7 cm")
    j.rd("Kernel/Diffusion.wl")
    j.rd("Tests/Diffusion.wlt")
    j.ed("Kernel/Diffusion.wl", "sigma = 0.07;", "sigma = diffusionLength[temperatureProfile[core], depth];")
    j.ed("Tests/Diffusion.wlt", "VerificationTest[sigmaAt[\"NGRIP2\", 100.], 0.07",
         "VerificationTest[sigmaAt[\"NGRIP2\", 100.], 0.0642")
    j.sh(WS + " -file Tests/RunAll.wls Diffusion", ms=18811.5)
    j.p("commit")
    j.log(5)
    j.commit("Diffusion: kernel width from temperature profile; RICE age model")
    j.p("does icevault list RICE with tie points")
    j.get(API + "/sites/roosevelt-island/cores")

    # s4 Thursday, Sigrun
    j.day("s4", 3, 8, 58)
    j.p("docs again, want to see Mateo's usage text in the real pages")
    j.sh(KP + " xvfb-run -a -s '-screen 0 1280x1024x24' wolframscript -file scripts/build_docs.wls", XVFB, 1188.0)
    j.p("skip, CI will")
    j.p("EGRIP tie points revised by Bo, update and refit: 1104.0 -> 1103.2 m for the 8.2k event")
    j.ed("Data/Cores/EGRIP.wl", "{1104.0, 8236}", "{1103.2, 8236}")
    j.sh(WS + " -file scripts/fit_core.wls EGRIP", ms=63002.4)
    j.rd("output/EGRIP/agemodel.csv")
    j.diff("output/EGRIP/agemodel.csv")
    j.p("coreshed isotopes for EGRIP")
    j.ls(SHED + "/isotopes/EGRIP", "EIO: i/o error, scandir '/mnt/coreshed/isotopes/EGRIP'")
    j.p("icevault then")
    j.get(API + "/cores/EGRIP/series/d18O", "HTTP 503 Service Unavailable")
    j.p("commit EGRIP")
    j.add("Data/Cores/EGRIP.wl", "output/EGRIP/agemodel.csv")
    j.commit("EGRIP: revised 8.2k tie point, refit")
    j.p("which IceVane version does the 14.1 kernel pick up from the checkout")
    j.sh(WS + " -code 'PacletDirectoryLoad[\".\"]; Needs[\"IceVane`\"]; IceVane`$Version'")

    # s5 Friday, Mateo
    j.day("s5", 4, 9, 3)
    j.p("full test run pls, I touched the interpolation")
    j.sh("wolframscript -file Tests/RunAll.wls", OLD, 3988.7)
    j.sh(WS + " -file Tests/RunAll.wls", ms=97004.6)
    j.p("EDC, AICC2023 tie points\n95.2 1720\n380.1 11650\n601.7 23400")
    j.wr("Data/Cores/EDC.wl", cores("EDC", [("95.2", "1720"), ("380.1", "11650"), ("601.7", "23400")]))
    j.sh(WS + " -file scripts/fit_core.wls EDC", ms=71205.3)
    j.rd("output/EDC/agemodel.csv")
    j.add("Data/Cores/EDC.wl", "output/EDC/agemodel.csv")
    j.p("EDC raw on coreshed?")
    j.ls(SHED + "/cfa/EDC")
    j.ls(SHED + "/isotopes/EDC")
    j.p("icevault EDC metadata")
    j.get(API + "/cores/EDC")
    j.p("commit")
    j.status()
    j.commit("EDC: AICC2023 tie points and age model")
    j.p("interp: clamp extrapolation beyond the last tie point, 1 test")
    j.rd("Kernel/Interpolation.wl")
    j.ed("Kernel/Interpolation.wl", "\"ExtrapolationHandler\" -> Automatic",
         "\"ExtrapolationHandler\" -> {Indeterminate &, \"WarningMessage\" -> False}")
    j.ed("Tests/Interpolation.wlt", "(* end *)", "VerificationTest[ageAt[m, 9999.], Indeterminate]\n(* end *)")
    j.sh(WS + " -file Tests/RunAll.wls Interpolation", ms=16007.1)

    # s6 Saturday, Kofi
    j.day("s6", 5, 10, 14)
    j.p("docs build, want a screenshot for the release notes")
    j.sh(KP + " xvfb-run -a wolframscript -file scripts/build_docs.wls --only LayerCount", XVFB, 1240.9)
    j.p("nope. notes by hand then")
    j.rd("CHANGELOG.md")
    j.ed("CHANGELOG.md", "## Unreleased", "## 1.4.0\n- temperature-dependent diffusion\n- clamped extrapolation\n- cores: SE-Dome II, RICE, EDC")
    j.ed("PacletInfo.wl", "\"Version\" -> \"1.3.2\"", "\"Version\" -> \"1.4.0\"")
    j.p("coreshed: any new CFA batches this week")
    j.ls(SHED + "/cfa", "ESTALE: stale file handle, scandir '/mnt/coreshed/cfa'")
    j.ls(SHED + "/cfa", "ETIMEDOUT: operation timed out, scandir '/mnt/coreshed/cfa'")
    j.ls(SHED + "/incoming")
    j.p("icevault status of B34")
    j.get(API + "/cores/B34", "HTTP 502 Bad Gateway")
    j.get(API + "/cores/B34")
    j.p("build the paclet for 1.4.0")
    j.sh(WS + " -file scripts/build_paclet.wls", ms=44120.0)
    j.sh("ls -l build/")
    j.p("commit + tag")
    j.add("CHANGELOG.md", "PacletInfo.wl")
    j.commit("IceVane 1.4.0")
    j.sh("git tag v1.4.0")
    return j
