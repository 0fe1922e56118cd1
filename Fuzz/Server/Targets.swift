// MARK: - The fixture server's fuzz targets

/// Every target of the `fuzz-server` binary (`FUZZ_TARGET=<name>`); a new one is added here.
let fuzzTargets: [FuzzTarget] = [
    headFuzzTarget, chunkedFuzzTarget, framingFuzzTarget, multipartFuzzTarget, jsonFuzzTarget, apiFilesFuzzTarget,
    queryFuzzTarget, queryReferenceFuzzTarget, likeFuzzTarget, routesFuzzTarget, etagFuzzTarget,
    httpDateFuzzTarget,
]
