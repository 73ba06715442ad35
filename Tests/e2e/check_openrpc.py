#!/usr/bin/env python3
"""Check an OpenRPC document: the meta-schema, unique method names, and local $refs.

Usage: check_openrpc.py [FILE]     (reads standard input without FILE or with "-")

The document may be the bare OpenRPC document or a whole JSON-RPC response whose "result" is one
(the e2e suite pipes rpc.discover straight in). Validates against openrpc-meta-schema.json beside
this script (JSON Schema draft-07, python3 jsonschema), then checks that method names are unique and
that every "$ref" is a local JSON pointer ("#/...") that resolves inside the document.
Exit status: 0 when the document passes, 1 when it does not or cannot be read.
"""

import json
import sys
from pathlib import Path

import jsonschema

META_SCHEMA = Path(__file__).resolve().with_name("openrpc-meta-schema.json")


def where(path):
    return "/" + "/".join(str(part) for part in path) if path else "(document root)"


def resolve(document, ref):
    """The value a local "#/a/b" pointer names, or raise KeyError."""
    node = document
    for token in ref[2:].split("/") if ref != "#" else []:
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(node, list):
            if not token.isdigit() or int(token) >= len(node):
                raise KeyError(token)
            node = node[int(token)]
        elif isinstance(node, dict) and token in node:
            node = node[token]
        else:
            raise KeyError(token)
    return node


def refs(node, path=()):
    """Every (path, value) of a "$ref" string in the document."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield path + (key,), value
            else:
                yield from refs(value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from refs(value, path + (index,))


def branch_errors(error):
    """The errors of a failed "object or Reference Object" choice, leaving out the Reference branch for non-refs."""
    is_ref = isinstance(error.instance, dict) and "$ref" in error.instance
    chosen = [e for e in error.context if is_ref == (e.schema.get("required") == ["$ref"])]
    return chosen or error.context


def problems(document):
    meta = json.loads(META_SCHEMA.read_text(encoding="utf-8"))
    validator = jsonschema.Draft7Validator(meta)
    for error in sorted(validator.iter_errors(document), key=lambda e: [str(p) for p in e.absolute_path]):
        while error.context:  # a oneOf failed: report why the intended branch failed, not the whole object
            error = jsonschema.exceptions.best_match(branch_errors(error))
        message = error.message if len(error.message) <= 200 else error.message[:197] + "..."
        yield f"meta-schema: {where(error.absolute_path)}: {message}"
    seen = set()
    for method in document.get("methods", []) if isinstance(document, dict) else []:
        name = method.get("name") if isinstance(method, dict) else None
        if name in seen:
            yield f"method name appears more than once: {name}"
        seen.add(name)
    for path, ref in refs(document):
        if not ref.startswith("#"):
            yield f"$ref at {where(path)} is not local and cannot be checked offline: {ref}"
            continue
        try:
            resolve(document, ref)
        except KeyError:
            yield f"$ref at {where(path)} does not resolve: {ref}"


def main(argv):
    if len(argv) > 2 or (len(argv) == 2 and argv[1] in ("-h", "--help")):
        print(__doc__.strip(), file=sys.stderr)
        return 1
    source = argv[1] if len(argv) == 2 and argv[1] != "-" else None
    name = source or "standard input"
    try:
        text = Path(source).read_text(encoding="utf-8") if source else sys.stdin.read()
        document = json.loads(text)
    except (OSError, ValueError) as error:
        print(f"FAIL: cannot read a JSON document from {name}: {error}", file=sys.stderr)
        return 1
    if isinstance(document, dict) and document.get("jsonrpc") == "2.0" and "result" in document:
        document = document["result"]
    if not isinstance(document, dict):
        print(f"FAIL: {name} is not a JSON object.", file=sys.stderr)
        return 1
    found = list(problems(document))
    if found:
        for problem in found:
            print(f"FAIL: {problem}", file=sys.stderr)
        print(f"FAIL: {name} is not a valid OpenRPC document ({len(found)} problems).", file=sys.stderr)
        return 1
    methods = len(document.get("methods", []))
    print(f"OK: {name} is a valid OpenRPC {document.get('openrpc')} document with {methods} methods.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
