"""journal-136: tanagra-md (GROMACS 2024 peptide-inhibitor campaign). s1/s4 Friederike, s2/s5 Matteo, s3/s6 Li Na."""
from jlib import Journal

REG = "https://registry.tanagrabio.com/api/compounds/"
STORE = "/mnt/mdstore/tanagra/"
E_GPU = "Fatal error: There were 4 GPU tasks found on node ws-kepler, but 1 GPU was available."
E_ACP = "ERROR: no 'antechamber' executable... aborting! Hint: is AMBERHOME defined?"
GPU = " -ntmpi 1 -nb gpu -pme gpu"
E504 = "HTTP 504 Gateway Timeout"
E503 = "HTTP 503 Service Unavailable"
ETO = "ReadTimeout: HTTPSConnectionPool(host='registry.tanagrabio.com', port=443): Read timed out. (read timeout=30)"


def estale(p):
    return "ESTALE: stale file handle, scandir '%s'" % p


def energy(j, system, stage, term):
    xvg = "analysis/%s/%s_%s.xvg" % (system, stage, term.lower())
    j.sh("gmx energy -f runs/%s/%s.edr -o %s <<< '%s'" % (system, stage, xvg, term), dur=2600)
    j.rd(xvg)
    j.wr("notes/equil/%s-%s.md" % (system, stage))
    j.ga(["notes/equil/%s-%s.md" % (system, stage)])


def build():
    j = Journal(136136)

    # ---- s1 Friederike, Mon 2026-11-09
    j.day("s1", "2026-11-09", "08:20")
    j.p("Morning! apo NVT finished over night. temperature check + equil note as usual")
    energy(j, "apo", "nvt", "Temperature")
    j.p("commit the note")
    j.gc("equil: apo NVT temperature")
    j.p("ligand TNG-104 mol2 is in ligands/, make gromacs topology with acpype")
    j.sh("acpype -i ligands/TNG-104.mol2 -c bcc -n 0 -o gmx", err=E_ACP, dur=1900)
    j.p("hmm. no amber here. ok, Li Na asks CGenFF")
    j.p("start NPT apo from the nvt checkpoint")
    j.sh("gmx grompp -f mdp/npt.mdp -c runs/apo/nvt.gro -t runs/apo/nvt.cpt -p systems/apo/topol.top "
         "-o runs/apo/npt.tpr", dur=4100)
    j.sh("gmx mdrun -deffnm runs/apo/npt" + GPU, dur=2710000)
    j.p("what is on the store from october apo runs")
    j.ls(STORE + "apo/2026-10")
    j.p("registry: SMILES + batch of TNG-104")
    j.get(REG + "TNG-104?fields=smiles,batches")
    j.p("README: gromacs 2024.3 and link to mdp templates")
    j.rd("README.md")
    j.ed("README.md")
    j.rd("mdp/README.md")
    j.ed("README.md")
    j.gd(["README.md"])
    j.p("good, commit")
    j.ga(["README.md"])
    j.gc("README: GROMACS 2024.3, mdp templates")
    j.gst()
    j.p("thanks, bye")

    # ---- s2 Matteo, Tue 2026-11-10
    j.day("s2", "2026-11-10", "09:10")
    j.p("NPT of the complex cplx_pep2, tpr is ready, go")
    j.sh("gmx mdrun -deffnm runs/cplx_pep2/npt", err=E_GPU, dur=6200)
    j.sh("nvidia-smi --query-gpu=name,memory.used --format=csv")
    j.sh("gmx mdrun -deffnm runs/cplx_pep2/npt" + GPU, dur=2980000)
    j.p("while it run: registry, which series B compounds have IC50")
    j.get(REG + "?series=B&has=ic50", err=E504)
    j.p("ok later")
    j.p("list what we have for cplx on the store")
    j.ls(STORE + "cplx_pep2", err=estale(STORE + "cplx_pep2"))
    j.p("whatever. leave")
    j.p("index file chain B residue numbers shifted by one, fix")
    j.rd("systems/cplx_pep2/index.ndx")
    j.sh("gmx make_ndx -f systems/cplx_pep2/conf.gro -n systems/cplx_pep2/index.ndx -o /tmp/check.ndx <<< 'q'",
         dur=1300)
    j.ed("systems/cplx_pep2/index.ndx")
    j.sh("gmx select -s runs/cplx_pep2/npt.tpr -n systems/cplx_pep2/index.ndx -select 'group chB' -on /tmp/chB.ndx",
         dur=1900)
    j.p("ok commit index")
    j.gd(["systems/cplx_pep2/index.ndx"])
    j.ga(["systems/cplx_pep2/index.ndx"])
    j.gc("cplx_pep2: chain B residue numbering in index")
    j.p("thank you")

    # ---- s3 Li Na, Wed 2026-11-11
    j.day("s3", "2026-11-11", "08:50")
    j.p("complex NPT done. density analysis and write equil note, add")
    energy(j, "cplx_pep2", "npt", "Density")
    j.p("commit please")
    j.gc("equil: cplx_pep2 NPT density")
    j.p("TNG-112 needs gromacs topology too, mol2 file is under ligands/")
    j.sh("acpype -i ligands/TNG-112.mol2 -c bcc -n -1 -o gmx", err=E_ACP, dur=1800)
    j.p("ok I submit to cgenff myself")
    j.p("registry: mw + formal charge for TNG-112")
    j.get(REG + "TNG-112?fields=mw,formal_charge")
    j.p("2025 campaign folders on the nfs store?")
    j.ls(STORE + "campaign-2025", err="ETIMEDOUT: connection timed out, scandir '" + STORE + "campaign-2025'")
    j.p("later again")
    j.p("rmsd of the complex backbone for npt")
    j.sh("gmx rms -s runs/cplx_pep2/npt.tpr -f runs/cplx_pep2/npt.xtc -o analysis/cplx_pep2/npt_rmsd.xvg "
         "-tu ns <<< 'Backbone Backbone'", dur=5200)
    j.sh("tail -n 5 analysis/cplx_pep2/npt_rmsd.xvg")
    j.p("ok stable. thanks")
    j.ls(STORE + "apo")
    j.p("bye")

    # ---- s4 Friederike, Thu 2026-11-12
    j.day("s4", "2026-11-12", "08:05")
    j.p("mutant K27A: build system from apo + mutation, grompp em")
    j.rd("systems/K27A/topol.top")
    j.sh("gmx grompp -f mdp/em.mdp -c systems/K27A/solv_ions.gro -p systems/K27A/topol.top -o runs/K27A/em.tpr",
         err="Fatal error: No such moleculetype ALA_chain_A", dur=1600)
    j.ed("systems/K27A/topol.top")
    j.sh("gmx grompp -f mdp/em.mdp -c systems/K27A/solv_ions.gro -p systems/K27A/topol.top -o runs/K27A/em.tpr",
         dur=3900)
    j.sh("gmx mdrun -deffnm runs/K27A/em" + GPU, dur=410000)
    j.p("then NVT + NPT for K27A, chain them")
    j.sh("gmx grompp -f mdp/nvt.mdp -c runs/K27A/em.gro -r runs/K27A/em.gro -p systems/K27A/topol.top "
         "-o runs/K27A/nvt.tpr", dur=3600)
    j.sh("gmx mdrun -deffnm runs/K27A/nvt" + GPU, dur=1820000)
    j.sh("gmx grompp -f mdp/npt.mdp -c runs/K27A/nvt.gro -t runs/K27A/nvt.cpt -r runs/K27A/nvt.gro "
         "-p systems/K27A/topol.top -o runs/K27A/npt.tpr", dur=3700)
    j.sh("gmx mdrun -deffnm runs/K27A/npt" + GPU, dur=2950000)
    j.p("archive dir of apo on mdstore, what is inside")
    j.ls(STORE + "apo/archive")
    j.ls(STORE + "apo/archive/2026-09", err="EIO: i/o error, scandir '" + STORE + "apo/archive/2026-09'")
    j.p("never mind")
    j.p("registry batch info TNG-099")
    j.get(REG + "TNG-099?fields=batches", err=E503)
    j.p("commit K27A topology")
    j.ga(["systems/K27A/topol.top"])
    j.gc("K27A: topology with ALA27")
    j.gl({"max_count": 3})
    j.p("finish for today")

    # ---- s5 Matteo, Fri 2026-11-13
    j.day("s5", "2026-11-13", "09:00")
    j.p("production K27A 100 ns, tpr with mdp/md_100ns.mdp")
    j.sh("gmx grompp -f mdp/md_100ns.mdp -c runs/K27A/npt.gro -t runs/K27A/npt.cpt -p systems/K27A/topol.top "
         "-o runs/K27A/md.tpr", dur=4300)
    j.sh("gmx mdrun -deffnm runs/K27A/md -cpi runs/K27A/md.cpt", err=E_GPU, dur=5800)
    j.sh("gmx mdrun -deffnm runs/K27A/md -cpi runs/K27A/md.cpt" + GPU, dur=3100000)
    j.p("parameters for docking pose 3 ligand, the sdf")
    j.sh("acpype -i ligands/pose3_TNG-118.sdf -c bcc -n 0 -o gmx", err=E_ACP, dur=1700)
    j.p("ah, same as monday. skip")
    j.p("registry series B ic50 again")
    j.get(REG + "?series=B&has=ic50")
    j.get(REG + "TNG-127?fields=smiles,batches", err=ETO)
    j.p("mdstore: K27A folder")
    j.ls(STORE + "K27A")
    j.ls(STORE + "K27A/md", err=estale(STORE + "K27A/md"))
    j.p("ok enough")
    j.p("small script: delete #*.cpt.*# backups older 7 days")
    j.wr("scripts/clean_backups.sh")
    j.sh("bash -n scripts/clean_backups.sh")
    j.sh("bash scripts/clean_backups.sh --dry-run runs/")
    j.p("commit the script")
    j.ga(["scripts/clean_backups.sh"])
    j.gc("scripts: clean old checkpoint backups")
    j.gl({"max_count": 2})
    j.gst()
    j.p("bye bye")

    # ---- s6 Li Na, Sat 2026-11-14
    j.day("s6", "2026-11-14", "10:12")
    j.p("K27A NPT pressure check and note, same like before")
    energy(j, "K27A", "npt", "Pressure")
    j.p("commit")
    j.gc("equil: K27A NPT pressure")
    j.p("registry TNG-127 smiles")
    j.get(REG + "TNG-127?fields=smiles", err=E504)
    j.get(REG + "TNG-127?fields=smiles")
    j.get(REG + "TNG-127/batches")
    j.p("store campaign-2025 again")
    j.ls(STORE + "campaign-2025", err="EHOSTDOWN: host is down, scandir '" + STORE + "campaign-2025'")
    j.p("ok")
    j.p("xvg plot script bigger font, axis ns")
    j.rd("scripts/plot_xvg.py")
    j.ed("scripts/plot_xvg.py")
    j.sh("python3 scripts/plot_xvg.py analysis/K27A/npt_pressure.xvg -o /tmp/p.png")
    j.ed("scripts/plot_xvg.py")
    j.sh("python3 scripts/plot_xvg.py analysis/K27A/npt_pressure.xvg -o /tmp/p.png")
    j.p("done, thank you")
    return j
