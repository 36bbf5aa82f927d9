#!/usr/bin/env python3
"""tests/class_size_check.py [SOURCE_DIR] [--most N]: fails (exit 1) when a
class or struct declared in a rule set (engine/rulesets/**.h) declares more
than N member functions (40), printing each with its count.

A member function is a declaration at the class's own brace depth with a
parameter list: constructors, destructors, operators and deleted or
defaulted members count; data members, nested types and friends do not.
Comments and string literals are removed first. docs/engine.md, "The shape
of a rule set", says why.
"""
import os
import re
import sys


def strip(text):
    """The code without comments and string or character literals."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


CLASS = re.compile(r"\b(class|struct)\s+(?:\w+\s+)*?(\w+)\s*(?:final\s*)?(?::[^;{]*)?\{")


def members(body):
    """Member function declarations at depth 0 of a class body."""
    count, depth, stmt = 0, 0, []
    i = 0
    while i < len(body):
        c = body[i]
        if c == "{":
            if depth == 0:
                # A function defined in the class, or a nested type's body.
                head = "".join(stmt)
                if is_function(head):
                    count += 1
                stmt = []
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                stmt = []
        elif c == ";" and depth == 0:
            if is_function("".join(stmt)):
                count += 1
            stmt = []
        elif depth == 0:
            stmt.append(c)
        i += 1
    return count


def is_function(head):
    h = " ".join(head.split())
    h = re.sub(r"^(public|private|protected)\s*:\s*", "", h)
    h = re.sub(r"\b(public|private|protected)\s*:\s*", "", h)
    if "(" not in h:
        return False
    if re.match(r"^(friend|using|typedef|static_assert|enum|class|struct)\b", h):
        return False
    before = h.split("(", 1)[0]
    if "=" in re.sub(r"operator\s*\S+", "", before):  # a data member initialised by a call
        return False
    return bool(re.search(r"(operator\s*\S+|~?\w+)\s*$", before.strip()))


def classes(code):
    for m in CLASS.finditer(code):
        start = m.end()
        depth, j = 1, start
        while j < len(code) and depth > 0:
            depth += {"{": 1, "}": -1}.get(code[j], 0)
            j += 1
        yield m.group(2), code[:m.start()].count("\n") + 1, code[start:j - 1]


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    most = 40
    if "--most" in sys.argv:
        most = int(sys.argv[sys.argv.index("--most") + 1])
        args = [a for a in args if a != str(most)]
    root = args[0] if args else os.path.join(os.path.dirname(__file__), "..")
    over, counted = [], 0
    for d, _, files in sorted(os.walk(os.path.join(root, "engine", "rulesets"))):
        for f in sorted(files):
            if not f.endswith(".h"):
                continue
            path = os.path.join(d, f)
            code = strip(open(path, encoding="utf-8").read())
            for name, line, body in classes(code):
                n = members(body)
                counted += 1
                if n > most:
                    over.append(f"{os.path.relpath(path, root)}:{line}: {name} declares {n} member functions (most {most})")
    for o in over:
        print(o)
    if over:
        print(f"class_size: {len(over)} class(es) over {most} member functions")
        return 1
    print(f"class_size: ok ({counted} classes in the rule sets, none over {most} member functions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
