#!/usr/bin/env python3
"""Fails on uses of APIs newer than the package's deployment floor, unless guarded.

No SDK for Apple platforms exists where CI runs, so the compiler cannot say when code needs more than
the floor that Package.swift declares. Two checks stand in for it, both against that floor:

  1. From the toolchain's own data (.ci/floor_symbols.py): every symbol the package's targets
     reference, read from the index store of the build (`swift build --build-tests` writes
     .build/debug/index/store), looked up in the symbol graphs of the toolchain's modules, which carry
     Apple availability on Linux too (Swift, _Concurrency, Synchronization, Observation, regex,
     swift-foundation's FoundationEssentials and FoundationInternationalization). Each finding names
     the file, line, column, symbol and the versions it needs.
  2. Patterns from .ci/floor-apis.txt for what those data cannot show (language features, APIs the
     Linux toolchain does not declare, code the Linux build does not compile), scanned in the Swift
     files under Sources/, server-fixtures/ and Tests/.

What counts as guarded (a heuristic on the source text, for both checks):
  - the use is inside a block whose opening line (or the attribute lines just above it) carries
    `if #available(...)`, `guard #available(...)` or `@available(...)` naming, for every platform on
    which the API is newer than the floor, a version at least the API's (`*` alone does not count);
    a declaration's `@available` covers everything nested in it, however deep;
  - a `guard #available(...)` line precedes the use in the same block;
  - the line carries a marker comment `// floor-ok: <reason>` (for a guard the heuristic cannot see).
Comments and the text of string literals are blanked before matching, so prose never counts as a use.

Usage (after `swift build --build-tests`):
  python3 .ci/floor.py              check the package (exit 1 on a violation)
  python3 .ci/floor.py --root DIR   check another tree with the same layout (and its own .build)
  python3 .ci/floor.py --self-test  prove the checks catch what they should, on temporary copies
"""

import argparse
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import floor_symbols  # noqa: E402  (next to this file)

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
    def padded(v):
        return (tuple(v) + (0, 0, 0))[:3]

    return versions is not None and all(padded(versions.get(p, (0,))) >= padded(v) for p, v in needed.items())


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


def run(root, index_store=None, only_built=False):
    floor = read_floor(root / "Package.swift")
    apis = read_apis(HERE / "floor-apis.txt")
    print("floor: " + ", ".join(f"{p} {show(floor[p])}" for p in PLATFORMS))

    # 1. Every referenced symbol, with the toolchain's availability.
    store = index_store or root / ".build" / "debug" / "index" / "store"
    symbol_violations, summary = floor_symbols.check(
        root, store, floor, PLATFORMS, is_guarded, blank, MARKER, show, require_all=not only_built,
        cache_root=HERE.parent / ".build" / "floor-symbol-graphs")
    for line in summary + symbol_violations:
        print(line)

    # 2. The patterns, for what the symbol graphs cannot see.
    violations, at_floor = check(root, floor, apis)
    print(f"floor: {len(apis)} patterns from .ci/floor-apis.txt")
    for name, where in at_floor.items():
        print(f"floor: set by {name} (first use {where})")
    for violation in violations:
        print(violation)

    count = len(symbol_violations) + len(violations)
    if count:
        print(f"floor: {count} use(s) of APIs newer than the floor, unguarded (or an index problem, above)",
              file=sys.stderr)
        return 1
    print("floor: no unguarded use of an API newer than the floor")
    return 0


# MARK: - Self-test


# For the pattern check: exactly the lines in PATTERN_EXPECTED are reported.
PATTERN_SAMPLE = '''import Foundation

func unguarded() -> String {
    Date.now.formatted(.http)  // line 4: reported
}

func guardedByIf() {
    if #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *) {
        _ = Date.now.formatted(.http)  // line 9: guarded
    } else {
        _ = Date.now.formatted(.http)  // line 11: reported (the else branch)
    }
    _ = Date.now.formatted(.http)  // line 13: reported (after the guarded block)
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
struct Modern {
    func run() {
        _ = OSAllocatedUnfairLock()  // line 19: guarded by the type's @available
    }
}

func guardedByGuard() {
    guard #available(iOS 16, macOS 13, tvOS 16, watchOS 9, *) else { return }
    _ = OSAllocatedUnfairLock()  // line 25: guarded
}

func tooLowAGuard() {
    if #available(iOS 16, macOS 13, tvOS 16, watchOS 9, *) {
        _ = Date.HTTPFormatStyle()  // line 30: reported (it needs iOS 18 / macOS 15)
    }
}

func starOnly() {
    if #available(*) {
        _ = OSAllocatedUnfairLock()  // line 36: reported (`*` alone is the floor)
    }
}

// A comment about OSAllocatedUnfairLock is not a use, nor is "Date.HTTPFormatStyle in a string".
let text = "#/[a-z]+/#"
let marked = OSAllocatedUnfairLock()  // floor-ok: the self-test's marker line
let regex = /[a-z]+/  // line 43: reported (a bare regex literal)
let ratio = total / 2 / count
'''
PATTERN_EXPECTED = {4, 11, 13, 30, 36, 43}

# For the symbol check, planted in a copy of the package's FixtureServer target and built there: the
# two APIs the hand-kept list once missed, unguarded, guarded, under too low a guard, and marked.
PLANTED_FILE = "server-fixtures/Sources/FloorSelfTest.swift"
PLANTED = '''// Planted by .ci/floor.py --self-test in a temporary copy of the package; never committed.
func plantedUnguarded(_ bytes: [UInt8]) async throws -> String? {
    try await Task.sleep(for: .seconds(1))  // line 3: reported (Task.sleep(for:), Duration.seconds)
    return String(validating: bytes, as: UTF8.self)  // line 4: reported
}

func plantedGuardedByIf(_ bytes: [UInt8]) async throws -> String? {
    if #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *) {
        try await Task.sleep(for: .seconds(1))
        return String(validating: bytes, as: UTF8.self)
    }
    return nil
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
func plantedAvailable() async throws {
    try await Task.sleep(for: .seconds(1))
}

func plantedTooLowAGuard(_ bytes: [UInt8]) -> String? {
    guard #available(iOS 16, macOS 13, tvOS 16, watchOS 9, *) else { return nil }
    return String(validating: bytes, as: UTF8.self)  // line 22: reported (it needs iOS 18 / macOS 15)
}

func plantedMarked(_ bytes: [UInt8]) -> String? {
    String(validating: bytes, as: UTF8.self)  // floor-ok: the self-test's marker line
}
'''
PLANTED_EXPECTED = {
    3: ["Task.sleep(for:tolerance:clock:) needs iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0",
        "Duration.seconds(_:) needs iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0"],
    4: ["String.init(validating:as:) needs iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0"],
    22: ["String.init(validating:as:) needs iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0"],
}


def self_test():
    floor = read_floor(HERE.parent / "Package.swift")
    apis = read_apis(HERE / "floor-apis.txt")
    failures = []
    with tempfile.TemporaryDirectory() as temp:
        # 1. The pattern heuristic on a sample: exactly the expected lines are reported.
        sample_root = pathlib.Path(temp) / "sample"
        (sample_root / "Sources").mkdir(parents=True)
        (sample_root / "Sources" / "Sample.swift").write_text(PATTERN_SAMPLE)
        violations, _ = check(sample_root, floor, apis)
        reported = {int(v.split(":")[1]) for v in violations}
        if reported != PATTERN_EXPECTED:
            failures.append(f"patterns: reported lines {sorted(reported)}, expected {sorted(PATTERN_EXPECTED)}")
            failures.extend("  " + v for v in violations)
        else:
            print(f"self-test: the pattern sample's {len(PATTERN_EXPECTED)} unguarded uses are reported, nothing else")

        # 2. A copy of this package with the planted file, its FixtureServer target built: the real
        #    command fails, naming each planted unguarded use with its symbol and versions, and nothing else.
        copy = pathlib.Path(temp) / "package"
        copy.mkdir()
        shutil.copy(HERE.parent / "Package.swift", copy)
        for folder in SCANNED:
            shutil.copytree(HERE.parent / folder, copy / folder)
        (copy / PLANTED_FILE).write_text(PLANTED)
        build = subprocess.run(
            ["swift", "build", "--target", "FixtureServer"], cwd=copy, capture_output=True, text=True)
        if build.returncode != 0:
            failures.append(f"the copy did not build:\n{build.stdout[-3000:]}{build.stderr[-3000:]}")
        else:
            dirty = subprocess.run(
                [sys.executable, __file__, "--root", str(copy), "--only-built"], capture_output=True, text=True)
            found = {}
            for line in dirty.stdout.splitlines():
                if line.startswith(PLANTED_FILE + ":"):
                    found.setdefault(int(line.split(":")[1]), []).append(line)
            others = [line for line in dirty.stdout.splitlines()
                      if " needs " in line and not line.startswith(PLANTED_FILE + ":")]
            problems = []
            if dirty.returncode == 0:
                problems.append("it passed")
            if set(found) != set(PLANTED_EXPECTED):
                problems.append(f"reported lines {sorted(found)}, expected {sorted(PLANTED_EXPECTED)}")
            for number, texts in PLANTED_EXPECTED.items():
                for text in texts:
                    if not any(text in line for line in found.get(number, [])):
                        problems.append(f"line {number} not reported as: {text}")
            if others:
                problems.append("reports outside the planted file: " + "; ".join(others))
            if problems:
                failures.append(
                    "the copy with planted uses: " + "; ".join(problems) + f"\n{dirty.stdout}{dirty.stderr}")
            else:
                print(f"self-test: the copy with planted uses fails (exit {dirty.returncode}), naming exactly:")
                for number in sorted(found):
                    for line in found[number]:
                        print("  " + line)

    if failures:
        print("\n".join(failures), file=sys.stderr)
        print("self-test: FAILED", file=sys.stderr)
        return 1
    print("self-test: passed")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", type=pathlib.Path, default=HERE.parent, help="the package to check")
    parser.add_argument(
        "--index-store", type=pathlib.Path, help="the build's index store; ROOT/.build/debug/index/store by default")
    parser.add_argument(
        "--only-built", action="store_true", help="check only the files the index holds (for a partial build)")
    parser.add_argument("--self-test", action="store_true", help="check the checker")
    arguments = parser.parse_args()
    if arguments.self_test:
        return self_test()
    return run(arguments.root.resolve(), arguments.index_store, arguments.only_built)


if __name__ == "__main__":
    sys.exit(main())
