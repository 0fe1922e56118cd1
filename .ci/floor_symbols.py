"""The floor check from the compiler's own data: what the package references, and since when Apple has it.

Two inputs, both from the toolchain, none hand-kept:
  - the index store of a build (`.build/debug/index/store`, written by `swift build`): every symbol
    each compiled Swift file references, with its line and column, read with the toolchain's
    libIndexStore.so through ctypes;
  - the symbol graphs of the toolchain's modules (`swift symbolgraph-extract -module-name Swift
    -target x86_64-unknown-linux-gnu`, and _Concurrency, Synchronization, Foundation, ...): they carry
    the Apple availability of the standard library, the concurrency runtime, Synchronization,
    Observation, regex and swift-foundation's modules (FoundationEssentials, FoundationInternationalization)
    even on Linux. A member without availability of its own has its type's (the graph's `memberOf`).

A reference is reported when its symbol was introduced after the floor on some platform and the use
is not guarded: the guard test is floor.py's (an enclosing `if #available` / `@available` block naming
at least the needed versions, a `guard #available` before it in the block, or a `// floor-ok:` line).

What this cannot see (so floor-apis.txt keeps patterns for it): code the Linux build does not compile
(`#if canImport(Network)`, `#if os(watchOS)` branches), declarations of swift-corelibs-foundation that
carry no availability on Linux (much of `Foundation` and `FoundationNetworking`: NS* classes,
URLSession), and language features that reference no symbol (regex literals, `isolated deinit`,
`@isolated(any)`).
"""

import ctypes
import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import sys

# The toolchain modules whose graphs are read; others found in the index are added.
BASE_MODULES = [
    "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Synchronization", "Observation",
    "Distributed", "Dispatch", "Foundation", "FoundationEssentials", "FoundationInternationalization",
    "FoundationNetworking", "FoundationXML", "XCTest", "Testing",
]
REQUIRED_MODULES = {"Swift", "_Concurrency", "FoundationEssentials"}
ROLE_REFERENCE = 1 << 2
ROLE_IMPLICIT = 1 << 8
UNIT_DEPENDENCY_UNIT, UNIT_DEPENDENCY_RECORD = 1, 2


def toolchain_lib():
    swift = shutil.which("swift")
    if not swift:
        sys.exit("floor: no `swift` on PATH")
    return pathlib.Path(swift).resolve().parent.parent / "lib"


# MARK: - The index store (libIndexStore through ctypes)


class _StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]


def _text(ref):
    return ctypes.string_at(ref.data, ref.length).decode() if ref.length else ""


class IndexStore:
    """The units (one per compiled file) and their records' references, read from an index store."""

    _P = ctypes.c_void_p  # every libIndexStore handle is a pointer
    _SIGNATURES = {  # name: (result type, argument types), as in indexstore.h
        "indexstore_store_create": (_P, [ctypes.c_char_p, ctypes.POINTER(_P)]),
        "indexstore_error_get_description": (ctypes.c_char_p, [_P]),
        "indexstore_store_units_apply_f": (ctypes.c_bool, [_P, ctypes.c_uint, _P, _P]),
        "indexstore_unit_reader_create": (_P, [_P, ctypes.c_char_p, ctypes.POINTER(_P)]),
        "indexstore_unit_reader_dispose": (None, [_P]),
        "indexstore_unit_reader_get_main_file": (_StringRef, [_P]),
        "indexstore_unit_reader_get_module_name": (_StringRef, [_P]),
        "indexstore_unit_reader_get_modification_time": (
            None, [_P, ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64)]),
        "indexstore_unit_reader_dependencies_apply_f": (ctypes.c_bool, [_P, _P, _P]),
        "indexstore_unit_dependency_get_kind": (ctypes.c_int, [_P]),
        "indexstore_unit_dependency_get_name": (_StringRef, [_P]),
        "indexstore_unit_dependency_get_modulename": (_StringRef, [_P]),
        "indexstore_unit_dependency_is_system": (ctypes.c_bool, [_P]),
        "indexstore_record_reader_create": (_P, [_P, ctypes.c_char_p, ctypes.POINTER(_P)]),
        "indexstore_record_reader_dispose": (None, [_P]),
        "indexstore_record_reader_occurrences_apply_f": (ctypes.c_bool, [_P, _P, _P]),
        "indexstore_occurrence_get_symbol": (_P, [_P]),
        "indexstore_occurrence_get_roles": (ctypes.c_uint64, [_P]),
        "indexstore_occurrence_get_line_col": (
            None, [_P, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]),
        "indexstore_symbol_get_usr": (_StringRef, [_P]),
    }
    _NAME_CALLBACK = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, _StringRef)
    _HANDLE_CALLBACK = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_void_p)

    def __init__(self, path):
        self.lib = ctypes.CDLL(str(toolchain_lib() / "libIndexStore.so"))
        for name, (result, arguments) in self._SIGNATURES.items():
            function = getattr(self.lib, name)
            function.restype, function.argtypes = result, arguments
        error = ctypes.c_void_p()
        self.store = self.lib.indexstore_store_create(str(path).encode(), ctypes.byref(error))
        if not self.store:
            sys.exit(f"floor: cannot open the index store {path}: {self._describe(error)}")

    def _describe(self, error):
        return (self.lib.indexstore_error_get_description(error) or b"").decode() if error else "unknown error"

    def units(self):
        """Per unit: (main file, module, modification time, record names, system modules it imports)."""
        names = []
        callback = self._NAME_CALLBACK(lambda _, name: names.append(_text(name)) or True)
        self.lib.indexstore_store_units_apply_f(self.store, 0, None, callback)
        for name in names:
            error = ctypes.c_void_p()
            reader = self.lib.indexstore_unit_reader_create(self.store, name.encode(), ctypes.byref(error))
            if not reader:
                continue
            main = _text(self.lib.indexstore_unit_reader_get_main_file(reader))
            module = _text(self.lib.indexstore_unit_reader_get_module_name(reader))
            seconds, nanoseconds = ctypes.c_int64(), ctypes.c_int64()
            self.lib.indexstore_unit_reader_get_modification_time(
                reader, ctypes.byref(seconds), ctypes.byref(nanoseconds))
            records, imports = [], set()

            def dependency(_, handle):
                kind = self.lib.indexstore_unit_dependency_get_kind(handle)
                if kind == UNIT_DEPENDENCY_RECORD:
                    records.append(_text(self.lib.indexstore_unit_dependency_get_name(handle)))
                elif kind == UNIT_DEPENDENCY_UNIT and self.lib.indexstore_unit_dependency_is_system(handle):
                    imports.add(_text(self.lib.indexstore_unit_dependency_get_modulename(handle)))
                return True

            self.lib.indexstore_unit_reader_dependencies_apply_f(reader, None, self._HANDLE_CALLBACK(dependency))
            self.lib.indexstore_unit_reader_dispose(reader)
            if main:
                yield main, module, seconds.value + nanoseconds.value / 1e9, records, imports

    def references(self, record):
        """(line, column, USR, implicit) of every reference in `record`."""
        found = []
        error = ctypes.c_void_p()
        reader = self.lib.indexstore_record_reader_create(self.store, record.encode(), ctypes.byref(error))
        if not reader:
            sys.exit(f"floor: cannot read index record {record}: {self._describe(error)}")

        def occurrence(_, handle):
            roles = self.lib.indexstore_occurrence_get_roles(handle)
            if roles & ROLE_REFERENCE:
                symbol = self.lib.indexstore_occurrence_get_symbol(handle)
                line, column = ctypes.c_uint(), ctypes.c_uint()
                self.lib.indexstore_occurrence_get_line_col(handle, ctypes.byref(line), ctypes.byref(column))
                usr = _text(self.lib.indexstore_symbol_get_usr(symbol))
                found.append((line.value, column.value, usr, bool(roles & ROLE_IMPLICIT)))
            return True

        self.lib.indexstore_record_reader_occurrences_apply_f(reader, None, self._HANDLE_CALLBACK(occurrence))
        self.lib.indexstore_record_reader_dispose(reader)
        return found


def compiled_files(store, root):
    """Each Swift file under `root` the index knows: its newest unit's records, module and time."""
    newest = {}
    imports = set()
    for main, module, time, records, unit_imports in store.units():
        path = pathlib.Path(main)
        if path.suffix != ".swift" or not path.is_file() or root not in path.parents or ".build" in path.parts:
            continue
        imports |= unit_imports
        if main not in newest or newest[main]["time"] < time:
            newest[main] = {"time": time, "records": records, "module": module}
    return newest, imports


# MARK: - Symbol graphs (Apple availability of the toolchain's modules)


def version_of(entry):
    return tuple(entry.get(part, 0) for part in ("major", "minor", "patch"))


def padded(version):
    """`version` as (major, minor, patch), so that (12,) and (12, 0, 0) compare equal."""
    return (tuple(version) + (0, 0, 0))[:3]


def extract_symbol_graphs(modules, cache_root):
    """The folder of symbol graphs for `modules`, extracted once per toolchain (cached under `cache_root`)."""
    swift_version = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout
    key = hashlib.sha1((swift_version + "\n".join(sorted(modules))).encode()).hexdigest()[:12]
    folder = cache_root / key
    done = folder / ".complete"
    if done.exists():
        return folder, json.loads(done.read_text())
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    skipped = []
    for module in sorted(modules):
        result = subprocess.run(
            ["swift", "symbolgraph-extract", "-module-name", module, "-target", "x86_64-unknown-linux-gnu",
             "-minimum-access-level", "public", "-output-dir", str(folder)],
            capture_output=True, text=True)
        if result.returncode != 0:
            if module in REQUIRED_MODULES:
                sys.exit(f"floor: swift symbolgraph-extract failed for {module}:\n{result.stderr}")
            skipped.append(module)
    done.write_text(json.dumps(skipped))
    return folder, skipped


def load_availability(folder, platforms):
    """USR → (display name, {platform: introduced}) for every symbol with Apple availability.

    A member without availability of its own has its type's (and the type its parent's). A protocol
    requirement added after its protocol, with a default implementation that is older (Swift 6 made
    `FixedWidthInteger.&*` a requirement, macOS 15, implemented by the old extension method), counts
    as old as that implementation: on an older system the call is served by it.
    """
    own, names, parent, defaults = {}, {}, {}, {}
    for path in sorted(folder.glob("*.symbols.json")):
        graph = json.loads(path.read_text())
        for symbol in graph["symbols"]:
            usr = symbol["identifier"]["precise"]
            names.setdefault(usr, ".".join(symbol.get("pathComponents") or [symbol["names"]["title"]]))
            introduced = {}
            for entry in symbol.get("availability") or []:
                if entry.get("domain") in platforms and "introduced" in entry:
                    introduced[entry["domain"]] = version_of(entry["introduced"])
            if introduced:
                merged = own.setdefault(usr, {})
                for platform, since in introduced.items():
                    merged[platform] = max(merged.get(platform, (0, 0, 0)), since)
        for relation in graph.get("relationships", []):
            if relation.get("kind") == "memberOf":
                parent.setdefault(relation["source"], relation["target"])
            elif relation.get("kind") == "defaultImplementationOf":
                defaults.setdefault(relation["target"], []).append(relation["source"])

    def effective(usr, depth=0):
        result = dict(own.get(usr, {}))
        up = parent.get(usr)
        if up and depth < 8:
            for platform, since in effective(up, depth + 1).items():
                result[platform] = max(result.get(platform, (0, 0, 0)), since)
        return result

    table = {}
    for usr in set(own) | set(parent):
        if "::SYNTHESIZED::" in usr:
            continue
        introduced = effective(usr)
        for implementation in defaults.get(usr, []):
            older = effective(implementation)
            introduced = {p: v for p, v in introduced.items() if older.get(p, (0, 0, 0)) >= v}
        if introduced:
            table[usr] = (names.get(usr, usr), introduced)
    return table


# MARK: - The check


def check(root, store_path, floor, platforms, is_guarded, blank, marker, show, require_all=True, cache_root=None):
    """(violations, summary lines); `violations` are report lines naming file, line, symbol and versions."""
    if not store_path.is_dir():
        sys.exit(f"floor: no index store at {store_path}: run `swift build --build-tests` first")
    store = IndexStore(store_path)
    files, imports = compiled_files(store, root)
    problems = []
    if require_all:
        # Every Swift file of the package's targets must be in the index, and not older than its unit.
        for folder in ("Sources", "Tests", "server-fixtures"):
            for path in sorted((root / folder).rglob("*.swift")):
                if any(part.endswith(".docc") for part in path.parts):
                    continue  # a DocC catalog's tutorial steps: no target compiles them (.ci/tutorial.sh does)
                unit = files.get(str(path))
                if unit is None:
                    problems.append(f"floor: {path.relative_to(root)} is not in the index store: build it first")
                elif path.stat().st_mtime > unit["time"] + 1:
                    problems.append(f"floor: {path.relative_to(root)} changed after the build: build again")
    if problems:
        return problems, []
    modules = set(BASE_MODULES) | {m for m in imports if not m.startswith(("_Swift", "Swift", "_Builtin", "C"))}
    modules.add("Swift")
    folder, skipped = extract_symbol_graphs(modules, cache_root or root / ".build" / "floor-symbol-graphs")
    table = load_availability(folder, platforms)

    violations, guarded, implicit, references = [], 0, {}, 0
    floor3 = {p: padded(v) for p, v in floor.items()}
    for main in sorted(files):
        path = pathlib.Path(main)
        source = path.read_text().splitlines()
        code = blank(source)
        seen = set()
        for record in files[main]["records"]:
            for line, column, usr, is_implicit in store.references(record):
                references += 1
                entry = table.get(usr)
                if entry is None or (line, usr) in seen:
                    continue
                seen.add((line, usr))
                name, introduced = entry
                needed = {p: v for p, v in introduced.items() if p in floor3 and v > floor3[p]}
                if not needed or not 0 < line <= len(source):
                    continue
                where = f"{path.relative_to(root)}:{line}:{column}"
                if is_implicit and name.endswith(".next(isolation:)"):
                    # A `for await` loop's call, written by the compiler, which picks by the deployment
                    # target: next(isolation:) only where the system has it (SE-0421), next() before.
                    implicit.setdefault(name, where)
                    continue
                if marker.search(source[line - 1]) or is_guarded(code, line - 1, max(0, column - 1), needed):
                    guarded += 1
                    continue
                ordered = sorted(introduced.items(), key=lambda item: platforms.index(item[0]))
                versions = ", ".join(f"{p} {show(v[:2] if v[2] == 0 else v)}" for p, v in ordered)
                violations.append(f"{where}: {name} needs {versions} (USR {usr})")
    not_extracted = ", ".join(sorted(skipped)) or "none"
    summary = [
        f"floor: {len(files)} compiled files, {references} references read from {store_path}",
        f"floor: {len(table)} toolchain symbols with Apple availability "
        f"({len(modules) - len(skipped)} modules' symbol graphs; not extractable: {not_extracted})",
        f"floor: {guarded} guarded use(s) of symbols newer than the floor",
    ] + [
        f"floor: not reported, chosen by the compiler for the target: {name} (a for-await loop, first at {where})"
        for name, where in sorted(implicit.items())
    ]
    return violations, summary
