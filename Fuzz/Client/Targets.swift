// MARK: - The client's fuzz targets

/// Every target of the `fuzz-client` binary (`FUZZ_TARGET=<name>`); a new one is added here.
let fuzzTargets: [FuzzTarget] = [
    cacheHeadersFuzzTarget, retryAfterFuzzTarget, serverMessageFuzzTarget, htmlTitleFuzzTarget, diagnosisFuzzTarget,
    urlBuildingFuzzTarget, eventStreamFuzzTarget,
]
