#!/usr/bin/env python3
"""build_page.py - the scoreboard page as gatherd serves it, made at build time from Sources/GatherDaemon/Scoreboard.

Usage: build_page.py --source DIR --work DIR --output FILE.swift

The PageBundle build-tool plugin runs it whenever a file of the page changes; it writes one Swift file that
embeds every served file with its gzip and brotli encodings and ETags (embed_swift.py). What is served:

- `/`: scoreboard.html, with each `<!--#include file="PART" -->` replaced by that file. Each
  `<link rel="stylesheet" href="X.css">` and `<script type="module" src="X.js">` in it is an entry point for
  Debian's esbuild, which bundles it with everything it imports (the modules' dynamic `import()`s become chunks
  of their own) and minifies it; the page then names the bundle's hashed file instead, and a
  `<link rel="modulepreload">` in its head names each module the entry loads before it runs, so that the browser
  fetches them all at once.
- The bundle: `js/NAME-HASH.js` and `NAME-HASH.css`, whose names change with their bytes, so served as immutable.
- Every other file beside the page (the manifest, icons, language catalogs, sw.js), at its own path, except what
  the build consumed (the included parts, what esbuild read), anything under `js/`, which holds the modules, and
  what is for developers (dotfiles, *.md, *.test.*, package.json).
  sw.js starts with the list of every served file and the app's version (`self.GATHERD_APP`), so that a new
  version of any file is a new worker.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

from embed_swift import Served, write_swift

#: The phones players have: the last two major versions of Chrome on Android and of Safari on iOS.
TARGETS = "chrome155,ios26"
INCLUDE = re.compile(r'<!--#include file="([^"]+)" -->\n?')
STYLESHEET = re.compile(r'<link rel="stylesheet" href="([^":]+\.css)">')
MODULE = re.compile(r'<script type="module" src="([^":]+\.js)"></script>')
#: Every address the page names that is a file beside it (not data:, not another site's, not a fragment).
LINK = re.compile(r'(?:src|href)="([^":#?]+)"')
TYPES = {
    ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
    ".json": "application/json", ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml",
    ".png": "image/png", ".txt": "text/plain; charset=utf-8", ".woff2": "font/woff2", ".ico": "image/x-icon",
}


def fail(message: str) -> None:
    print(f"build_page.py: error: {message}", file=sys.stderr)
    sys.exit(1)


def tool(name: str, package: str) -> str:
    found = shutil.which(name) or (f"/usr/bin/{name}" if os.access(f"/usr/bin/{name}", os.X_OK) else None)
    if not found:
        fail(f"the page is built with Debian's {name}, which is not installed: run `make deps` "
             f"(or apt-get install {package}).")
    return found


def read(path: str) -> bytes:
    with open(path, "rb") as handle:
        return handle.read()


def assemble(source: str, name: str, parts: set[str]) -> str:
    """The document `name` with its includes expanded (recursively); `parts` collects the included files."""
    def expand(match: re.Match) -> str:
        part = os.path.normpath(os.path.join(os.path.dirname(name), match.group(1)))
        if part in parts or not os.path.isfile(os.path.join(source, part)):
            fail(f"{name} includes {match.group(1)}, which is missing or included twice.")
        parts.add(part)
        return assemble(source, part, parts)
    return INCLUDE.sub(expand, read(os.path.join(source, name)).decode("utf-8"))


def bundle(source: str, work: str, entries: list[str]) -> dict:
    """Runs esbuild on the entry points (paths relative to `source`); returns its metafile."""
    out = os.path.join(work, "out")
    shutil.rmtree(out, ignore_errors=True)
    meta = os.path.join(work, "meta.json")
    command = [tool("esbuild", "esbuild"), *entries, "--bundle", "--splitting", "--format=esm", "--minify",
               f"--target={TARGETS}", "--charset=utf8", "--legal-comments=none", "--log-level=warning",
               f"--outdir={out}", f"--outbase={source}", "--entry-names=[dir]/[name]-[hash]",
               "--chunk-names=js/[name]-[hash]", "--asset-names=assets/[name]-[hash]", f"--metafile={meta}"]
    result = subprocess.run(command, cwd=source, capture_output=True, text=True)
    sys.stderr.write(result.stderr)
    if result.returncode != 0:
        fail("esbuild could not bundle the page's modules (above).")
    with open(meta, encoding="utf-8") as handle:
        return json.load(handle)


def outputs(meta: dict, source: str, work: str) -> dict[str, dict]:
    """esbuild's outputs by their path in the bundle's folder (the metafile's paths are relative to the source)."""
    return {os.path.relpath(os.path.join(source, path), os.path.join(work, "out")): info
            for path, info in meta["outputs"].items()}


def outputs_by_entry(built: dict[str, dict]) -> dict[str, str]:
    """Each entry point (relative to the source) to its output (relative to the bundle's folder)."""
    return {os.path.normpath(info["entryPoint"]): output for output, info in built.items() if "entryPoint" in info}


def preloads(built: dict[str, dict], source: str, work: str, entry_output: str) -> list[str]:
    """The chunks an entry's static imports reach, in order (each once): they load before the entry runs."""
    seen: list[str] = []
    def visit(name: str) -> None:
        for imported in built[name].get("imports", []):
            if imported["kind"] != "import-statement":
                continue
            path = os.path.relpath(os.path.join(source, imported["path"]), os.path.join(work, "out"))
            if path not in seen:
                seen.append(path)
                visit(path)
    visit(entry_output)
    return seen


def content_type(path: str) -> str:
    kind = TYPES.get(os.path.splitext(path)[1])
    if kind is None:
        fail(f"no content type for {path}: add its extension to TYPES in {os.path.basename(__file__)}.")
    return kind


def build(source: str, work: str) -> list[Served]:
    parts = {"scoreboard.html"}
    page = assemble(source, "scoreboard.html", parts)
    styles, modules = STYLESHEET.findall(page), MODULE.findall(page)
    if not modules:
        fail("scoreboard.html names no <script type=\"module\" src=\"…\">: the page has no entry module.")
    meta = bundle(source, work, styles + modules)
    files = outputs(meta, source, work)
    built = outputs_by_entry(files)
    hints = []
    for entry in modules:
        output = built[os.path.normpath(entry)]
        page = page.replace(f'<script type="module" src="{entry}">', f'<script type="module" src="{output}">')
        hints += [path for path in [output] + preloads(files, source, work, output) if path not in hints]
    for style in styles:
        page = page.replace(f'<link rel="stylesheet" href="{style}">',
                            f'<link rel="stylesheet" href="{built[os.path.normpath(style)]}">')
    if "</head>" not in page:
        fail("scoreboard.html has no </head>, where the modules' preload hints go.")
    page = page.replace("</head>", "".join(f'<link rel="modulepreload" href="{h}">\n' for h in hints) + "</head>", 1)

    served = [Served("/", TYPES[".html"], page.encode("utf-8"), immutable=False)]
    for output in sorted(files):
        data = read(os.path.join(work, "out", output))
        served.append(Served("/" + output, content_type(output), data, immutable=True))
    consumed = parts | {os.path.normpath(path) for path in meta["inputs"]}
    worker = None
    for folder, subfolders, files in os.walk(source):
        subfolders[:] = sorted(d for d in subfolders if not d.startswith("."))
        for name in sorted(files):
            path = os.path.relpath(os.path.join(folder, name), source)
            if (path in consumed or path.startswith("js" + os.sep) or name.startswith(".") or name.endswith(".md")
                    or ".test." in name or name == "package.json"):
                continue  # what the build used, the modules, and what is for developers (notes, tests)
            entry = Served("/" + path.replace(os.sep, "/"), content_type(path), read(os.path.join(source, path)),
                           immutable=False)
            if path == "sw.js":
                worker = entry
            else:
                served.append(entry)
    if worker is None:
        fail("there is no sw.js beside scoreboard.html.")
    served.append(with_file_list(worker, served))
    paths = {file.path for file in served}
    for link in LINK.findall(page):
        if "/" + os.path.normpath(link) not in paths:
            fail(f"the page links {link}, which is not served: a module is served only through its entry's "
                 f'<script type="module" src="…"></script>, and a file under js/ only in the bundle.')
    return served


def with_file_list(worker: Served, served: list[Served]) -> Served:
    """sw.js, starting with `self.GATHERD_APP`: the app's version and each file, relative to the page, with its
    revision (its ETag's hash) and whether its name changes with its bytes."""
    files = [{"url": "./" if s.path == "/" else s.path[1:], "revision": s.digest, "immutable": s.immutable}
             for s in served]
    version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    prelude = "self.GATHERD_APP = " + json.dumps({"version": version, "files": files}, separators=(",", ":")) + ";\n"
    return Served(worker.path, worker.content_type, prelude.encode("utf-8") + worker.data, immutable=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--output", required=True)
    options = parser.parse_args()
    os.makedirs(options.work, exist_ok=True)
    served = build(os.path.abspath(options.source), os.path.abspath(options.work))
    write_swift(served, options.output, tool("gzip", "gzip"), tool("brotli", "brotli"))


if __name__ == "__main__":
    main()
