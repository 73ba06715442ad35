#!/usr/bin/env python3
"""check_layers.py - the rules of docs/architecture.md ("Who may touch what") that the compiler does not hold,
checked on the sources by `make lint`: every transport goes through the one RPCGateway, the session speaks the
model and never JSON, and MQTT never parses what the session made.

Usage: Tests/lint/check_layers.py [ROOT]   (default: the checkout this file is in). Prints one line per breach
and exits 1, or exits 0 silently.
"""
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
DAEMON = os.path.join(ROOT, "Sources", "GatherDaemon")

#: (what, folders it applies to, pattern, files allowed to match, why).
RULES = [
    ("the dispatcher is built once", ["."], r"MethodTable\.dispatcher\(", ["Server/RPCGateway.swift"],
     "only RPCGateway builds the dispatcher; transports answer through the gateway"),
    ("callers come from the gateway", ["."], r"(?<![A-Za-z0-9_.])Caller\(", ["Server/RPCGateway+Callers.swift"],
     "only the gateway's localCaller, webCaller and mqttCaller decide what a peer may do"),
    ("transports never reach the session", ["Server", "Web", "MQTT", "Restarts"], r"\bGatherSession\b",
     ["Server/RPCGateway.swift"], "transports reach the session through RPCGateway"),
    ("transports never reach the store", ["Server", "Web", "MQTT", "Restarts", "Events"], r"\bGatherStore\b", [],
     "one store type owns the database; the session calls it"),
    ("methods never reach the store", ["Methods"], r"\.store\b", ["Methods/Caller.swift"],
     "a method's handler calls a command of the session's parts (a Turn) or a Reader's query, which call the store"),
    ("handlers never decide access", ["Methods"], r"\bcapabilities\b|\bwhyNotControl\b|\.peer\b|\.forbidden\(|\bisController\b|\.control\b",
     ["Methods/AccessPolicy+Methods.swift", "Methods/AccessPolicy+Disclosure.swift", "Methods/AccessPolicy+Tokens.swift", "Methods/AccessPolicy+Peers.swift",
      "Methods/AccessPolicy+Devices.swift",
      "Methods/Call.swift", "Methods/Caller.swift", "Methods/CodeGrant.swift", "Methods/MethodDefinition+Dispatch.swift",
      "Methods/RepeatedRequests.swift", "Methods/RepeatedRequests+Request.swift",
      "Methods/MethodTable.swift"],
     "who may call a method is its definition's Access, decided by AccessPolicy alone"),
    ("handlers never build JSON", ["Methods"], r"\bJSONObject\b|\.object\(\[\"(?!type)",
     ["Methods/OpenRPCDocument.swift", "Methods/MethodDoc.swift", "Methods/MethodParams.swift",
      "Methods/RepeatedRequests.swift", "Methods/RepeatedRequests+Request.swift", "Methods/MethodTable.swift"],
     "a method answers what Presentation's Encoded initialiser for its result type encodes"),
    ("live state only in a turn", ["."], r"\bturns\.withLock\b|\bturns\.withLockIfAvailable\b",
     ["Session/GatherSession.swift", "Session/Match/Turn+ClockAlarm.swift", "Session/Plans/Turn+Agenda.swift",
      "Session/Votes/Turn+VoteClose.swift"],
     "the live state is the Turn, lent by the session's own turn machinery"),
    ("the session speaks the model", ["Session"], r"\bJSONValue\b|\bJSONObject\b|\bimport GatherRPC\b", [],
     "Session/ returns model values and publishes SessionEvent; Presentation/ makes JSON"),
    ("Presentation encodes the session's values", ["Presentation"], r"\bimport GatherStore\b", [],
     "Presentation encodes model and session values; the store's types stay behind the session"),
    ("MQTT never parses what the session made", ["MQTT"], r"\bJSONParser\b", [],
     "MQTT maps SessionEvent to its messages; only requests from the broker are parsed, by the gateway"),
]


def swift_files(folder):
    for directory, _, names in os.walk(os.path.join(DAEMON, folder)):
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(directory, name)


def code_lines(path):
    """The file's lines with // comments removed (a rule is about code, not about what comments name)."""
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            yield number, re.sub(r"//.*", "", line)


def main():
    breaches = []
    for what, folders, pattern, allowed, why in RULES:
        regex = re.compile(pattern)
        for folder in folders:
            for path in swift_files(folder):
                relative = os.path.relpath(path, DAEMON)
                if relative in allowed:
                    continue
                for number, line in code_lines(path):
                    if regex.search(line):
                        breaches.append(f"Sources/GatherDaemon/{relative}:{number}: {what}: {why}")
    for breach in sorted(set(breaches)):
        print(breach)
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main())
