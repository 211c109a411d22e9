#!/usr/bin/env python3
"""Applies one realistic developer edit to a generated application, and undoes it, for bench/run.sh.

    edit.py apply body|signature|jsp APP BACKUP_DIR   prints the edited file and line
    edit.py restore BACKUP_DIR                    puts every saved original back (idempotent)

body:      in the first servlet (View*Servlet, then any *Servlet, then a session bean) that calls a
           method on a field typed as an EJB view or DAO (…Facade, …Home, …Local, …Remote, …Dao),
           the first such call statement inside a method body is duplicated on a new line right
           below it, as a plain call statement (`T v = facade.get(id);` gives `facade.get(id);`), so
           every following line moves down. Declarations stay the same; only a method body changes.
signature: a new public method is added at the end of the first stateless session bean class
           (*FacadeBean.java): the class's declarations change.
jsp:       in the first JSP page without a tag library that has a scriptlet, a scriptlet reading a
           request parameter is added on a new line below the first one, so every following line
           of the page moves down; the page's imports and declarations stay the same.

Files are chosen by sorted path, so the same application always gets the same edit. The original
is copied to BACKUP_DIR (outside the application, so no analysed directory gains a file) with its
path relative to APP, and restored byte for byte with its modification time.
"""
import os
import re
import shutil
import sys

# A field of the class whose type is an EJB view or a DAO: `private AccountFacade facade;`.
FIELD = re.compile(r"^\s*(?:private|protected|public)?\s*(?:static\s+)?(?:final\s+)?"
                   r"([A-Z]\w*(?:Facade|Home|Local|Remote|Dao))\s+(\w+)\s*;\s*$")
# A statement calling a method on such a field, optionally assigning the result to a new local.
CALL = re.compile(r"^(\s+)(?:(?:final\s+)?[\w.]+(?:<[^;=()]*>)?(?:\[\])*\s+\w+\s*=\s*|\w+\s*=\s*)?"
                  r"(?:this\.)?(\w+)\.(\w+)\((.*)\);\s*$")
STRING = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'')
MARKER = "bench-edit"


def java_files(app):
    out = []
    for base, dirs, files in os.walk(os.path.join(app, "src")):
        dirs.sort()
        out.extend(os.path.join(base, f) for f in files if f.endswith(".java"))
    return sorted(out)


def read(path):
    with open(path, encoding="utf-8", newline="") as f:
        return f.read()


def code_only(line, in_comment):
    """The line without string literals and comments, and whether a block comment is still open."""
    line = STRING.sub('""', line)
    out = []
    i = 0
    while i < len(line):
        if in_comment:
            end = line.find("*/", i)
            if end < 0:
                return "".join(out), True
            i, in_comment = end + 2, False
        elif line.startswith("//", i):
            break
        elif line.startswith("/*", i):
            in_comment = True
            i += 2
        else:
            out.append(line[i])
            i += 1
    return "".join(out), in_comment


def body_call(text):
    """Index of the first line inside a method body that calls an EJB/DAO field, and the new line."""
    lines = text.splitlines(keepends=True)
    fields = {m.group(2) for m in map(FIELD.match, lines) if m}
    if not fields:
        return None
    depth = 0
    in_comment = False
    for i, line in enumerate(lines):
        code, in_comment = code_only(line, in_comment)
        # Depth 2 or more at the start of the line: inside a method of the top-level class.
        if depth >= 2 and not in_comment:
            m = CALL.match(line.rstrip("\r\n"))
            if m and m.group(2) in fields and code.count("(") == code.count(")"):
                eol = line[len(line.rstrip("\r\n")):] or "\n"
                return i, "%s%s.%s(%s);%s" % (m.group(1), m.group(2), m.group(3), m.group(4), eol)
        depth += code.count("{") - code.count("}")
    return None


def save(app, path, backup):
    rel = os.path.relpath(path, app)
    dest = os.path.join(backup, "files", rel)
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    if not os.path.exists(dest):  # never overwrite a saved original with an edited file
        shutil.copy2(path, dest)
    with open(os.path.join(backup, "targets"), "a", encoding="utf-8") as f:
        f.write("%s\t%s\n" % (os.path.abspath(path), rel))


def write(path, text):
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def apply_body(app, backup):
    files = java_files(app)
    servlets = [f for f in files if f.endswith("Servlet.java")]
    views = [f for f in servlets if os.path.basename(f).startswith("View")]
    beans = [f for f in files if f.endswith("Bean.java")]
    for path in views + servlets + beans:
        text = read(path)
        found = body_call(text)
        if found:
            i, new_line = found
            lines = text.splitlines(keepends=True)
            save(app, path, backup)
            write(path, "".join(lines[:i + 1] + [new_line] + lines[i + 1:]))
            return "%s:%d %s" % (os.path.relpath(path, app), i + 2, new_line.strip())
    raise SystemExit("edit.py: no servlet or session bean calls an EJB or DAO field in " + app)


def apply_signature(app, backup):
    for path in java_files(app):
        if not path.endswith("FacadeBean.java"):
            continue
        text = read(path)
        if "SessionBean" not in text and "@Stateless" not in text:
            continue
        end = text.rstrip().rfind("}")
        if end < 0:
            continue
        eol = "\r\n" if "\r\n" in text else "\n"
        cls = os.path.basename(path)[:-len(".java")]
        method = eol.join([
            "",
            "    /** How callers name this service in the audit trail (%s). */" % MARKER,
            "    public String describeService() {",
            "        return \"%s\";" % cls,
            "    }",
            ""])
        head = text[:end].rstrip() + eol
        save(app, path, backup)
        write(path, head + method + text[end:])
        return "%s:%d public String describeService()" % (os.path.relpath(path, app), head.count(eol) + 3)
    raise SystemExit("edit.py: no stateless session bean class (*FacadeBean.java) in " + app)


SCRIPTLET = re.compile(r"<%(?![@=!-])")


def apply_jsp(app, backup):
    pages = []
    for base, dirs, files in os.walk(os.path.join(app, "src")):
        dirs.sort()
        pages.extend(os.path.join(base, f) for f in files if f.endswith(".jsp"))
    for path in sorted(pages):
        text = read(path)
        if "taglib" in text:
            continue
        lines = text.splitlines(keepends=True)
        for i, line in enumerate(lines):
            if SCRIPTLET.search(line) and line.rstrip("\r\n").endswith("%>"):
                eol = line[len(line.rstrip("\r\n")):] or "\n"
                new_line = '<%% String benchEdit = request.getParameter("%s"); %%>%s' % (MARKER, eol)
                save(app, path, backup)
                write(path, "".join(lines[:i + 1] + [new_line] + lines[i + 1:]))
                return "%s:%d %s" % (os.path.relpath(path, app), i + 2, new_line.strip())
    raise SystemExit("edit.py: no JSP page with a one-line scriptlet and no tag library in " + app)


def restore(backup):
    targets = os.path.join(backup, "targets")
    if not os.path.exists(targets):
        return
    with open(targets, encoding="utf-8") as f:
        entries = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    for path, rel in entries:
        saved = os.path.join(backup, "files", rel)
        if os.path.exists(saved):
            shutil.copy2(saved, path)
    shutil.rmtree(backup)


def main(argv):
    edits = {"body": apply_body, "signature": apply_signature, "jsp": apply_jsp}
    if len(argv) == 5 and argv[1] == "apply" and argv[2] in edits:
        app, backup = argv[3], argv[4]
        os.makedirs(backup, exist_ok=True)
        print(edits[argv[2]](app, backup))
    elif len(argv) == 3 and argv[1] == "restore":
        restore(argv[2])
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
