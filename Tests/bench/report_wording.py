"""report_wording.py - how the bench report names the servers, counts things and words a target's result."""

NAMES = {"installed": "gatherd (installed)", "dev": "gatherd (dev build)", "metrics": "gatherd (installed, metrics on)",
         "nio_ref": "nio_ref",
         "ndjson_ref": "ndjson_ref", "pyrpc": "pyrpc_server.py", "tick_ref": "tick_ref"}


def plural(n, word):
    return f"{n} {word}{'' if n == 1 else 's'}"


def verdict(ok, gap):
    """PASS, or MISS with how far off it is."""
    return "PASS" if ok else f"**MISS** ({gap})"
