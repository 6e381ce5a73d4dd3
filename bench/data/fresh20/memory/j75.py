"""journal-75: tremorlab, a seismology research repository. Sessions s1..s6, 2026-11-16 .. 2026-11-21."""
from jlib import P, sh, rd, wr, ed, ls, gst, gdf, gad, gcm, glg, get

DAYS = [(2026, 11, 16), (2026, 11, 17), (2026, 11, 18), (2026, 11, 19), (2026, 11, 20), (2026, 11, 21)]
SEED = 7503
F = "https://fdsn.hollin-seis.org/fdsnws"
PY = "/opt/conda/envs/tremorlab/bin/python"

NOKERNEL = ("ModuleNotFoundError: No module named 'obspy'\n"
            "papermill.exceptions.PapermillExecutionError: An error occurred while executing cell 1 (kernel: python3)")
CONDA = ("EnvironmentNotWritableError: The current user does not have write permissions to the target environment.\n"
         "  environment location: /opt/conda/envs/tremorlab\n  uid: 1003\n  gid: 1003")

S1 = [
    P("morning! the hub got a new image over the weekend. we need cartopy for the station maps, can you add it to the env"),
    rd("environment.yml"),
    ed("environment.yml", "  - obspy=1.4\n", "  - obspy=1.4\n  - cartopy=0.24\n"),
    sh("conda env update -n tremorlab -f environment.yml", err=CONDA),
    P("ugh. I'll ask Ines. meanwhile: what window length does the spectra notebook use?"),
    rd("notebooks/03_spectra.py"),
    sh("grep -n \"win_len\\|window\" notebooks/03_spectra.py"),
    P("make it 30 s, 20 is too short for the microseism band"),
    ed("notebooks/03_spectra.py", "win_len = 20.0  # s", "win_len = 30.0  # s"),
    sh("jupytext --sync notebooks/03_spectra.ipynb"),
    gdf("notebooks/03_spectra.py"),
    gad(["notebooks/03_spectra.py", "notebooks/03_spectra.ipynb"]),
    P("quick sanity check: is HOL3 data for the 14th there?"),
    get(F + "/station/1/query?net=HL&sta=HOL3&level=channel&format=text"),
    get(F + "/dataselect/1/query?net=HL&sta=HOL3&cha=HHZ&start=2026-11-14T00:00:00&end=2026-11-15T00:00:00",
        err="connection reset by peer"),
    P("ok, later. commit the spectra change"),
    gst(),
    gcm("spectra: 30 s windows for the microseism band"),
]

S2 = [
    P("rerun event detection on HOL3 with threshold 4.5 (it's a papermill parameter)"),
    sh("papermill notebooks/02_detect_events.ipynb out/02_HOL3.ipynb -p station HOL3 -p threshold 4.5", err=NOKERNEL),
    sh("jupyter kernelspec list"),
    sh("papermill -k tremorlab notebooks/02_detect_events.ipynb out/02_HOL3.ipynb -p station HOL3 -p threshold 4.5"),
    P("how many events did it find? per day"),
    sh(PY + " scripts/summarize_run.py out/02_HOL3.ipynb --per-day"),
    rd("out/summary_HOL3.csv"),
    sh("awk -F, 'NR>1 && $2>20' out/summary_HOL3.csv"),
    P("Leonie wants fig 4 redone with that catalogue for the paper draft"),
    sh("papermill -k tremorlab notebooks/fig04_event_rate.ipynb /tmp/fig04_run.ipynb -p catalog out/catalog_HOL3.csv"),
    ls("figures"),
    gad(["figures/fig04_event_rate.pdf", "figures/fig04_event_rate.png"]),
    gcm("fig04: event rate from the threshold-4.5 HOL3 catalogue"),
    P("does the regional catalogue have the M3.1 from the 14th?"),
    get(F + "/event/1/query?starttime=2026-11-14&endtime=2026-11-15&minmag=3"),
    get(F + "/event/1/query?eventid=hl2026wxyq&includearrivals=true", err="timeout after 60000 ms"),
]

S3 = [
    P("Ines says we can install pyrocko ourselves now? try"),
    sh("conda install -n tremorlab -c conda-forge pyrocko -y", err=CONDA),
    P("nope. skip pyrocko. beamforming notebook: use the 8-station subarray instead of all 12"),
    ed("notebooks/05_beamforming.py", "stations = ALL_STATIONS", "stations = SUBARRAY_8"),
    sh("jupytext --sync notebooks/05_beamforming.ipynb"),
    gdf("notebooks/05_beamforming.py"),
    gad(["notebooks/05_beamforming.py", "notebooks/05_beamforming.ipynb"]),
    P("we never tested the STA/LTA picker util. write a test for the trigger-off logic"),
    rd("src/tremorlab/picker.py"),
    wr("tests/test_picker.py", "from tremorlab.picker import trigger_windows\n\ndef test_trigger_off_after_on():\n    ..."),
    sh(PY + " -m pytest tests/test_picker.py -q",
       err="FAILED tests/test_picker.py::test_trigger_off_after_on - assert [(120, 118)] == [(120, 180)]"),
    ed("src/tremorlab/picker.py", "off = np.argmax(cft[on:] < thr_off)", "off = on + np.argmax(cft[on:] < thr_off)"),
    sh(PY + " -m pytest tests/test_picker.py -q"),
    sh(PY + " -m pytest -q"),
    P("download the 14th for HOL1, HOL2, HOL5 so we can run the picker on all"),
    get(F + "/dataselect/1/query?net=HL&sta=HOL1&cha=HHZ&start=2026-11-14T00:00:00&end=2026-11-15T00:00:00"),
    get(F + "/dataselect/1/query?net=HL&sta=HOL2&cha=HHZ&start=2026-11-14T00:00:00&end=2026-11-15T00:00:00"),
    get(F + "/dataselect/1/query?net=HL&sta=HOL5&cha=HHZ&start=2026-11-14T00:00:00&end=2026-11-15T00:00:00",
        err="incomplete read: got 1048576 of 3145728 bytes"),
    get(F + "/dataselect/1/query?net=HL&sta=HOL5&cha=HHZ&start=2026-11-14T00:00:00&end=2026-11-15T00:00:00"),
    P("commit"),
    gst(),
    gad(["src/tremorlab/picker.py", "tests/test_picker.py"]),
    gcm("picker: trigger-off index relative to trace start; tests"),
    glg(4),
]

S4 = [
    P("reviewer 2 wants fig 6 (magnitude-frequency) on a log y axis"),
    ed("notebooks/fig06_magnitudes.py", "ax.set_ylabel(\"N\")", "ax.set_yscale(\"log\")\nax.set_ylabel(\"N (cumulative)\")"),
    sh("jupytext --sync notebooks/fig06_magnitudes.ipynb"),
    gdf("notebooks/fig06_magnitudes.py"),
    gad(["notebooks/fig06_magnitudes.py", "notebooks/fig06_magnitudes.ipynb"]),
    P("now rebuild it"),
    sh("papermill -k tremorlab notebooks/fig06_magnitudes.ipynb /tmp/fig06_run.ipynb"),
    ls("figures"),
    gad(["figures/fig06_magnitudes.pdf", "figures/fig06_magnitudes.png"]),
    gcm("fig06: log y axis (reviewer 2)"),
    P("Ines: 'fixed the perms, try cartopy again'"),
    sh("conda env update -n tremorlab -f environment.yml", err=CONDA),
    sh("conda install -n tremorlab -c conda-forge cartopy=0.24 -y", err=CONDA),
    P("still no. reverting my environment.yml edit from monday, it was never committed anyway"),
    gst(),
    sh("git checkout -- environment.yml"),
    gdf(),
]

S5 = [
    P("run detection for all five stations, one output notebook"),
    sh("papermill notebooks/02_detect_events.ipynb out/02_all.ipynb -p stations HOL1,HOL2,HOL3,HOL4,HOL5", err=NOKERNEL),
    sh("papermill -k tremorlab notebooks/02_detect_events.ipynb out/02_all.ipynb -p stations HOL1,HOL2,HOL3,HOL4,HOL5"),
    P("pull the regional catalogue for the same window to compare"),
    get(F + "/event/1/query?starttime=2026-11-01&endtime=2026-11-20&minlatitude=54.1&maxlatitude=55.0&format=text"),
    get(F + "/event/1/query?starttime=2026-11-01&endtime=2026-11-20&minmag=1.5&format=xml",
        err="HTTP 503 Service Unavailable"),
    P("the text one is enough. compare our detections against it"),
    sh(PY + " scripts/compare_catalog.py out/catalog_all.csv out/regional.txt --tol 3s"),
    rd("out/compare_summary.txt"),
    sh("wc -l out/compare_missed.csv"),
    P("write up the numbers in notes/ for Thursday's meeting"),
    wr("notes/2026-11-20-detection.md", "# Detection vs regional catalogue\n\n- 5 stations, threshold 4.5\n- recall 0.87, 41 extra detections (mostly HOL4 noise bursts)\n"),
    P("commit notes + outputs csv"),
    gad(["notes/2026-11-20-detection.md", "out/compare_summary.txt"]),
    gcm("notes: detection vs regional catalogue, 2026-11-20"),
]

S6 = [
    P("tiny one: the spectra taper should be 10% not 5%"),
    ed("notebooks/03_spectra.py", "taper = 0.05", "taper = 0.10"),
    sh("jupytext --sync notebooks/03_spectra.ipynb"),
    gdf("notebooks/03_spectra.py"),
    gad(["notebooks/03_spectra.py", "notebooks/03_spectra.ipynb"]),
    P("and fig 3 depends on it, rebuild"),
    sh("papermill -k tremorlab notebooks/fig03_spectra.ipynb /tmp/fig03_run.ipynb"),
    ls("figures"),
    gad(["figures/fig03_spectra.pdf", "figures/fig03_spectra.png"]),
    gcm("spectra: 10% taper; fig03 rebuilt"),
    P("is the HOL5 response still the old Trillium one in the station xml? they swapped sensors in october"),
    get(F + "/station/1/query?net=HL&sta=HOL5&level=response&format=xml"),
    get(F + "/station/1/query?net=HL&sta=HOL5&level=response&startafter=2026-10-01", err="HTTP 500 Internal Server Error"),
    P("ok whatever, first response was fine. done"),
    glg(3),
]

SESSIONS = [S1, S2, S3, S4, S5, S6]
