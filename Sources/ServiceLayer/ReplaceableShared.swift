import Foundation

/// The storage behind each controller's settable `shared`: the controller set last, or the default,
/// made at the first read when none was set before (so a test or a preview that sets its own never
/// builds the default's session or cache).
///
/// It may be read and set from any thread or actor: a lock keeps it. Your own controller does not need
/// it: a `@MainActor` controller's `static var shared` is already safe (see "Your own API").
struct ReplaceableShared<Controller: Sendable>: Sendable {
    private let stored = Locked<Controller?>(nil)
    private let makeDefault: @Sendable () -> Controller

    /// - Parameter makeDefault: Makes the default controller, once, at the first read with none set.
    init(default makeDefault: @escaping @Sendable () -> Controller) {
        self.makeDefault = makeDefault
    }

    /// The controller set last, else the default (made now if this is the first read).
    var value: Controller {
        get {
            stored.withLock { stored in
                if let stored { return stored }
                let made = makeDefault()
                stored = made
                return made
            }
        }
        nonmutating set { stored.withLock { $0 = newValue } }
    }
}
