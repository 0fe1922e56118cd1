// Stand-ins for the few SwiftUI types `OrderBadge` uses, with SwiftUI's isolation: a `View` and its
// `body` are `@MainActor`, and the action of `.task` runs on the main actor and is cancelled when the
// view goes away. `LearnerWalk` plays the part of SwiftUI: it reads `body` and runs the task. (No file
// here imports SwiftUI, so these never meet the real types.) On iOS the screens import SwiftUI itself, and
// this file is empty.
#if !os(iOS)
@MainActor
protocol View {
    associatedtype Body
    var body: Body { get }
}

/// A view's own piece of state; SwiftUI keeps it outside the view value, as this box does.
@MainActor
@propertyWrapper
struct State<Value> {
    private final class Storage {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private let storage: Storage

    init(wrappedValue: Value) {
        storage = Storage(wrappedValue)
    }

    var wrappedValue: Value {
        get { storage.value }
        nonmutating set { storage.value = newValue }
    }
}

struct Text: View {
    let content: String
    /// What `.task` attached, for `LearnerWalk` to run.
    private(set) var taskAction: (@MainActor () async -> Void)?

    init(_ content: String) {
        self.content = content
    }

    var body: Never {
        fatalError("Text is a leaf view")
    }

    func task(_ action: @escaping @MainActor () async -> Void) -> Text {
        var copy = self
        copy.taskAction = action
        return copy
    }
}

/// What Xcode's canvas shows: `previews` is read on the main actor, as SwiftUI's `PreviewProvider` says.
@MainActor
protocol PreviewProvider {
    associatedtype Previews: View
    static var previews: Previews { get }
}
#endif
