#!/usr/bin/env python3
"""tests/arena/k8s_check.py IMPI: the Kubernetes manifests of deploy/k8s/.

Every manifest passes the schema check (deploy/k8s/check_manifests.py),
and copies with a field planted where the API has none, a value of the
wrong type or outside its enumeration, or a required field left out fail
it, naming the field. The arena study's manifest has what a study needs
(an image and pull policy the user sets, a storage class named, the failed
indexes bounded, the shards resumed, no pipe), and its two shell scripts,
run with /bin/sh on a folder standing for the shared volume, play shards
and merge only once every shard's file ends with its completion record,
failing when the merge refuses. The server's manifest probes gRPC health
and /healthz on the ports the server is told to serve, which the server
does serve (service/). docs/arena.md gives the commands run here.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

SRC = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(SRC, "deploy", "k8s"))
import check_manifests  # noqa: E402

CHECKER = os.path.join(SRC, "deploy", "k8s", "check_manifests.py")
JOB = os.path.join(SRC, "deploy", "k8s", "arena-job.yaml")
SERVER = os.path.join(SRC, "deploy", "k8s", "impi-server.yaml")
DOCS = os.path.join(SRC, "docs", "arena.md")

# The commands docs/arena.md gives to set the image and the storage class.
SED_JOB = ("sed -e 's|IMPI_IMAGE|registry.example.org/impi:1.0|' \\\n"
           "    -e 's|IMPI_RWX_STORAGE_CLASS|nfs-csi|' deploy/k8s/arena-job.yaml >arena.yaml")
SED_SERVER = ("sed -e 's|IMPI_IMAGE|registry.example.org/impi:1.0|' "
              "deploy/k8s/impi-server.yaml >server.yaml")

failures = []


def expect(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def documents(path):
    return {(d["kind"], d["metadata"]["name"]): d
            for _, d in check_manifests.load_documents(read(path), path)}


def run_checker(paths):
    return subprocess.run([sys.executable, CHECKER, *paths], capture_output=True, text=True)


def check_schema(tmp):
    manifests = sorted(os.path.join(SRC, "deploy", "k8s", f)
                       for f in os.listdir(os.path.join(SRC, "deploy", "k8s"))
                       if f.endswith(".yaml"))
    expect(JOB in manifests and SERVER in manifests, f"the manifests: {manifests}")
    r = run_checker(manifests)
    expect(r.returncode == 0 and r.stdout.count(": ok\n") == len(manifests),
           f"the manifests fail the schema check: {r.stderr}")

    planted = [
        (JOB, "          imagePullPolicy: IfNotPresent\n",
         "          imagePullPolicyy: IfNotPresent\n",
         "document 3 (Job impi-arena): spec.template.spec.containers[0].imagePullPolicyy: "
         "unknown field"),
        (JOB, "  maxFailedIndexes: 5\n", "  maxFailedIndexes: 5\n  maxFailedIndex: 5\n",
         "document 3 (Job impi-arena): spec.maxFailedIndex: unknown field"),
        (JOB, "  storageClassName: IMPI_RWX_STORAGE_CLASS\n",
         "  storageClass: IMPI_RWX_STORAGE_CLASS\n",
         "document 1 (PersistentVolumeClaim impi-arena-results): spec.storageClass: unknown field"),
        (JOB, "  completions: 100", '  completions: "100"',
         "spec.completions: an integer is expected, not '100'"),
        (JOB, "          imagePullPolicy: IfNotPresent\n",
         "          imagePullPolicy: Sometimes\n",
         "spec.template.spec.containers[0].imagePullPolicy: 'Sometimes' is not one of"),
        (JOB, "          image: IMPI_IMAGE\n", "",
         "spec.template.spec.containers[0].image: required, missing"),
        (SERVER, "            grpc:\n              port: 50051\n",
         "            grpc:\n              port: 50051\n              serviceName: impi\n",
         "document 1 (Deployment impi-server): spec.template.spec.containers[0].readinessProbe."
         "grpc.serviceName: unknown field"),
        (SERVER, "      appProtocol: kubernetes.io/h2c\n",
         "      appProtocoll: kubernetes.io/h2c\n",
         "document 2 (Service impi-server): spec.ports[0].appProtocoll: unknown field"),
        (SERVER, "  replicas: 2\n", "  replicas: 2\n  replica: 2\n",
         "spec.replica: unknown field"),
        (SERVER, "    - name: http\n      port: 8080\n", "    - name: http\n      port: yes\n",
         "'yes' is read as a boolean by some readers: quote it"),
    ]
    for path, old, new, error in planted:
        text = read(path)
        expect(old in text, f"{os.path.basename(path)} no longer holds {old!r}")
        copy = os.path.join(tmp, "planted-" + os.path.basename(path))
        with open(copy, "w", encoding="utf-8") as f:
            f.write(text.replace(old, new, 1))
        r = run_checker([copy])
        expect(r.returncode == 1 and error in r.stderr,
               f"planted {new.strip()!r}: exit {r.returncode}, stderr {r.stderr!r}")

    # The commands the docs give leave no placeholder and still pass.
    # (Run where deploy/ is the source tree's, as from its root.)
    docs = read(DOCS)
    root = os.path.join(tmp, "root")
    os.makedirs(root)
    os.symlink(os.path.join(SRC, "deploy"), os.path.join(root, "deploy"))
    for command in (SED_JOB, SED_SERVER):
        expect(" ".join(command.split()) in " ".join(docs.split()),
               f"docs/arena.md does not give: {command}")
        r = subprocess.run(["/bin/sh", "-c", command], cwd=root, capture_output=True, text=True)
        out = os.path.join(root, "arena.yaml" if "arena.yaml" in command else "server.yaml")
        expect(r.returncode == 0 and os.path.exists(out), f"{command}: {r.stderr}")
        if os.path.exists(out):
            expect("IMPI_" not in read(out), f"{out} still holds a placeholder")
            expect(run_checker([out]).returncode == 0, f"{out} fails the schema check")


def check_study_manifest():
    text = read(JOB)
    docs = documents(JOB)
    expect("Needs Kubernetes 1.29 or later" in text, "arena-job.yaml states no Kubernetes version")
    expect(":latest" not in text, "arena-job.yaml pulls :latest")
    pvc = docs[("PersistentVolumeClaim", "impi-arena-results")]["spec"]
    expect(pvc["accessModes"] == ["ReadWriteMany"], "the claim is not ReadWriteMany")
    expect(pvc.get("storageClassName") == "IMPI_RWX_STORAGE_CLASS",
           "the claim names no storage class to set")
    config = docs[("ConfigMap", "impi-arena")]["data"]
    shards = docs[("Job", "impi-arena")]["spec"]
    merge = docs[("Job", "impi-arena-merge")]["spec"]
    expect(shards["completionMode"] == "Indexed", "the shards are not an Indexed Job")
    expect(shards["completions"] == int(config["SHARDS"]), "completions is not SHARDS")
    expect("backoffLimitPerIndex" in shards and "maxFailedIndexes" in shards,
           "backoffLimitPerIndex without maxFailedIndexes")
    for job in (shards, merge):
        for c in job["template"]["spec"]["containers"]:
            expect(c["image"] == "IMPI_IMAGE", f"{c['name']}: an image the user does not set")
            expect(c.get("imagePullPolicy") == "IfNotPresent", f"{c['name']}: no imagePullPolicy")
            script = " ".join(c["args"])
            expect(re.search(r"(?<!\|)\|(?!\|)", script) is None, f"{c['name']}: a pipe: {script}")
    shard_args = shards["template"]["spec"]["containers"][0]["args"][0]
    expect('--shard "$JOB_COMPLETION_INDEX/$SHARDS" --resume' in shard_args,
           "a retried shard does not resume")
    merge_args = merge["template"]["spec"]["containers"][0]["args"][0]
    expect("'{\"record\":\"end\"'*)" in merge_args, "the merge waits for no completion record")
    return config, shard_args, merge_args


def run_study_scripts(impi, tmp, config, shard_args, merge_args):
    """The shard and merge scripts, with /bin/sh, on a folder for /results."""
    results = os.path.join(tmp, "results")
    os.makedirs(results)
    bin_dir = os.path.join(tmp, "bin")
    os.makedirs(bin_dir)
    os.symlink(impi, os.path.join(bin_dir, "impi"))
    # The merge's wait: one round, then out (a stand-in for sleep that fails).
    with open(os.path.join(bin_dir, "sleep"), "w") as f:
        f.write("#!/bin/sh\necho \"sleep $*\"\nexit 75\n")
    os.chmod(os.path.join(bin_dir, "sleep"), 0o755)
    env = {**os.environ, **config, "GAMES": "10", "SHARDS": "3", "SEED": "100",
           "PATH": bin_dir + ":/usr/bin:/bin"}
    shard_script = shard_args.replace("/results", results)
    merge_script = merge_args.replace("/results", results)

    def shard(i, seed="100"):
        return subprocess.run(["/bin/sh", "-c", shard_script], capture_output=True, text=True,
                              env={**env, "JOB_COMPLETION_INDEX": str(i), "SEED": seed})

    def merge():
        return subprocess.run(["/bin/sh", "-c", merge_script], capture_output=True, text=True,
                              env=env)

    for i in (0, 2):
        r = shard(i)
        expect(r.returncode == 0, f"shard {i}: {r.stderr}")
    r = merge()
    expect(r.returncode == 75 and "waiting: 2 of 3 shards complete\nsleep 60" in r.stdout,
           f"the merge with shard 1 missing: exit {r.returncode}: {r.stdout} {r.stderr}")
    # Shard 1's pod killed part way: its file cut inside its second game.
    r = shard(1)
    expect(r.returncode == 0, f"shard 1: {r.stderr}")
    path = os.path.join(results, "shard-1.jsonl")
    whole = read(path)
    lines = whole.split("\n")
    with open(path, "w") as f:
        f.write("\n".join(lines[:2]) + "\n" + lines[2][:25])
    r = merge()
    expect(r.returncode == 75 and "waiting: 2 of 3 shards complete" in r.stdout,
           f"the merge with shard 1 cut: exit {r.returncode}: {r.stdout}")
    expect(not os.path.exists(os.path.join(results, "report.txt")), "a report before the end")
    # The pod retried carries on from the file.
    r = shard(1)
    expect(r.returncode == 0 and "1 game(s) of shard 1/3" in r.stderr, f"retried: {r.stderr}")
    expect(read(path) == whole, "the retried shard is not the shard that ran through")
    r = merge()
    unsharded = subprocess.run(
        [impi, "arena", "--ruleset", "tsatf", "--scenario", "patrol", "--zulu", "rules",
         "--british", "random", "--games", "10", "--seed", "100"],
        capture_output=True, text=True)
    expect(r.returncode == 0 and r.stdout == unsharded.stdout,
           f"the merge: exit {r.returncode}: {r.stdout} {r.stderr}")
    expect(read(os.path.join(results, "report.txt")) == unsharded.stdout, "report.txt")
    # A complete shard of another study among them: every marker is there,
    # the merge refuses, and the Job fails (no pipe hides it).
    os.remove(os.path.join(results, "report.txt"))
    os.remove(path)
    r = shard(1, seed="500")
    expect(r.returncode == 0, f"shard 1 of another study: {r.stderr}")
    r = merge()
    expect(r.returncode == 2 and "the files are of 2 studies" in r.stderr,
           f"the merge of two studies: exit {r.returncode}: {r.stderr}")
    expect(not os.path.exists(os.path.join(results, "report.txt")), "a refused merge's report")


def check_server_manifest():
    text = read(SERVER)
    docs = documents(SERVER)
    expect("Needs Kubernetes 1.27 or later" in text, "impi-server.yaml states no version")
    deployment = docs[("Deployment", "impi-server")]["spec"]
    service = docs[("Service", "impi-server")]["spec"]
    pod = deployment["template"]
    expect(deployment["selector"]["matchLabels"].items() <= pod["metadata"]["labels"].items(),
           "the Deployment's selector does not select its pods")
    expect(service["selector"].items() <= pod["metadata"]["labels"].items(),
           "the Service does not select the pods")
    c = pod["spec"]["containers"][0]
    expect(c.get("imagePullPolicy") == "IfNotPresent" and c["image"] == "IMPI_IMAGE",
           "the server's image and pull policy")
    ports = {p["name"]: p["containerPort"] for p in c["ports"]}
    args = dict(a.split("=", 1) for a in c["args"])
    expect(args["--grpc_address"].endswith(":%d" % ports["grpc"]), "gRPC port")
    expect(args["--http_address"].endswith(":%d" % ports["http"]), "HTTP port")
    expect(c["readinessProbe"]["grpc"]["port"] == ports["grpc"], "readiness is not gRPC health")
    live = c["livenessProbe"]["httpGet"]
    expect(live["path"] == "/healthz" and live["port"] == "http", "liveness is not /healthz")
    for p in service["ports"]:
        expect(p["targetPort"] in ports, f"the Service's {p['name']} names no container port")
    # The server serves both (service/server.cc, service/http_gateway.cc).
    expect("grpc::EnableDefaultHealthCheckService(true)" in read(
        os.path.join(SRC, "service", "server.cc")), "the server serves no gRPC health")
    expect('s.Get("/healthz"' in read(os.path.join(SRC, "service", "http_gateway.cc")),
           "the server serves no /healthz")


def main():
    impi = os.path.abspath(sys.argv[1])
    tmp = tempfile.mkdtemp()
    try:
        check_schema(tmp)
        config, shard_args, merge_args = check_study_manifest()
        run_study_scripts(impi, tmp, config, shard_args, merge_args)
        check_server_manifest()
    finally:
        shutil.rmtree(tmp)
    if failures:
        print(f"arena k8s: {len(failures)} failure(s)")
        return 1
    print("arena k8s: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
