#!/usr/bin/env python3
"""Differential check of gatherd's JSON parser against Python's json module.

Runs the fuzz-json target in print mode (GATHER_FUZZ_PRINT=1) over every input of the given corpus folders
plus the edge cases below, and compares each verdict with Python's (strict: no NaN/Infinity, no control
characters in strings):
  - what ours accepts, Python must read as the same value (ours as JSONWriter wrote it, read back by Python);
  - what ours rejects, Python must reject.
Known, documented exceptions (docs/reliability.md) are counted apart; anything else is a failure.

With --mutations N (default 200000) it also lets libFuzzer mutate the corpus N times in print mode and checks
every input it tried, so that the comparison is not limited to the inputs the fuzzer kept.

Usage: Tests/fuzz/differential.py [--binary .build-fuzz/fuzz-json] [--mutations N] [CORPUS_DIR...]
(default corpus: Tests/fuzz/corpus/json and .build-fuzz/corpus/json when it exists)
"""

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile

# Edge cases, most from RFC 8259 and the usual parser test suites' themes.
EDGE_CASES = [
    b"", b" ", b"null", b"true", b"false", b"nul", b"True", b"NaN", b"Infinity", b"-Infinity", b"[NaN]",
    b"0", b"-0", b"-0.0", b"01", b"-01", b"1.", b".1", b"1e", b"1e+", b"1E-2", b"+1", b"0x10", b"1_000",
    b"9223372036854775807", b"-9223372036854775808", b"9223372036854775808", b"-9223372036854775809",
    b"123456789012345678901234567890", b"1e308", b"1e309", b"-1e309", b"1e-400", b"4.9e-324",
    b"0.1e1", b"123.456e-789", b"100000000000000000000", b"1.7976931348623157e308",
    b'"', b'"a', b'"\\"', b'"\\u"', b'"\\u12"', b'"\\u123g"', b'"\\x41"', b'"\\a"', b'"\\\'"',
    b'"\\ud800"', b'"\\udc00"', b'"\\ud800\\u0041"', b'"\\ud83d\\ude00"', b'"\\uDBFF\\uDFFF"', b'"\\u0000"',
    b'"\t"', b'"\n"', b'"\x7f"', b'"\xc3\xa9"', b'"\xc3"', b'"\xed\xa0\x80"', b'"\xf4\x90\x80\x80"',
    b'"\xef\xbb\xbf"', b"\xef\xbb\xbfnull", b'"\xe2\x82"', b'"\xf0\x9f\x98\x80"', b'"\xc0\xaf"',
    b"[", b"]", b"[1,]", b"[,1]", b"[1 2]", b"[1,,2]", b"[]", b"[[]]", b" [ ] ", b"[\x0c]", b"[\xa0]",
    b"{", b"{}", b'{"a"}', b'{"a":}', b'{"a":1,}', b'{a:1}', b"{'a':1}", b'{"a":1 "b":2}', b'{"a" 1}',
    b'{"a":1}x', b"null null", b"[1]\x00", b'{"a":1,"a":2}', b'{"":0}', b'{"\\u0000":1}', b'{"a":{"a":{}}}',
    b"[" * 128 + b"]" * 128, b"[" * 129 + b"]" * 129, b'{"a":' * 129 + b"1" + b"}" * 129,
    b"\t\r\n 1 \t\r\n", b"1\x0b", b"\x00", b"/* c */ 1", b"[true,false,null]", b"[tru]", b"[nulll]",
]


def no_constants(name):
    raise ValueError(f"non-standard constant {name}")


def python_read(data):
    """Python's reading of the bytes, as ('accept', value) or ('reject', reason)."""
    try:
        text = data.decode("utf-8")
        value = json.loads(text, object_pairs_hook=lambda pairs: ("object", pairs), parse_constant=no_constants)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        return "reject", str(error)
    return "accept", value


def same(ours, theirs):
    """Whether two values read with object_pairs_hook are equal: types kept apart, numbers by value."""
    if isinstance(ours, bool) or isinstance(theirs, bool):
        return type(ours) is type(theirs) and ours == theirs
    if isinstance(ours, (int, float)) and isinstance(theirs, (int, float)):
        return ours == theirs
    if isinstance(ours, tuple) and isinstance(theirs, tuple):
        return len(ours[1]) == len(theirs[1]) and all(
            key1 == key2 and same(value1, value2) for (key1, value1), (key2, value2) in zip(ours[1], theirs[1]))
    if isinstance(ours, list) and isinstance(theirs, list):
        return len(ours) == len(theirs) and all(same(left, right) for left, right in zip(ours, theirs))
    return type(ours) is type(theirs) and ours == theirs


def walk(value):
    """Every value nested in `value`, and the nesting depth of each."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        yield item, depth
        if isinstance(item, tuple):
            stack.extend((member, depth + 1) for _, member in item[1])
            stack.extend((key, depth + 1) for key, _ in item[1])
        elif isinstance(item, list):
            stack.extend((element, depth + 1) for element in item)


def has_lone_surrogate(value):
    return any(isinstance(item, str) and any(0xD800 <= ord(char) < 0xE000 for char in item) for item, _ in walk(value))


def has_duplicate_keys(value):
    return any(isinstance(item, tuple) and len({key for key, _ in item[1]}) != len(item[1]) for item, _ in walk(value))


def has_big_integer(value):
    return any(
        isinstance(item, int) and not isinstance(item, bool) and not -(2**63) <= item < 2**63 for item, _ in walk(value))


def has_overflow(value):
    return any(isinstance(item, float) and item in (float("inf"), float("-inf")) for item, _ in walk(value))


def depth(value):
    return max((level for item, level in walk(value) if isinstance(item, (list, tuple))), default=-1) + 1


def explain_rejection(value):
    """Why ours may reject what Python accepts, or None."""
    if depth(value) > 128:
        return "nesting deeper than 128 (ours refuses, by design)"
    if has_lone_surrogate(value):
        return "lone surrogate escape (ours refuses; Python keeps it)"
    if has_overflow(value):
        return "number beyond Double (ours refuses; Python reads infinity)"
    return None


def explain_difference(value):
    """Why both accept yet read other values, or None."""
    if has_big_integer(value):
        return "integer past Int64 (ours reads a Double, rounded; Python an exact int)"
    return None


def main():
    arguments = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    arguments.add_argument("--binary", default=".build-fuzz/fuzz-json")
    arguments.add_argument("--mutations", type=int, default=200000)
    arguments.add_argument("corpus", nargs="*")
    options = arguments.parse_args()
    folders = options.corpus or [
        folder for folder in ("Tests/fuzz/corpus/json", ".build-fuzz/corpus/json") if os.path.isdir(folder)]

    inputs = {}
    for folder in folders:
        for name in sorted(os.listdir(folder)):
            with open(os.path.join(folder, name), "rb") as handle:
                inputs.setdefault(handle.read(), os.path.join(folder, name))
    for number, case in enumerate(EDGE_CASES):
        inputs.setdefault(case, f"edge case {number}")

    with tempfile.TemporaryDirectory() as scratch:
        unit_folder = os.path.join(scratch, "units")
        os.mkdir(unit_folder)
        for number, data in enumerate(inputs):
            with open(os.path.join(unit_folder, f"{number:06d}"), "wb") as handle:
                handle.write(data)
        files = [os.path.join(unit_folder, name) for name in sorted(os.listdir(unit_folder))]
        verdicts = {}
        for start in range(0, len(files), 500):
            run = subprocess.run(
                [options.binary, *files[start:start + 500]], env={**os.environ, "GATHER_FUZZ_PRINT": "1"},
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
            if run.returncode != 0:
                sys.exit(f"{options.binary} failed:\n{run.stderr.decode(errors='replace')[-3000:]}")
            for line in run.stdout.decode("utf-8", errors="strict").splitlines():
                verdict, hexed, *written = line.split(" ", 2)
                data = b"" if hexed == "-" else bytes.fromhex(hexed)
                verdicts[data] = (verdict, written[0] if written else None)

        if options.mutations > 0:
            scratch_corpus = os.path.join(scratch, "mutations")
            os.mkdir(scratch_corpus)
            run = subprocess.run(
                [options.binary, f"-runs={options.mutations}", "-max_len=1024", "-seed=1", scratch_corpus, unit_folder],
                env={**os.environ, "GATHER_FUZZ_PRINT": "1"}, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                check=False)
            if run.returncode != 0:
                sys.exit(f"{options.binary} failed:\n{run.stderr.decode(errors='replace')[-3000:]}")
            for line in run.stdout.decode("utf-8", errors="strict").splitlines():
                verdict, hexed, *written = line.split(" ", 2)
                data = b"" if hexed == "-" else bytes.fromhex(hexed)
                verdicts[data] = (verdict, written[0] if written else None)
                inputs.setdefault(data, "a mutation")

    missing = [data for data in inputs if data not in verdicts]
    if missing:
        sys.exit(f"no verdict for {len(missing)} inputs, e.g. {missing[0]!r}")

    exceptions = collections.Counter()
    examples = {}
    failures = []
    agreed = collections.Counter()
    for data, origin in inputs.items():
        verdict, written = verdicts[data]
        theirs, value = python_read(data)
        if verdict == "REJECT" and theirs == "reject":
            agreed["both reject"] += 1
        elif verdict == "REJECT":
            reason = explain_rejection(value)
            if reason:
                exceptions[reason] += 1
                examples.setdefault(reason, data)
            else:
                failures.append(f"ours rejects, Python accepts: {data[:120]!r} ({origin})")
        elif theirs == "reject":
            failures.append(f"ours accepts, Python rejects ({value}): {data[:120]!r} ({origin})")
        else:
            ours = json.loads(written, object_pairs_hook=lambda pairs: ("object", pairs))
            if same(ours, value) and has_duplicate_keys(value):
                # The same members in the same order; but Python's plain json.loads keeps the last of them.
                reason = "duplicate keys (ours keeps every member and reads the first; Python's dict the last)"
                exceptions[reason] += 1
                examples.setdefault(reason, data)
            elif same(ours, value):
                agreed["both accept, same value"] += 1
            else:
                reason = explain_difference(value)
                if reason:
                    exceptions[reason] += 1
                    examples.setdefault(reason, data)
                else:
                    failures.append(f"different values: {data[:120]!r} -> ours {written[:120]} ({origin})")

    print(
        f"{len(inputs)} distinct inputs: {', '.join(folders)}, {len(EDGE_CASES)} edge cases and "
        f"{options.mutations} mutations")
    for what, count in sorted(agreed.items()):
        print(f"  agree, {what}: {count}")
    for reason, count in sorted(exceptions.items()):
        print(f"  known exception, {reason}: {count}, e.g. {examples[reason][:80]!r}")
    for failure in failures:
        print(f"  DISAGREE {failure}")
    print(f"{len(failures)} unexplained disagreements")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
