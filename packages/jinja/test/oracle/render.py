#!/usr/bin/env python3
"""The Python Jinja2 oracle of jinja.md §13: renders a batch of cases the way `transformers` renders chat templates.

stdin: [{"name", "template", "context"}]; stdout: [{"name", "output"} | {"name", "error": {"type", "message", "line"}}]
Additions to the §13 script: "line" (the template line Jinja2 reports for syntax errors, else null), the
environment is built by make_environment() so that bench/reference.py times exactly the same configuration, and each
distinct template source is compiled once per batch.
"""
import json, os, sys
from collections import abc
from datetime import datetime
import jinja2
from jinja2.ext import Extension, loopcontrols
from jinja2.sandbox import ImmutableSandboxedEnvironment

NOW = datetime.fromisoformat(os.environ.get("ORACLE_NOW", "2025-07-10T12:00:00"))

class GenerationTag(Extension):
    tags = {"generation"}                      # {% generation %}…{% endgeneration %} renders its body
    def parse(self, parser):
        next(parser.stream)
        return parser.parse_statements(("name:endgeneration",), drop_needle=True)

def raise_exception(message):
    raise jinja2.exceptions.TemplateError(message)

def tojson(value, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
    return json.dumps(value, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)

class OracleSandbox(ImmutableSandboxedEnvironment):
    """Jinja2 before 3.1.5 (e.g. Debian 12's 3.1.2, what CI installs) still lets list.clear() and list.pop() through
    the immutable sandbox; Jinja2 3.1.5+ and jinja.md §6.4 block them. Blocking them here too keeps the oracle the
    same on every 3.1.x (a no-op on 3.1.5+)."""

    def is_safe_attribute(self, obj, attr, value):
        if isinstance(obj, abc.MutableSequence) and attr in ("clear", "pop"):
            return False
        return super().is_safe_attribute(obj, attr, value)

def make_environment():
    """The transformers-style environment of jinja.md §1 (also imported by bench/reference.py)."""
    env = OracleSandbox(trim_blocks=True, lstrip_blocks=True, extensions=[GenerationTag, loopcontrols])
    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    env.globals["strftime_now"] = lambda fmt: NOW.strftime(fmt)
    return env

def main():
    env = make_environment()
    sys.stdin.reconfigure(encoding="utf-8")
    sys.stdout.reconfigure(encoding="utf-8")
    results = []
    compiled = {}  # a batch often renders one template with several contexts: compile each source once
    for case in json.load(sys.stdin):
        try:
            source = case["template"]
            if source not in compiled:
                compiled[source] = env.from_string(source)
            results.append({"name": case["name"], "output": compiled[source].render(**case.get("context", {}))})
        except Exception as exc:
            line = getattr(exc, "lineno", None) if isinstance(exc, jinja2.exceptions.TemplateSyntaxError) else None
            results.append({"name": case["name"], "error": {"type": type(exc).__name__, "message": str(exc), "line": line}})
    json.dump(results, sys.stdout, ensure_ascii=False)

if __name__ == "__main__":
    main()
