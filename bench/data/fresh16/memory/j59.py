"""journal-59: mossgrove, a Unity 2022.3 LTS C# game (URP, Addressables, Unity Test Framework),
batchmode runs from a second worktree, dotnet format, git LFS, SteamCMD uploads, a Unity Accelerator on the LAN."""
from jlib import P, sh, rd, wr, ed, ls, gst, gdf, gad, gcm, glg, get

U = "/opt/unity/2022.3.52f1/Editor/Unity -batchmode -nographics -logFile - "
HERE = U + "-projectPath . "
BATCH = U + "-projectPath ../mossgrove-batch "
OPEN = ("Aborting batchmode due to failure:\nMultiple Unity instances cannot open the same project.\n"
        "Project: /home/dev/mossgrove")
FMT = ("Multiple MSBuild project files found in '/home/dev/mossgrove'. "
       "Specify which to use with the <workspace> argument.")
STEAM = "FAILED login with result code Account Logon Denied (Steam Guard code required)"
STEAMCMD = "steamcmd +login mossgrove_build +run_app_build /home/dev/mossgrove/steam/app_build_2871450.vdf +quit"
ACC = "http://accelerator.mossgrove.lan:10080/api/agent-status"
SYNC = "git -C ../mossgrove-batch checkout --detach main"
ADDR = BATCH + "-executeMethod Mossgrove.EditorTools.BuildScripts.BuildAddressables -quit"
SD = "../mossgrove-batch/ServerData/StandaloneWindows64"
LAYOUT = "../mossgrove-batch/Library/com.unity.addressables/buildlayout.txt"

S1 = [
    P("run the EditMode tests before touching the dash ability"),
    sh(HERE + "-runTests -testPlatform EditMode -testResults results/editmode.xml", err=OPEN),
    sh("git worktree list"),
    sh(SYNC),
    sh(BATCH + "-runTests -testPlatform EditMode -testResults results/editmode.xml"),
    rd("../mossgrove-batch/results/editmode.xml"),
    P("dash ability: add a cooldown and expose it in the inspector"),
    rd("Assets/Scripts/Player/Dash.cs"),
    ed("Assets/Scripts/Player/Dash.cs", "    public float dashSpeed = 18f;\n",
       "    public float dashSpeed = 18f;\n    [SerializeField, Min(0f)] float cooldown = 0.6f;\n    float nextDashAt;\n"),
    ed("Assets/Scripts/Player/PlayerController.cs", "if (input.Dash) dash.Trigger();", "if (input.Dash && dash.Ready) dash.Trigger();"),
    P("rebuild the Addressables after the moss textures moved into the Biomes group"),
    sh(ADDR),
    ls(SD),
    rd(LAYOUT),
    gst(),
    P("check the accelerator before the big reimport"),
    get(ACC, err="ECONNREFUSED: connect ECONNREFUSED 10.20.0.15:10080"),
    get(ACC),
    P("commit the dash cooldown"),
    gad(["Assets/Scripts/Player/Dash.cs", "Assets/Scripts/Player/PlayerController.cs"]),
    gcm("player: dash cooldown"),
]

S2 = [
    P("format check before opening the PR"),
    sh("dotnet format --verify-no-changes", err=FMT),
    ls("."),
    sh("dotnet format Mossgrove.sln --verify-no-changes"),
    P("upload the playtest build to the Steam beta branch"),
    rd("steam/app_build_2871450.vdf"),
    sh(STEAMCMD, err=STEAM),
    sh("git lfs status"),
    P("inventory UI: stack counts overlap the icon at 4K"),
    rd("Assets/Scripts/UI/InventorySlot.cs"),
    ed("Assets/Scripts/UI/InventorySlot.cs", "countLabel.style.right = 2;", "countLabel.style.right = Length.Percent(4);"),
    ed("Assets/UI/Inventory.uss", ".slot-count { font-size: 14px; }", ".slot-count { font-size: 1.1em; }"),
    sh(BATCH + "-runTests -testPlatform EditMode -testFilter Mossgrove.Tests.UI"),
    P("accelerator status"),
    get(ACC, err="timeout after 5000 ms"),
    P("commit the inventory fix"),
    gst(), gdf(), gad(["Assets/Scripts/UI/InventorySlot.cs", "Assets/UI/Inventory.uss"]), gcm("ui: scale stack count label"),
]

S3 = [
    P("new biome props are in; rebuild the Addressables"),
    sh(ADDR),
    ls(SD),
    rd(LAYOUT),
    gst(),
    P("fishing minigame: tension bar drains too fast"),
    rd("Assets/Scripts/Fishing/TensionBar.cs"),
    ed("Assets/Scripts/Fishing/TensionBar.cs", "tension -= drainRate * Time.deltaTime;", "tension -= drainRate * drainCurve.Evaluate(tension) * Time.deltaTime;"),
    sh(BATCH + "-runTests -testPlatform EditMode -testFilter Fishing",
       err="Assets/Scripts/Fishing/TensionBar.cs(41,37): error CS0103: The name 'drainCurve' does not exist in the current context"),
    ed("Assets/Scripts/Fishing/TensionBar.cs", "    public float drainRate = 0.35f;\n", "    public float drainRate = 0.35f;\n    public AnimationCurve drainCurve = AnimationCurve.Linear(0, 1, 1, 0.4f);\n"),
    sh(BATCH + "-runTests -testPlatform EditMode -testFilter Mossgrove.Tests.Fishing"),
    P("accelerator again, imports felt slow"),
    get(ACC, err="502 Bad Gateway"),
    get(ACC),
    P("add the moss textures through git lfs and commit"),
    gad(["Assets/Art/Moss.png"], err="fatal: pathspec 'Assets/Art/Moss.png' did not match any files"),
    ls("Assets/Art/Biomes"),
    gad(["Assets/Art/Biomes/Moss_Albedo.png", "Assets/Art/Biomes/Moss_Normal.png", "Assets/Scripts/Fishing/TensionBar.cs"]),
    sh("git lfs ls-files --name-only"),
    gcm("art: moss textures; fishing drain curve"),
]

S4 = [
    P("PlayMode tests for the save system"),
    sh(HERE + "-runTests -testPlatform PlayMode -testResults results/playmode.xml", err=OPEN),
    sh(SYNC),
    sh(BATCH + "-runTests -testPlatform PlayMode -testResults results/playmode.xml"),
    rd("../mossgrove-batch/results/playmode.xml"),
    P("push the build to the Steam beta branch again"),
    sh(STEAMCMD, err=STEAM),
    rd("steam/README.md"),
    P("save system: migrate v2 saves to v3"),
    rd("Assets/Scripts/Save/SaveMigrator.cs"),
    ed("Assets/Scripts/Save/SaveMigrator.cs", "        case 2: return data;", "        case 2: return MigrateV2(data);"),
    wr("Assets/Tests/EditMode/SaveMigratorTests.cs", "using NUnit.Framework;\n\npublic class SaveMigratorTests\n{\n    [Test] public void V2IsUpgraded() { Assert.AreEqual(3, SaveMigrator.Upgrade(Fixtures.V2()).Version); }\n}\n"),
    sh(BATCH + "-runTests -testPlatform EditMode -testFilter Mossgrove.Tests.Save"),
    P("accelerator"),
    get(ACC, err="ECONNRESET: socket hang up"),
    P("commit the save migration"),
    gad(["Assets/Scripts/Save/SaveMigrator.cs", "Assets/Tests/EditMode/SaveMigratorTests.cs"]),
    gcm("save: migrate v2 saves"),
    glg(5),
]

S5 = [
    P("format before the Friday playtest"),
    sh("dotnet format --verify-no-changes --severity warn", err=FMT),
    sh("dotnet format Mossgrove.sln --verify-no-changes --severity warn"),
    sh("git diff --stat"),
    P("audio: footsteps don't play on moss"),
    rd("Assets/Scripts/Audio/Footsteps.cs"),
    rd("Assets/Audio/SurfaceMap.asset"),
    ed("Assets/Scripts/Audio/Footsteps.cs", "case Surface.Grass:", "case Surface.Grass:\n            case Surface.Moss:"),
    sh(BATCH + "-runTests -testPlatform EditMode -testFilter Mossgrove.Tests.Audio"),
    P("accelerator status before the playtest build"),
    get(ACC),
    get(ACC, err="503 Service Unavailable"),
    P("playtest build for Windows"),
    sh(SYNC),
    sh(BATCH + "-executeMethod Mossgrove.EditorTools.BuildScripts.BuildWindows -quit"),
    ls("../mossgrove-batch/Builds/Win64"),
    sh("zip -qr Builds/mossgrove-playtest-1120.zip ../mossgrove-batch/Builds/Win64"),
    P("commit the footsteps fix"),
    gst(), gad(["Assets/Scripts/Audio/Footsteps.cs"]), gcm("audio: footsteps on moss"),
]

S6 = [
    P("steam upload of the playtest build"),
    sh(STEAMCMD, err=STEAM),
    rd("steam/app_build_2871450.vdf"),
    P("Addressables rebuild for the playtest patch"),
    sh(ADDR),
    ls(SD),
    rd(LAYOUT),
    gst(),
    P("lantern flicker: tone it down and run the tests"),
    rd("Assets/Scripts/World/Lantern.cs"),
    ed("Assets/Scripts/World/Lantern.cs", "flicker = Random.Range(0.6f, 1f);", "flicker = Mathf.Lerp(flicker, Random.Range(0.85f, 1f), 0.2f);"),
    sh(SYNC),
    sh(BATCH + "-runTests -testPlatform EditMode"),
    P("accelerator"),
    get(ACC),
    get(ACC, err="EHOSTUNREACH: no route to host 10.20.0.15"),
    P("commit the lantern change"),
    gdf(), gad(["Assets/Scripts/World/Lantern.cs"]), gcm("world: softer lantern flicker"),
]

SESSIONS = [
    ("s1", "2026-11-16T09:00", S1),
    ("s2", "2026-11-17T08:45", S2),
    ("s3", "2026-11-18T09:30", S3),
    ("s4", "2026-11-19T09:05", S4),
    ("s5", "2026-11-20T08:40", S5),
    ("s6", "2026-11-21T10:00", S6),
]
