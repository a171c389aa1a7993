#!/usr/bin/env python3
"""Times Python Jinja2 on the benchmark cases, in the oracle's configuration (test/oracle/render.py).

stdin: {"cases": {name: {"chat_template", "data"}}, "warmup": int, "iterations": int, "runs": int, "lex_sizes": [int]}
stdout: {name: {"compile_ms": [per-run mean], "render_ms": [...], "trivial_ms": [...], "output": str}}
Each run times `iterations` calls after `warmup` untimed ones; the mean per call of each run is reported.
"""
import json, os, sys, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "oracle"))
from render import make_environment  # noqa: E402

def per_call_ms(fn, warmup, iterations):
    for _ in range(warmup):
        fn()
    start = time.perf_counter()
    for _ in range(iterations):
        fn()
    return (time.perf_counter() - start) * 1000 / iterations

def main():
    sys.stdin.reconfigure(encoding="utf-8")
    sys.stdout.reconfigure(encoding="utf-8")
    job = json.load(sys.stdin)
    env = make_environment()
    warmup, iterations, runs = job["warmup"], job["iterations"], job["runs"]
    results = {}
    for name, case in job["cases"].items():
        source, data = case["chat_template"], case["data"]
        template = env.from_string(source)
        trivial = env.from_string("{{ messages|length }}")
        results[name] = {
            "compile_ms": [per_call_ms(lambda: env.from_string(source), warmup, iterations) for _ in range(runs)],
            "render_ms": [per_call_ms(lambda: template.render(**data), warmup, iterations) for _ in range(runs)],
            "trivial_ms": [per_call_ms(lambda: trivial.render(**data), warmup, iterations) for _ in range(runs)],
            "output": template.render(**data),
        }
    if job.get("lex_sizes"):
        # jinja.md §3.1: tokenizing 1 MB of whitespace; a few calls are enough at this size.
        for size in job["lex_sizes"]:
            source = " " * size
            results[f"lex {size}"] = {"lex_ms": [per_call_ms(lambda: list(env.lex(source)), 5, 20) for _ in range(runs)]}
    json.dump(results, sys.stdout, ensure_ascii=False)

if __name__ == "__main__":
    main()
