import DemoKit

DemoProgram.main(arguments: Array(CommandLine.arguments.dropFirst()))
