"""Syntax oracle for the library snippet tests: one process checks a whole batch of code blocks.

stdin: JSON list of {"lang": "python" | "sh", "code": str}
stdout: JSON list of {"ok": bool, "error": str | None, "shape": str | None, "strings": [str], "words": [str] | None}
  python: "shape" is the AST dump with every string constant replaced by "S" (so two snippets that differ only in
  the strings they embed have the same shape); "strings" lists the string constants.
  sh: "words" are the shell words after quote removal (shlex, POSIX mode), or None when shlex cannot split the text.
"""
import ast
import json
import shlex
import sys


def check_python(code):
    try:
        tree = ast.parse(code)
    except SyntaxError as error:
        return {"ok": False, "error": f"{error.msg} (line {error.lineno})", "shape": None, "strings": [], "words": None}
    strings = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            strings.append(node.value)
            node.value = "S"
    return {"ok": True, "error": None, "shape": ast.dump(tree), "strings": strings, "words": None}


def check_shell_words(code):
    try:
        words = shlex.split(code, comments=True, posix=True)
    except ValueError:
        words = None
    return {"ok": True, "error": None, "shape": None, "strings": [], "words": words}


def main():
    items = json.load(sys.stdin)
    results = [check_python(item["code"]) if item["lang"] == "python" else check_shell_words(item["code"]) for item in items]
    json.dump(results, sys.stdout)


main()
