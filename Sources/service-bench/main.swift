import Foundation

// service-bench: measures ServiceLayer against a bare URLSession + JSONDecoder, side by side, on an
// embedded fixture server. See BENCHMARKS.md for what each figure means.
exit(BenchProgram.main(arguments: Array(CommandLine.arguments.dropFirst())))
