"""journal-84: fenlight, a MATLAB-compatible signal-processing toolbox developed with GNU Octave 9
(octave-cli, MOxUnit, MEX kernels via mkoctfile, lab GitLab, shared recordings drive).
Developers: Aino Virtanen (fi, en), Ravi Iyer (en). Written in step 3, after profiles.md and queries.py."""
from jlib import P, sh, rd, wr, ed, ls, gst, gdf, gadd, gcm, glog, get

SEED = 840084
LIC = ("License checkout failed.\nLicense Manager Error -15\nMATLAB is unable to connect to the license server.")
UNDEF = "error: 'moxunit_runtests' undefined"
G = "https://git.fenlab.example.org/api/v4/projects/42"
M = "/mnt/fenlab-data/recordings"
OCT_T = 'octave-cli --path deps/MOxUnit/MOxUnit --eval "moxunit_runtests tests'

S1 = [
    P("FL-201: running_rms MEX gives NaN when the window is longer than the signal. guard it in the C"),
    rd("src/mex/running_rms.c"),
    rd("tests/test_running_rms.m"),
    sh("rg -n running_rms src tests"),
    P("yes, clamp the window and rebuild"),
    ed("src/mex/running_rms.c", "size_t w = (size_t) mxGetScalar(prhs[1]);",
       "size_t w = (size_t) mxGetScalar(prhs[1]);\n  if (w > n) w = n;"),
    sh("mkoctfile --mex -o private/running_rms src/mex/running_rms.c"),
    gadd("src/mex/running_rms.c", "private/running_rms.mex"),
    P("does the demo still run under matlab? Ravi's reviewers use it"),
    sh('matlab -batch "run(\'demos/demo_bandpass.m\')"', LIC),
    P("ok octave then"),
    sh('octave-cli --eval "pkg load signal; run(\'demos/demo_bandpass.m\')"'),
    sh("octave-cli --version"),
    P("what came in from the south bog logger in september?"),
    ls(M + "/south-bog/2025-09", "ESTALE: stale file handle, scandir '/mnt/fenlab-data/recordings/south-bog/2025-09'"),
    ls(M + "/south-bog/2025-09"),
    P("merge requests waiting for review on gitlab?"),
    get(G + "/merge_requests?state=opened", "502 Bad Gateway"),
    get(G + "/merge_requests?state=opened"),
    P("commit the rms fix"),
    gcm("FL-201 running_rms: clamp window to signal length"),
]

S2 = [
    P("Ravi: full test suite please, I touched the resampler"),
    sh('octave-cli --eval "moxunit_runtests tests"', UNDEF),
    sh(OCT_T + '"'),
    P("pipeline for my branch resampler-fix?"),
    get(G + "/pipelines?ref=resampler-fix&per_page=1", "timed out after 15000 ms"),
    P("skip it. FL-204: resample_log should keep the timestamps column as datetime strings"),
    rd("src/resample_log.m"),
    rd("tests/test_resample_log.m"),
    ed("src/resample_log.m", "t = datenum(raw.t);", "t = raw.t;"),
    ed("tests/test_resample_log.m", "assertEqual(class(out.t), 'double');", "assertEqual(class(out.t), 'cell');"),
    sh("rg -n datenum src"),
    sh(OCT_T + '/test_resample_log.m"'),
    sh(OCT_T + '"'),
    P("how many files in the weir 3 folder for october"),
    ls(M + "/weir-3/2025-10"),
    P("commit"),
    gst(),
    gdf(),
    gcm("FL-204 resample_log keeps timestamp strings"),
]

S3 = [
    P("huomenta. FL-207: despike-ytimessä kynnys on kovakoodattu, ota se parametrina"),
    rd("src/mex/despike.c"),
    rd("src/despike.m"),
    sh("rg -n \"3.0\" src/mex/despike.c"),
    P("tee muutos C-koodiin ja käännä"),
    ed("src/mex/despike.c", "const double k = 3.0;", "const double k = (nrhs > 1) ? mxGetScalar(prhs[1]) : 3.0;"),
    sh("mkoctfile --mex -o private/despike src/mex/despike.c"),
    gadd("src/mex/despike.c", "private/despike.mex"),
    P("päivitä despike.m:n ohje ja tarkista matlabin checkcode"),
    ed("src/despike.m", "% DESPIKE(x) removes spikes", "% DESPIKE(x, k) removes spikes above k robust std (default 3)"),
    sh('matlab -batch "checkcode(\'src/despike.m\')"', LIC),
    sh("mh_style src/despike.m"),
    P("selvä. station B:n tiedostot lokakuulta?"),
    ls(M + "/station-b/2025-10", "EIO: i/o error, scandir '/mnt/fenlab-data/recordings/station-b/2025-10'"),
    ls(M + "/station-b/2025-10", "EIO: i/o error, scandir '/mnt/fenlab-data/recordings/station-b/2025-10'"),
    P("tarkista vielä gitlabista docs-jobin loki"),
    get(G + "/jobs/18832/trace"),
    P("commit"),
    gcm("FL-207 despike threshold as a parameter"),
]

S4 = [
    P("which signal-package functions do we still call that MATLAB lacks? ask matlab itself"),
    sh('matlab -batch "ver signal"', LIC),
    sh("rg -n \"pkg load\" src demos"),
    rd("compat/README.md"),
    sh('octave-cli --eval "pkg list"'),
    P("FL-210 bandpass should error clearly for a non-vector input"),
    rd("src/bandpass.m"),
    ed("src/bandpass.m", "function y = bandpass(x, fs, band)", "function y = bandpass(x, fs, band)\n  if ~isvector(x), error('fenlight:bandpass:notVector', 'bandpass: input must be a vector'); end"),
    sh('octave-cli --eval "bandpass(ones(3), 100, [1 5])"', "error: bandpass: input must be a vector"),
    sh(OCT_T + '/test_bandpass.m"'),
    sh("rg -n bandpass tests"),
    P("list september for weir 3 too"),
    ls(M + "/weir-3/2025-09", "EHOSTDOWN: host is down, scandir '/mnt/fenlab-data/recordings/weir-3/2025-09'"),
    ls(M + "/weir-3/2025-09"),
    P("commit"),
    gdf(),
    gcm("FL-210 bandpass rejects matrices"),
]

S5 = [
    P("FL-213 the biquad kernel reads one sample past the end on odd lengths"),
    ed("src/mex/iir_biquad.c", "for (i = 0; i <= n; i += 2)", "for (i = 0; i + 1 < n; i += 2)"),
    sh("mkoctfile --mex -o private/iir_biquad src/mex/iir_biquad.c"),
    gadd("src/mex/iir_biquad.c", "private/iir_biquad.mex"),
    P("run the biquad tests"),
    sh('octave-cli --eval "moxunit_runtests tests/test_iir_biquad.m"', UNDEF),
    sh(OCT_T + '/test_iir_biquad.m"'),
    sh(OCT_T + '"'),
    P("did the tag pipeline for v0.9.1 go through?"),
    get(G + "/pipelines?ref=v0.9.1&per_page=1", "429 Too Many Requests"),
    get(G + "/pipelines?ref=v0.9.1&per_page=1"),
    P("station B october again"),
    ls(M + "/station-b/2025-10", "ESTALE: stale file handle, scandir '/mnt/fenlab-data/recordings/station-b/2025-10'"),
    ls(M + "/station-b/2025-10"),
    rd(M + "/station-b/2025-10/stb_20251014.csv"),
    P("commit"),
    gcm("FL-213 iir_biquad: no read past end on odd lengths"),
]

S6 = [
    P("kiitos eilisestä. FL-215: julkaise demo_notch matlabin publish-komennolla html:ksi"),
    sh('matlab -batch "publish(\'demos/demo_notch.m\', \'html\')"', LIC),
    sh('octave-cli --eval "pkg load signal; publish(\'demos/demo_notch.m\', \'html\')"'),
    ls("/mnt/fenlab-data/recordings", "ENOTCONN: socket is not connected, scandir '/mnt/fenlab-data/recordings'"),
    ls("/mnt/fenlab-data/recordings"),
    sh("ls demos/html"),
    P("ok, html is in demos/html. what did the last finished docs pipeline for main publish?"),
    get(G + "/pipelines?ref=main&scope=finished&per_page=3", "502 Bad Gateway"),
    get(G + "/pipelines?ref=main&scope=finished&per_page=3", "read ECONNRESET"),
    get(G + "/pipelines?ref=main&scope=finished&per_page=3"),
    P("add demos/html to .gitignore, we don't commit generated pages"),
    rd(".gitignore"),
    ed(".gitignore", "private/*.o", "private/*.o\ndemos/html/"),
    P("FL-216 update Contents.m version line to 0.9.2"),
    rd("Contents.m"),
    ed("Contents.m", "% Version 0.9.1", "% Version 0.9.2"),
    sh("rg -n 0.9.1 DESCRIPTION Contents.m"),
    ed("DESCRIPTION", "Version: 0.9.1", "Version: 0.9.2"),
    P("commit both"),
    gst(),
    gcm("0.9.2: ignore generated demo html, bump version"),
    glog(4),
]

SESSIONS = [
    ("s1", "2026-11-09", "08:30", S1),
    ("s2", "2026-11-10", "10:45", S2),
    ("s3", "2026-11-11", "08:15", S3),
    ("s4", "2026-11-12", "13:20", S4),
    ("s5", "2026-11-13", "09:10", S5),
    ("s6", "2026-11-14", "09:40", S6),
]
