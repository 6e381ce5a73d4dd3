"""Journal 114: wardflow (OpenFOAM 11 ventilation studies), 2026-11-23 .. 2026-11-28."""
from jlib import Journal

NAS = "/mnt/cfdstore"
E_PV = "pvbatch: error while loading shared libraries: libEGL.so.1: cannot open shared object file: No such file or directory"
E_FM = "foamMonitor: line 112: gnuplot: command not found"
E_FR = '--> FOAM FATAL IO ERROR: cannot find file "/home/cfd/wardflow/system/controlDict"'


def e_stale(p):
    return "ESTALE: stale file handle, scandir '%s'" % p


def e_tout(p):
    return "ETIMEDOUT: operation timed out, scandir '%s'" % p


def mesh(j, case, old, new):
    j.ed("cases/%s/system/blockMeshDict" % case, old, new)
    j.sh("blockMesh -case cases/%s && checkMesh -case cases/%s" % (case, case), ms=48210.5)
    j.diff("cases/%s/system/blockMeshDict" % case)


def build():
    j = Journal(114030, "2026-11-23")

    # ---------------- s1 (Mon) Ifeoma
    j.session("s1", 0, 8, 40)
    j.p("Ifeoma: icu bay 3 - background mesh is too coarse at the bed head, halve the cells in the middle block")
    mesh(j, "icu-bay3", "hex (8 9 10 11 12 13 14 15) (40 30 24)", "hex (8 9 10 11 12 13 14 15) (80 60 24)")
    j.p("lgtm. snappy next")
    j.sh("snappyHexMesh -case cases/icu-bay3 -overwrite", ms=412300.5)
    j.p("solve it, steady, usual settings")
    j.sh("foamRun -case cases/icu-bay3 -solver incompressibleFluid", ms=2310400.5)
    j.p("can we get the usual velocity plane pngs out for the client deck")
    j.sh("pvbatch post/figures/slice_velocity.py cases/icu-bay3 reports/icu-bay3/fig", err=E_PV, ms=35.5)
    j.sh("ldd /opt/paraview/bin/pvbatch | grep 'not found'", ms=60.5)
    j.p("no EGL on this box... ok, foamToVTK it and I'll make the pictures on the office PC")
    j.sh("foamToVTK -case cases/icu-bay3 -latestTime", ms=38200.5)
    j.sh("rsync -a cases/icu-bay3/VTK/ %s/icu-bay3/vtk/" % NAS, ms=21400.5)
    j.ls("%s/icu-bay3/vtk" % NAS)
    j.p("commit the mesh change")
    j.add("cases/icu-bay3/system/blockMeshDict")
    j.commit("icu-bay3: refine middle block")

    # ---------------- s2 (Tue) Piotr
    j.session("s2", 1, 8, 15)
    j.p("Piotr: endoscopy room, new supply rates from the M&E drawings. inlet 0.35 -> 0.42 m/s")
    j.rd("cases/endoscopy/0/U")
    j.rd("cases/endoscopy/0/k")
    j.ed("cases/endoscopy/0/U", "value uniform (0 0 -0.35);", "value uniform (0 0 -0.42);")
    j.p("rerun it")
    j.sh("foamRun -solver incompressibleFluid", err=E_FR, ms=210.5)
    j.sh("foamRun -case cases/endoscopy -solver incompressibleFluid", ms=1984200.5)
    j.p("how's it looking, residuals?")
    j.sh("foamMonitor -l cases/endoscopy/postProcessing/residuals/0/solverInfo.dat", err=E_FM, ms=30.5)
    j.rd("cases/endoscopy/postProcessing/residuals/0/solverInfo.dat")
    j.p("p under 1e-4 around 1400 its, fine. get me the extract flow rate")
    j.sh("foamPostProcess -case cases/endoscopy -func 'flowRatePatch(name=extract)' -latestTime", ms=9200.5)
    j.rd("cases/endoscopy/postProcessing/flowRatePatch(name=extract)/1500/surfaceFieldValue.dat")
    j.p("archive endoscopy on the nas")
    j.sh("rsync -a --exclude 'processor*' cases/endoscopy/ %s/endoscopy/2026-11-24/" % NAS, ms=64100.5)
    j.sh("du -sh cases/endoscopy", ms=310.5)
    j.ls("%s/endoscopy" % NAS, err=e_stale("%s/endoscopy" % NAS))
    j.p("commit the BC change")
    j.diff("cases/endoscopy/0/U")
    j.add("cases/endoscopy/0/U")
    j.commit("endoscopy: inlet 0.42 m/s per M&E rev C")

    # ---------------- s3 (Wed) Sunniva
    j.session("s3", 2, 9, 20)
    j.p("Sunniva: pharmacy cleanroom, push the domain 0.5 m towards the airlock (x max 6.0 -> 6.5)")
    mesh(j, "pharmacy-cleanroom", "(6.0 0 0)", "(6.5 0 0)")
    j.p("mesh + solve")
    j.sh("snappyHexMesh -case cases/pharmacy-cleanroom -overwrite", ms=388100.5)
    j.sh("foamRun -case cases/pharmacy-cleanroom -solver incompressibleFluid", ms=2702300.5)
    j.p("GMP auditor wants the particle path picture")
    j.sh("pvbatch post/figures/pathlines.py cases/pharmacy-cleanroom reports/pharmacy-cleanroom/fig", err=E_PV, ms=33.5)
    j.p("ah right, pvbatch is dead here. export vtk instead")
    j.sh("foamToVTK -case cases/pharmacy-cleanroom -latestTime", ms=35100.5)
    j.p("what did we archive for the cleanroom last time")
    j.ls("%s/pharmacy-cleanroom" % NAS)
    j.ls("%s/pharmacy-cleanroom/2026-09-30" % NAS)
    j.p("commit")
    j.add("cases/pharmacy-cleanroom/system/blockMeshDict")
    j.commit("pharmacy-cleanroom: extend domain to airlock")
    j.log(3)

    # ---------------- s4 (Thu) Ifeoma, then Piotr
    j.session("s4", 3, 8, 5)
    j.p("Ifeoma: recovery 2 from tuesday night, converged or not? plot the residuals")
    j.sh("foamMonitor -l cases/recovery2/postProcessing/residuals/0/solverInfo.dat", err=E_FM, ms=28.5)
    j.rd("cases/recovery2/postProcessing/residuals/0/solverInfo.dat")
    j.p("tail is flat, ok. one more picture set: temperature plane for recovery 2")
    j.sh("pvbatch post/figures/slice_temperature.py cases/recovery2 reports/recovery2/fig", err=E_PV, ms=36.5)
    j.p("sigh. vtk + copy, I'll do it on the PC")
    j.sh("foamToVTK -case cases/recovery2 -latestTime", ms=29800.5)
    j.sh("rsync -a cases/recovery2/VTK/ %s/recovery2/vtk/" % NAS, ms=19900.5)
    j.p("Piotr: burns unit baseline, first run on this case")
    j.sh("blockMesh -case cases/burns-unit", ms=20100.5)
    j.sh("snappyHexMesh -case cases/burns-unit -overwrite", ms=455200.5)
    j.sh("foamRun -case cases/burns-unit -solver incompressibleFluid", ms=2911800.5)
    j.p("anything old for burns unit on the nas?")
    j.ls("%s/burns-unit" % NAS, err=e_tout("%s/burns-unit" % NAS))
    j.p("nas is sulking. how much disk do we have left locally")
    j.sh("df -h /home", ms=20.5)

    # ---------------- s5 (Fri) Sunniva
    j.session("s5", 4, 8, 50)
    j.p("radiology waiting area: the supply is low level, grade the mesh towards the floor")
    mesh(j, "radiology-wait", "simpleGrading (1 1 1)", "simpleGrading (1 1 0.25)")
    j.p("now snappy + solve radiology")
    j.sh("snappyHexMesh -case cases/radiology-wait -overwrite", ms=301200.5)
    j.sh("foamRun -solver incompressibleFluid", err=E_FR, ms=190.5)
    j.sh("foamRun -case cases/radiology-wait -solver incompressibleFluid", ms=2204100.5)
    j.p("residual graph for radiology while it's fresh")
    j.sh("foamMonitor -l cases/radiology-wait/postProcessing/residuals/0/solverInfo.dat", err=E_FM, ms=31.5)
    j.rd("cases/radiology-wait/postProcessing/residuals/0/solverInfo.dat")
    j.p("copy radiology to the nas and check it arrived")
    j.sh("rsync -a --exclude 'processor*' cases/radiology-wait/ %s/radiology-wait/2026-11-27/" % NAS, ms=58100.5)
    j.ls("%s/radiology-wait/2026-11-27" % NAS)
    j.ls("%s/radiology-wait" % NAS, err="EIO: i/o error, scandir '%s/radiology-wait'" % NAS)
    j.p("commit the grading")
    j.status()
    j.add("cases/radiology-wait/system/blockMeshDict")
    j.commit("radiology-wait: grade towards floor")

    # ---------------- s6 (Sat) Piotr
    j.session("s6", 5, 10, 30)
    j.p("Piotr: icu bay 3 client wants the plane pictures again but with turbo colour map")
    j.ed("post/figures/slice_velocity.py", "ApplyPreset('Jet'", "ApplyPreset('Turbo'",
         err="Error: old_text not found in slice_velocity.py")
    j.rd("post/figures/slice_velocity.py")
    j.ed("post/figures/slice_velocity.py", "ApplyPreset('Jet', True)", "ApplyPreset('Turbo', True)")
    j.sh("pvbatch post/figures/slice_velocity.py cases/icu-bay3 reports/icu-bay3/fig", err=E_PV, ms=34.5)
    j.p("ok, commit the script change anyway, Sunniva runs it on the PC")
    j.status()
    j.diff("post/figures/slice_velocity.py")
    j.add("post/figures/slice_velocity.py")
    j.commit("figures: turbo colour map for velocity slices")
    j.p("for the client: which icu bay 3 runs are archived")
    j.ls("%s/icu-bay3" % NAS)
    j.ls("%s/icu-bay3/2026-10-12" % NAS, err=e_stale("%s/icu-bay3/2026-10-12" % NAS))
    j.p("and endoscopy")
    j.ls("%s/endoscopy" % NAS, err=e_tout("%s/endoscopy" % NAS))
    j.p("disk use per case?")
    j.sh("du -sh cases/*", ms=1210.5)
    j.p("fine, I'll look again monday")
    return j
