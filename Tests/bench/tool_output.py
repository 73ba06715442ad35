"""tool_output.py - reading rpcbench's and tickprobe's output: RESULT lines, timestamps, lateness, percentiles."""
import datetime

from processes import BenchError


def result_line(text):
    for line in text.splitlines():
        if line.startswith("RESULT "):
            return line
    raise BenchError(f"no RESULT line in:\n{text}")


def parse_result(text):
    out = {}
    for kv in result_line(text).split()[1:]:
        k, v = kv.split("=", 1)
        out[k] = float(v)
    return out


def iso_ms(text):
    d = datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=datetime.timezone.utc)
    return int(d.timestamp() * 1000 + 0.5)


def wrap_ms(x):
    """Signed ms in (-500, 500]."""
    return -((-x + 500.0) % 1000.0 - 500.0)


def pct(values, p):
    """Nearest rank, as tickprobe computes it."""
    s = sorted(values)
    i = max(0, -(-len(s) * p // 100) - 1)
    return s[int(i)]
