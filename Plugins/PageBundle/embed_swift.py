"""embed_swift.py - the served files as a Swift source file: each with its bytes, its gzip and brotli encodings
(made here, once, by Debian's gzip and brotli at their best settings) and an ETag per encoding.

The encodings are kept only where they are smaller than the file itself (not for PNGs, which are compressed
already). Each encoding's ETag is the file's own (the first 128 bits of its SHA-256, in hex) with `-gzip` or
`-br` after it, so that a cache never takes one encoding's bytes for another's, and the service worker can tell
which version of a file it holds from any of them.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import tempfile
from dataclasses import dataclass


@dataclass
class Served:
    """One file as served: its path, its Content-Type, its bytes and whether its name changes with them."""
    path: str
    content_type: str
    data: bytes
    immutable: bool

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.data).hexdigest()[:32]


def compress(data: bytes, command: list[str]) -> bytes:
    with tempfile.TemporaryFile() as source:
        source.write(data)
        source.seek(0)
        return subprocess.run(command, stdin=source, capture_output=True, check=True).stdout


def encodings(file: Served, gzip: str, brotli: str) -> list[tuple[str, bytes, str]]:
    """(coding, bytes, ETag) for the file and each encoding smaller than it; identity first."""
    found = [("identity", file.data, f'"{file.digest}"')]
    if file.content_type.startswith("image/png") or file.content_type.startswith("font/"):
        return found
    # -n: no name or time in the header, so the same bytes make the same encoding.
    for coding, command, suffix in [("br", [brotli, "--best", "--stdout"], "-br"),
                                    ("gzip", [gzip, "-9", "-n", "--stdout"], "-gzip")]:
        encoded = compress(file.data, command)
        if len(encoded) < len(file.data):
            found.append((coding, encoded, f'"{file.digest}{suffix}"'))
    return found


def literal(data: bytes) -> str:
    """A Swift array literal of the bytes, 40 to a line."""
    rows = [",".join(str(b) for b in data[i:i + 40]) for i in range(0, len(data), 40)]
    return "[\n" + ",\n".join("  " + row for row in rows) + ",\n]" if rows else "[]"


def swift_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_swift(served: list[Served], output: str, gzip: str, brotli: str) -> None:
    lines = [
        "// Made at build time by Plugins/PageBundle/build_page.py from Sources/GatherDaemon/Scoreboard; not committed.",
        "",
        "extension WebAssets {",
        "  /// Every file the page is served as, with its encodings: what build_page.py made.",
        "  static let built: [WebAsset] = [",
    ]
    arrays: list[str] = []
    for file in served:
        representations = []
        for coding, data, etag in encodings(file, gzip, brotli):
            name = f"file{len(arrays)}"
            arrays.append(f"private let {name}: [UInt8] = {literal(data)}")
            representations.append(f".init(coding: .{coding}, bytes: {name}, etag: {swift_string(etag)})")
        caching = ".immutable" if file.immutable else ".revalidated"
        lines.append(
            f"    WebAsset(\n      path: {swift_string(file.path)}, contentType: {swift_string(file.content_type)}, "
            f"caching: {caching},\n      representations: [\n        " + ",\n        ".join(representations)
            + ",\n      ]),")
    lines += ["  ]", "}", ""] + [array + "\n" for array in arrays]
    text = "\n".join(lines)
    # Written only when it changed, so that an unchanged page does not make Swift compile it again.
    if os.path.exists(output):
        with open(output, encoding="utf-8") as handle:
            if handle.read() == text:
                return
    with open(output + ".tmp", "w", encoding="utf-8") as handle:
        handle.write(text)
    os.replace(output + ".tmp", output)
