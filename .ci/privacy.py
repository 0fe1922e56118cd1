#!/usr/bin/env python3
"""Checks the library's privacy manifests (one per module: Sources/ServiceLayerCore/PrivacyInfo.xcprivacy and
Sources/ServiceLayer/PrivacyInfo.xcprivacy) against their code.

Apple rejects an app at upload when code in it (its SDKs' too) calls a "required reason" API without a
reason declared in a privacy manifest (since May 1, 2024). The list of those APIs and of the reasons:
https://developer.apple.com/documentation/bundleresources/describing-use-of-required-reason-api
The manifest's keys: https://developer.apple.com/documentation/bundleresources/privacy-manifest-files

This check fails when
- a required-reason API appears in the code of a module of the library (Sources/ServiceLayerCore,
  Sources/ServiceLayer: what apps link; comments are ignored) and that module's manifest has no entry with
  a reason for its category (each module is its own bundle, with its own manifest);
- the manifest declares a category the code no longer uses, or a reason that is not one Apple lists for it;
- the manifest says it tracks, names tracking domains or collects data (the library does none of these);
- Package.swift does not ship a manifest as a resource of each of those targets.

`--self-test` first proves it fails: on a copy of the sources with `ProcessInfo.processInfo.systemUptime`
planted (system boot time, undeclared), and on a copy whose manifest lost its file-timestamp entry.
"""
import plistlib
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = ["Sources/ServiceLayerCore", "Sources/ServiceLayer"]
SOURCES = MODULES[0]
MANIFEST = SOURCES + "/PrivacyInfo.xcprivacy"

# Category -> (patterns of the APIs Apple lists for it, the reasons Apple allows for it). Patterns match
# Swift spellings of the listed APIs (Foundation names and the C functions).
CATEGORIES = {
    "NSPrivacyAccessedAPICategoryFileTimestamp": (
        [r"\bcreationDate\b", r"\bmodificationDate\b", r"\bfileModificationDate\b", r"\bcontentModificationDate",
         r"\bcreationDateKey\b", r"\bcontentModificationDateKey\b", r"\battributesOfItem\b",
         r"\bgetattrlist(bulk|at)?\s*\(", r"\bfgetattrlist\s*\(", r"(?<![\w.])(f|l)?stat(at)?\s*\("],
        {"DDA9.1", "C617.1", "3B52.1", "0A2A.1"}),
    "NSPrivacyAccessedAPICategorySystemBootTime": (
        [r"\bsystemUptime\b", r"\bmach_absolute_time\s*\("],
        {"35F9.1", "8FFB.1", "3D61.1"}),
    "NSPrivacyAccessedAPICategoryDiskSpace": (
        [r"\bvolumeAvailableCapacity", r"\bvolumeTotalCapacity", r"\bsystemFreeSize\b", r"\bsystemSize\b",
         r"\bstatv?fs\s*\(", r"\bfstatv?fs\s*\("],
        {"85F4.1", "E174.1", "7D9E.1", "B728.1"}),
    "NSPrivacyAccessedAPICategoryUserDefaults": (
        [r"\bUserDefaults\b", r"\bNSUserDefaults\b"],
        {"CA92.1", "1C8F.1", "C56D.1", "AC6B.1"}),
    "NSPrivacyAccessedAPICategoryActiveKeyboards": (
        [r"\bactiveInputModes\b"],
        {"3EC4.1", "54BD.1"}),
}


def code_without_comments(text):
    """The Swift text with // comments and /* */ blocks removed (string literals are kept)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(line.split("//", 1)[0] for line in text.splitlines())


def used_categories(root, sources=SOURCES):
    """Category -> ["path:line: API", ...] for every required-reason API the module's code calls."""
    used = {}
    for path in sorted((root / sources).rglob("*.swift")):
        for number, line in enumerate(code_without_comments(path.read_text()).splitlines(), 1):
            for category, (patterns, _) in CATEGORIES.items():
                for pattern in patterns:
                    match = re.search(pattern, line)
                    if match:
                        used.setdefault(category, []).append(f"{path.relative_to(root)}:{number}: {match.group(0)}")
    return used


def check(root):
    """The problems found in the package at `root` (empty when every module's manifest is right)."""
    problems = []
    for sources in MODULES:
        problems += check_module(root, sources)
    package = (root / "Package.swift").read_text()
    if len(re.findall(r'resources:\s*\[\s*\.copy\("PrivacyInfo\.xcprivacy"\)', package)) < len(MODULES):
        problems.append('Package.swift must ship each manifest: resources: [.copy("PrivacyInfo.xcprivacy")] in '
                        + " and ".join(Path(sources).name for sources in MODULES))
    return problems


def check_module(root, sources):
    """The problems of one module's manifest against its code."""
    problems = []
    MANIFEST = sources + "/PrivacyInfo.xcprivacy"
    manifest_path = root / MANIFEST
    if not manifest_path.is_file():
        return [f"{MANIFEST} is missing"]
    with manifest_path.open("rb") as file:
        manifest = plistlib.load(file)
    if manifest.get("NSPrivacyTracking") is not False:
        problems.append("NSPrivacyTracking must be present and false: the library does not track")
    if manifest.get("NSPrivacyTrackingDomains", []) != []:
        problems.append("NSPrivacyTrackingDomains must be empty: the library contacts only the caller's servers")
    if manifest.get("NSPrivacyCollectedDataTypes", []) != []:
        problems.append("NSPrivacyCollectedDataTypes must be empty: the library collects no data for itself")
    declared = {}
    for entry in manifest.get("NSPrivacyAccessedAPITypes", []):
        declared[entry.get("NSPrivacyAccessedAPIType")] = entry.get("NSPrivacyAccessedAPITypeReasons", [])
    used = used_categories(root, sources)
    for category, places in used.items():
        if not declared.get(category):
            problems.append(f"{category} is used without a reason in {MANIFEST}:\n    " + "\n    ".join(places))
    for category, reasons in declared.items():
        if category not in CATEGORIES:
            problems.append(f"{MANIFEST} declares an unknown category {category}")
            continue
        if category not in used:
            problems.append(f"{MANIFEST} declares {category}, which the code no longer uses: remove the entry")
        wrong = [reason for reason in reasons if reason not in CATEGORIES[category][1]]
        if wrong:
            problems.append(f"{category}: {wrong} are not reasons Apple lists for it")
    return problems


def self_test():
    """The check passes on the package as it is, and fails on each planted fault."""
    assert check(ROOT) == [], "the self-test needs a package that passes"
    with tempfile.TemporaryDirectory() as temporary:
        copy = Path(temporary)
        for sources in MODULES:
            shutil.copytree(ROOT / sources, copy / sources)
        shutil.copy(ROOT / "Package.swift", copy / "Package.swift")
        planted = copy / SOURCES / "Plumbing" / "Planted.swift"
        planted.write_text("import Foundation\nlet planted = ProcessInfo.processInfo.systemUptime\n")
        problems = check(copy)
        assert any("SystemBootTime is used" in problem for problem in problems), problems
        planted.write_text("import Foundation\n// ProcessInfo.processInfo.systemUptime, in a comment only\n")
        assert check(copy) == [], "a comment is not a use"
        planted.unlink()
        manifest = copy / MANIFEST
        with manifest.open("rb") as file:
            content = plistlib.load(file)
        content["NSPrivacyAccessedAPITypes"] = []
        with manifest.open("wb") as file:
            plistlib.dump(content, file)
        problems = check(copy)
        assert any("FileTimestamp is used" in problem for problem in problems), problems
    print("privacy.py self-test: an undeclared boot-time API and a missing file-timestamp entry both fail")


def main():
    if "--self-test" in sys.argv:
        self_test()
        return 0
    problems = check(ROOT)
    for problem in problems:
        print(f"privacy manifest: {problem}", file=sys.stderr)
    if problems:
        return 1
    for sources in MODULES:
        used = used_categories(ROOT, sources)
        print(f"privacy manifest: {sources}/PrivacyInfo.xcprivacy declares every required-reason API the module "
              f"uses ({', '.join(sorted(used)) or 'none'})")
        if shutil.which("plutil"):  # on a Mac: the manifest is a valid property list
            subprocess.run(["plutil", "-lint", str(ROOT / sources / "PrivacyInfo.xcprivacy")], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
