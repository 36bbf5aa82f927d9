#!/usr/bin/env python3
"""Checks Kubernetes manifests against the field tree of the kinds impi uses.

    python3 deploy/k8s/check_manifests.py deploy/k8s/*.yaml

No cluster and no network is needed, and nothing outside Python's standard
library: the manifests are read by a small parser of the YAML they are
written in (block mappings and sequences, flow sequences of scalars, quoted
and plain scalars, | and > block scalars, comments, documents split by ---),
which refuses anything else, and each document is checked against the
fields Kubernetes' API defines for its kind (apiVersion and kind,
PersistentVolumeClaim, ConfigMap, Job, Deployment, Service, and what they
hold: the pod template, containers, probes, volumes). A field the API does
not have (a misspelt one, or one in the wrong place), a value of the wrong
type or outside its enumeration, or a required field left out is an error
naming the file, the document and the field's path. Exit 0 when every
document passes, 1 otherwise (each error on stderr).

The tree holds the fields of Kubernetes 1.29 that these manifests may use,
not the whole API: a field the API has but the tree does not is refused
too; add it here when a manifest needs it.
"""

import json
import re
import sys

# --- The YAML subset ------------------------------------------------------


class YamlError(Exception):
    pass


_INT = re.compile(r"^[-+]?(0|[1-9][0-9]*)$")
_FLOAT = re.compile(r"^[-+]?([0-9]+\.[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$")
# Plain words YAML 1.1 (which Kubernetes' reader follows) takes for booleans.
_YAML11_BOOLS = {"yes", "no", "on", "off", "y", "n"}


def _unquoted(text):
    """(index, character) of each character of `text` outside quotes."""
    quote, escaped = None, False
    for i, c in enumerate(text):
        if quote == '"' and escaped:
            escaped = False
        elif quote == '"' and c == "\\":
            escaped = True
        elif quote:
            if c == quote:
                quote = None
        elif c in "\"'":
            quote = c
        else:
            yield i, c


def _strip_comment(text):
    """The text before a comment (# after a blank, outside quotes)."""
    for i, c in _unquoted(text):
        if c == "#" and (i == 0 or text[i - 1] in " \t"):
            return text[:i].rstrip()
    return text.rstrip()


def _scalar(text, where):
    if text.startswith('"'):
        if not text.endswith('"') or len(text) < 2:
            raise YamlError(f"{where}: an unterminated quoted string")
        try:
            return json.loads(text)
        except ValueError as e:
            raise YamlError(f"{where}: {e}")
    if text.startswith("'"):
        if not text.endswith("'") or len(text) < 2:
            raise YamlError(f"{where}: an unterminated quoted string")
        return text[1:-1].replace("''", "'")
    if text.startswith("["):
        if not text.endswith("]"):
            raise YamlError(f"{where}: a flow sequence must end on its line")
        inner = text[1:-1].strip()
        if not inner:
            return []
        items, start = [], 0
        for i, c in _unquoted(inner):
            if c in "[{":
                raise YamlError(f"{where}: only scalars in a flow sequence")
            if c == ",":
                items.append(inner[start:i].strip())
                start = i + 1
        items.append(inner[start:].strip())
        return [_scalar(item, where) for item in items]
    if text == "{}":
        return {}
    if text[0] in "{&*!|>%@`":
        raise YamlError(f"{where}: '{text}' is YAML this checker does not read")
    if text in ("null", "~"):
        return None
    if text in ("true", "false"):
        return text == "true"
    if text.lower() in _YAML11_BOOLS or text in ("True", "False", "TRUE", "FALSE"):
        raise YamlError(f"{where}: '{text}' is read as a boolean by some readers: quote it")
    if _INT.match(text):
        return int(text)
    if _FLOAT.match(text):
        return float(text)
    if ": " in text or text.endswith(":"):
        raise YamlError(f"{where}: '{text}': a plain scalar with ': ' (quote it)")
    return text


class _Reader:
    """One document's lines, read by indentation."""

    def __init__(self, lines, name):
        self.lines = lines  # (line number, text)
        self.name = name
        self.i = 0

    def where(self, n):
        return f"{self.name}:{n}"

    def peek(self):
        """(index, indent, text) of the next line holding something."""
        j = self.i
        while j < len(self.lines):
            n, raw = self.lines[j]
            if "\t" in raw[: len(raw) - len(raw.lstrip())]:
                raise YamlError(f"{self.where(n)}: a tab in the indentation")
            text = _strip_comment(raw)
            if text.strip():
                return j, len(text) - len(text.lstrip(" ")), text.strip()
            j += 1
        return None

    def node(self, indent):
        """The block node whose lines are indented at least `indent`."""
        nxt = self.peek()
        if nxt is None or nxt[1] < indent:
            return None
        _, at, text = nxt
        if text == "-" or text.startswith("- "):
            return self.sequence(at)
        return self.mapping(at)

    def mapping(self, indent):
        out = {}
        while True:
            nxt = self.peek()
            if nxt is None or nxt[1] < indent:
                return out
            j, at, text = nxt
            n = self.lines[j][0]
            if at > indent:
                raise YamlError(f"{self.where(n)}: indented more than its mapping")
            if text == "-" or text.startswith("- "):
                return out  # a sequence at the key's indentation ends the mapping
            key, rest = self._key(text, n)
            if key in out:
                raise YamlError(f"{self.where(n)}: '{key}' given twice")
            self.i = j + 1
            if rest in ("|", "|-", ">", ">-"):
                out[key] = self._block_scalar(rest, indent, n)
            elif rest == "":
                after = self.peek()
                if after is not None and after[1] == indent and (
                    after[2] == "-" or after[2].startswith("- ")
                ):
                    out[key] = self.sequence(indent)
                else:
                    out[key] = self.node(indent + 1)
            else:
                out[key] = _scalar(rest, self.where(n))

    def sequence(self, indent):
        out = []
        while True:
            nxt = self.peek()
            if nxt is None or nxt[1] != indent:
                if nxt is not None and nxt[1] > indent:
                    n = self.lines[nxt[0]][0]
                    raise YamlError(f"{self.where(n)}: indented more than its sequence")
                return out
            j, at, text = nxt
            if not (text == "-" or text.startswith("- ")):
                return out
            n, raw = self.lines[j]
            rest = text[1:].strip()
            if rest == "":
                self.i = j + 1
                out.append(self.node(indent + 1))
            elif rest in ("|", "|-", ">", ">-"):
                self.i = j + 1
                out.append(self._block_scalar(rest, indent, n))
            elif self._is_key(rest):
                # "- key: value": a mapping whose keys sit where this key does.
                col = indent + (len(text) - len(rest))
                self.lines[j] = (n, " " * col + raw.strip()[len(text) - len(rest):])
                out.append(self.mapping(col))
            else:
                self.i = j + 1
                out.append(_scalar(rest, self.where(n)))

    @staticmethod
    def _is_key(text):
        if text[0] in "\"'[{":
            return False
        m = re.match(r"^[A-Za-z0-9_.\-/]+:( |$)", text)
        return m is not None

    def _key(self, text, n):
        m = re.match(r"^([A-Za-z0-9_.\-/]+):( +(.*))?$", text)
        if not m:
            raise YamlError(f"{self.where(n)}: '{text}' is not 'key: value'")
        return m.group(1), (m.group(3) or "").strip()

    def _block_scalar(self, style, indent, n):
        lines, block_indent = [], None
        while self.i < len(self.lines):
            _, raw = self.lines[self.i]
            if raw.strip() == "":
                lines.append("")
                self.i += 1
                continue
            at = len(raw) - len(raw.lstrip(" "))
            if at <= indent:
                break
            if block_indent is None:
                block_indent = at
            if at < block_indent:
                raise YamlError(f"{self.where(self.lines[self.i][0])}: a block scalar's line "
                                "indented less than its first")
            lines.append(raw[block_indent:])
            self.i += 1
        while lines and lines[-1] == "":
            lines.pop()
        if block_indent is None:
            raise YamlError(f"{self.where(n)}: an empty block scalar")
        if style.startswith(">"):
            text, previous_blank = "", True
            for line in lines:
                if line == "":
                    text += "\n"
                    previous_blank = True
                elif line.startswith(" "):
                    raise YamlError(f"{self.where(n)}: a folded scalar with more-indented lines")
                else:
                    text += ("" if previous_blank else " ") + line
                    previous_blank = False
        else:
            text = "\n".join(lines)
        return text if style.endswith("-") else text + "\n"


def load_documents(text, name):
    """The documents of a YAML stream of the subset above."""
    documents, current = [], []
    for n, raw in enumerate(text.split("\n"), 1):
        if raw.rstrip() == "---":
            documents.append(current)
            current = []
        elif raw.startswith("..."):
            raise YamlError(f"{name}:{n}: '...' is not read here")
        else:
            current.append((n, raw.rstrip("\r")))
    documents.append(current)
    out = []
    for lines in documents:
        reader = _Reader(lines, name)
        first = reader.peek()
        if first is None:
            continue  # comments only
        if first[1] != 0:
            raise YamlError(f"{reader.where(lines[first[0]][0])}: a document starts indented")
        value = reader.node(0)
        rest = reader.peek()
        if rest is not None:
            raise YamlError(f"{reader.where(lines[rest[0]][0])}: '{rest[2]}' out of place")
        out.append((lines[first[0]][0], value))
    return out


# --- The field tree -------------------------------------------------------

STR, INT, BOOL = "string", "integer", "boolean"
QUANTITY = "quantity"  # "512Mi", "1", 2
INT_OR_STR = "int-or-string"  # a port by number or name


class Obj:
    def __init__(self, required=(), **fields):
        self.fields = fields
        self.required = tuple(required)


class List:
    def __init__(self, item):
        self.item = item


class Map:  # any keys, the values of one type
    def __init__(self, value):
        self.value = value


class Enum:
    def __init__(self, *values):
        self.values = values


LABELS = Map(STR)
OBJECT_META = Obj(required=("name",), name=STR, namespace=STR, labels=LABELS,
                  annotations=LABELS, generateName=STR)
LABEL_SELECTOR = Obj(matchLabels=LABELS, matchExpressions=List(Obj(
    required=("key", "operator"), key=STR,
    operator=Enum("In", "NotIn", "Exists", "DoesNotExist"), values=List(STR))))
RESOURCES = Obj(requests=Map(QUANTITY), limits=Map(QUANTITY))
PROBE = Obj(
    grpc=Obj(required=("port",), port=INT, service=STR),
    httpGet=Obj(required=("port",), path=STR, port=INT_OR_STR, host=STR,
                scheme=Enum("HTTP", "HTTPS"),
                httpHeaders=List(Obj(required=("name", "value"), name=STR, value=STR))),
    tcpSocket=Obj(required=("port",), port=INT_OR_STR, host=STR),
    exec=Obj(command=List(STR)),
    initialDelaySeconds=INT, periodSeconds=INT, timeoutSeconds=INT, successThreshold=INT,
    failureThreshold=INT, terminationGracePeriodSeconds=INT)
KEY_REF = Obj(required=("key",), name=STR, key=STR, optional=BOOL)
ENV_VAR = Obj(required=("name",), name=STR, value=STR, valueFrom=Obj(
    configMapKeyRef=KEY_REF, secretKeyRef=KEY_REF,
    fieldRef=Obj(required=("fieldPath",), fieldPath=STR, apiVersion=STR)))
CONTAINER = Obj(
    required=("name", "image"),
    name=STR, image=STR, imagePullPolicy=Enum("Always", "IfNotPresent", "Never"),
    command=List(STR), args=List(STR), workingDir=STR,
    env=List(ENV_VAR),
    envFrom=List(Obj(prefix=STR, configMapRef=Obj(required=("name",), name=STR, optional=BOOL),
                     secretRef=Obj(required=("name",), name=STR, optional=BOOL))),
    ports=List(Obj(required=("containerPort",), name=STR, containerPort=INT,
                   protocol=Enum("TCP", "UDP", "SCTP"))),
    resources=RESOURCES,
    volumeMounts=List(Obj(required=("name", "mountPath"), name=STR, mountPath=STR,
                          subPath=STR, readOnly=BOOL)),
    readinessProbe=PROBE, livenessProbe=PROBE, startupProbe=PROBE,
    securityContext=Obj(runAsNonRoot=BOOL, runAsUser=INT, runAsGroup=INT,
                        readOnlyRootFilesystem=BOOL, allowPrivilegeEscalation=BOOL,
                        capabilities=Obj(add=List(STR), drop=List(STR))))
VOLUME = Obj(
    required=("name",), name=STR,
    persistentVolumeClaim=Obj(required=("claimName",), claimName=STR, readOnly=BOOL),
    configMap=Obj(name=STR, optional=BOOL, defaultMode=INT),
    secret=Obj(secretName=STR, optional=BOOL, defaultMode=INT),
    emptyDir=Obj(medium=STR, sizeLimit=QUANTITY))
POD_SPEC = Obj(
    required=("containers",),
    containers=List(CONTAINER), initContainers=List(CONTAINER), volumes=List(VOLUME),
    restartPolicy=Enum("Always", "OnFailure", "Never"),
    terminationGracePeriodSeconds=INT, activeDeadlineSeconds=INT, serviceAccountName=STR,
    nodeSelector=LABELS,
    securityContext=Obj(runAsNonRoot=BOOL, runAsUser=INT, runAsGroup=INT, fsGroup=INT),
    tolerations=List(Obj(key=STR, operator=Enum("Exists", "Equal"), value=STR,
                         effect=Enum("NoSchedule", "PreferNoSchedule", "NoExecute"),
                         tolerationSeconds=INT)))
POD_TEMPLATE = Obj(required=("spec",), metadata=Obj(labels=LABELS, annotations=LABELS),
                   spec=POD_SPEC)
JOB_SPEC = Obj(
    required=("template",),
    template=POD_TEMPLATE, completions=INT, parallelism=INT,
    completionMode=Enum("NonIndexed", "Indexed"), backoffLimit=INT,
    backoffLimitPerIndex=INT, maxFailedIndexes=INT, activeDeadlineSeconds=INT,
    ttlSecondsAfterFinished=INT, suspend=BOOL, selector=LABEL_SELECTOR, manualSelector=BOOL,
    podReplacementPolicy=Enum("TerminatingOrFailed", "Failed"))
DEPLOYMENT_SPEC = Obj(
    required=("selector", "template"),
    replicas=INT, selector=LABEL_SELECTOR, template=POD_TEMPLATE, minReadySeconds=INT,
    revisionHistoryLimit=INT, progressDeadlineSeconds=INT, paused=BOOL,
    strategy=Obj(type=Enum("RollingUpdate", "Recreate"),
                 rollingUpdate=Obj(maxSurge=INT_OR_STR, maxUnavailable=INT_OR_STR)))
SERVICE_SPEC = Obj(
    type=Enum("ClusterIP", "NodePort", "LoadBalancer", "ExternalName"), selector=LABELS,
    clusterIP=STR, sessionAffinity=Enum("ClientIP", "None"), publishNotReadyAddresses=BOOL,
    ports=List(Obj(required=("port",), name=STR, port=INT, targetPort=INT_OR_STR,
                   protocol=Enum("TCP", "UDP", "SCTP"), appProtocol=STR, nodePort=INT)))
PVC_SPEC = Obj(
    required=("accessModes", "resources"),
    accessModes=List(Enum("ReadWriteOnce", "ReadOnlyMany", "ReadWriteMany", "ReadWriteOncePod")),
    resources=RESOURCES, storageClassName=STR, volumeMode=Enum("Filesystem", "Block"),
    volumeName=STR, selector=LABEL_SELECTOR)

KINDS = {
    ("v1", "PersistentVolumeClaim"): Obj(required=("metadata", "spec"), apiVersion=STR, kind=STR,
                                         metadata=OBJECT_META, spec=PVC_SPEC),
    ("v1", "ConfigMap"): Obj(required=("metadata",), apiVersion=STR, kind=STR,
                             metadata=OBJECT_META, data=Map(STR), immutable=BOOL),
    ("v1", "Service"): Obj(required=("metadata", "spec"), apiVersion=STR, kind=STR,
                           metadata=OBJECT_META, spec=SERVICE_SPEC),
    ("batch/v1", "Job"): Obj(required=("metadata", "spec"), apiVersion=STR, kind=STR,
                             metadata=OBJECT_META, spec=JOB_SPEC),
    ("apps/v1", "Deployment"): Obj(required=("metadata", "spec"), apiVersion=STR, kind=STR,
                                   metadata=OBJECT_META, spec=DEPLOYMENT_SPEC),
}

_QUANTITY = re.compile(r"^[0-9]+(\.[0-9]+)?(m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$")


def _check(value, schema, path, errors):
    if isinstance(schema, Obj):
        if not isinstance(value, dict):
            errors.append(f"{path}: an object is expected")
            return
        for key, item in value.items():
            if key not in schema.fields:
                errors.append(f"{path}.{key}: unknown field")
            else:
                _check(item, schema.fields[key], f"{path}.{key}", errors)
        for key in schema.required:
            if key not in value:
                errors.append(f"{path}.{key}: required, missing")
    elif isinstance(schema, List):
        if not isinstance(value, list):
            errors.append(f"{path}: a list is expected")
            return
        for i, item in enumerate(value):
            _check(item, schema.item, f"{path}[{i}]", errors)
    elif isinstance(schema, Map):
        if not isinstance(value, dict):
            errors.append(f"{path}: a mapping is expected")
            return
        for key, item in value.items():
            _check(item, schema.value, f"{path}.{key}", errors)
    elif isinstance(schema, Enum):
        if value not in schema.values:
            errors.append(f"{path}: {value!r} is not one of {', '.join(schema.values)}")
    elif schema == STR:
        if not isinstance(value, str):
            errors.append(f"{path}: a string is expected, not {value!r}")
    elif schema == INT:
        if isinstance(value, bool) or not isinstance(value, int):
            errors.append(f"{path}: an integer is expected, not {value!r}")
    elif schema == BOOL:
        if not isinstance(value, bool):
            errors.append(f"{path}: true or false is expected, not {value!r}")
    elif schema == INT_OR_STR:
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            errors.append(f"{path}: a number or a name is expected, not {value!r}")
    elif schema == QUANTITY:
        if isinstance(value, bool) or not (
            isinstance(value, int) or (isinstance(value, str) and _QUANTITY.match(value))
        ):
            errors.append(f"{path}: a quantity is expected (e.g. 512Mi, 1, 500m), not {value!r}")
    else:
        raise AssertionError(schema)


def check_document(document):
    """The errors of one manifest document (empty when it passes)."""
    if not isinstance(document, dict):
        return ["the document is not a mapping"]
    key = (document.get("apiVersion"), document.get("kind"))
    if key not in KINDS:
        known = ", ".join(f"{k} ({v})" for v, k in KINDS)
        return [f"apiVersion {key[0]!r}, kind {key[1]!r}: not a kind checked here ({known})"]
    errors = []
    _check(document, KINDS[key], "", errors)
    return [e.lstrip(".") for e in errors]


def check_file(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        documents = load_documents(text, path)
    except YamlError as e:
        return [str(e)]
    if not documents:
        return [f"{path}: no document"]
    errors = []
    for number, (line, document) in enumerate(documents, 1):
        name = document.get("metadata", {}).get("name") if isinstance(document, dict) else None
        kind = document.get("kind") if isinstance(document, dict) else None
        for e in check_document(document):
            errors.append(f"{path}:{line}: document {number} ({kind} {name}): {e}")
    return errors


def main(argv):
    if len(argv) < 2:
        print(f"usage: {argv[0]} MANIFEST.yaml...", file=sys.stderr)
        return 2
    failed = False
    for path in argv[1:]:
        errors = check_file(path)
        for e in errors:
            print(e, file=sys.stderr)
        failed = failed or bool(errors)
        if not errors:
            print(f"{path}: ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
