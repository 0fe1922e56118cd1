// A learner's command-line program that falls into the main-queue trap on purpose, or avoids it.
// `MainQueueWatchdogTests` runs it as a child process: `main-queue-trap MODE BASE_URL`, where MODE is
//   sleep      two calls, then `sleep(6)` on the main thread: the completions never run
//   semaphore  a call whose completion signals a semaphore the main thread waits on: a deadlock
//   off        `sleep` with APIClient.warnsWhenMainQueueIsBlocked = false
//   return     a call, then the end of the top-level code: the program ends before the answer
//   serviced   the fix: `dispatchMain()`, and the program ends itself after 6 seconds
// and BASE_URL is a fixture server's root. Six seconds leaves the warning (due after 2) a wide margin.
import Foundation
import ServiceLayer

let arguments = CommandLine.arguments
guard arguments.count == 3, let baseURL = URL(string: arguments[2]) else {
    FileHandle.standardError.write(Data("usage: main-queue-trap sleep|semaphore|off|return|serviced BASE_URL\n".utf8))
    exit(2)
}
let client = APIClient(baseURL: baseURL, options: APIClient.Options(retryPolicy: .never))

switch arguments[1] {
case "sleep", "off":
    if arguments[1] == "off" { APIClient.warnsWhenMainQueueIsBlocked = false }
    client.send(Endpoint<Data>("categories")) { _ in print("completion ran") }
    client.send(Endpoint<Data>("menu")) { _ in print("completion ran") }
    sleep(6)
    print("main ended")
case "semaphore":
    let done = DispatchSemaphore(value: 0)
    client.send(Endpoint<Data>("categories")) { _ in done.signal() }
    print(done.wait(timeout: .now() + 6) == .timedOut ? "semaphore timed out" : "semaphore signalled")
case "return":
    client.send(Endpoint<Data>("categories")) { _ in print("completion ran") }
    print("main ended")
case "serviced":
    client.send(Endpoint<Data>("categories")) { _ in
        print("completion ran")
        client.send(Endpoint<Data>("menu")) { _ in print("completion ran") }
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + 6) {
        print("main ended")
        exit(0)
    }
    dispatchMain()
default:
    FileHandle.standardError.write(Data("main-queue-trap: unknown mode \(arguments[1])\n".utf8))
    exit(2)
}
