#!/usr/bin/env python3
"""Fails on uses of APIs newer than the package's deployment floor, unless guarded.

No SDK for Apple platforms exists where CI runs, so the compiler cannot say when code needs more than
the floor that Package.swift declares. This check reads the floor from Package.swift and the list of
APIs from .ci/floor-apis.txt (one line per API: the release that introduced it on each platform and a
pattern), scans the Swift files under Sources/ and server-fixtures/, and reports every use of an API
newer than the floor that is not guarded.

What counts as guarded (a heuristic, not a type checker):
  - the use is inside a block whose opening line (or the attribute lines just above it) carries
    `if #available(...)`, `guard #available(...)` or `@available(...)` naming, for every platform on
    which the API is newer than the floor, a version at least the API's (`*` alone does not count);
    a declaration's `@available` covers everything nested in it, however deep;
  - a `guard #available(...)` line precedes the use in the same block;
  - the line carries a marker comment `// floor-ok: <reason>` (for a guard the heuristic cannot see).
Comments and the text of string literals are blanked before matching, so prose never counts as a use.

Usage:
  python3 .ci/floor.py              check the package (exit 1 on a violation)
  python3 .ci/floor.py --root DIR   check another tree with the same layout
  python3 .ci/floor.py --self-test  prove the check catches what it should, on temporary copies
"""

import argparse
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

PLATFORMS = ["iOS", "macOS", "tvOS", "watchOS", "visionOS"]
SCANNED = ["Sources", "server-fixtures", "Tests"]
HERE = pathlib.Path(__file__).resolve().parent
MARKER = re.compile(r"//\s*floor-ok:\s*\S")


def version(text):
    return tuple(int(part) for part in text.split("."))


def show(v):
    return ".".join(str(part) for part in v)


# MARK: - Inputs


def read_floor(package_swift):
    """The `platforms:` of Package.swift, e.g. {"iOS": (15,), "macOS": (12,), ...}."""
    text = package_swift.read_text()
    floor = {}
    for name, raw in re.findall(r"\.(iOS|macOS|tvOS|watchOS|visionOS)\(\s*\.v(\d+(?:_\d+)*)\s*\)", text):
        floor[name] = version(raw.replace("_", "."))
    missing = [p for p in PLATFORMS if p not in floor]
    if missing:
        sys.exit(f"floor: Package.swift names no version for {', '.join(missing)}")
    return floor


def read_apis(path):
    apis = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = line.split(" | ", 3)
        if len(fields) != 4:
            sys.exit(f"{path}:{number}: expected 'name | versions | pattern | note'")
        name, versions, pattern, note = (field.strip() for field in fields)
        parts = versions.split()
        if len(parts) != len(PLATFORMS):
            sys.exit(f"{path}:{number}: expected {len(PLATFORMS)} versions ({' '.join(PLATFORMS)})")
        try:
            regex = re.compile(pattern)
        except re.error as error:
            sys.exit(f"{path}:{number}: bad pattern: {error}")
        apis.append(
            {"name": name, "since": dict(zip(PLATFORMS, map(version, parts))), "regex": regex, "note": note}
        )
    return apis


# MARK: - Blanking comments and strings


def blank(lines):
    """The lines with comments removed and string-literal text replaced by spaces (quotes kept).

    Tracks block comments (nested, as in Swift) and multi-line strings across lines; a string
    interpolation's code is blanked too (a simplification: interpolated API uses are not seen).
    """
    out = []
    comment_depth = 0
    in_multiline = None  # the closing delimiter of an open multi-line string, e.g. '"""' or '"""#'
    for line in lines:
        result = []
        i = 0
        in_string = None  # closing delimiter of an open single-line string
        while i < len(line):
            rest = line[i:]
            if comment_depth:
                if rest.startswith("/*"):
                    comment_depth += 1
                    i += 2
                elif rest.startswith("*/"):
                    comment_depth -= 1
                    i += 2
                else:
                    i += 1
                result.append(" ")
                continue
            if in_multiline or in_string:
                closing = in_multiline or in_string
                if rest.startswith("\\") and not closing.endswith("#"):
                    result.append("  ")
                    i += 2
                    continue
                if rest.startswith(closing):
                    result.append(closing)
                    i += len(closing)
                    in_multiline = in_string = None
                    continue
                result.append(" ")
                i += 1
                continue
            if rest.startswith("//"):
                break
            if rest.startswith("/*"):
                comment_depth = 1
                i += 2
                result.append("  ")
                continue
            opening = re.match(r'(#*)("""|")', rest)
            if opening:
                hashes, quotes = opening.groups()
                closing = quotes + hashes
                result.append(opening.group(0))
                i += len(opening.group(0))
                if quotes == '"""':
                    in_multiline = closing
                else:
                    in_string = closing
                continue
            result.append(line[i])
            i += 1
        out.append("".join(result))
    return out


# MARK: - Guards


def guard_versions(text):
    """Platform versions named by availability guards in `text`, or None when it has none."""
    found = None
    for match in re.finditer(r"(?:#available|@available)\s*\(([^)]*)\)", text):
        found = found or {}
        body = match.group(1)
        for name, raw in re.findall(r"\b(iOS|macOS|tvOS|watchOS|visionOS)\s+(\d+(?:\.\d+)*)", body):
            found[name] = max(found.get(name, (0,)), version(raw))
        long_form = re.match(r"\s*(iOS|macOS|tvOS|watchOS|visionOS)\s*,.*\bintroduced:\s*(\d+(?:\.\d+)*)", body)
        if long_form:
            found[long_form.group(1)] = version(long_form.group(2))
    return found


def covers(versions, needed):
    return versions is not None and all(versions.get(p, (0,)) >= v for p, v in needed.items())


def is_guarded(code, index, column, needed):
    """Whether the use at `code[index][column:]` sits under a guard covering `needed`."""
    depth = 0
    for j in range(index, -1, -1):
        line = code[j][:column] if j == index else code[j]
        if j < index and depth == 0 and re.search(r"\bguard\s+#available", line):
            if covers(guard_versions(line), needed):
                return True
        for k in range(len(line) - 1, -1, -1):
            char = line[k]
            if char == "}":
                depth += 1
            elif char == "{":
                if depth > 0:
                    depth -= 1
                    continue
                # `line` opens a block that encloses the use: its header and attributes may guard it.
                header = [line]
                m = j - 1
                while m >= 0 and m >= j - 6:
                    above = code[m].strip()
                    if not above or above.endswith("{") or above.endswith("}") or above.endswith(";"):
                        break
                    header.insert(0, code[m])
                    m -= 1
                if covers(guard_versions("\n".join(header)), needed):
                    return True
    return False


# MARK: - The check


def check(root, floor, apis):
    violations = []
    at_floor = {}
    for folder in SCANNED:
        for path in sorted((root / folder).rglob("*.swift")):
            source = path.read_text().splitlines()
            code = blank(source)
            for index, line in enumerate(code):
                for api in apis:
                    match = api["regex"].search(line)
                    if not match:
                        continue
                    needed = {p: v for p, v in api["since"].items() if v > floor[p]}
                    where = f"{path.relative_to(root)}:{index + 1}"
                    if not needed:
                        at_floor.setdefault(api["name"], where)
                        continue
                    if MARKER.search(source[index]) or is_guarded(code, index, match.start(), needed):
                        continue
                    since = ", ".join(f"{p} {show(v)}" for p, v in needed.items())
                    violations.append(f"{where}: {api['name']} needs {since} (floor: {api['note']})")
    return violations, at_floor


def run(root):
    floor = read_floor(root / "Package.swift")
    apis = read_apis(HERE / "floor-apis.txt")
    violations, at_floor = check(root, floor, apis)
    print("floor: " + ", ".join(f"{p} {show(floor[p])}" for p in PLATFORMS) + f"; {len(apis)} APIs listed")
    for name, where in at_floor.items():
        print(f"floor: set by {name} (first use {where})")
    for violation in violations:
        print(violation)
    if violations:
        print(f"floor: {len(violations)} use(s) of APIs newer than the floor, unguarded", file=sys.stderr)
        return 1
    print("floor: no unguarded use of an API newer than the floor")
    return 0


# MARK: - Self-test


SAMPLE = '''import Foundation

func unguarded() -> URL {
    URL(filePath: "/tmp")  // line 4: reported
}

func guardedByIf() {
    if #available(iOS 16, macOS 13, tvOS 16, watchOS 9, *) {
        _ = URL(filePath: "/tmp")  // line 9: guarded
    } else {
        _ = URL(filePath: "/tmp")  // line 11: reported (the else branch)
    }
    _ = URL(filePath: "/tmp")  // line 13: reported (after the guarded block)
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
struct Modern {
    func run() {
        _ = Duration.seconds(1)  // line 19: guarded by the type's @available
    }
}

func guardedByGuard() {
    guard #available(iOS 16, macOS 13, tvOS 16, watchOS 9, *) else { return }
    _ = Duration.seconds(1)  // line 25: guarded
}

func tooLowAGuard() {
    if #available(iOS 16, macOS 13, tvOS 16, watchOS 9, *) {
        _ = Mutex(0)  // line 30: reported (Mutex needs iOS 18 / macOS 15)
    }
}

func starOnly() {
    if #available(*) {
        _ = Duration.seconds(1)  // line 36: reported (`*` alone is the floor)
    }
}

// A comment about URL(filePath:) and Duration is not a use, nor is "URL(filePath:) in a string".
let text = "Task.sleep(for: .seconds(1))"
let marked = URL(filePath: "/tmp")  // floor-ok: the self-test's marker line
let regex = /[a-z]+/  // line 43: reported (a bare regex literal)
let ratio = total / 2 / count
'''
EXPECTED = {4, 11, 13, 30, 36, 43}


def self_test():
    floor = read_floor(HERE.parent / "Package.swift")
    apis = read_apis(HERE / "floor-apis.txt")
    failures = []
    with tempfile.TemporaryDirectory() as temp:
        # 1. The heuristic on a sample: exactly the expected lines are reported.
        sample_root = pathlib.Path(temp) / "sample"
        (sample_root / "Sources").mkdir(parents=True)
        (sample_root / "server-fixtures").mkdir()
        (sample_root / "Sources" / "Sample.swift").write_text(SAMPLE)
        violations, _ = check(sample_root, floor, apis)
        reported = {int(v.split(":")[1]) for v in violations}
        if reported != EXPECTED:
            failures.append(f"sample: reported lines {sorted(reported)}, expected {sorted(EXPECTED)}")
            failures.extend("  " + v for v in violations)

        # 2. A copy of this package with one offending line added: the real command fails, naming it.
        copy = pathlib.Path(temp) / "package"
        copy.mkdir()
        shutil.copy(HERE.parent / "Package.swift", copy)
        for folder in SCANNED:
            shutil.copytree(HERE.parent / folder, copy / folder)
        target = copy / "Sources" / "ServiceLayer" / "Client" / "APIClient.swift"
        lines = target.read_text().splitlines()
        lines.append("let floorSelfTestURL = URL(filePath: \"/tmp\")")
        target.write_text("\n".join(lines) + "\n")
        clean = subprocess.run([sys.executable, __file__, "--root", str(HERE.parent)], capture_output=True, text=True)
        dirty = subprocess.run([sys.executable, __file__, "--root", str(copy)], capture_output=True, text=True)
        expected_line = f"Sources/ServiceLayer/Client/APIClient.swift:{len(lines)}: URL(filePath:)"
        if dirty.returncode == 0 or expected_line not in dirty.stdout:
            failures.append(f"copy with an offending line: exit {dirty.returncode}, output:\n{dirty.stdout}")
        else:
            print(f"self-test: the copy with an offending line fails (exit {dirty.returncode}):")
            print("  " + next(line for line in dirty.stdout.splitlines() if expected_line in line))
        if clean.returncode != 0:
            failures.append(f"the package itself fails the check:\n{clean.stdout}")

    if failures:
        print("\n".join(failures), file=sys.stderr)
        print("self-test: FAILED", file=sys.stderr)
        return 1
    print(f"self-test: the sample's {len(EXPECTED)} unguarded uses are reported and nothing else")
    print("self-test: passed")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", type=pathlib.Path, default=HERE.parent, help="the package to check")
    parser.add_argument("--self-test", action="store_true", help="check the checker")
    arguments = parser.parse_args()
    return self_test() if arguments.self_test else run(arguments.root.resolve())


if __name__ == "__main__":
    sys.exit(main())
