#!/usr/bin/env python3
"""Checks that every Swift example in the documentation is code that CI compiles: README.md,
CONTRIBUTING.md and every article of both DocC catalogs (ServiceLayer.docc, ServiceLayerTesting.docc).

Each ```swift block must be preceded (on the line before the fence) by one of:
    <!-- compiled: PATH -->        the block appears verbatim in PATH (any uniform indentation)
    <!-- not compiled: REASON -->  a fragment that cannot compile on its own (say why)
PATH is relative to the repository root and must be a file that a CI stage builds: under Sources/,
Tests/, server-fixtures/ or the LearnerApp's compiled folders. Most articles' examples live in
Tests/ServiceLayerTests/DocExamples/, which `swift build --build-tests` compiles.
It also holds README.md to its length: at most README_LINES lines, the newcomer's first screen; the
rest belongs in the DocC articles it links ("One home for each thing", CONTRIBUTING.md).
Exit status 1 lists every block that is unmarked or no longer matches its file.
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The documents whose Swift blocks are checked. DocC drops HTML comments, so the markers are invisible there.
CATALOGS = ["Sources/ServiceLayer/ServiceLayer.docc", "Sources/ServiceLayerTesting/ServiceLayerTesting.docc"]
DOCUMENTS = [name for name in ("README.md", "CONTRIBUTING.md") if (ROOT / name).is_file()] + [
    str(path.relative_to(ROOT)) for catalog in CATALOGS for path in sorted((ROOT / catalog).rglob("*.md"))
]
# Where compiled code lives: every folder a CI stage builds (swift build --build-tests, .ci/learner.sh).
BUILT = ("Sources/", "Tests/", "server-fixtures/", "Examples/LearnerApp/Screens/", "Examples/LearnerApp/Sources/",
         "Examples/LearnerApp/YourOwnAPI/")
# README.md's length: the landing page, not the manual.
README_LINES = 200
MARK = re.compile(r"^<!-- (compiled: (?P<path>\S+)|not compiled: (?P<reason>.+?)) -->$")


def blocks(text):
    """(line number, marker line, code lines) for every ```swift block."""
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        if lines[index].strip() == "```swift":
            start = index
            index += 1
            code = []
            while index < len(lines) and lines[index].strip() != "```":
                code.append(lines[index].rstrip())
                index += 1
            marker = lines[start - 1].strip() if start > 0 else ""
            yield start + 1, marker, code
        index += 1


def contains(file_lines, code):
    """Whether `code` appears as consecutive lines of `file_lines`, all shifted by one indentation."""
    code = [line for line in code]
    width = len(code)
    for offset in range(len(file_lines) - width + 1):
        window = file_lines[offset:offset + width]
        first = window[0]
        shift = len(first) - len(first.lstrip()) - (len(code[0]) - len(code[0].lstrip()))
        if shift < 0:
            continue
        if all((w[shift:] if w.strip() else "") == (c if c.strip() else "") for w, c in zip(window, code)):
            return True
    return False


def main():
    problems = []
    count = 0
    for document in DOCUMENTS:
        for line, marker, code in blocks((ROOT / document).read_text()):
            count += 1
            match = MARK.match(marker)
            if not match:
                problems.append(f"{document}:{line}: a Swift block without a <!-- compiled: ... --> marker")
                continue
            path = match.group("path")
            if path is None:
                continue
            target = ROOT / path
            if not path.startswith(BUILT):
                problems.append(f"{document}:{line}: {path} is not in a folder that CI builds")
            elif not target.is_file():
                problems.append(f"{document}:{line}: {path} does not exist")
            elif not contains([l.rstrip() for l in target.read_text().splitlines()], code):
                problems.append(f"{document}:{line}: the block is not in {path} as written")
    readme_lines = len((ROOT / "README.md").read_text().splitlines())
    if readme_lines > README_LINES:
        problems.append(f"README.md has {readme_lines} lines, more than {README_LINES}: move detail into the "
                        "DocC article it links")
    for problem in problems:
        print(problem)
    print(f"readme: {count} Swift blocks in {len(DOCUMENTS)} documents, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
