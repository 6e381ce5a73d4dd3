"""The deployment files, checked offline: no docker, no cluster, no network.

Kubernetes manifests against the API's JSON schemas (kubernetes-validate ships them), the compose file's
structure, the systemd units (`systemd-analyze verify` when it is there), the Dockerfile and its build
context. Then the meshes of deploy/compose.yaml and deploy/k8s/ are run for real on loopback, with the
exact commands, environment and key files the manifests give their containers, until the heart's own
health check passes: a renamed variable or flag breaks these tests, not a deployment.
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

from actors.runner import find_organ
from broker import config as mesh_config
from tests.conftest import free_ports

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s"
SYSTEMD = DEPLOY / "systemd"
COMPOSE_FILE = DEPLOY / "compose.yaml"
GRAFANA = ROOT / "grafana"
# the oldest Kubernetes the manifests claim to support (docs/deploy.md), and the newest the package knows
KUBERNETES_VERSIONS = ("1.29.0", kubernetes_validate.latest_version())
ACTORS = [sys.executable, "-m", "actors"]  # the `actors` command, whatever PATH holds
RUN_TIMEOUT_S = 45.0


# -- helpers: reading the files -----------------------------------------------------------------

def k8s_documents() -> list[tuple[str, dict]]:
    """Every Kubernetes object in deploy/k8s, with the file it comes from."""
    found = []
    for path in sorted(K8S.glob("*.yaml")):
        if path.name != "kustomization.yaml":
            found.extend((path.name, doc) for doc in yaml.safe_load_all(path.read_text()) if doc)
    return found


def k8s_object(kind: str, name: str) -> dict:
    """The one object of this kind and name."""
    matches = [doc for _, doc in k8s_documents() if doc["kind"] == kind and doc["metadata"]["name"] == name]
    assert len(matches) == 1, f"expected one {kind} {name}, found {len(matches)}"
    return matches[0]


def k8s_workloads() -> list[dict]:
    """The StatefulSets and Deployments."""
    return [doc for _, doc in k8s_documents() if doc["kind"] in ("StatefulSet", "Deployment")]


def k8s_heart() -> dict:
    sets = [doc for _, doc in k8s_documents() if doc["kind"] == "StatefulSet"]
    assert len(sets) == 1, "the heart is the only StatefulSet"
    return sets[0]


def k8s_organs() -> list[dict]:
    return [doc for _, doc in k8s_documents() if doc["kind"] == "Deployment"]


def k8s_mesh() -> mesh_config.MeshConfig:
    """The mesh file the heart's pod mounts, from its ConfigMap."""
    volume = next(v for v in k8s_heart()["spec"]["template"]["spec"]["volumes"] if "configMap" in v)
    data = k8s_object("ConfigMap", volume["configMap"]["name"])["data"]
    return mesh_config.parse(data["mesh.toml"], "configmap:mesh.toml")


def container(workload: dict, name: str | None = None) -> dict:
    containers = workload["spec"]["template"]["spec"]["containers"]
    return containers[0] if name is None else next(c for c in containers if c["name"] == name)


def env_of(c: dict) -> dict[str, str]:
    return {e["name"]: e["value"] for e in c.get("env", [])}


def option(argv: list[str], flag: str) -> str:
    """The value after a flag in an argument vector."""
    assert flag in argv, f"{flag} missing from {argv}"
    return argv[argv.index(flag) + 1]


def compose() -> dict:
    return yaml.safe_load(COMPOSE_FILE.read_text())


def interpolate(value: str) -> str:
    """Compose's ${VAR:-default} and ${VAR}, with every variable unset."""
    return re.sub(r"\$\{\w+(?::?-([^}]*))?\}", lambda m: m.group(1) or "", value)


def compose_mesh() -> tuple[mesh_config.MeshConfig, Path]:
    heart = compose()["services"]["heart"]
    target = option(heart["command"], "--config")
    source = next(source for source, dest in map(split_mount, heart["volumes"]) if dest == target)
    path = DEPLOY / source
    return mesh_config.load(path), path


def split_mount(spec: str) -> tuple[str, str]:
    source, dest, *_ = spec.split(":")
    return source, dest


def compose_organs() -> dict[str, dict]:
    """Services that run `actors organ run`, by organ name."""
    found = {}
    for service in compose()["services"].values():
        command = service.get("command") or []
        if command[:3] == ["actors", "organ", "run"]:
            found[option(command, "--name")] = service
    return found


def port(spec: str) -> tuple[str, int, int]:
    """[HOST:]PUBLISHED:TARGET of a compose port, as (host, published, target)."""
    parts = interpolate(spec).split(":")
    host = parts[0] if len(parts) == 3 else ""
    return host, int(parts[-2]), int(parts[-1])


def dockerfile() -> list[tuple[str, str]]:
    """The Dockerfile's instructions (name, arguments), continuations joined, comments dropped."""
    instructions, current = [], ""
    for raw in (ROOT / "Dockerfile").read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith("\\"):
            current += line[:-1] + " "
            continue
        name, _, args = (current + line).partition(" ")
        instructions.append((name.upper(), args.strip()))
        current = ""
    return instructions


def docker_args(name: str, stage: str = "all") -> list[str]:
    """The arguments of every instruction of this name, in every stage or only in the final one (the image)."""
    instructions = dockerfile()
    if stage == "final":
        last_from = max(i for i, (instruction, _) in enumerate(instructions) if instruction == "FROM")
        instructions = instructions[last_from:]
    return [args for instruction, args in instructions if instruction == name]


def image_env() -> dict[str, str]:
    env = {}
    for args in docker_args("ENV", "final"):
        env.update(pair.split("=", 1) for pair in shlex.split(args))
    return env


def exec_form(args: str) -> list[str]:
    value = json.loads(args)
    assert isinstance(value, list), f"use the exec (JSON) form: {args}"
    return value


def ignore_rules() -> list[tuple[re.Pattern, bool]]:
    rules = []
    for line in (ROOT / ".dockerignore").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            negate = line.startswith("!")
            rules.append((glob_regex(line.lstrip("!").strip("/")), negate))
    return rules


def glob_regex(pattern: str) -> re.Pattern:
    """A .dockerignore pattern: Go's filepath.Match plus ** for any number of directories."""
    out, i = "", 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out, i = out + "(?:.*/)?", i + 3
        elif pattern.startswith("**", i):
            out, i = out + ".*", i + 2
        else:
            out += {"*": "[^/]*", "?": "[^/]"}.get(pattern[i], re.escape(pattern[i]))
            i += 1
    return re.compile(out + r"\Z")


def in_build_context(relative: str) -> bool:
    """Whether .dockerignore lets this path into the build context (the last matching rule wins;
    a rule that matches a parent directory matches everything under it)."""
    parts = relative.strip("/").split("/")
    prefixes = ["/".join(parts[:n]) for n in range(1, len(parts) + 1)]
    excluded = False
    for regex, negate in ignore_rules():
        if any(regex.match(p) for p in prefixes):
            excluded = not negate
    return not excluded


def unit(path: Path) -> dict[str, list[tuple[str, str]]]:
    """A systemd unit as sections of (key, value), repeated keys kept in order."""
    sections: dict[str, list[tuple[str, str]]] = {}
    current = ""
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            current = line.strip("[]")
            sections.setdefault(current, [])
            continue
        key, _, value = line.partition("=")
        sections[current].append((key.strip(), value.strip()))
    return sections


def unit_values(path: Path, section: str, key: str) -> list[str]:
    return [v for k, v in unit(path).get(section, []) if k == key]


def document_id(item: tuple[str, dict]) -> str:
    name, doc = item
    return f"{name}:{doc['kind']}/{doc['metadata']['name']}"


@pytest.fixture(scope="module")
def curve_keys(tmp_path_factory) -> Path:
    """Keys for every organ the meshes run elsewhere, made once with the commands docs/deploy.md gives."""
    compose_organ_names = {o.name for o in compose_mesh()[0].organs if o.external}
    k8s_organ_names = {o.name for o in k8s_mesh().organs if o.external}
    return make_keys(tmp_path_factory.mktemp("keys"), sorted(compose_organ_names | k8s_organ_names))


def make_keys(directory: Path, organs: list[str]) -> Path:
    """The keys as docs/deploy.md makes them: the heart's, one per organ, the organs allowed."""
    for name in ["heart", *organs]:
        run_cli(["keys", "new", name, "--out", str(directory)])
    for name in organs:
        run_cli(["keys", "allow", str(directory / f"{name}.pub"), "--name", name, "--role", "organ"],
                ACTORS_ALLOWED_KEYS_FILE=str(directory / "allowed"))
    return directory


def run_cli(args: list[str], **env: str) -> subprocess.CompletedProcess:
    result = subprocess.run(ACTORS + args, capture_output=True, text=True, timeout=30,
                            env={**os.environ, **env}, check=False)
    assert result.returncode == 0, result.stderr
    return result


# -- Kubernetes ----------------------------------------------------------------------------------

@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
@pytest.mark.parametrize("item", k8s_documents(), ids=document_id)
def test_each_kubernetes_object_matches_the_api_schema_strictly(item, version):
    _, doc = item
    validate(doc, version)


def validate(doc: dict, version: str) -> None:
    """Check an object against the schema of this Kubernetes version; unknown fields are errors too."""
    problem = ""
    try:
        kubernetes_validate.validate(doc, version, strict=True)
    except kubernetes_validate.ValidationError as exc:
        problem = f"at {'/'.join(str(p) for p in exc.path) or '(top)'}: {exc.message}"
    assert not problem, f"{doc['kind']} {doc['metadata']['name']} against Kubernetes {version}: {problem}"


def test_the_kustomization_lists_every_manifest_and_sets_the_namespace_and_image():
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    files = {p.name for p in K8S.glob("*.yaml")} - {"kustomization.yaml"}
    assert set(kustomization["resources"]) == files
    assert kustomization["namespace"] == "actors"
    images = {c["image"].partition(":")[0] for w in k8s_workloads()
              for c in w["spec"]["template"]["spec"]["containers"] + w["spec"]["template"]["spec"].get(
                  "initContainers", [])}
    assert images == {"actors"}, "every container runs the project's image"
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert kustomization["images"] == [{"name": "actors", "newTag": version}]


def test_every_object_lives_in_the_actors_namespace():
    assert k8s_object("Namespace", "actors")
    for name, doc in k8s_documents():
        if doc["kind"] != "Namespace":
            assert doc["metadata"].get("namespace") == "actors", f"{name}: {doc['kind']} {doc['metadata']['name']}"


def test_the_heart_is_a_single_replica_statefulset_keeping_its_home_on_a_claim():
    heart = k8s_heart()
    spec = heart["spec"]
    assert spec["replicas"] == 1
    claims = [t["metadata"]["name"] for t in spec["volumeClaimTemplates"]]
    home = env_of(container(heart))["ACTORS_HOME"]
    assert option(container(heart)["args"], "--home") == home
    mounts = {m["mountPath"]: m["name"] for m in container(heart)["volumeMounts"]}
    holding = [path for path in mounts if home.startswith(path.rstrip("/") + "/")]
    assert holding and mounts[max(holding, key=len)] in claims, "the home must be on the claim"
    assert home != max(holding, key=len), "the home is a subdirectory: the heart creates it 0700 itself"
    governing = k8s_object("Service", spec["serviceName"])
    assert governing["spec"]["clusterIP"] == "None"
    assert governing["spec"]["selector"].items() <= spec["template"]["metadata"]["labels"].items()


def test_the_heart_exposes_router_blood_and_metrics_as_the_mesh_file_binds_them():
    mesh = k8s_mesh()
    heart = k8s_heart()
    ports = {p["name"]: p["containerPort"] for p in container(heart)["ports"]}
    assert mesh.heart.router == f"tcp://0.0.0.0:{ports['router']}"
    assert mesh.heart.blood == f"tcp://0.0.0.0:{ports['blood']}"
    assert mesh.heart.metrics == f"0.0.0.0:{ports['metrics']}"
    annotations = heart["spec"]["template"]["metadata"]["annotations"]
    assert annotations["prometheus.io/scrape"] == "true"
    assert annotations["prometheus.io/port"] == str(ports["metrics"])
    assert annotations["prometheus.io/path"] == "/metrics"
    assert option(container(heart)["args"], "--config").startswith(
        next(m["mountPath"] for m in container(heart)["volumeMounts"] if m["name"] == "mesh"))


def test_the_heart_service_has_a_stable_address_that_publishes_a_pod_not_yet_ready():
    heart = k8s_heart()
    labels = heart["spec"]["template"]["metadata"]["labels"]
    names = {p["name"] for p in container(heart)["ports"]}
    services = [doc for _, doc in k8s_documents() if doc["kind"] == "Service"]
    stable = [s for s in services if s["spec"].get("clusterIP") != "None"]
    assert len(stable) == 1
    for service in services:
        assert service["spec"]["selector"].items() <= labels.items()
        assert service["spec"]["publishNotReadyAddresses"] is True, "the organs connect before it is ready"
        assert {p["targetPort"] for p in service["spec"]["ports"]} == names


def test_the_heart_probes_ask_actors_about_the_heart_home():
    heart = container(k8s_heart())
    home = env_of(heart)["ACTORS_HOME"]
    assert heart["readinessProbe"]["exec"]["command"] == ["actors", "doctor", "--home", home]
    for probe in ("livenessProbe", "startupProbe"):
        command = heart[probe]["exec"]["command"]
        assert command[0] == "actors" and option(command, "--home") == home
    for probe in ("readinessProbe", "livenessProbe", "startupProbe"):
        assert heart[probe]["timeoutSeconds"] >= 10, "the CLI takes about a second to start"


def test_every_container_requests_resources_and_runs_without_privileges():
    for workload in k8s_workloads():
        pod = workload["spec"]["template"]["spec"]
        where = workload["metadata"]["name"]
        assert pod["securityContext"]["runAsNonRoot"] is True, where
        assert pod["securityContext"]["seccompProfile"]["type"] == "RuntimeDefault", where
        assert pod["automountServiceAccountToken"] is False, where
        for c in pod["containers"] + pod.get("initContainers", []):
            assert {"cpu", "memory"} <= c["resources"]["requests"].keys(), f"{where}/{c['name']}"
            assert "memory" in c["resources"]["limits"], f"{where}/{c['name']}"
            context = c["securityContext"]
            assert context["allowPrivilegeEscalation"] is False, f"{where}/{c['name']}"
            assert context["readOnlyRootFilesystem"] is True, f"{where}/{c['name']}"
            assert context["capabilities"]["drop"] == ["ALL"], f"{where}/{c['name']}"


def test_every_volume_mount_names_a_volume_of_its_pod():
    for workload in k8s_workloads():
        pod = workload["spec"]["template"]["spec"]
        volumes = {v["name"] for v in pod["volumes"]}
        volumes |= {t["metadata"]["name"] for t in workload["spec"].get("volumeClaimTemplates", [])}
        for c in pod["containers"] + pod.get("initContainers", []):
            for mount in c.get("volumeMounts", []):
                assert mount["name"] in volumes, f"{workload['metadata']['name']}/{c['name']}: {mount['name']}"


def test_every_external_organ_has_one_deployment_connecting_to_the_heart_service():
    mesh = k8s_mesh()
    router_port = mesh.heart.router.rpartition(":")[2]
    stable = next(doc for _, doc in k8s_documents() if doc["kind"] == "Service"
                  and doc["spec"].get("clusterIP") != "None")
    by_name = {}
    for organ in k8s_organs():
        args = container(organ)["args"]
        assert args[:3] == ["actors", "organ", "run"]
        find_organ(args[3])  # the module names a loadable organ class
        by_name[option(args, "--name")] = organ
        assert organ["spec"]["replicas"] == 1 and organ["spec"]["strategy"]["type"] == "Recreate"
        assert env_of(container(organ))["ACTORS_CONNECT"] == f"tcp://{stable['metadata']['name']}:{router_port}"
    assert set(by_name) == {o.name for o in mesh.organs if o.external}


def test_the_keys_come_from_the_placeholder_secret_item_by_item():
    secret = k8s_object("Secret", "actors-curve")
    assert all("PLACEHOLDER" in value for value in secret["stringData"].values()), \
        "the committed Secret must hold only clearly marked placeholders"
    expected = {"heart.key", "heart.pub", "allowed"} | {f"{o.name}.key" for o in k8s_mesh().organs if o.external}
    assert set(secret["stringData"]) == expected
    for workload in k8s_workloads():
        pod = workload["spec"]["template"]["spec"]
        for volume in pod["volumes"]:
            if "secret" in volume:
                assert volume["secret"]["secretName"] == "actors-curve"
                assert {i["key"] for i in volume["secret"]["items"]} <= set(secret["stringData"])
        memory = {v["name"] for v in pod["volumes"] if v.get("emptyDir", {}).get("medium") == "Memory"}
        mounts = {m["mountPath"]: m["name"] for m in container(workload)["volumeMounts"]}
        secret_key = env_of(container(workload)).get("ACTORS_KEY_FILE") or env_of(
            container(workload))["ACTORS_HEART_KEY_FILE"]
        assert mounts[str(Path(secret_key).parent)] in memory, "secret keys are copied to memory, 0600"


def test_the_mesh_in_the_configmap_binds_every_interface_and_declares_the_organs_external():
    mesh = k8s_mesh()
    assert mesh.heart.router.startswith("tcp://0.0.0.0:") and mesh.heart.blood.startswith("tcp://0.0.0.0:")
    assert any(o.external for o in mesh.organs)
    assert all(o.external or o.name == mesh.heart.healer for o in mesh.organs), \
        "only the healer, which reads the heart's state directory, stays in the heart's pod"


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="kubectl is not installed (for `kubectl kustomize`)")
def test_an_overlay_with_real_keys_renders_to_valid_objects(tmp_path, curve_keys):
    """The overlay docs/deploy.md shows: the keys replace the placeholder Secret, the image gets a registry."""
    shutil.copytree(curve_keys, tmp_path / "keys")
    shutil.copytree(K8S, tmp_path / "base")
    items = sorted(k8s_object("Secret", "actors-curve")["stringData"])
    (tmp_path / "kustomization.yaml").write_text(yaml.safe_dump({
        "apiVersion": "kustomize.config.k8s.io/v1beta1", "kind": "Kustomization", "resources": ["base"],
        "secretGenerator": [{"name": "actors-curve", "namespace": "actors", "behavior": "replace",
                             "files": [f"keys/{item}" for item in items]}],
        "images": [{"name": "actors", "newName": "registry.example.com/actors", "newTag": "1.2.3"}]}))
    rendered = subprocess.run(["kubectl", "kustomize", str(tmp_path)], capture_output=True, text=True,
                              timeout=60, check=False)
    assert rendered.returncode == 0, rendered.stderr
    docs = [doc for doc in yaml.safe_load_all(rendered.stdout) if doc]
    for doc in docs:
        validate(doc, KUBERNETES_VERSIONS[-1])
    secret = next(doc for doc in docs if doc["kind"] == "Secret")
    assert "stringData" not in secret and sorted(secret["data"]) == items
    assert "PLACEHOLDER" not in json.dumps(secret)
    assert "registry.example.com/actors:1.2.3" in rendered.stdout and "image: actors:" not in rendered.stdout


# -- compose -------------------------------------------------------------------------------------

def test_compose_runs_the_heart_two_organs_prometheus_and_grafana():
    services = compose()["services"]
    assert {"heart", "prometheus", "grafana"} <= services.keys()
    assert len(compose_organs()) >= 2
    for name, service in services.items():
        assert "image" in service or "build" in service, name
        if "build" in service:
            context = (DEPLOY / service["build"]["context"]).resolve()
            assert (context / service["build"].get("dockerfile", "Dockerfile")).is_file(), name


def test_compose_bind_mounts_name_files_that_exist_and_named_volumes_are_declared():
    document = compose()
    declared = set(document.get("volumes") or {})
    for name, service in document["services"].items():
        for spec in service.get("volumes", []):
            source, dest = split_mount(spec)
            assert dest.startswith("/"), f"{name}: {spec}"
            if source.startswith((".", "/")):
                assert (DEPLOY / source).exists(), f"{name}: {source} does not exist"
            else:
                assert source in declared, f"{name}: volume {source} is not declared"


def test_compose_secrets_are_declared_and_their_files_are_never_committed():
    document = compose()
    secrets = document["secrets"]
    for name, service in document["services"].items():
        for entry in service.get("secrets", []):
            assert entry["source"] in secrets, f"{name}: {entry['source']}"
    for name, secret in secrets.items():
        path = (DEPLOY / secret["file"]).resolve()
        ignore = path.parent / ".gitignore"
        assert ignore.is_file() and "*" in ignore.read_text().split(), f"{name}: {path} is not git-ignored"


@pytest.mark.skipif(os.geteuid() != 0, reason="the keys service runs as root (it gives the files to uid 10001)")
def test_compose_keys_service_makes_every_secret_file_readable_by_the_image_user_alone(tmp_path):
    document = compose()
    keys = document["services"]["keys"]
    (mount,) = [dest for source, dest in map(split_mount, keys["volumes"])]
    script = keys["command"][0].replace("$$", "$").replace(mount, str(tmp_path))
    env = {name: value.replace(mount, str(tmp_path)) for name, value in keys["environment"].items()}
    for _ in range(2):  # a second run keeps the keys and allows them again
        result = subprocess.run([*keys["entrypoint"], script], env={**os.environ, **env}, capture_output=True,
                                text=True, timeout=120, check=False)
        assert result.returncode == 0, result.stderr
    user = int(docker_args("USER", "final")[0].split(":")[0])
    for name, secret in document["secrets"].items():
        stat = (tmp_path / Path(secret["file"]).name).stat()
        if not secret["file"].endswith(".pub"):
            assert (stat.st_uid, stat.st_mode & 0o777) == (user, 0o600), name
    allowed = (tmp_path / "allowed").read_text().split("\n")
    assert sorted(line.split()[1] for line in allowed if line) == sorted(compose_organs())


def test_compose_ports_are_well_formed_and_match_the_mesh_file():
    mesh, _ = compose_mesh()
    services = compose()["services"]
    for name, service in services.items():
        for spec in service.get("ports", []):
            host, published, target = port(spec)
            assert 0 < published < 65536 and 0 < target < 65536, f"{name}: {spec}"
    heart_ports = {target: host for host, _, target in map(port, services["heart"]["ports"])}
    wanted = [int(mesh.heart.router.rpartition(":")[2]), int(mesh.heart.blood.rpartition(":")[2]),
              int(mesh.heart.metrics.rpartition(":")[2])]
    assert set(wanted) == set(heart_ports)
    assert heart_ports[wanted[2]] == "127.0.0.1", "metrics are not for the world"
    for host in heart_ports.values():
        assert host, "publish on an explicit address, loopback by default"


def test_compose_health_checks_ask_actors_doctor_of_the_heart_only():
    services = compose()["services"]
    assert services["heart"]["healthcheck"]["test"] == ["CMD", "actors", "doctor"]
    for name, service in services.items():
        check = service.get("healthcheck", {})
        assert check.get("disable") is True or check.get("test"), f"{name} needs a health check or none"
    for name, service in compose_organs().items():
        assert service["healthcheck"] == {"disable": True}, f"organ {name}: no heart to ask in its container"


def test_compose_mesh_binds_every_interface_and_expects_the_organ_containers():
    mesh, _ = compose_mesh()
    assert mesh.heart.router.startswith("tcp://0.0.0.0:") and mesh.heart.blood.startswith("tcp://0.0.0.0:")
    assert mesh.heart.metrics == "0.0.0.0:9464"
    assert {o.name for o in mesh.organs if o.external} == set(compose_organs())


def test_compose_organs_connect_to_the_heart_with_their_own_keys():
    mesh, _ = compose_mesh()
    router_port = mesh.heart.router.rpartition(":")[2]
    secrets = compose()["secrets"]
    for name, service in compose_organs().items():
        find_organ(service["command"][3])
        env = service["environment"]
        assert env["ACTORS_CONNECT"] == f"tcp://heart:{router_port}"
        mounted = {f"/run/secrets/{e['target']}": Path(secrets[e["source"]]["file"]).name
                   for e in service["secrets"]}
        assert mounted[env["ACTORS_KEY_FILE"]] == f"{name}.key"
        assert mounted[env["ACTORS_SERVER_KEY"]] == "heart.pub"
        assert service["depends_on"] == ["heart"], "started after the heart, never waiting for its health"


def test_compose_heart_reads_its_key_and_allow_list_from_secrets():
    heart = compose()["services"]["heart"]
    secrets = compose()["secrets"]
    mounted = {f"/run/secrets/{e['target']}": Path(secrets[e["source"]]["file"]).name for e in heart["secrets"]}
    assert mounted[heart["environment"]["ACTORS_HEART_KEY_FILE"]] == "heart.key"
    assert mounted[heart["environment"]["ACTORS_ALLOWED_KEYS_FILE"]] == "allowed"


def test_compose_prometheus_scrapes_the_heart_as_job_actors_with_the_alert_rules():
    prometheus = compose()["services"]["prometheus"]
    mounts = dict(split_mount(spec)[::-1] for spec in prometheus["volumes"])
    config_path = option([a for arg in prometheus["command"] for a in arg.split("=", 1)], "--config.file")
    config = yaml.safe_load((DEPLOY / mounts[config_path]).read_text())
    job = next(j for j in config["scrape_configs"] if j["job_name"] == "actors")
    mesh, _ = compose_mesh()
    assert job["static_configs"][0]["targets"] == [f"heart:{mesh.heart.metrics.rpartition(':')[2]}"]
    for rule_file in config["rule_files"]:
        assert (DEPLOY / mounts[str(Path(config_path).parent / rule_file)]).is_file()


@pytest.mark.skipif(shutil.which("promtool") is None, reason="promtool is not installed")
def test_compose_prometheus_config_passes_promtool(tmp_path):
    prometheus = compose()["services"]["prometheus"]
    for source, dest in map(split_mount, prometheus["volumes"]):
        if dest.startswith("/etc/prometheus/"):
            shutil.copy(DEPLOY / source, tmp_path / Path(dest).name)
    result = subprocess.run(["promtool", "check", "config", str(tmp_path / "prometheus.yml")],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_compose_grafana_mounts_the_dashboards_where_the_provider_reads_them():
    grafana = compose()["services"]["grafana"]
    mounts = {dest: (DEPLOY / source).resolve() for source, dest in map(split_mount, grafana["volumes"])
              if source.startswith(".")}
    providers = mounts["/etc/grafana/provisioning/dashboards"]
    assert providers == (GRAFANA / "provisioning" / "dashboards").resolve()
    for provider_file in providers.glob("*.yml"):
        for provider in yaml.safe_load(provider_file.read_text())["providers"]:
            assert mounts[provider["options"]["path"]] == (GRAFANA / "dashboards").resolve()
    home = grafana["environment"]["GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH"]
    assert (mounts[str(Path(home).parent)] / Path(home).name).is_file()
    ours = yaml.safe_load(mounts["/etc/grafana/provisioning/datasources/prometheus.yml"].read_text())
    theirs = yaml.safe_load((GRAFANA / "provisioning" / "datasources" / "prometheus.yml").read_text())
    assert [d["uid"] for d in ours["datasources"]] == [d["uid"] for d in theirs["datasources"]]
    assert ours["datasources"][0]["url"] == "http://prometheus:9090"


# -- the Dockerfile ------------------------------------------------------------------------------

def test_the_image_builds_from_python_3_11_slim():
    args = dict(a.split("=", 1) for a in docker_args("ARG") if "=" in a)
    stages = set()
    for spec in docker_args("FROM"):
        image, _, stage = spec.partition(" AS ")
        image = re.sub(r"\$\{(\w+)\}", lambda m: args[m.group(1)], image.strip())
        assert image in stages or image == "python:3.11-slim", image
        stages.add(stage.strip())


def test_the_dockerfile_copies_files_that_exist_and_enter_the_build_context():
    copies = [shlex.split(args) for args in docker_args("COPY") + docker_args("ADD")]
    local = [[a for a in argv if not a.startswith("--")] for argv in copies if not argv[0].startswith("--from")]
    assert local
    for argv in local:
        for source in argv[:-1]:
            assert (ROOT / source).exists(), f"COPY {source}: no such file"
            assert in_build_context(source), f"COPY {source}: .dockerignore keeps it out of the build context"


def test_the_build_context_holds_everything_pip_install_needs():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    include = pyproject["tool"]["setuptools"]["packages"]["find"]["include"]
    packages = [str(p.parent.relative_to(ROOT)) for p in ROOT.glob("*/**/__init__.py")
                if any(fnmatch.fnmatch(str(p.parent.relative_to(ROOT)).replace("/", "."), i) for i in include)]
    assert packages, f"no package matches {include}"
    needed = ["pyproject.toml", pyproject["project"]["readme"], *(f"{p}/__init__.py" for p in packages)]
    sources = [source.rstrip("/") for args in docker_args("COPY") if not args.startswith("--from")
               for source in shlex.split(args)[:-1]]
    for path in needed:
        assert in_build_context(path), f"{path} is needed by `pip install .` but .dockerignore excludes it"
        assert any(path == s or path.startswith(s + "/") for s in sources), f"the Dockerfile does not copy {path}"
    for private in (".git", "tests", ".actors", "deploy/compose/keys/heart.key", "deploy/k8s"):
        assert not in_build_context(private), f"{private} must stay out of the build context"


def test_the_image_runs_the_heart_as_a_non_root_user_with_a_state_volume_and_a_doctor_health_check():
    env = image_env()
    (user,) = docker_args("USER", "final")
    assert user.split(":")[0].isdigit() and int(user.split(":")[0]) != 0, "a numeric, non-root user"
    (volume,) = docker_args("VOLUME", "final")
    volumes = exec_form(volume)
    assert any(env["ACTORS_HOME"].startswith(v + "/") for v in volumes), "the home is on the volume"
    (healthcheck,) = docker_args("HEALTHCHECK", "final")
    assert exec_form(healthcheck.split(" CMD ", 1)[1]) == ["actors", "doctor"]
    (entrypoint,) = docker_args("ENTRYPOINT", "final")
    assert exec_form(entrypoint)[0] == "tini" and any("tini" in run for run in docker_args("RUN"))
    (cmd,) = docker_args("CMD", "final")
    argv = exec_form(cmd)
    assert argv[:3] == ["python", "-m", "broker"]
    assert option(argv, "--home") == env["ACTORS_HOME"]
    config = option(argv, "--config")
    copied = {shlex.split(args)[-1]: shlex.split(args)[-2] for args in docker_args("COPY")
              if not args.startswith("--from")}
    mesh_config.load(ROOT / copied[config])  # the default mesh is a valid mesh file


# -- systemd -------------------------------------------------------------------------------------

def test_the_heart_unit_runs_actors_up_in_the_foreground_and_stops_the_organs_with_it():
    path = SYSTEMD / "actors-heart.service"
    service = dict(unit(path)["Service"])
    assert service["Type"] == "simple"
    argv = shlex.split(service["ExecStart"])
    assert argv[0].endswith("/actors") and argv[1] == "up" and "--detach" not in argv
    assert option(argv, "--config") == "/etc/actors/mesh.toml"
    assert option(argv, "--home") == "/var/lib/actors"
    assert service["Restart"] == "on-failure"
    assert service["KillMode"] == "mixed"
    assert service["NoNewPrivileges"] == "yes" and service["PrivateTmp"] == "yes"
    assert service["ProtectSystem"] == "strict"
    assert "/var/lib/actors" in service["ReadWritePaths"].split()
    assert service["WorkingDirectory"] in service["ReadWritePaths"].split()


def test_the_organ_unit_runs_an_external_organ_with_its_keys_as_credentials():
    path = SYSTEMD / "actors-organ@.service"
    service = dict(unit(path)["Service"])
    argv = shlex.split(service["ExecStart"])
    assert argv[0].endswith("/actors") and argv[1:3] == ["organ", "run"]
    assert option(argv, "--name") == "%i"
    credentials = dict(v.split(":", 1) for v in unit_values(path, "Service", "LoadCredential"))
    assert option(argv, "--key") == "${CREDENTIALS_DIRECTORY}/organ.key" and "organ.key" in credentials
    assert option(argv, "--server-key") == "${CREDENTIALS_DIRECTORY}/heart.pub" and "heart.pub" in credentials
    assert service["NoNewPrivileges"] == "yes" and service["ProtectSystem"] == "strict"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None,
                    reason="systemd-analyze is not installed: the units were not verified")
@pytest.mark.parametrize("name, instance", [("actors-heart.service", "actors-heart.service"),
                                            ("actors-organ@.service", "actors-organ@fs.service")])
def test_systemd_analyze_verifies_the_unit(tmp_path, name, instance):
    # verify wants every executable to exist: point the units at this machine's `actors`
    actors = shutil.which("actors") or sys.executable
    for path in SYSTEMD.glob("*.service"):
        (tmp_path / path.name).write_text(path.read_text().replace("/opt/actors/bin/actors", actors))
    result = subprocess.run(["systemd-analyze", "verify", str(tmp_path / instance)], capture_output=True,
                            text=True, timeout=60, check=False)
    complaints = [line for line in (result.stdout + result.stderr).splitlines() if "actors-" in line]
    assert result.returncode == 0 and not complaints, result.stdout + result.stderr


# -- the meshes, run as the manifests say ---------------------------------------------------------

def loopback(text: str, ports: dict[int, int]) -> str:
    """Every HOST:PORT of the mesh's ports moved to loopback and free ports."""
    for old, new in ports.items():
        text = re.sub(rf"(tcp://)?[\w.-]+:{old}\b", lambda m, new=new: f"{m.group(1) or ''}127.0.0.1:{new}", text)
    return text


def local(value: str, paths: dict[str, Path]) -> str:
    """A string with every container path replaced by the directory standing in for it (in one pass)."""
    prefixes = "|".join(re.escape(p) for p in sorted(paths, key=len, reverse=True))
    return re.sub(rf"({prefixes})(?=/|$|[\s\"'])", lambda m: str(paths[m.group(1)]), value)


def argv_of(command: list[str]) -> list[str]:
    head = {"actors": ACTORS, "python": [sys.executable]}.get(command[0], [command[0]])
    return head + command[1:]


class Processes:
    """Processes started for one test, each in its own session; all ended when the test ends."""

    def __init__(self, logs: Path) -> None:
        self.logs = logs
        self.started: list[tuple[str, subprocess.Popen]] = []

    def start(self, name: str, argv: list[str], env: dict[str, str], cwd: Path) -> None:
        with open(self.logs / f"{name}.log", "wb") as log:
            proc = subprocess.Popen(argv, env={**os.environ, **env}, cwd=cwd, stdin=subprocess.DEVNULL,
                                    stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        self.started.append((name, proc))

    def report(self) -> str:
        return "\n".join(f"--- {p.name}\n{p.read_text(errors='replace')[-3000:]}" for p in self.logs.glob("*.log"))

    def stop(self) -> None:
        for _, proc in reversed(self.started):  # organs first, the heart last
            signal_group(proc, signal.SIGTERM)
        for _, proc in reversed(self.started):
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                signal_group(proc, signal.SIGKILL)
                proc.wait(timeout=5)


def signal_group(proc: subprocess.Popen, sig: int) -> None:
    """Signal the process group this test started (its leader's pid), unless it is gone."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            pass


@contextmanager
def processes(tmp_path: Path) -> Iterator[Processes]:
    logs = tmp_path / "logs"
    logs.mkdir()
    procs = Processes(logs)
    try:
        yield procs
    finally:
        procs.stop()


def wait_healthy(argv: list[str], env: dict[str, str], procs: Processes) -> None:
    """Run a health check until it passes; fail with every process's log when it does not in time."""
    deadline = time.monotonic() + RUN_TIMEOUT_S
    while True:
        for name, proc in procs.started:
            assert proc.poll() is None, f"{name} exited with {proc.returncode}\n{procs.report()}"
        result = subprocess.run(argv, env={**os.environ, **env}, capture_output=True, text=True, timeout=30,
                                check=False)
        if result.returncode == 0:
            return
        if time.monotonic() > deadline:
            pytest.fail(f"{' '.join(argv)} still fails after {RUN_TIMEOUT_S:g}s:\n{result.stdout}{result.stderr}"
                        f"\n{procs.report()}")
        time.sleep(0.5)


@pytest.mark.timeout(120)
def test_the_compose_mesh_runs_with_the_commands_environment_and_secrets_of_its_services(tmp_path, curve_keys):
    document = compose()
    organs = compose_organs()
    keys = curve_keys
    ports = dict(zip([5555, 5556, 9464], free_ports(3)))
    image = image_env()
    workdir = docker_args("WORKDIR", "final")[-1]

    def stand_in(name: str, service: dict) -> tuple[dict[str, Path], Path]:
        paths = {workdir: tmp_path / name / "workdir"}
        secrets = tmp_path / name / "secrets"
        secrets.mkdir(parents=True)
        paths["/run/secrets"] = secrets
        for entry in service.get("secrets", []):
            shutil.copy2(keys / Path(document["secrets"][entry["source"]]["file"]).name, secrets / entry["target"])
        for source, dest in map(split_mount, service.get("volumes", [])):
            if source.startswith("."):
                copy = tmp_path / name / Path(dest).name
                copy.write_text(loopback((DEPLOY / source).read_text(), ports))
                paths[dest] = copy
            else:
                paths[dest] = tmp_path / "volumes" / source
        for path in paths.values():
            if not path.suffix:
                path.mkdir(parents=True, exist_ok=True)
        return paths, paths.get(workdir, tmp_path / name / "workdir")

    def environment(service: dict, paths: dict[str, Path]) -> dict[str, str]:
        env = {k: v for k, v in image.items() if k.startswith("ACTORS_")}
        env.update(service.get("environment", {}))
        return {k: local(loopback(v, ports), paths) for k, v in env.items()}

    with processes(tmp_path) as procs:
        heart = document["services"]["heart"]
        paths, cwd = stand_in("heart", heart)
        heart_env = environment(heart, paths)
        procs.start("heart", argv_of([local(a, paths) for a in heart["command"]]), heart_env, cwd)
        for name, service in organs.items():
            organ_paths, organ_cwd = stand_in(f"organ-{name}", service)
            procs.start(name, argv_of(service["command"]), environment(service, organ_paths), organ_cwd)
        wait_healthy(argv_of(heart["healthcheck"]["test"][1:]), heart_env, procs)


@pytest.mark.timeout(120)
def test_the_kubernetes_mesh_runs_with_the_commands_environment_and_volumes_of_its_pods(tmp_path, curve_keys):
    secret = k8s_object("Secret", "actors-curve")
    keys = curve_keys
    ports = dict(zip([5555, 5556, 9464], free_ports(3)))
    workdir = docker_args("WORKDIR", "final")[-1]

    def stand_in(workload: dict) -> dict[str, Path]:
        """A directory for each volume of the pod, filled as the kubelet would fill it."""
        name = workload["metadata"]["name"]
        pod = workload["spec"]["template"]["spec"]
        volumes = {t["metadata"]["name"]: tmp_path / name / t["metadata"]["name"]
                   for t in workload["spec"].get("volumeClaimTemplates", [])}
        for volume in pod["volumes"]:
            directory = volumes[volume["name"]] = tmp_path / name / volume["name"]
            directory.mkdir(parents=True)
            if "secret" in volume:
                assert volume["secret"]["secretName"] == secret["metadata"]["name"]
                for item in volume["secret"]["items"]:
                    shutil.copy(keys / item["key"], directory / item["path"])
                    os.chmod(directory / item["path"], volume["secret"]["defaultMode"])
            elif "configMap" in volume:
                for file, text in k8s_object("ConfigMap", volume["configMap"]["name"])["data"].items():
                    (directory / file).write_text(loopback(text, ports))
        for directory in volumes.values():
            directory.mkdir(parents=True, exist_ok=True)
        (tmp_path / name / "image-workdir").mkdir()
        return volumes

    def run_pod(workload: dict, procs: Processes) -> tuple[dict, dict[str, str], dict[str, Path]]:
        volumes = stand_in(workload)
        pod = workload["spec"]["template"]["spec"]
        for init in pod.get("initContainers", []):
            paths = {m["mountPath"]: volumes[m["name"]] for m in init["volumeMounts"]}
            subprocess.run([local(a, paths) for a in init["command"]], check=True, timeout=30)
        main = pod["containers"][0]
        paths = {m["mountPath"]: volumes[m["name"]] for m in main["volumeMounts"]}
        paths.setdefault(workdir, tmp_path / workload["metadata"]["name"] / "image-workdir")
        env = {e["name"]: local(loopback(e["value"], ports), paths) for e in main.get("env", [])}
        argv = argv_of([local(a, paths) for a in main["args"]])
        procs.start(workload["metadata"]["name"], argv, env, paths[workdir])
        return main, env, paths

    with processes(tmp_path) as procs:
        heart, heart_env, paths = run_pod(k8s_heart(), procs)
        for organ in k8s_organs():
            run_pod(organ, procs)
        for probe in ("startupProbe", "livenessProbe", "readinessProbe"):
            wait_healthy(argv_of([local(a, paths) for a in heart[probe]["exec"]["command"]]), heart_env, procs)
