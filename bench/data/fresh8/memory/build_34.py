"""Journal 34: 'orbit-rally', a Unity 2022.3 LTS arcade racing game in C# (Git LFS for art, OpenUPM packages, dotnet format for style)."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from jlib import *

UE = "unity-editor -batchmode -nographics -projectPath . -logFile -"
def LIC(stamp):
    return ("No valid Unity Editor license found. Please activate your license.\n"
            f"[Licensing::Module] Error: Access token is unavailable; failed to update ({stamp})")
MULTI = ("Multiple MSBuild project files found in '/work/orbit-rally'. Specify which to use with the <workspace> argument.")
LFSLS = "git lfs ls-files -s | tail -n 5"
UPM = "https://package.openupm.com"

S = {}
S["s1"] = [
    P("ORB-21: drift boost for the car controller"),
    R("ProjectSettings/ProjectVersion.txt"), R("Assets/Scripts/Cars/CarController.cs"),
    W("Assets/Scripts/Cars/DriftBoost.cs"), E("Assets/Scripts/Cars/CarController.cs"), E("Assets/Scripts/Cars/CarController.cs"),
    P("run the EditMode tests"),
    SH(f"{UE} -runTests -testPlatform EditMode -testResults artifacts/editmode.xml", err=LIC("2025-12-01T09:14:07Z"), ms=11800),
    R("Packages/manifest.json"), SH("grep -rn 'DriftBoost' Assets/Tests", ms=140),
    P("the boost flame texture from Mia is in, stage it"),
    SH(LFSLS, ms=380), ST(), ADD("Assets/Art/VFX/boost_flame.png", "Assets/Art/VFX/boost_flame.png.meta"),
    P("commit ORB-21"),
    ADD("Assets/Scripts/Cars"),
    CM("ORB-21 drift boost", err="Unity .meta check failed: Assets/Scripts/Cars/DriftBoost.cs has no .meta file (pre-commit)"),
    W("Assets/Scripts/Cars/DriftBoost.cs.meta"), ADD("Assets/Scripts/Cars"), CM("ORB-21 drift boost"),
    P("what's the latest UniTask on OpenUPM?"),
    GET(UPM + "/com.cysharp.unitask", ms=640),
]
S["s2"] = [
    P("ORB-24: style cleanup before review"),
    SH("dotnet format --verify-no-changes", err=MULTI, ms=1900), L("."),
    SH("dotnet format OrbitRally.sln", ms=24100),
    SH("dotnet format OrbitRally.sln --verify-no-changes", ms=21800),
    P("commit the formatting"),
    ST(), DF(), ADD("Assets/Scripts"),
    CM("ORB-24 dotnet format pass", err="fatal: Unable to create '/work/orbit-rally/.git/index.lock': File exists.\n\nAnother git process seems to be running in this repository"),
    SH("ls -la .git/index.lock", ms=40), SH("rm -f .git/index.lock", ms=30), CM("ORB-24 dotnet format pass"),
    P("bump UniTask to the newest OpenUPM release"),
    GET(UPM + "/com.cysharp.unitask", err="HTTP 503 Service Unavailable", ms=2100),
    GET(UPM + "/com.cysharp.unitask", ms=700),
    R("Packages/manifest.json"), E("Packages/manifest.json"), R("Packages/packages-lock.json"),
    SH("grep -n unitask Packages/packages-lock.json", ms=60),
    P("commit the package bump"),
    ADD("Packages/manifest.json", "Packages/packages-lock.json"), CM("Bump UniTask to 2.5.10"), DF("Packages/manifest.json"),
]
S["s3"] = [
    P("ORB-27: the canyon track textures landed, get them into the repo properly"),
    SH(LFSLS, ms=410), ST(), ADD("Assets/Art/Tracks/Canyon"),
    P("commit the canyon art"),
    CM("ORB-27 canyon track textures", err="pre-commit hook: Assets/Art/Tracks/Canyon/canyon_ao.png is 212 MB and not tracked by Git LFS; aborting"),
    R(".gitattributes"), SH('git lfs track "Assets/Art/Tracks/**/*.png"', ms=150),
    SH("git add --renormalize Assets/Art/Tracks/Canyon", ms=5200), ADD(".gitattributes"),
    CM("ORB-27 canyon track textures"),
    P("lap trigger + race manager hookup"),
    W("Assets/Scripts/Track/LapTrigger.cs"), W("Assets/Scripts/Track/LapTrigger.cs.meta"),
    R("Assets/Scripts/Track/RaceManager.cs"), E("Assets/Scripts/Track/RaceManager.cs"),
    P("PlayMode tests for lap counting"),
    W("Assets/Tests/PlayMode/LapCountTests.cs"),
    SH(f"{UE} -runTests -testPlatform PlayMode -testResults artifacts/playmode.xml", err=LIC("2025-12-02T13:40:51Z"), ms=12400),
    P("commit ORB-27 scripts"),
    ADD("Assets/Scripts/Track", "Assets/Tests/PlayMode"),
    CM("ORB-27 lap trigger", err="error: gpg failed to sign the data\nfatal: failed to write commit object"),
    SH("git config --get user.signingkey", ms=20), SH("gpgconf --launch gpg-agent", ms=90),
    CM("ORB-27 lap trigger"),
]
S["s4"] = [
    P("ORB-30: WebGL build for the playtest page"),
    R("Assets/Editor/BuildScript.cs"), E("Assets/Editor/BuildScript.cs"), R("ProjectSettings/ProjectSettings.asset"),
    SH(f"{UE} -buildTarget WebGL -executeMethod BuildScript.BuildWebGL", err=LIC("2025-12-03T08:02:19Z"), ms=10900),
    SH("ls Logs", ms=30), R("Logs/shadercompiler-UnityShaderCompiler0.log"),
    P("check whether the WebGL-friendly input package exists on OpenUPM"),
    GET(UPM + "/com.unity.inputsystem.webgl", err="ReadTimeout: HTTPSConnectionPool(host='package.openupm.com', port=443): Read timed out. (read timeout=20)", ms=20000),
    GET(UPM + "/com.yasirkula.simpleinput", err="HTTP 404 Not Found: {\"error\":\"not_found\",\"reason\":\"document not found\"}", ms=500),
    P("commit the build script"),
    DF("Assets/Editor/BuildScript.cs"), ADD("Assets/Editor/BuildScript.cs"),
    CM("ORB-30 WebGL build method", err="fatal: cannot lock ref 'HEAD': is at 3f9a2c1 but expected 8b0e44d"),
    SH("git fetch origin", ms=2300), SH("git status -sb", ms=60), CM("ORB-30 WebGL build method"),
]
S["s5"] = [
    P("ORB-33: ghost car that replays your best lap"),
    W("Assets/Scripts/Race/GhostRecorder.cs"), W("Assets/Scripts/Race/GhostRecorder.cs.meta"),
    W("Assets/Scripts/Race/GhostPlayer.cs"), W("Assets/Scripts/Race/GhostPlayer.cs.meta"), E("Assets/Scripts/Track/RaceManager.cs"),
    P("style check the new scripts"),
    SH("dotnet format --verify-no-changes --severity warn", err=MULTI, ms=1700),
    SH("dotnet format OrbitRally.sln --verify-no-changes --severity warn", ms=22600),
    P("ghost car material textures from Mia"),
    SH(LFSLS, ms=390), ST(), ADD("Assets/Art/Cars/ghost_car_albedo.png", "Assets/Art/Cars/ghost_car_albedo.png.meta"),
    P("commit ORB-33"),
    ADD("Assets/Scripts/Race", "Assets/Scripts/Track/RaceManager.cs"), DF(), CM("ORB-33 ghost replay"),
    P("is there an OpenUPM package for compressing replay data?"),
    GET(UPM + "/-/v1/search?text=compression&size=10", err="ECONNRESET: socket hang up", ms=900),
    GET(UPM + "/-/v1/search?text=lz4&size=10", err="JSONDecodeError: Expecting value: line 1 column 1 (char 0)", ms=300),
    SH("grep -rn 'K4os' Packages/manifest.json", ms=40),
]
S["s6"] = [
    P("ORB-35: EditMode tests for the ghost recorder"),
    W("Assets/Tests/EditMode/GhostRecorderTests.cs"), W("Assets/Tests/EditMode/GhostRecorderTests.cs.meta"),
    R("Assets/Scripts/Race/GhostRecorder.cs"), E("Assets/Scripts/Race/GhostRecorder.cs"),
    SH(f"{UE} -runTests -testPlatform EditMode -testFilter GhostRecorderTests -testResults artifacts/ghost.xml", err=LIC("2025-12-04T16:27:45Z"), ms=11300),
    P("commit the tests even though CI has to run them"),
    CM("ORB-35 ghost recorder tests", err="On branch feature/ghost-replay\nnothing added to commit but untracked files present (use \"git add\" to track)"),
    ADD("Assets/Tests/EditMode", "Assets/Scripts/Race/GhostRecorder.cs"), CM("ORB-35 ghost recorder tests"),
    P("look up the OpenUPM page for the test-framework extensions"),
    GET(UPM + "/com.unity.test-framework.performance", err="HTTP 520 Unknown Error (cloudflare)", ms=1100),
    GET(UPM + "/com.unity.test-framework.performance", ms=560),
    R("Packages/manifest.json"),
    SH("git log --oneline -8", ms=40),
]

TRUTH = {
  "planted": [
    {"id": "j34-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "unity-editor",
     "description": "Every batchmode unity-editor run (EditMode/PlayMode tests, WebGL build) fails with 'No valid Unity Editor license found'; no license is ever activated in this environment (s1, s3, s4, s6)."},
    {"id": "j34-p2", "kind": "rule", "ability": "shell.run", "anchor": "dotnet",
     "description": "`dotnet format` at the repo root fails because Unity generates several .csproj files (Multiple MSBuild project files found); passing the solution, `dotnet format OrbitRally.sln ...`, works (s2, s5)."},
    {"id": "j34-p3", "kind": "playbook", "ability": "shell.run", "anchor": "lfs",
     "description": "Staging new art: shell.run `git lfs ls-files -s | tail -n 5` -> git.status -> git.add the texture and its .meta (s1, s3, s5)."},
    {"id": "j34-p4", "kind": "weak_link", "ability": "git.commit", "anchor": "commit",
     "description": "git.commit is fragile in this repo: 14 calls, 8 ok; each failure differs (missing .meta pre-commit check, stale index.lock, LFS size hook, gpg signing, HEAD ref lock, nothing added)."},
    {"id": "j34-p5", "kind": "weak_link", "ability": "http.get", "anchor": "package.openupm.com",
     "description": "http.get to package.openupm.com is unreliable: 9 calls, 3 ok; failures all different (503, read timeout, 404, ECONNRESET, JSON decode of an HTML page, Cloudflare 520)."},
  ],
  "queries": [
    {"q": "run the EditMode tests for the car physics", "planted_id": "j34-p1"},
    {"q": "make a WebGL build for Friday's playtest", "planted_id": "j34-p1"},
    {"q": "PlayMode-Tests im Batchmode laufen lassen", "planted_id": "j34-p1"},
    {"q": "check C# formatting before opening the PR", "planted_id": "j34-p2"},
    {"q": "ORB-40 enforce code style on Assets/Scripts", "planted_id": "j34-p2"},
    {"q": "fix the whitespace lint complaints in the race scripts", "planted_id": "j34-p2"},
    {"q": "Mia sent the new desert track textures, add them to the repo", "planted_id": "j34-p3"},
    {"q": "stage the new car skins (psd + png) for commit", "planted_id": "j34-p3"},
    {"q": "把新的赛道贴图加进仓库", "planted_id": "j34-p3"},
    {"q": "commit the ghost replay changes", "planted_id": "j34-p4"},
    {"q": "save my work on ORB-41 with a commit", "planted_id": "j34-p4"},
    {"q": "comit the lap trigger fix and move on", "planted_id": "j34-p4"},
    {"q": "find a package on OpenUPM for tweening", "planted_id": "j34-p5"},
    {"q": "what's the newest version of UniTask on the scoped registry", "planted_id": "j34-p5"},
    {"q": "OpenUPM で DOTween の代わりになるパッケージを探す", "planted_id": "j34-p5"},
  ],
  "negatives": [
    "write a unit test for the lap time formatter (just the code, CI will run it)",
    "rename the canyon_ao.png texture to canyon_occlusion.png in the material only",
    "explain what the .gitattributes LFS patterns in this repo cover",
    "tune the drift boost multiplier from 1.4 to 1.6",
    "design the UI layout for the race results screen",
    "write patch notes for the playtest build in plain language",
    "choose a colour palette for the ghost car shader",
    "balance the AI opponents' top speed on the canyon track",
  ],
  "notes": "Traps: negative 1 shares 'unit test' words but runs nothing; 2 shares texture/art words but only edits a material reference; 3 shares LFS/.gitattributes words but is an explanation. The dotnet-format failure occurs twice (one signature); git.commit retries reuse the same message, so they are plain retries, not rules.",
}

if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    ev = write(os.path.join(here, "journal-34.jsonl"), S, base_ts=1764781200.0, seed=34)
    write_truth(os.path.join(here, "journal-34.truth.json"), TRUTH)
    print("journal-34:", len(ev), "events")
