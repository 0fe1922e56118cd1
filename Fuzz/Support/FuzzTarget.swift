import Foundation

// MARK: - The libFuzzer entry point shared by the fuzz binaries

/// One fuzz target: a name (`FUZZ_TARGET=<name>` picks it) and the function that reads one input and
/// stops the process (``fuzzCheck(_:_:file:line:)``) when a property does not hold.
struct FuzzTarget: Sendable {
    /// The name `.ci/fuzz.sh` and `FUZZ_TARGET` use; also the name of its seed corpus folder.
    let name: String
    /// Reads one input.
    let run: @Sendable (Data) -> Void
}

/// Stops the process with `message` when `condition` is false: libFuzzer records the input as a crash.
func fuzzCheck(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition() { fatalError("fuzz property failed: \(message())", file: file, line: line) }
}

/// The target `FUZZ_TARGET` names; the process exits listing the names when it names none of them.
private let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
    guard let target = fuzzTargets.first(where: { $0.name == name }) else {
        let names = fuzzTargets.map(\.name).joined(separator: " ")
        FileHandle.standardError.write(Data("FUZZ_TARGET must be one of: \(names)\n".utf8))
        exit(2)
    }
    return target
}()

/// Called by libFuzzer once before the first input: selects the target and runs it on an empty input,
/// so that one-time work (Foundation's and ICU's tables, the target's fixtures) is not timed as an input's.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    selectedTarget.run(Data())
    return 0
}

/// libFuzzer's entry point: runs the selected target on one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    selectedTarget.run(data)
    return 0
}

/// Splits an input into fields at a separator byte (the seeds use NUL), keeping empty fields.
func fuzzFields(_ data: Data, separator: UInt8 = 0, count: Int) -> [Data] {
    var fields = data.split(separator: separator, maxSplits: count - 1, omittingEmptySubsequences: false).map {
        Data($0)
    }
    while fields.count < count { fields.append(Data()) }
    return fields
}
