"""Step 1: per journal a project profile and five planted lessons (written before queries and journals).

`evidence` strings were filled in last, from check.py's output.
"""

PROJECTS = {
    97: "dockhand: ROS 2 Humble workspace for a warehouse AMR fleet (C++/Python nodes, colcon build/test, rosidl "
        "messages in dockhand_msgs, nav2 params, launch files, Gazebo (gz sim) worlds, rosbag2 recordings synced from "
        "the robots to /mnt/bags, the fleet manager API at fleet.dockhand.lab); the dev box is a headless 8 GB VM; "
        "team: Neha and Rohit (Hindi-English, Devanagari), Bea (Tagalog-English)",
    98: "kelpie-nf: a Nextflow DSL2 pipeline for marine eDNA metabarcoding (cutadapt, DADA2, a SILVA reference under "
        "/refdb, nf-test module snapshots, Apptainer containers, MultiQC, sample metadata from the ENA portal API at "
        "www.ebi.ac.uk); team: Wei (Chinese-English), Lucía and Mateo (Spanish-English)",
    99: "brewline-os: a Yocto Scarthgap (5.0) BSP and image for an espresso machine's i.MX8M Mini controller (kas "
        "configs, meta-brewline layer, brewctl app recipe, SWUpdate .swu bundles with sw-description, runqemu, an "
        "sstate mirror in the office, a hawkBit update server at hawkbit.brewline.internal); the dev box is a cloud VM "
        "without KVM; team: Jonas and Lea (German-English), Haruka (Japanese-English)",
    100: "atelier-boxes: OpenSCAD parametric enclosures for a maker shop (src/*.scad, customizer parameter sets in "
         "params/box.json, a Makefile, STL exports, PrusaSlicer AppImage for G-code, an OctoPrint API on the farm Pi "
         "at octopi.atelier.lan, the print farm's SMB share /mnt/printfarm); team: Camille (French-English), Thiago "
         "(Portuguese-English), Ji-woo (Korean-English)",
}

PLANTED = {
    97: [
        dict(id="j97-p1", kind="pitfall", ability="shell.run", anchor="gz",
             description="Gazebo cannot run on this headless dev VM: `gz sim` dies because the Ogre2 render engine "
                         "cannot create a window (no display, no GPU). Don't try to run the simulation here; use the "
                         "sim PC in the lab or a recorded bag."),
        dict(id="j97-p2", kind="rule", ability="shell.run", anchor="colcon",
             description="A full `colcon build` of the workspace gets cc1plus killed (out of memory) on the 8 GB VM "
                         "while building dockhand_perception. Build the whole workspace as "
                         "`MAKEFLAGS=-j2 colcon build --executor sequential`; --packages-select builds are fine."),
        dict(id="j97-p3", kind="playbook", ability="fs.write_file", anchor="dockhand_msgs",
             sequence=["fs.write_file", "fs.edit_file", "shell.run", "git.add"],
             description="Adding a message or service type: write the .msg/.srv under dockhand_msgs, add it to "
                         "rosidl_generate_interfaces in dockhand_msgs/CMakeLists.txt, "
                         "`colcon build --packages-select dockhand_msgs`, stage both files."),
        dict(id="j97-p4", kind="weak_link", ability="http.get", anchor="fleet.dockhand.lab",
             description="The fleet manager API (robot states, maps, missions at fleet.dockhand.lab) is flaky: 502, "
                         "timeouts, resets. Retry before concluding a robot is offline."),
        dict(id="j97-p5", kind="pitfall", ability="fs.read_file", anchor="bags",
             description="The robots' rosbag2 recordings synced to /mnt/bags cannot be read from this account "
                         "(EACCES; only the bagsync group). Ask for a copy or use `ros2 bag info` on the lab PC."),
    ],
    98: [
        dict(id="j98-p1", kind="rule", ability="shell.run", anchor="nextflow",
             description="`nextflow run . -profile test` fails here because the default container engine is Docker, "
                         "which this server does not have; run it as `-profile test,apptainer`."),
        dict(id="j98-p2", kind="playbook", ability="shell.run", anchor="nf-test",
             sequence=["fs.edit_file", "shell.run", "git.diff", "git.add"],
             description="Changing a local module: edit modules/local/<m>/main.nf, "
                         "`nf-test test modules/local/<m> --update-snapshot`, look at the diff (main.nf.test.snap), "
                         "stage it."),
        dict(id="j98-p3", kind="weak_link", ability="http.get", anchor="www.ebi.ac.uk",
             description="The ENA portal API (www.ebi.ac.uk/ena/portal/api) for sample metadata is flaky: 500, 429, "
                         "timeouts. Retry, and don't conclude an accession is missing from one failure."),
        dict(id="j98-p4", kind="pitfall", ability="shell.run", anchor="apptainer",
             description="`apptainer build` cannot build images on this server (no fakeroot mapping for users in "
                         "/etc/subuid). Custom containers are built by the CI job; push the .def and let CI build it."),
        dict(id="j98-p5", kind="rule", ability="fs.read_file", anchor="multiqc_data.json",
             description="MultiQC's data file is not at results/multiqc/multiqc_data.json but at "
                         "results/multiqc/multiqc_data/multiqc_data.json."),
    ],
    99: [
        dict(id="j99-p1", kind="playbook", ability="shell.run", anchor="brewctl",
             sequence=["fs.edit_file", "shell.run", "git.add", "git.commit"],
             description="Bumping the brewctl app into the image: edit SRCREV in "
                         "meta-brewline/recipes-app/brewctl/brewctl_git.bb, `bitbake brewctl` (the agent's shell "
                         "has the build environment), stage the recipe, commit."),
        dict(id="j99-p2", kind="weak_link", ability="http.get", anchor="hawkbit.brewline.internal",
             description="The hawkBit update server (targets, rollouts, distribution sets at "
                         "hawkbit.brewline.internal) is flaky: 503, timeouts, resets. Retry before concluding."),
        dict(id="j99-p3", kind="pitfall", ability="shell.run", anchor="runqemu",
             description="`runqemu` cannot boot the image on this cloud VM (no KVM module). Don't boot images in "
                         "QEMU here; test on the bench board."),
        dict(id="j99-p4", kind="rule", ability="shell.run", anchor="kas",
             description="A full image build with `kas build kas/brewline.yml` aborts when the office sstate mirror "
                         "is unreachable (strict sstate); from this VM build with the local-sstate overlay: "
                         "`kas build kas/brewline.yml:kas/local-sstate.yml`."),
        dict(id="j99-p5", kind="playbook", ability="fs.edit_file", anchor="sw-description",
             sequence=["fs.read_file", "fs.edit_file", "shell.run", "git.diff"],
             description="Changing the update bundle: read sw-description, edit it (version, hashes, hooks), "
                         "`bitbake brewline-swu`, check the diff."),
    ],
    100: [
        dict(id="j100-p1", kind="weak_link", ability="http.get", anchor="octopi.atelier.lan",
             description="The OctoPrint API on the farm Pi (octopi.atelier.lan: job, printer, files) is flaky over "
                         "Wi-Fi: timeouts, 502, resets. Retry before telling anyone a printer is down."),
        dict(id="j100-p2", kind="pitfall", ability="shell.run", anchor="PrusaSlicer",
             description="The PrusaSlicer AppImage cannot start on this box (no FUSE 2). G-code is sliced on the farm "
                         "PC; don't try to slice here."),
        dict(id="j100-p3", kind="rule", ability="shell.run", anchor="openscad",
             description="Rendering the lattice parts (honeycomb lids, vent grilles) with the default CGAL backend "
                         "fails with a CGAL assertion; render them with `openscad --backend=manifold ...`."),
        dict(id="j100-p4", kind="playbook", ability="fs.edit_file", anchor="box.json",
             sequence=["fs.edit_file", "shell.run", "git.add", "git.commit"],
             description="A new size variant: add a parameter set to params/box.json, export it with "
                         "`openscad -p params/box.json -P <set> -o build/stl/<set>.stl src/box.scad`, stage, commit."),
        dict(id="j100-p5", kind="weak_link", ability="fs.list_directory", anchor="printfarm",
             description="The print farm's SMB share (/mnt/printfarm: queue, done, failed) is flaky: EIO, timeouts, "
                         "stale handles. Retry a listing before concluding a folder is empty or gone."),
    ],
}

EVIDENCE = {   # filled in last, from check.py's output
    "j97-p1": "4 failures of `gz sim ...` in s1, s3, s5 (two in s5), one signature; no gz success anywhere",
    "j97-p2": "`colcon build` fails (cc1plus killed in dockhand_perception), then "
              "`MAKEFLAGS=-j2 colcon build --executor sequential` succeeds; s2 and s4",
    "j97-p3": "same 4-call segment in s1 (DockStatus.msg), s3 (SetSpeedLimit.srv), s6 (ChargerFault.msg)",
    "j97-p4": "11 calls, 5 ok (45%), four different errors (502 x2, timeout x2, reset, 503)",
    "j97-p5": "EACCES on /mnt/bags/<robot>/<bag>/metadata.yaml in s2, s4, s6, one signature; never read",
    "j98-p1": "`nextflow run . -profile test ...` fails (docker: command not found), the same with "
              "`-profile test,apptainer` succeeds; s2 and s5 (with -resume)",
    "j98-p2": "same 4-call segment in s1 (dada2_denoise), s3 (lulu_curate), s6 (itsx_extract)",
    "j98-p3": "10 calls, 4 ok (40%), five different errors (500 x2, 429, timeout, reset, 503)",
    "j98-p4": "4 failures of `apptainer build` in s1, s3, s4, s6, one signature; no apptainer success anywhere",
    "j98-p5": "ENOENT on results_test/multiqc/multiqc_data.json, then "
              "results_test/multiqc/multiqc_data/multiqc_data.json is read; s3 and s5",
    "j99-p1": "same 4-call segment in s1 (BREW-88), s3 (BREW-91), s5 (BREW-97)",
    "j99-p2": "10 calls, 5 ok (50%), four different errors (503 x2, timeout, reset, 502)",
    "j99-p3": "3 failures of `runqemu qemuarm64 nographic slirp` in s2, s4, s6, one signature; no runqemu success",
    "j99-p4": "`kas build kas/brewline.yml` aborts on the unreachable sstate mirror, "
              "`kas build kas/brewline.yml:kas/local-sstate.yml` succeeds; s3 and s5",
    "j99-p5": "same 4-call segment in s2 (version 2.2.1), s4 (preinstall hook), s6 (rootfs hashes)",
    "j100-p1": "11 calls, 5 ok (45%), four different errors (timeout x2, 502 x2, reset, no route)",
    "j100-p2": "4 failures of the PrusaSlicer AppImage in s1, s3, s5, s6, one signature (libfuse.so.2); "
               "no slicer success anywhere",
    "j100-p3": "CGAL assertion with the default backend, `openscad --backend=manifold ...` succeeds; "
               "s2 (lid_honeycomb) and s4 (side_panel_vents)",
    "j100-p4": "same 4-call segment in s1 (pi4_slim), s3 (esp32_devkit), s6 (wall_mount_s)",
    "j100-p5": "all 10 fs.list_directory calls are on /mnt/printfarm, 5 ok (50%), four different errors "
               "(EIO x2, ETIMEDOUT, ESTALE, EHOSTDOWN)",
}

NOTES = {
    97: [
        "Method: code-switching. Every query, negative and progress text mixes the developer's language with "
        "English technical words: Neha and Rohit write Hindi in Devanagari, Bea writes Tagalog (Taglish).",
        "j97-p2 and j97-p3 share `colcon`: --packages-select builds succeed everywhere; only a whole-workspace "
        "build needs the rule. Queries for the playbook must not pull in the rule by the program alone.",
        "Ability-level http.get is below 70% only because of fleet.dockhand.lab (one other call, to index.ros.org).",
        "One-off failures fixed at once: a colcon test-result failure (s2), a pytest assertion (s3).",
    ],
    98: [
        "Method: code-switching. Wei writes Chinese with English words; Lucía and Mateo write Spanish "
        "(Mateo Rioplatense: dale, che, acá) with English words.",
        "j98-p1 is keyed on `nextflow`; `nextflow -version` and runs with -profile test,apptainer succeed, so only a "
        "run without a container engine named needs the rule. j98-p4's `apptainer build` never succeeds.",
        "j98-p5 is a path rule on fs.read_file (same base name, other directory).",
        "One-off failures fixed at once: an R package missing for bin/plot_asv.R (s2), an edit whose old text did "
        "not match in nextflow.config (s5).",
    ],
    99: [
        "Method: code-switching. Jonas and Lea write German with English words (Denglisch); Haruka writes "
        "Japanese with English words.",
        "j99-p1 and j99-p5 are both playbooks around bitbake (`bitbake brewctl` vs `bitbake brewline-swu`), with "
        "different ability sequences. j99-p4 is keyed on `kas` (full image builds); bitbake of one recipe is fine.",
        "One-off failures fixed at once: an oelint-adv warning (s1), a devtool build compile error (s4).",
    ],
    100: [
        "Method: code-switching. Camille writes French, Thiago Brazilian Portuguese, Ji-woo Korean (Hangul), "
        "each with English words.",
        "Two weak links: an http host (octopi.atelier.lan) and an ability-wide one (every fs.list_directory call "
        "is on /mnt/printfarm; the anchor is a path component).",
        "j100-p3 and j100-p4 share `openscad`: box.json exports and small parts succeed with the default backend; "
        "only the lattice parts need the rule.",
        "One-off failure fixed at once: a sca2d lint warning (s2).",
    ],
}
