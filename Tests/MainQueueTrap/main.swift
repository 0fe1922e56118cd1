// A learner's command-line program that falls into the main-queue trap on purpose, or avoids it.
// `MainQueueWatchdogTests` runs it as a child process: `main-queue-trap MODE BASE_URL`, where MODE is
//   sleep      two calls, then the main thread blocks (reading standard input): the completions never run
//   semaphore  a call whose completion signals a semaphore the main thread waits on: a deadlock
//   off        `sleep` with APIClient.warnsWhenMainQueueIsBlocked = false
//   return     a call, then the end of the top-level code: the program ends before the answer
//   serviced   the fix: `dispatchMain()`
//   busy       a burst: the main thread sends calls for 3 seconds (busy, not blocked), then
//              `dispatchMain()`; prints "busy: every completion ran" to standard error when they all have
// and BASE_URL is a fixture server's root. Every mode but `return` ends when its standard input
// closes (or after 20 seconds): the test closes it once the warning (due after 2 s) has come, or, for
// the modes that must print nothing, once as long has passed. The trap does not depend on a guess of
// how long the warning takes.
import Foundation
import ServiceLayer

let arguments = CommandLine.arguments
guard arguments.count == 3, let baseURL = URL(string: arguments[2]) else {
    FileHandle.standardError.write(
        Data("usage: main-queue-trap sleep|semaphore|off|return|serviced|busy BASE_URL\n".utf8))
    exit(2)
}
let client = APIClient(baseURL: baseURL, options: APIClient.Options(retryPolicy: .never))

switch arguments[1] {
case "sleep", "off":
    if arguments[1] == "off" { APIClient.warnsWhenMainQueueIsBlocked = false }
    client.send(Endpoint<Data>("categories")) { _ in print("completion ran") }
    client.send(Endpoint<Data>("menu")) { _ in print("completion ran") }
    waitForTheEndOfInput()
    print("main ended")
case "semaphore":
    let done = DispatchSemaphore(value: 0)
    let completionRan = DispatchSemaphore(value: 0)
    client.send(Endpoint<Data>("categories")) { _ in
        completionRan.signal()
        done.signal()
    }
    Thread.detachNewThread {
        waitForTheEndOfInput()
        done.signal()  // the test gives up waiting: the main thread's wait ends as a timeout would
    }
    done.wait()
    print(completionRan.wait(timeout: .now()) == .success ? "semaphore signalled" : "semaphore timed out")
case "return":
    client.send(Endpoint<Data>("categories")) { _ in print("completion ran") }
    print("main ended")
case "serviced":
    client.send(Endpoint<Data>("categories")) { _ in
        print("completion ran")
        client.send(Endpoint<Data>("menu")) { _ in print("completion ran") }
    }
    Thread.detachNewThread {
        waitForTheEndOfInput()
        print("main ended")
        exit(0)
    }
    dispatchMain()
case "busy":
    let start = Date()
    let sent = Locked(0)
    let ran = Locked(0)
    while Date().timeIntervalSince(start) < 3 {
        sent.withLock { $0 += 1 }
        client.send(Endpoint<Data>("categories")) { _ in
            let all = ran.withLock { ran -> Bool in
                ran += 1
                return ran == sent.withLock { $0 }
            }
            if all { FileHandle.standardError.write(Data("busy: every completion ran\n".utf8)) }
        }
        Thread.sleep(forTimeInterval: 0.002)
    }
    Thread.detachNewThread {
        waitForTheEndOfInput()
        print("main ended")
        exit(0)
    }
    dispatchMain()
default:
    FileHandle.standardError.write(Data("main-queue-trap: unknown mode \(arguments[1])\n".utf8))
    exit(2)
}

/// Blocks the calling thread until standard input closes (the test closes it), or 20 seconds pass.
@Sendable func waitForTheEndOfInput() {
    let closed = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        _ = FileHandle.standardInput.readDataToEndOfFile()
        closed.signal()
    }
    _ = closed.wait(timeout: .now() + 20)
}
